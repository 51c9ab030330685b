import type { Kysely } from 'kysely';

/**
 * A canary judged over distinct clients (issue 38, item 3): per remote version, each client's page
 * loads and failures (the client is a keyed hash of its address, from the page's token), so one address
 * scripting page loads weighs as one client, whichever instance took its reports. Deleted with the
 * target's health when its next canary starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('release_health_client')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('page_loads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('release_health_client_pk', ['target', 'version', 'client'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_health_client').execute();
}
