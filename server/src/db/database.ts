import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * SQLite only: the connection Kysely uses, for the few hot reads that run as prepared statements
   * (`src/db/data-versions.ts`). Read through it only while `inTransaction` is false: Kysely holds the
   * one connection for a transaction, and a read beside it would see uncommitted rows.
   */
  sqlite?: SQLite.Database;
}

export function openDatabase(options: { databaseUrl?: string; sqliteFile: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process: the pool
    // discards it and the next query opens a fresh connection.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  // WAL lets readers run beside the one writer; NORMAL sync is durable across process crashes in WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy(), sqlite };
}

/**
 * better-sqlite3 as Kysely sees it, each statement prepared once: Kysely prepares every query anew,
 * which was the largest single cost of an order write. Least recently used statements are dropped
 * past `max` (queries with `in (?, ?, …)` make many texts). Reuse is safe: Kysely's SQLite driver runs
 * one query at a time on its connection, and better-sqlite3 re-prepares a statement after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500): { close(): void; prepare(sql: string): SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
