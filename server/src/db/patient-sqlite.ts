/**
 * SQLite through better-sqlite3 without freezing the server while another process holds the write
 * lock (an operator command, a backup, a second instance).
 *
 * better-sqlite3 is synchronous: with a `busy_timeout` every waiting statement blocked the Node event
 * loop for the whole wait, so even `/remotes.json`, which reads no database, stalled. Here SQLite never
 * waits by itself (`busy_timeout = 0`): a statement that meets the lock fails at once with
 * SQLITE_BUSY and is tried again after an asynchronous pause (growing from 5 to 100 ms), so other
 * requests run in between; after `waitMs` the caller gets a DatabaseBusyError (a 503 with Retry-After).
 *
 * - A transaction that may write starts with `BEGIN IMMEDIATE`: it takes the write lock first or not at
 *   all, so the waiting happens before it holds anything, and once it runs it never waits for another
 *   process (in WAL mode readers never block the writer). A read-only transaction starts deferred.
 * - Savepoints (nested transactions) are not offered; the shop does not use them.
 * - Kysely's own SQLite driver locks its one connection for every query. Here only a transaction holds
 *   it; a query outside one waits only while a transaction of this process is open (it would otherwise
 *   run inside that transaction), then runs at once: better-sqlite3 runs each statement whole.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { localWritesOf, type LocalWrites } from './local-writes';

/** How long a statement or transaction keeps trying for the write lock by default. */
export const DEFAULT_BUSY_WAIT_MS = 5000;

/** Statements and transactions of this process that met another process's lock and waited (the metrics read it). */
export const busyWaits = { count: 0 };

/** The database stayed locked by another process for the whole wait; nothing of this call was written. */
export class DatabaseBusyError extends Error {
  readonly code = 'SQLITE_BUSY_WAIT';
  constructor(readonly waitedMs: number) {
    super(`The database stayed locked by another process for ${waitedMs} ms`);
  }
}

/** SQLITE_BUSY (and its extended codes, e.g. SQLITE_BUSY_SNAPSHOT): another connection holds a lock. */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** 5, 10, 20, 40, 80, 100, 100, … ms, a little jittered so two waiting processes do not march in step. */
const backoff = (attempt: number) => Math.min(100, 5 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

interface Statements {
  prepare(sql: string): SQLite.Statement;
}

function run(statements: Statements, { sql, parameters }: CompiledQuery, writes: LocalWrites): QueryResult<unknown> {
  const statement = statements.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
  writes.count++; // before running: a commit check made after this statement looks at the database
  const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

/** One transaction at a time on the one connection. */
class TransactionGate {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;
  get open(): boolean {
    return this.#held !== null;
  }
  /** Resolves when no transaction is open; the caller must then act in the same tick. */
  async whenClosed(): Promise<void> {
    while (this.#held) await this.#held;
  }
  async take(): Promise<void> {
    // Checked again where it is taken: two waiters woken by the same release both saw it closed once
    // `whenClosed` returned (a tick later), and both began a transaction on the one connection.
    while (this.#held) await this.whenClosed();
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }
  give(): void {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }
}

class PatientConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(private readonly driver: PatientSqliteDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite here');
  }
}

export class PatientSqliteDriver implements Driver {
  readonly #gate = new TransactionGate();
  readonly #writes: LocalWrites;
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly statements: Statements,
    private readonly waitMs: number,
  ) {
    this.#writes = sqlite.memory ? { count: 0 } : localWritesOf(sqlite.name);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PatientConnection(this);
  }

  async execute(connection: PatientConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.inTransaction) return run(this.statements, query, this.#writes);
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      // Checked again after the wait (a transaction may have begun in the tick between): never inside another's transaction.
      while (this.#gate.open) await this.#gate.whenClosed();
      try {
        return run(this.statements, query, this.#writes);
      } catch (err) {
        if (!isBusy(err)) throw err;
        if (attempt === 0) busyWaits.count++;
        const waited = Date.now() - started;
        if (waited >= this.waitMs) throw new DatabaseBusyError(waited);
        await pause(backoff(attempt));
      }
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.accessMode === 'read only' ? 'BEGIN' : 'BEGIN IMMEDIATE';
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      await this.#gate.take();
      try {
        this.sqlite.exec(begin);
        (connection as PatientConnection).inTransaction = true;
        return;
      } catch (err) {
        this.#gate.give();
        if (!isBusy(err)) throw err;
        if (attempt === 0) busyWaits.count++;
        const waited = Date.now() - started;
        if (waited >= this.waitMs) throw new DatabaseBusyError(waited);
        await pause(backoff(attempt));
      }
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.execute(connection as PatientConnection, CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) this.sqlite.exec('rollback');
    this.#end(connection as PatientConnection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#end(connection as PatientConnection);
  }

  #end(connection: PatientConnection): void {
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    this.#gate.give();
  }

  async destroy(): Promise<void> {
    this.sqlite.close();
  }
}

/** Kysely's SQLite dialect with the patient driver. */
export function patientSqliteDialect(sqlite: SQLite.Database, statements: Statements, waitMs = DEFAULT_BUSY_WAIT_MS): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new PatientSqliteDriver(sqlite, statements, waitMs),
    createIntrospector: (db: Kysely<any>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
