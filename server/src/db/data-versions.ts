import { sql } from 'kysely';
import { watchCommits, type CommitWatch } from './commit-watch';
import type { Db } from './database';

/**
 * What public answers are made of, as versions: the catalogue (catalog_state, moved by every catalogue
 * write), the settings and currencies, and the reviews (data_version, moved by database triggers on
 * any write — migration 0010). Equal stamps mean equal data, on every instance.
 */
export interface DataStamp {
  catalog: number;
  settings: number;
  reviews: number;
  /** The three in one string, e.g. `c12.s3.r40`. */
  key: string;
}

type StampRow = { catalog: number | null; settings: number | null; reviews: number | null };

const STAMP_SQL = `select
  (select version from catalog_state where id = 'catalog') as catalog,
  (select version from data_version where name = 'settings') as settings,
  (select version from data_version where name = 'reviews') as reviews`;

/** SQLite: the statement prepared once per connection (Kysely would prepare it on every call). */
const prepared = new WeakMap<NonNullable<Db['sqlite']>, { get(): unknown }>();

export async function readDataStamp(db: Db): Promise<DataStamp> {
  let row: StampRow | undefined;
  if (db.sqlite && db.sqlite.open && !db.sqlite.inTransaction) {
    let statement = prepared.get(db.sqlite);
    if (!statement) prepared.set(db.sqlite, (statement = db.sqlite.prepare(STAMP_SQL)));
    row = statement.get() as StampRow | undefined;
  } else {
    row = (await sql<StampRow>`${sql.raw(STAMP_SQL)}`.execute(db.kysely)).rows[0];
  }
  return stampOf(row);
}

function stampOf(row: StampRow | undefined): DataStamp {
  const catalog = Number(row?.catalog ?? 0);
  const settings = Number(row?.settings ?? 0);
  const reviews = Number(row?.reviews ?? 0);
  return { catalog, settings, reviews, key: `c${catalog}.s${settings}.r${reviews}` };
}

const watchers = new Set<DataVersions>();

/** A write made in this process: every watcher reads the versions again on its next call. */
export function notifyDataChanged(): void {
  for (const w of watchers) w.invalidate();
}

/**
 * The current stamp, for one server.
 *
 * On a SQLite file: a commit check (`watchCommits`: no table read) after each call, and the stamp read
 * again only after something was committed — by anyone. The check starts a read on the database, which
 * costs about what the stamp's own statement did, so requests that arrive together share one: it is
 * made once the event loop has read them all (`setImmediate`, after the poll phase), so still after
 * each of them began. A change committed by this process before a request began is seen by that
 * request; one committed by another process, by every request that begins a millisecond later (the
 * check holds that long while this process writes nothing: `COMMIT_CHECK_EVERY_MS`), and a request
 * inside that millisecond is answered at once with the stamp already known.
 *
 * Elsewhere (PostgreSQL, SQLite in memory), with `checkMs` 0 (the default) every call gets a stamp read
 * after the call began; concurrent calls share reads (one read in flight, at most one queued behind
 * it), so 50 requests at once cost two small queries, not fifty. With `checkMs` > 0 a stamp is reused
 * for that long there (fewer queries, changes from other processes seen up to checkMs late).
 */
export class DataVersions {
  private cached: { stamp: DataStamp; at: number } | undefined;
  private running: Promise<DataStamp> | undefined;
  private queued: Promise<DataStamp> | undefined;
  private generation = 0;
  private readonly watch: CommitWatch;
  private readStamp: { get(): unknown } | undefined;
  /** The stamp read under a commit-watch version (SQLite files). */
  private kept: { stamp: DataStamp; version: number } | undefined;
  /** Callers waiting for the next shared commit check. */
  private waiting: ((err: Error | null, stamp?: DataStamp) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly checkMs = 0,
  ) {
    watchers.add(this);
    this.watch = watchCommits(db);
  }

  invalidate(): void {
    this.cached = undefined;
    this.kept = undefined;
    this.generation++;
  }

  dispose(): void {
    watchers.delete(this);
    this.watch.close();
  }

  /** Calls back with a stamp read after this call (see above: shared by the requests that arrive together). */
  whenChecked(callback: (err: Error | null, stamp?: DataStamp) => void): void {
    if (!this.watch.available) {
      this.read().then((stamp) => callback(null, stamp), callback);
      return;
    }
    // Checked less than a millisecond ago and nothing written here since: the stamp kept then holds.
    if (this.kept && this.watch.settled() && this.kept.version === this.watch.version()) {
      callback(null, this.kept.stamp);
      return;
    }
    this.waiting.push(callback);
    if (this.waiting.length === 1) setImmediate(this.checkWaiting);
  }

  /**
   * The stamp now, without waiting, where a commit check can tell it (SQLite files): the kept stamp
   * while the check holds, else one check (and a stamp read only if someone committed) made at once.
   * Undefined where it cannot be known without a round trip (PostgreSQL, SQLite in memory) or the
   * check failed: ask `whenChecked` then. For answers made before any routing (response-cache.ts).
   */
  stampNow(): DataStamp | undefined {
    if (!this.watch.available) return undefined;
    if (this.kept && this.watch.settled() && this.kept.version === this.watch.version()) return this.kept.stamp;
    try {
      return this.checked();
    } catch {
      return undefined;
    }
  }

  current(): Promise<DataStamp> {
    return new Promise((resolve, reject) => this.whenChecked((err, stamp) => (err ? reject(err) : resolve(stamp!))));
  }

  private readonly checkWaiting = () => {
    const waiting = this.waiting;
    this.waiting = [];
    let stamp: DataStamp | undefined;
    try {
      stamp = this.checked();
    } catch (err) {
      for (const callback of waiting) callback(err as Error);
      return;
    }
    if (stamp) {
      for (const callback of waiting) callback(null, stamp);
      return;
    }
    const read = this.read();
    for (const callback of waiting) read.then((s) => callback(null, s), callback);
  };

  /** The stamp after a commit check (SQLite files), read again only if someone committed; undefined: read the usual way. */
  private checked(): DataStamp | undefined {
    const version = this.watch.version(); // before the read: a commit in between moves the next one
    if (version === undefined) return undefined;
    if (this.kept?.version === version) return this.kept.stamp;
    if (!this.readStamp) {
      try {
        this.readStamp = this.watch.reader(STAMP_SQL);
      } catch {
        return undefined; // the tables are not there yet (before migrations): read the usual way
      }
      if (!this.readStamp) return undefined;
    }
    const stamp = stampOf(this.readStamp.get() as StampRow | undefined);
    this.kept = { stamp, version };
    return stamp;
  }

  /** The stamp by its statement, concurrent calls sharing reads. */
  private read(): Promise<DataStamp> {
    if (this.checkMs > 0 && this.cached && Date.now() - this.cached.at < this.checkMs) return Promise.resolve(this.cached.stamp);
    if (this.queued) return this.queued; // not started yet, so it starts after this call: good enough
    if (!this.running) return this.start();
    // The read in flight began before this call and may predate a change: wait for the next one.
    const next = () => {
      this.queued = undefined;
      return this.start();
    };
    this.queued = this.running.then(next, next);
    return this.queued;
  }

  private start(): Promise<DataStamp> {
    const generation = this.generation;
    const at = Date.now();
    const read = readDataStamp(this.db);
    this.running = read;
    const done = () => {
      if (this.running === read) this.running = undefined;
    };
    read.then((stamp) => {
      done();
      if (generation === this.generation) this.cached = { stamp, at };
    }, done);
    return read;
  }
}
