import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DEFAULT_BUSY_WAIT_MS, patientSqliteDialect } from './patient-sqlite';
import type { Database } from './schema';

export { busyWaits, DatabaseBusyError, isBusy } from './patient-sqlite';

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
  /** PostgreSQL only: the connection pool's clients, idle ones and callers waiting for one (the metrics read it). */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface OpenOptions {
  databaseUrl?: string;
  sqliteFile: string;
  /** SQLite: how long a write keeps trying while another process holds the lock (then 503). */
  busyWaitMs?: number;
}

export function openDatabase(options: OpenOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process: the pool
    // discards it and the next query opens a fresh connection.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy(), pool: stats };
  }
  const sqlite = openSqliteFile(options.sqliteFile);
  const kysely = new Kysely<Database>({ dialect: patientSqliteDialect(sqlite, withStatementCache(sqlite), options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy(), sqlite };
}

/**
 * A SQLITE_FILE the server cannot use: a directory, another kind of file, a damaged database, one
 * locked by another process, one it may not open. The message is one line naming the file, what is
 * wrong and what to do (the process prints it and exits, no stack trace).
 */
export class DatabaseFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
    advice: string,
  ) {
    super(`SQLITE_FILE ${file} ${problem}: ${advice}`);
  }
}

/** The DatabaseFileError an error from SQLite stands for, or null when it says nothing about the file. */
export function databaseFileProblem(file: string, err: unknown): DatabaseFileError | null {
  if (err instanceof DatabaseFileError) return err;
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  const said = (err as Error | null)?.message ?? String(err);
  if (code === 'SQLITE_NOTADB') {
    return new DatabaseFileError(file, `is not a SQLite database (${said})`, 'point SQLITE_FILE at the shop database, or move this file away to start a new shop there');
  }
  if (code.startsWith('SQLITE_CORRUPT')) {
    return new DatabaseFileError(file, `is damaged (${said})`, 'restore it from your latest backup, or move it away to start a new shop there');
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === 'SQLITE_BUSY_WAIT') {
    return new DatabaseFileError(file, 'is locked by another process', 'let that process (an operator command, a backup) finish or stop it, then start again');
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_IOERR')) {
    return new DatabaseFileError(file, `cannot be opened for reading and writing (${said})`, 'check that its folder exists and that this user may read and write both');
  }
  return null;
}

/**
 * For the server and the operator commands: a SQLITE_FILE they cannot use is one line on stderr and
 * exit code 1, not a stack trace. Returns when the error is about something else.
 */
export function exitOnDatabaseFileProblem(options: OpenOptions, err: unknown): void {
  const problem = options.databaseUrl ? null : databaseFileProblem(options.sqliteFile, err);
  if (!problem) return;
  console.error(problem.message);
  process.exit(1);
}

/** openDatabase for a command line: a file it cannot use ends the process with one clear line. */
export function openDatabaseOrExit(options: OpenOptions): Db {
  try {
    return openDatabase(options);
  } catch (err) {
    exitOnDatabaseFileProblem(options, err);
    throw err;
  }
}

/** How long opening waits for a lock held by another process before it says so. */
const OPEN_WAIT_MS = 2000;

/**
 * Open the file, set WAL, and read its schema, so a file the shop cannot use is named at once (not as
 * a stack trace from the first query). SQLite then never waits by itself: `patient-sqlite.ts` waits
 * without blocking the event loop.
 */
function openSqliteFile(file: string): SQLite.Database {
  if (file !== ':memory:') {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory()) throw new DatabaseFileError(file, 'is a directory, not a database file', 'set SQLITE_FILE to a file inside it, e.g. ' + path.join(file, 'adire-blooms.sqlite'));
    if (stat && !stat.isFile()) throw new DatabaseFileError(file, 'is not a regular file', 'set SQLITE_FILE to a database file');
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
    } catch (err) {
      throw new DatabaseFileError(file, `has no folder that can be made (${(err as Error).message})`, 'create the folder or set SQLITE_FILE elsewhere');
    }
  }
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(file);
    sqlite.pragma(`busy_timeout = ${OPEN_WAIT_MS}`);
    // WAL lets readers run beside the one writer; NORMAL sync is durable across process crashes in WAL.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
    sqlite.pragma('busy_timeout = 0');
    return sqlite;
  } catch (err) {
    sqlite?.close();
    throw databaseFileProblem(file, err) ?? err;
  }
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
