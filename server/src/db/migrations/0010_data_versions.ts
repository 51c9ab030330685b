import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Versions of the data that public answers are made of, beside the catalogue's own (catalog_state):
 * 'settings' (table setting: alerts, delivery, checkout, shop contact; table currency: rates) and
 * 'reviews' (table review: ratings on cards and product pages). Database triggers move them on every
 * write, whoever makes it (this server, another instance, the operator's CLI, a hand-written SQL
 * statement), so each server's response cache notices on its next request (issue 10).
 */
export const WATCHED: Record<string, 'settings' | 'reviews'> = { setting: 'settings', currency: 'settings', review: 'reviews' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_version')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into data_version (name, version) values ('settings', 1), ('reviews', 1)`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One bump per statement (a bulk insert of reviews moves the version once).
    await sql`create function bump_data_version() returns trigger language plpgsql as $$
      begin
        update data_version set version = version + 1 where name = TG_ARGV[0];
        return null;
      end $$`.execute(db);
    for (const [table, name] of Object.entries(WATCHED)) {
      await sql`create trigger ${sql.raw(`${table}_data_version`)} after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_data_version(${sql.lit(name)})`.execute(db);
    }
    return;
  }
  // SQLite has row triggers only.
  for (const [table, name] of Object.entries(WATCHED)) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`${table}_data_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update data_version set version = version + 1 where name = ${sql.lit(name)}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of Object.keys(WATCHED)) await sql`drop trigger if exists ${sql.raw(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists bump_data_version()`.execute(db);
  } else {
    for (const table of Object.keys(WATCHED)) {
      for (const event of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`${table}_data_version_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('data_version').execute();
}
