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
 * On a SQLite file (`known()`): a commit check (`watchCommits`, about 2 µs, no table read) on every
 * call, and the stamp read again only after something was committed — by anyone. A change committed
 * before a request began is seen by that request, with no query per request.
 *
 * Elsewhere (PostgreSQL, SQLite in memory), `current()` with `checkMs` 0 (the default) gives every call
 * a stamp read after the call began; concurrent calls share reads (one read in flight, at most one
 * queued behind it), so 50 requests at once cost two small queries, not fifty. With `checkMs` > 0 a
 * stamp is reused for that long there (fewer queries, changes from other processes seen up to checkMs late).
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

  /** The current stamp without waiting, where a commit check can tell (SQLite files); else undefined: use current(). */
  known(): DataStamp | undefined {
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

  current(): Promise<DataStamp> {
    const known = this.known();
    if (known) return Promise.resolve(known);
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
