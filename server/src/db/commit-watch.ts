import SQLite from 'better-sqlite3';
import type { Db } from './database';
import { localWritesOf } from './local-writes';

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
 *   No table is read, but the pragma starts a read on the database (the WAL index and its locks): about
 *   what a small statement costs. So it is asked at most once per `everyMs` (1 ms) while this process
 *   itself wrote nothing: a commit by this process (any of its connections to the file, counted by the
 *   patient driver: local-writes.ts) is seen by the very next call; a commit by another process within
 *   1 ms. A request that arrives less than a millisecond after another process's commit is, from outside,
 *   no different from one that arrived just before it. The connection also reads whatever the caller
 *   keeps (`reader`): always committed data, never a transaction's uncommitted rows.
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
  /** True while `version()` would answer without asking the database (see above): the caller may answer at once. */
  settled(): boolean;
  /** SQLite: a statement run on the watch's own read-only connection (committed data only); else undefined. */
  reader(sql: string): { get(): unknown } | undefined;
  close(): void;
}

const NO_WATCH: CommitWatch = { available: false, version: () => undefined, settled: () => false, reader: () => undefined, close: () => {} };

/** How long a commit check holds while this process wrote nothing (another process's commit is seen this late at most). */
export const COMMIT_CHECK_EVERY_MS = 1;

export interface WatchOptions {
  everyMs?: number;
  /** Milliseconds from any fixed point (tests pass their own clock). */
  now?: () => number;
}

export function watchCommits(db: Db, { everyMs = COMMIT_CHECK_EVERY_MS, now = () => performance.now() }: WatchOptions = {}): CommitWatch {
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
  const own = localWritesOf(main.name);
  let last: unknown;
  let moves = 0;
  let checkedAt = -Infinity;
  let ownSeen = -1;
  const settled = () => own.count === ownSeen && now() - checkedAt < everyMs;
  return {
    available: true,
    version() {
      if (!connection.open) return undefined;
      if (settled()) return moves;
      ownSeen = own.count;
      checkedAt = now();
      const version = dataVersion.get();
      if (version !== last) {
        last = version;
        moves++;
      }
      return moves;
    },
    settled: () => connection.open && settled(),
    reader: (sql) => (connection.open ? connection.prepare(sql) : undefined),
    close: () => connection.close(),
  };
}
