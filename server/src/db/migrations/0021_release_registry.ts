import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * One release registry for every instance (issue 21): the builds and their files (content-addressed,
 * so a file shared by versions is stored once), the live pointer and CDN origin of each target, the
 * history, and the registry's stamp — moved by every change, so each instance notices on its next
 * page load. Until now this was releases/manifest.json and the folders beside it, on one machine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('release_blob')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('release_build')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('commit_ref', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('contracts_version', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_build_pk', ['target', 'version'])
    .execute();
  await db.schema
    .createTable('release_file')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().references('release_blob.hash'))
    .addPrimaryKeyConstraint('release_file_pk', ['target', 'version', 'path'])
    .addForeignKeyConstraint('release_file_build_fk', ['target', 'version'], 'release_build', ['target', 'version'])
    .execute();
  await db.schema.createIndex('release_file_path').on('release_file').columns(['target', 'path']).execute();
  await db.schema
    .createTable('release_live')
    .addColumn('target', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text')
    .addColumn('origin', 'text')
    .execute();
  await db.schema
    .createTable('release_history')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('previous', 'text')
    .addColumn('forced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createTable('release_state')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('imported_from', 'text')
    .execute();
  await sql`insert into release_state (id, version) values ('registry', 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['release_state', 'release_history', 'release_live', 'release_file', 'release_build', 'release_blob']) {
    await db.schema.dropTable(table).execute();
  }
}
