import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@adire/contracts';
import { watchCommits, type CommitWatch } from '../db/commit-watch';
import type { Db } from '../db/database';
import { abortReason, CANARY_ERROR_MARGIN, CANARY_MIN_CLIENTS, CANARY_MIN_PAGE_LOADS } from './canary';
import { abortCanary, addHealth, healthOf, promoteCanary, startCanary, type HealthCount } from './registry-canary';
import { placePublished, shareReleaseFile, unpackRelease, versionWith } from './registry-files';
import { importReleasesFolder } from './registry-import';
import { registryStatus } from './registry-status';
import { changeRegistry, historyOfRow, infoOfRow, liveInfos, makeLive, readLive, readRegistryStamp, refuseRenamedAssets, replaceLivePointers, setLiveOrigin, storeBuild, type Trx } from './registry-store';
import {
  contentHashOf,
  contractsConflict,
  entryFilesOf,
  SHARED_ASSETS,
  readBuildFiles,
  ReleaseRefusedError,
  rollbackTarget,
  type RegistryStatus,
  type ReleaseInfo,
  type ReleaseManifest,
  type ReleaseTarget,
} from './releases';

export { readRegistryStamp } from './registry-store';

/**
 * The release registry (issue 21): every release, its files and the live pointer of each target live
 * in the database every instance uses (SQLite by default, PostgreSQL with DATABASE_URL). A publish or
 * rollback is one transaction that moves the registry's stamp; each instance reads the stamp on every
 * page load (one tiny query) and, when it moved, the live pointers — so every instance serves the
 * change on its next page load. Files are unpacked into this instance's cache folder (RELEASES_DIR)
 * on first use, each verified by its SHA-256, and served from there like any immutable folder.
 *
 * The class is the registry's one face: its tables are in registry-store.ts, the cache folders in
 * registry-files.ts, canaries in registry-canary.ts, status and the old folder's import beside them.
 */

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
    // `assets` is the shared layout's folder beside the versions, never a version.
    if (!/^[\w.+-]+$/.test(version) || version.startsWith('.') || version === SHARED_ASSETS) return Promise.resolve(null);
    const folder = path.join(this.cacheDir, target, version);
    if (fs.existsSync(folder)) return Promise.resolve(folder);
    const key = `${target}/${version}`;
    let pending = this.unpacking.get(key);
    if (!pending) {
      pending = unpackRelease(this.db, target, version, folder).finally(() => this.unpacking.delete(key));
      this.unpacking.set(key, pending);
    }
    return pending;
  }

  /** The folder of a shell release holding `file` (a page loaded before a publish asks its old chunks), newest first. */
  async shellFolderWith(file: string): Promise<string | null> {
    const version = await versionWith(this.db, 'shell', file);
    return version ? this.unpack('shell', version) : null;
  }

  /**
   * A remote's file as the shared layout serves it (registry-files.ts): `{ version, entry }` for
   * `/releases/<remote>/<version>/<entry>`, `{ asset }` for `/releases/<remote>/assets/<asset>`, from
   * the newest version holding it. Placed in the cache when a release has it; else nothing (a 404).
   */
  async share(remote: ReleaseTarget, file: { version: string; entry: string } | { asset: string }): Promise<void> {
    if ('asset' in file) {
      if (fs.existsSync(path.join(this.cacheDir, remote, SHARED_ASSETS, file.asset))) return;
      const version = await versionWith(this.db, remote, `${SHARED_ASSETS}/${file.asset}`);
      const folder = version ? await this.unpack(remote, version) : null;
      if (folder) shareReleaseFile(folder, file);
      return;
    }
    const folder = await this.unpack(remote, file.version);
    if (folder) shareReleaseFile(folder, { entry: file.entry });
  }

  // --- changing ----------------------------------------------------------------------------------

  private change<T>(run: (trx: Trx) => Promise<T>): Promise<T> {
    return changeRegistry(this.db, run);
  }

  /**
   * Store a build in the registry and make it live, in one transaction. The version is derived from
   * the content: the same files published again keep their first record and are not stored twice.
   * The publishing machine's cache gets the folder at once.
   */
  async publish(options: PublishOptions): Promise<ReleaseInfo> {
    const { remote, distDir } = options;
    const entries = entryFilesOf(remote);
    if (!entries.some((entry) => fs.existsSync(path.join(distDir, entry)))) throw new Error(`${distDir} has no ${entries.join(' or ')}: build the ${remote} first`);
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
      if (!known) await refuseRenamedAssets(trx, remote, files);
      if (!known) await storeBuild(trx, info, files);
      if (options.storeOnly) return info;
      await makeLive(trx, remote, version, { at: fresh.publishedAt, action: 'publish', ...(conflict ? { forced: true } : {}) }, live);
      return info;
    });
    placePublished(path.join(this.cacheDir, remote, version), distDir, info);
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
        ? await trx.selectFrom('release_file').select('path').where('target', '=', target).where('version', '=', to).where('path', 'in', entryFilesOf(target)).executeTakeFirst()
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
    return this.change((trx) => setLiveOrigin(trx, remote, origin));
  }

  /** The live pointers and origins as they are now (for tools and tests). */
  async pointers(): Promise<Pick<ReleaseManifest, 'live' | 'origins'>> {
    const { live, origins } = await readLive(this.db.kysely);
    return origins ? { live, origins } : { live };
  }

  // --- canaries ----------------------------------------------------------------------------------

  /** Serve a published version of a target to `percent`% of browsers beside the live one; what shells report is counted afresh. */
  canary(target: ReleaseTarget, version: string, percent: number): Promise<void> {
    return this.change((trx) => startCanary(trx, target, version, percent));
  }

  /** Make the running canary live for everyone. */
  promote(target: ReleaseTarget): Promise<string> {
    return this.change((trx) => promoteCanary(trx, target));
  }

  /** Return every browser to the stable version; the history keeps why. */
  abort(target: ReleaseTarget, reason = 'aborted by hand'): Promise<string> {
    return this.change((trx) => abortCanary(trx, target, reason));
  }

  /** Page loads, failures and distinct clients counted for a canary and its stable version. */
  health(target: ReleaseTarget, canaryVersion: string, stableVersion: string | null) {
    return healthOf(this.db, target, canaryVersion, stableVersion);
  }

  /**
   * What shells reported (telemetry): page loads and failures per remote version, counted only for the
   * versions a running canary compares (its own and the stable one). A canary whose error rate exceeds
   * the stable one's by the margin, past the minimum page loads, is aborted here, with the reason.
   */
  async report(
    counts: HealthCount[],
    rule: { minPageLoads: number; errorMargin: number; minClients?: number } = { minPageLoads: CANARY_MIN_PAGE_LOADS, errorMargin: CANARY_ERROR_MARGIN, minClients: CANARY_MIN_CLIENTS },
  ): Promise<{ aborted: { target: ReleaseTarget; reason: string }[] }> {
    const canaries = (await this.served()).canary ?? {};
    const live = this.last().live;
    const kept = counts.filter((c) => {
      const canary = canaries[c.target];
      return canary && (c.version === canary.version || c.version === live[c.target]) && (c.pageLoads > 0 || c.failures > 0);
    });
    const aborted: { target: ReleaseTarget; reason: string }[] = [];
    await addHealth(this.db, kept);
    for (const target of new Set(kept.map((c) => c.target))) {
      const canary = canaries[target]!;
      const health = await healthOf(this.db, target, canary.version, live[target] ?? null);
      const reason = abortReason(health.canary, health.stable, { minPageLoads: rule.minPageLoads, margin: rule.errorMargin, minClients: rule.minClients ?? 0 });
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

  /**
   * Set pointers and origins as given, with no check and no history: what a hand edit of the old
   * manifest file did. Only for drills that need a broken deployment (a live version that does not exist).
   */
  forcePointers(pointers: Pick<ReleaseManifest, 'live' | 'origins'>): Promise<void> {
    const targets = new Set<string>([...Object.keys(pointers.live), ...Object.keys(pointers.origins ?? {})]);
    const rows = [...targets].map((target) => ({ target, version: pointers.live[target as ReleaseTarget] ?? null, origin: pointers.origins?.[target as RemoteName] ?? null }));
    return this.change((trx) => replaceLivePointers(trx, rows));
  }

  /** What `pnpm release status` shows. */
  status(now = Date.now()): Promise<RegistryStatus> {
    return registryStatus(this.db, now);
  }

  // --- upgrade -----------------------------------------------------------------------------------

  /** Once per database: a releases folder from before the registry is imported (registry-import.ts). */
  importFolder(dir = this.cacheDir): Promise<number | null> {
    return importReleasesFolder(this.db, dir);
  }
}
