import SQLite from 'better-sqlite3';
import type { Db } from './database';

/**
 * Whether anything was committed to the database — by this process, another instance, the operator's
 * CLI — since a value was last read, known without reading any table: the freshness check every
 * cached answer makes (issue 22), for anyone who keeps something read from the database.
 *
 * `version()` returns a number that moves whenever a commit may have happened since the last call, and
 * stays put while nothing was committed; `undefined` means this database cannot tell cheaply (then read
 * what you keep afresh).
 *
 * - SQLite: a second, read-only connection to the same file asks `PRAGMA data_version`, which changes
 *   whenever any other connection — this process's own Kysely connection included — has committed.
 *   No table is read, but the pragma starts a read on the database (the WAL index and its lock): a few
 *   µs under load, about what a small statement costs, so callers on a hot path share one check
 *   between the requests that arrive together (data-versions.ts). The connection also reads whatever
 *   the caller keeps (`reader`): always committed data, never a transaction's uncommitted rows.
 * - PostgreSQL, or SQLite in memory (one connection: nobody else can commit): `undefined`, since the
 *   only exact check is a round trip; callers read their versions then (see data-versions.ts, which
 *   shares one read between concurrent requests).
 *
 * Read the version BEFORE what it guards: a commit between the two then moves the next version, and
 * the next caller reads again.
 */
export interface CommitWatch {
  /** False where `version()` is always undefined (PostgreSQL, SQLite in memory). */
  readonly available: boolean;
  version(): number | undefined;
  /** SQLite: a statement run on the watch's own read-only connection (committed data only); else undefined. */
  reader(sql: string): { get(): unknown } | undefined;
  close(): void;
}

const NO_WATCH: CommitWatch = { available: false, version: () => undefined, reader: () => undefined, close: () => {} };

export function watchCommits(db: Db): CommitWatch {
  const main = db.sqlite;
  if (!main || main.memory || !main.name) return NO_WATCH;
  let connection: SQLite.Database;
  try {
    connection = new SQLite(main.name, { readonly: true, fileMustExist: true });
  } catch {
    return NO_WATCH; // e.g. a file that cannot be opened twice: fall back to reading each time
  }
  connection.pragma('busy_timeout = 5000');
  const dataVersion = connection.prepare('PRAGMA data_version').pluck();
  let last: unknown;
  let moves = 0;
  return {
    available: true,
    version() {
      if (!connection.open) return undefined;
      const now = dataVersion.get();
      if (now !== last) {
        last = now;
        moves++;
      }
      return moves;
    },
    reader: (sql) => (connection.open ? connection.prepare(sql) : undefined),
    close: () => connection.close(),
  };
}
