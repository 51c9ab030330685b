import type { Kysely } from 'kysely';

/**
 * Canary releases (issue 21): a version of one target live for a share of browsers beside the stable
 * one, and what the shells report about each version since the canary began (page loads, failures).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('release_live').addColumn('canary_version', 'text').execute();
  await db.schema.alterTable('release_live').addColumn('canary_percent', 'integer').execute();
  await db.schema
    .createTable('release_health')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('page_loads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('release_health_pk', ['target', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_health').execute();
  await db.schema.alterTable('release_live').dropColumn('canary_percent').execute();
  await db.schema.alterTable('release_live').dropColumn('canary_version').execute();
}
