import type { Kysely } from 'kysely';

/**
 * Reports a served page stands behind, and shoppers' vitals per release (issues 32 and 31):
 * - release_secret: the secret page tokens are signed with, one for every instance (made on first use);
 * - release_page_claim: each kind of report a page load has made, kept until its token expires, so a
 *   replay is refused (expired rows are deleted as reports come in);
 * - release_vitals: per remote version, vital and hour, how many samples fell in each histogram bucket
 *   (vitals.ts); hours older than the rolling window are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('release_secret')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('release_page_claim')
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_page_claim_pk', ['nonce', 'slot'])
    .execute();
  await db.schema.createIndex('release_page_claim_expires').on('release_page_claim').column('expires_at').execute();
  await db.schema
    .createTable('release_vitals')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_vitals_pk', ['target', 'version', 'metric', 'hour', 'bucket'])
    .execute();
  await db.schema.createIndex('release_vitals_hour').on('release_vitals').column('hour').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_vitals').execute();
  await db.schema.dropTable('release_page_claim').execute();
  await db.schema.dropTable('release_secret').execute();
}
