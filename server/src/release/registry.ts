import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import { REMOTE_NAMES, SERVER_DRAW_FILE, type RemoteName } from '@adire/contracts';
import { watchCommits, type CommitWatch } from '../db/commit-watch';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { abortReason, CANARY_ERROR_MARGIN, CANARY_MIN_PAGE_LOADS } from './canary';
import { emptyVitals, vitalsOf } from './telemetry-store';
import {
  contentHashOf,
  contractsConflict,
  entryFileOf,
  isReleaseTarget,
  readBuildFiles,
  RELEASE_TARGETS,
  ReleaseRefusedError,
  rollbackTarget,
  sha256,
  type BuildFile,
  type HistoryEntry,
  type RegistryStatus,
  type ReleaseInfo,
  type ReleaseManifest,
  type ReleaseTarget,
} from './releases';

/**
 * The release registry (issue 21): every release, its files and the live pointer of each target live
 * in the database every instance uses (SQLite by default, PostgreSQL with DATABASE_URL). A publish or
 * rollback is one transaction that moves the registry's stamp; each instance reads the stamp on every
 * page load (one tiny query) and, when it moved, the live pointers — so every instance serves the
 * change on its next page load. Files are unpacked into this instance's cache folder (RELEASES_DIR)
 * on first use, each verified by its SHA-256, and served from there like any immutable folder.
 */

type Trx = Transaction<Database>;

export interface PublishOptions {
  remote: ReleaseTarget;
  distDir: string;
  packageVersion: string;
  commit: string;
  contractsVersion: string;
  /** Make it live even when its contracts major differs from the live releases it works with. */
  force?: boolean;
  /** Store it in the registry without making it live (for a canary). */
  storeOnly?: boolean;
  now?: Date;
}

interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

const quiet: Log = { error: (o, m) => console.error(m ?? '', o), warn: () => {} };

/** SQLite: the stamp statement prepared once per connection. */
const prepared = new WeakMap<NonNullable<Db['sqlite']>, { get(): unknown }>();
const STAMP_SQL = `select version from release_state where id = 'registry'`;

/**
 * The registry's freshness check, in one place: its stamp, moved by every change (publish, rollback,
 * origin, import) in the same transaction. Equal stamps mean the same live pointers.
 */
export async function readRegistryStamp(db: Db): Promise<number> {
  let row: { version: number | string } | undefined;
  if (db.sqlite && db.sqlite.open && !db.sqlite.inTransaction) {
    let statement = prepared.get(db.sqlite);
    if (!statement) prepared.set(db.sqlite, (statement = db.sqlite.prepare(STAMP_SQL)));
    row = statement.get() as typeof row;
  } else {
    row = (await sql<{ version: number }>`${sql.raw(STAMP_SQL)}`.execute(db.kysely)).rows[0];
  }
  return Number(row?.version ?? 0);
}

const infoOfRow = (r: Database['release_build']): ReleaseInfo => ({
  remote: r.target as ReleaseTarget,
  version: r.version,
  commit: r.commit_ref,
  publishedAt: r.published_at,
  contractsVersion: r.contracts_version,
});

const historyOfRow = (h: { at: string; action: string; target: string; version: string; previous: string | null; forced: number | boolean; reason: string | null }): HistoryEntry => ({
  at: h.at,
  action: h.action as HistoryEntry['action'],
  remote: h.target as ReleaseTarget,
  version: h.version,
  previous: h.previous,
  ...(Number(h.forced) ? { forced: true } : {}),
  ...(h.reason ? { reason: h.reason } : {}),
});

/** The change's first statement: it moves the stamp and takes the registry's write lock (one change at a time). */
async function bumpStamp(trx: Trx): Promise<void> {
  await trx.updateTable('release_state').set({ version: sql`version + 1` }).where('id', '=', 'registry').execute();
}

async function readLive(trx: Trx | Db['kysely']): Promise<Pick<ReleaseManifest, 'live' | 'origins' | 'canary'>> {
  const rows = await trx.selectFrom('release_live').selectAll().execute();
  const live: ReleaseManifest['live'] = {};
  const origins: NonNullable<ReleaseManifest['origins']> = {};
  const canary: NonNullable<ReleaseManifest['canary']> = {};
  for (const r of rows) {
    if (!isReleaseTarget(r.target)) continue;
    if (r.version) live[r.target] = r.version;
    if (r.origin && (REMOTE_NAMES as readonly string[]).includes(r.target)) origins[r.target as RemoteName] = r.origin;
    if (r.canary_version && r.canary_percent) canary[r.target] = { version: r.canary_version, percent: Number(r.canary_percent) };
  }
  return { live, ...(Object.keys(origins).length ? { origins } : {}), ...(Object.keys(canary).length ? { canary } : {}) };
}

/** The records of the live releases (for the contracts check). */
async function liveInfos(trx: Trx, live: ReleaseManifest['live']): Promise<(target: ReleaseTarget, version: string) => ReleaseInfo | null> {
  const infos = new Map<string, ReleaseInfo>();
  for (const [target, version] of Object.entries(live)) {
    const row = await trx.selectFrom('release_build').selectAll().where('target', '=', target).where('version', '=', version!).executeTakeFirst();
    if (row) infos.set(`${target}/${version}`, infoOfRow(row));
  }
  return (target, version) => infos.get(`${target}/${version}`) ?? null;
}

/** Store a build's files (each distinct content once) and its record. */
async function storeBuild(trx: Trx, info: ReleaseInfo, files: BuildFile[]): Promise<void> {
  const known = new Set<string>();
  const hashes = [...new Set(files.map((f) => f.hash))];
  for (let i = 0; i < hashes.length; i += 400) {
    const rows = await trx.selectFrom('release_blob').select('hash').where('hash', 'in', hashes.slice(i, i + 400)).execute();
    for (const r of rows) known.add(r.hash);
  }
  for (const file of files) {
    if (known.has(file.hash)) continue;
    known.add(file.hash);
    await trx.insertInto('release_blob').values({ hash: file.hash, size: file.bytes.length, bytes: file.bytes }).onConflict((oc) => oc.column('hash').doNothing()).execute();
  }
  await trx
    .insertInto('release_build')
    .values({ target: info.remote, version: info.version, commit_ref: info.commit, published_at: info.publishedAt, contracts_version: info.contractsVersion })
    .execute();
  for (let i = 0; i < files.length; i += 200) {
    await trx
      .insertInto('release_file')
      .values(files.slice(i, i + 200).map((f) => ({ target: info.remote, version: info.version, path: f.path, hash: f.hash })))
      .execute();
  }
}

/** Record a change of live version (in the change's transaction); false when it was live already. */
async function makeLive(trx: Trx, target: ReleaseTarget, version: string, change: Omit<HistoryEntry, 'remote' | 'version' | 'previous'>, live: ReleaseManifest['live']): Promise<boolean> {
  const previous = live[target] ?? null;
  if (previous === version) return false;
  await trx
    .insertInto('release_live')
    .values({ target, version, origin: null })
    .onConflict((oc) => oc.column('target').doUpdateSet({ version }))
    .execute();
  await trx
    .insertInto('release_history')
    .values({ at: change.at, action: change.action, target, version, previous, forced: change.forced ? 1 : 0, reason: change.reason ?? null })
    .execute();
  live[target] = version;
  return true;
}

/** Copy a folder into the cache under its final name at once (staging, then rename): readers never see half of it. */
function placeFolder(folder: string, fill: (staging: string) => void): void {
  if (fs.existsSync(folder)) return;
  const staging = `${folder}.staging-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.mkdirSync(staging, { recursive: true });
    fill(staging);
    fs.renameSync(staging, folder);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another instance sharing the cache placed it first: theirs is the same content.
    if (!fs.existsSync(folder)) throw err;
  }
}

export class ReleaseRegistry {
  private current: { stamp: number; manifest: ReleaseManifest } | null = null;
  private reloading: { stamp: number; done: Promise<ReleaseManifest> } | null = null;
  private readonly unpacking = new Map<string, Promise<string | null>>();
  /** A server's commit check (`watch()`): the stamp is read again only after someone committed. */
  private commits: CommitWatch | null = null;
  /** The registry stamp read last, and the commit check's version it was read under. */
  private confirmed: { watched: number; stamp: number } | null = null;

  constructor(
    readonly db: Db,
    /** This instance's cache of unpacked releases (RELEASES_DIR). */
    readonly cacheDir: string,
    private readonly log: Log = quiet,
  ) {}

  // --- serving ---------------------------------------------------------------------------------

  /**
   * For a server answering page loads: `served()` reads the registry's stamp only after a commit (by
   * anyone: see commit-watch.ts), not on every page. Closed with `close()`.
   */
  watch(): this {
    this.commits ??= watchCommits(this.db);
    return this;
  }

  close(): void {
    this.commits?.close();
    this.commits = null;
  }

  /**
   * The live manifest to serve now: the pointers are read again only when the stamp moved, and the
   * live versions are unpacked before the new pointers are used (a page never names a folder this
   * instance does not have yet).
   */
  async served(): Promise<ReleaseManifest> {
    const watched = this.commits?.version(); // before the stamp: a commit in between moves the next one
    if (watched !== undefined && this.confirmed?.watched === watched && this.current && this.current.stamp >= this.confirmed.stamp) {
      return this.current.manifest;
    }
    const stamp = await readRegistryStamp(this.db);
    if (watched !== undefined) this.confirmed = { watched, stamp };
    if (this.current && this.current.stamp >= stamp) return this.current.manifest;
    if (this.reloading && this.reloading.stamp >= stamp) return this.reloading.done;
    const done = this.reload(stamp);
    this.reloading = { stamp, done };
    try {
      return await done;
    } finally {
      if (this.reloading?.done === done) this.reloading = null;
    }
  }

  /** The manifest served last (no query): for what must be answered without waiting, e.g. a header. */
  last(): ReleaseManifest {
    return this.current?.manifest ?? { live: {}, history: [] };
  }

  private async reload(stamp: number): Promise<ReleaseManifest> {
    const manifest: ReleaseManifest = { ...(await readLive(this.db.kysely)), history: [] };
    const versions = [...Object.entries(manifest.live), ...Object.entries(manifest.canary ?? {}).map(([target, c]) => [target, c!.version] as const)];
    await Promise.all(
      versions.map(([target, version]) =>
        this.unpack(target as ReleaseTarget, version!).catch((err: unknown) => {
          this.log.error({ err, target, version }, 'a live release could not be unpacked; its files are not served here');
          return null;
        }),
      ),
    );
    if (!this.current || this.current.stamp < stamp) this.current = { stamp, manifest };
    return this.current.manifest;
  }

  /**
   * The folder of one release in this instance's cache, unpacked from the registry on first use, each
   * file checked against its SHA-256. Null when the registry has no such release.
   */
  unpack(target: ReleaseTarget, version: string): Promise<string | null> {
    if (!/^[\w.+-]+$/.test(version) || version.startsWith('.')) return Promise.resolve(null);
    const folder = path.join(this.cacheDir, target, version);
    if (fs.existsSync(folder)) return Promise.resolve(folder);
    const key = `${target}/${version}`;
    let pending = this.unpacking.get(key);
    if (!pending) {
      pending = this.unpackNow(target, version, folder).finally(() => this.unpacking.delete(key));
      this.unpacking.set(key, pending);
    }
    return pending;
  }

  private async unpackNow(target: ReleaseTarget, version: string, folder: string): Promise<string | null> {
    const build = await this.db.kysely.selectFrom('release_build').selectAll().where('target', '=', target).where('version', '=', version).executeTakeFirst();
    if (!build) return null;
    const files = await this.db.kysely
      .selectFrom('release_file')
      .innerJoin('release_blob', 'release_blob.hash', 'release_file.hash')
      .select(['release_file.path', 'release_file.hash', 'release_blob.bytes'])
      .where('release_file.target', '=', target)
      .where('release_file.version', '=', version)
      .execute();
    for (const f of files) {
      const bytes = Buffer.from(f.bytes);
      if (sha256(bytes) !== f.hash) throw new Error(`${target} ${version}: ${f.path} does not match its hash in the registry`);
      if (f.path.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(f.path)) throw new Error(`${target} ${version}: bad file path ${f.path}`);
    }
    placeFolder(folder, (staging) => {
      for (const f of files) {
        const file = path.join(staging, ...f.path.split('/'));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, Buffer.from(f.bytes));
      }
      fs.writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(infoOfRow(build), null, 2)}\n`);
    });
    return folder;
  }

  /** The folder of a shell release holding `file` (a page loaded before a publish asks its old chunks), newest first. */
  async shellFolderWith(file: string): Promise<string | null> {
    const rows = await this.db.kysely
      .selectFrom('release_file')
      .innerJoin('release_build', (j) => j.onRef('release_build.target', '=', 'release_file.target').onRef('release_build.version', '=', 'release_file.version'))
      .select('release_file.version')
      .where('release_file.target', '=', 'shell')
      .where('release_file.path', '=', file)
      .orderBy('release_build.published_at', 'desc')
      .limit(1)
      .execute();
    return rows[0] ? this.unpack('shell', rows[0].version) : null;
  }

  // --- changing ----------------------------------------------------------------------------------

  private change<T>(run: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await bumpStamp(trx);
      return run(trx);
    });
  }

  /**
   * Store a build in the registry and make it live, in one transaction. The version is derived from
   * the content: the same files published again keep their first record and are not stored twice.
   * The publishing machine's cache gets the folder at once.
   */
  async publish(options: PublishOptions): Promise<ReleaseInfo> {
    const { remote, distDir } = options;
    const entry = entryFileOf(remote);
    if (!fs.existsSync(path.join(distDir, entry))) throw new Error(`${distDir} has no ${entry}: build the ${remote} first`);
    const files = readBuildFiles(distDir);
    const version = `${options.packageVersion}-${contentHashOf(files)}`;
    const fresh: ReleaseInfo = {
      remote,
      version,
      commit: options.commit,
      publishedAt: (options.now ?? new Date()).toISOString(),
      contractsVersion: options.contractsVersion,
    };
    const info = await this.change(async (trx) => {
      const known = await trx.selectFrom('release_build').selectAll().where('target', '=', remote).where('version', '=', version).executeTakeFirst();
      const info = known ? infoOfRow(known) : fresh;
      const { live } = await readLive(trx);
      const conflict = contractsConflict(await liveInfos(trx, live), { live }, remote, version, info.contractsVersion);
      if (conflict && !options.force) throw new ReleaseRefusedError(conflict);
      if (!known) await storeBuild(trx, info, files);
      if (options.storeOnly) return info;
      await makeLive(trx, remote, version, { at: fresh.publishedAt, action: 'publish', ...(conflict ? { forced: true } : {}) }, live);
      return info;
    });
    placeFolder(path.join(this.cacheDir, remote, version), (staging) => {
      fs.cpSync(distDir, staging, { recursive: true, filter: (src) => path.relative(distDir, src) !== 'release.json' });
      fs.writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    });
    return info;
  }

  /** Point a target back at a named version, or at the one live before the current one, in one transaction. */
  rollback(target: ReleaseTarget, version?: string, options: { force?: boolean } = {}): Promise<string> {
    return this.change(async (trx) => {
      const { live } = await readLive(trx);
      const history = (await trx.selectFrom('release_history').selectAll().where('target', '=', target).orderBy('id').execute()).map(historyOfRow);
      const to = version ?? rollbackTarget({ live, history }, target);
      if (!to) throw new Error(`${target} has no earlier version to roll back to`);
      const build = await trx.selectFrom('release_build').selectAll().where('target', '=', target).where('version', '=', to).executeTakeFirst();
      const entry = build
        ? await trx.selectFrom('release_file').select('path').where('target', '=', target).where('version', '=', to).where('path', '=', entryFileOf(target)).executeTakeFirst()
        : undefined;
      if (!build || !entry) throw new Error(`${target} has no published version '${to}'`);
      const conflict = contractsConflict(await liveInfos(trx, live), { live }, target, to, build.contracts_version, 'roll back to');
      if (conflict && !options.force) throw new ReleaseRefusedError(conflict);
      await makeLive(trx, target, to, { at: new Date().toISOString(), action: 'rollback', ...(conflict ? { forced: true } : {}) }, live);
      return to;
    });
  }

  /** Serve a remote's releases from another origin (a CDN's …/releases), or from this server again (null). */
  async setOrigin(remote: RemoteName, origin: string | null): Promise<void> {
    if (origin !== null) {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new Error(`'${origin}' is not an address: give one like https://cdn.example/releases`);
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`'${origin}' must be an http(s) address`);
    }
    return this.change(async (trx) => {
      await trx
        .insertInto('release_live')
        .values({ target: remote, version: null, origin })
        .onConflict((oc) => oc.column('target').doUpdateSet({ origin }))
        .execute();
    });
  }

  /** The live pointers and origins as they are now (for tools and tests). */
  async pointers(): Promise<Pick<ReleaseManifest, 'live' | 'origins'>> {
    const { live, origins } = await readLive(this.db.kysely);
    return origins ? { live, origins } : { live };
  }

  // --- canaries ----------------------------------------------------------------------------------

  /** Serve a published version of a target to `percent`% of browsers beside the live one; what shells report is counted afresh. */
  canary(target: ReleaseTarget, version: string, percent: number): Promise<void> {
    return this.change(async (trx) => {
      if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new Error(`--percent must be a whole number from 1 to 99, got ${percent}`);
      const { live } = await readLive(trx);
      const stable = live[target];
      if (!stable) throw new Error(`${target} has no live version: publish one first`);
      if (stable === version) throw new Error(`${target} ${version} is already live for everyone`);
      const entry = await trx.selectFrom('release_file').select('path').where('target', '=', target).where('version', '=', version).where('path', '=', entryFileOf(target)).executeTakeFirst();
      if (!entry) throw new Error(`${target} has no published version '${version}' (store it first: pnpm release publish ${target} --store-only)`);
      await trx.updateTable('release_live').set({ canary_version: version, canary_percent: percent }).where('target', '=', target).execute();
      await trx.deleteFrom('release_health').where('target', '=', target).execute();
      await trx
        .insertInto('release_history')
        .values({ at: new Date().toISOString(), action: 'canary', target, version, previous: stable, forced: 0, reason: `for ${percent}% of browsers` })
        .execute();
    });
  }

  private async runningCanary(trx: Trx, target: ReleaseTarget) {
    const row = await trx.selectFrom('release_live').selectAll().where('target', '=', target).executeTakeFirst();
    if (!row?.canary_version) throw new Error(`${target} has no canary running`);
    return { stable: row.version, version: row.canary_version };
  }

  /** Make the running canary live for everyone. */
  promote(target: ReleaseTarget): Promise<string> {
    return this.change(async (trx) => {
      const { version } = await this.runningCanary(trx, target);
      const { live } = await readLive(trx);
      await makeLive(trx, target, version, { at: new Date().toISOString(), action: 'promote' }, live);
      await trx.updateTable('release_live').set({ canary_version: null, canary_percent: null }).where('target', '=', target).execute();
      return version;
    });
  }

  /** Return every browser to the stable version; the history keeps why. */
  abort(target: ReleaseTarget, reason = 'aborted by hand'): Promise<string> {
    return this.change(async (trx) => {
      const { version, stable } = await this.runningCanary(trx, target);
      await trx.updateTable('release_live').set({ canary_version: null, canary_percent: null }).where('target', '=', target).execute();
      await trx.insertInto('release_history').values({ at: new Date().toISOString(), action: 'abort', target, version, previous: stable, forced: 0, reason }).execute();
      return version;
    });
  }

  /**
   * What shells reported (telemetry): page loads and failures per remote version, counted only for the
   * versions a running canary compares (its own and the stable one). A canary whose error rate exceeds
   * the stable one's by the margin, past the minimum page loads, is aborted here, with the reason.
   */
  async report(
    counts: { target: ReleaseTarget; version: string; pageLoads: number; failures: number }[],
    rule: { minPageLoads: number; errorMargin: number } = { minPageLoads: CANARY_MIN_PAGE_LOADS, errorMargin: CANARY_ERROR_MARGIN },
  ): Promise<{ aborted: { target: ReleaseTarget; reason: string }[] }> {
    const canaries = (await this.served()).canary ?? {};
    const live = this.last().live;
    const kept = counts.filter((c) => {
      const canary = canaries[c.target];
      return canary && (c.version === canary.version || c.version === live[c.target]) && (c.pageLoads > 0 || c.failures > 0);
    });
    const aborted: { target: ReleaseTarget; reason: string }[] = [];
    for (const c of kept) {
      await this.db.kysely
        .insertInto('release_health')
        .values({ target: c.target, version: c.version, page_loads: c.pageLoads, failures: c.failures })
        .onConflict((oc) =>
          oc.columns(['target', 'version']).doUpdateSet({ page_loads: sql`release_health.page_loads + ${c.pageLoads}`, failures: sql`release_health.failures + ${c.failures}` }),
        )
        .execute();
    }
    for (const target of new Set(kept.map((c) => c.target))) {
      const canary = canaries[target]!;
      const health = await this.healthOf(target, canary.version, live[target] ?? null);
      const reason = abortReason(health.canary, health.stable, { minPageLoads: rule.minPageLoads, margin: rule.errorMargin });
      if (!reason) continue;
      try {
        await this.abort(target, `automatic: ${reason}`);
        aborted.push({ target, reason });
      } catch {
        // aborted, promoted or replaced meanwhile (another instance, a person)
      }
    }
    return { aborted };
  }

  private async healthOf(target: ReleaseTarget, canaryVersion: string, stableVersion: string | null) {
    const rows = await this.db.kysely.selectFrom('release_health').selectAll().where('target', '=', target).execute();
    const of = (version: string | null) => {
      const row = rows.find((r) => r.version === version);
      return { pageLoads: Number(row?.page_loads ?? 0), failures: Number(row?.failures ?? 0) };
    };
    return { canary: of(canaryVersion), stable: { version: stableVersion, ...of(stableVersion) } };
  }

  /**
   * Set pointers and origins as given, with no check and no history: what a hand edit of the old
   * manifest file did. Only for drills that need a broken deployment (a live version that does not exist).
   */
  forcePointers(pointers: Pick<ReleaseManifest, 'live' | 'origins'>): Promise<void> {
    return this.change(async (trx) => {
      await trx.deleteFrom('release_live').execute();
      const targets = new Set<string>([...Object.keys(pointers.live), ...Object.keys(pointers.origins ?? {})]);
      for (const target of targets) {
        await trx
          .insertInto('release_live')
          .values({ target, version: pointers.live[target as ReleaseTarget] ?? null, origin: pointers.origins?.[target as RemoteName] ?? null })
          .execute();
      }
    });
  }

  /** What `pnpm release status` shows. */
  async status(now = Date.now()): Promise<RegistryStatus> {
    const k = this.db.kysely;
    const { live, canary: canaryOf = {}, origins = {} } = await readLive(k);
    const builds = (await k.selectFrom('release_build').selectAll().orderBy('published_at', 'desc').execute()).map(infoOfRow);
    const history = (await k.selectFrom('release_history').selectAll().orderBy('id').execute()).map(historyOfRow);
    const drawing = new Set((await k.selectFrom('release_file').select(['target', 'version']).where('path', '=', SERVER_DRAW_FILE).execute()).map((r) => `${r.target}/${r.version}`));
    const targets = RELEASE_TARGETS.map((target) => {
      const liveVersion = live[target] ?? null;
      const all = builds.filter((b) => b.remote === target);
      return {
        target,
        liveVersion,
        live: all.find((r) => r.version === liveVersion) ?? null,
        liveSince: history.filter((h) => h.remote === target && h.version === liveVersion).at(-1) ?? null,
        earlier: all.filter((r) => r.version !== liveVersion),
      };
    });
    // Shoppers' vitals (rolling p75s) of each live version, and of each canary beside its stable version.
    for (const t of targets as RegistryStatus['targets']) if (t.liveVersion) t.vitals = (await vitalsOf(this.db, t.target, [t.liveVersion], now)).get(t.liveVersion);
    const canaries: RegistryStatus['canaries'] = [];
    for (const [target, canary] of Object.entries(canaryOf) as [ReleaseTarget, { version: string; percent: number }][]) {
      const stable = live[target] ?? null;
      const vitals = await vitalsOf(this.db, target, stable ? [canary.version, stable] : [canary.version], now);
      const both = { canary: vitals.get(canary.version)!, stable: (stable && vitals.get(stable)) || emptyVitals() };
      canaries.push({ target, version: canary.version, percent: canary.percent, ...(await this.healthOf(target, canary.version, stable)), vitals: both });
    }
    return { targets, history, drawing, canaries, origins };
  }

  // --- upgrade -----------------------------------------------------------------------------------

  /**
   * Once per database: a releases folder from before the registry (releases/manifest.json and its
   * release folders) is imported — every release with its files, the live pointers, origins and
   * history — in one transaction. The manifest is then renamed manifest.imported.json (it is no longer
   * read). Returns how many releases were imported, or null when there was nothing to import.
   */
  async importFolder(dir = this.cacheDir): Promise<number | null> {
    const manifestFile = path.join(dir, 'manifest.json');
    if (!fs.existsSync(manifestFile)) return null;
    const state = await this.db.kysely.selectFrom('release_state').selectAll().where('id', '=', 'registry').executeTakeFirst();
    if (state?.imported_from) return null;
    const legacy = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Partial<ReleaseManifest>;
    const releases: { info: ReleaseInfo; files: BuildFile[] }[] = [];
    for (const target of RELEASE_TARGETS) {
      const targetDir = path.join(dir, target);
      if (!fs.existsSync(targetDir)) continue;
      for (const e of fs.readdirSync(targetDir, { withFileTypes: true })) {
        if (!e.isDirectory() || e.name.includes('.staging-')) continue;
        const folder = path.join(targetDir, e.name);
        let info: ReleaseInfo;
        try {
          info = JSON.parse(fs.readFileSync(path.join(folder, 'release.json'), 'utf8')) as ReleaseInfo;
        } catch {
          continue; // not a release folder
        }
        releases.push({ info: { ...info, remote: target, version: e.name }, files: readBuildFiles(folder) });
      }
    }
    const imported = await this.change(async (trx) => {
      const again = await trx.selectFrom('release_state').select('imported_from').where('id', '=', 'registry').executeTakeFirst();
      if (again?.imported_from) return null; // another instance imported it meanwhile
      let count = 0;
      for (const { info, files } of releases) {
        const known = await trx.selectFrom('release_build').select('version').where('target', '=', info.remote).where('version', '=', info.version).executeTakeFirst();
        if (known) continue;
        await storeBuild(trx, info, files);
        count++;
      }
      for (const h of legacy.history ?? []) {
        if (!isReleaseTarget(h.remote)) continue;
        await trx
          .insertInto('release_history')
          .values({ at: h.at, action: h.action, target: h.remote, version: h.version, previous: h.previous ?? null, forced: h.forced ? 1 : 0, reason: h.reason ?? null })
          .execute();
      }
      const targets = new Set([...Object.keys(legacy.live ?? {}), ...Object.keys(legacy.origins ?? {})].filter(isReleaseTarget));
      for (const target of targets) {
        const version = legacy.live?.[target] ?? null;
        const origin = legacy.origins?.[target as RemoteName] ?? null;
        await trx
          .insertInto('release_live')
          .values({ target, version, origin })
          .onConflict((oc) => oc.column('target').doUpdateSet({ version, origin }))
          .execute();
      }
      await trx.updateTable('release_state').set({ imported_from: path.resolve(dir) }).where('id', '=', 'registry').execute();
      return count;
    });
    if (imported !== null) {
      try {
        fs.renameSync(manifestFile, path.join(dir, 'manifest.imported.json'));
      } catch {
        // another instance renamed it
      }
    }
    return imported;
  }
}
