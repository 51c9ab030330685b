import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, SERVER_DRAW_FILE, type RemoteName, type RemotesManifest, type StoreManifest } from '@adire/contracts';

/** What can be released on its own: the shell or one of the four remotes. */
export const RELEASE_TARGETS = ['shell', ...REMOTE_NAMES] as const;
export type ReleaseTarget = (typeof RELEASE_TARGETS)[number];

/** What each published release records about itself (release.json inside its folder). */
export interface ReleaseInfo {
  remote: ReleaseTarget;
  version: string;
  commit: string;
  publishedAt: string;
  /** The @adire/contracts version it was built with: releases of a different major may not understand each other. */
  contractsVersion: string;
}

export interface HistoryEntry {
  at: string;
  action: 'publish' | 'rollback';
  remote: ReleaseTarget;
  version: string;
  previous: string | null;
  /** Made live although its contracts major differs from the live releases it works with. */
  forced?: boolean;
}

/** releases/manifest.json: the live version of the shell and of each remote, plus every change made to them. */
export interface ReleaseManifest {
  live: Partial<Record<ReleaseTarget, string>>;
  history: HistoryEntry[];
  /** Where a remote's releases are served from when not by this server, e.g. a CDN's https://cdn…/releases. */
  origins?: Partial<Record<RemoteName, string>>;
}

export const ENTRY_FILE = 'remoteEntry.js';
export const SHELL_ENTRY_FILE = 'index.html';

/** The file a build of this target must have: the shell's page, or a remote's federation entry. */
export const entryFileOf = (target: ReleaseTarget) => (target === 'shell' ? SHELL_ENTRY_FILE : ENTRY_FILE);

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

export function isReleaseTarget(name: string): name is ReleaseTarget {
  return (RELEASE_TARGETS as readonly string[]).includes(name);
}

/** Refused because the contracts majors differ; `--force` (force: true) makes it live anyway. */
export class ReleaseRefusedError extends Error {}

export function readManifest(releasesDir: string): ReleaseManifest {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(releasesDir, 'manifest.json'), 'utf8')) as ReleaseManifest;
    return { live: parsed.live ?? {}, history: parsed.history ?? [], ...(parsed.origins ? { origins: parsed.origins } : {}) };
  } catch {
    return { live: {}, history: [] };
  }
}

const servedManifests = new Map<string, { stamp: string; manifest: ReleaseManifest }>();

/**
 * The manifest for serving pages (read-only): parsed again only when the file changed — a stat per
 * call instead of a read and a parse of the whole history; a publish or rollback (an atomic rename:
 * a new inode) still shows on the next page load. Writers use readManifest under the lock.
 */
export function servedManifest(releasesDir: string): Readonly<ReleaseManifest> {
  const file = path.join(releasesDir, 'manifest.json');
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  const stamp = stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : 'none';
  const kept = servedManifests.get(releasesDir);
  if (kept?.stamp === stamp) return kept.manifest;
  const manifest = readManifest(releasesDir);
  servedManifests.set(releasesDir, { stamp, manifest });
  return manifest;
}

/** The remotes part of `/remotes.json`: entry URL and version of each live remote. */
export function remotesJson(manifest: ReleaseManifest, baseUrl = '/releases'): Partial<RemotesManifest> {
  const out: Partial<RemotesManifest> = {};
  for (const name of REMOTE_NAMES) {
    const version = manifest.live[name];
    const origin = (manifest.origins?.[name] ?? baseUrl).replace(/\/$/, '');
    if (version) out[name] = { version, entry: `${origin}/${name}/${version}/${ENTRY_FILE}` };
  }
  return out;
}

/**
 * The public `/remotes.json`: the live remotes, the live shell's version when the shell is released,
 * and `devOverrides: true` only when the server runs in development mode.
 */
export function storeManifest(manifest: ReleaseManifest, options: { devOverrides?: boolean } = {}): StoreManifest {
  const out: StoreManifest = remotesJson(manifest);
  if (manifest.live.shell) out.shell = { version: manifest.live.shell };
  if (options.devOverrides) out.devOverrides = true;
  return out;
}

/** The folder of the live shell release, when there is one with its page. */
export function liveShellFolder(releasesDir: string, manifest = readManifest(releasesDir)): string | null {
  const version = manifest.live.shell;
  if (!version) return null;
  const folder = path.join(releasesDir, 'shell', version);
  return fs.existsSync(path.join(folder, SHELL_ENTRY_FILE)) ? folder : null;
}

/** Write via a temporary file and rename, so a reader never sees half a manifest. */
function writeManifestAtomic(releasesDir: string, manifest: ReleaseManifest): void {
  const target = path.join(releasesDir, 'manifest.json');
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(tmp, target);
}

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Serialise manifest changes across processes with an exclusive lock file holding the owner's pid.
 * A lock left by a release command that died (its process is gone) is cleared instead of waited on.
 */
function withManifestLock<T>(releasesDir: string, change: () => T): T {
  fs.mkdirSync(releasesDir, { recursive: true });
  const lock = path.join(releasesDir, '.manifest.lock');
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = 0;
      try {
        owner = Number(fs.readFileSync(lock, 'utf8').trim());
      } catch {
        continue; // released meanwhile: try again at once
      }
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processIsGone(owner)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`The release manifest is locked (${lock}) by process ${owner || '?'}: another release is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
  try {
    return change();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => file !== 'release.json')
    .sort();
}

/** Content hash of a build: the same files give the same version, so nothing is published twice. */
export function contentHash(dir: string): string {
  const h = createHash('sha256');
  for (const file of filesOf(dir)) {
    h.update(file);
    h.update(fs.readFileSync(path.join(dir, file)));
  }
  return h.digest('hex').slice(0, 10);
}

/** The major of a semver version ('1.4.2' → 1); null when it is not one. */
export function contractsMajor(version: string): number | null {
  const match = /^v?(\d+)\./.exec(version.trim());
  return match ? Number(match[1]) : null;
}

export const contractsCompatible = (a: string, b: string) => contractsMajor(a) !== null && contractsMajor(a) === contractsMajor(b);

/**
 * Why making `version` of `target` live would pair releases built with different contracts majors:
 * a remote is checked against the live shell, the shell against every live remote. Null when fine.
 */
export function contractsConflict(
  releasesDir: string,
  manifest: ReleaseManifest,
  target: ReleaseTarget,
  version: string,
  contractsVersion: string,
  verb = 'publish',
): string | null {
  const others: ReleaseTarget[] = target === 'shell' ? [...REMOTE_NAMES] : ['shell'];
  const clashes = others.flatMap((other) => {
    const live = manifest.live[other];
    const info = live ? readReleaseInfo(releasesDir, other, live) : null;
    return info && !contractsCompatible(info.contractsVersion, contractsVersion) ? [info] : [];
  });
  if (!clashes.length) return null;
  const major = contractsMajor(contractsVersion) ?? contractsVersion;
  const them = clashes.map((c) => `the live ${c.remote} ${c.version} was built with contracts ${c.contractsVersion}`).join('; ');
  const fix =
    target === 'shell'
      ? `Release those remotes built with contracts ${major}.x first`
      : `Release a shell built with contracts ${major}.x first`;
  return (
    `Refused to ${verb} ${target} ${version}: it was built with contracts ${contractsVersion}, but ${them}. ` +
    `A different major version means they may not understand each other's events and API shapes. ` +
    `${fix}, or pass --force to ${verb} it anyway.`
  );
}

export interface PublishOptions {
  releasesDir: string;
  remote: ReleaseTarget;
  distDir: string;
  packageVersion: string;
  commit: string;
  contractsVersion: string;
  /** Make it live even when its contracts major differs from the live releases it works with. */
  force?: boolean;
  now?: Date;
}

/**
 * Copy a build into its immutable folder releases/<target>/<version>/ and make it live.
 * An existing folder is never overwritten: the version is derived from the content. The check, the
 * copy and the manifest change happen under the manifest lock, so concurrent publishes queue up.
 */
export function publish(options: PublishOptions): ReleaseInfo {
  const { releasesDir, remote, distDir } = options;
  const entry = entryFileOf(remote);
  if (!fs.existsSync(path.join(distDir, entry))) {
    throw new Error(`${distDir} has no ${entry}: build the ${remote} first`);
  }
  const version = `${options.packageVersion}-${contentHash(distDir)}`;
  const folder = path.join(releasesDir, remote, version);
  const fresh: ReleaseInfo = {
    remote,
    version,
    commit: options.commit,
    publishedAt: (options.now ?? new Date()).toISOString(),
    contractsVersion: options.contractsVersion,
  };
  return withManifestLock(releasesDir, () => {
    // The same content published before keeps its first record (and its folder is left alone).
    const info = readReleaseInfo(releasesDir, remote, version) ?? fresh;
    const manifest = readManifest(releasesDir);
    const conflict = contractsConflict(releasesDir, manifest, remote, version, info.contractsVersion);
    if (conflict && !options.force) throw new ReleaseRefusedError(conflict);
    if (!fs.existsSync(folder)) {
      const staging = `${folder}.staging-${process.pid}`;
      fs.rmSync(staging, { recursive: true, force: true });
      fs.cpSync(distDir, staging, { recursive: true });
      fs.writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
      fs.renameSync(staging, folder);
    }
    makeLive(releasesDir, manifest, remote, version, 'publish', fresh.publishedAt, Boolean(conflict));
    return info;
  });
}

export function readReleaseInfo(releasesDir: string, remote: ReleaseTarget, version: string): ReleaseInfo | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(releasesDir, remote, version, 'release.json'), 'utf8')) as ReleaseInfo;
  } catch {
    return null;
  }
}

/** Every published release of a target, oldest first. */
export function listReleases(releasesDir: string, remote: ReleaseTarget): ReleaseInfo[] {
  const dir = path.join(releasesDir, remote);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.includes('.staging-'))
    .map((e) => readReleaseInfo(releasesDir, remote, e.name))
    .filter((r): r is ReleaseInfo => r !== null)
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

/** Record a change of live version in the manifest (call under the lock, with the manifest just read). */
function makeLive(
  releasesDir: string,
  manifest: ReleaseManifest,
  remote: ReleaseTarget,
  version: string,
  action: HistoryEntry['action'],
  at: string,
  forced: boolean,
) {
  const previous = manifest.live[remote] ?? null;
  if (previous === version) return;
  manifest.live[remote] = version;
  manifest.history.push({ at, action, remote, version, previous, ...(forced ? { forced: true } : {}) });
  writeManifestAtomic(releasesDir, manifest);
}

/**
 * The version a rollback returns to: the one that was live before the current version was published
 * (so rolling back twice steps back twice), or before it last became live when it never was published here.
 */
export function rollbackTarget(manifest: ReleaseManifest, remote: ReleaseTarget): string | null {
  const current = manifest.live[remote];
  if (!current) return null;
  const changes = manifest.history.filter((h) => h.remote === remote && h.version === current);
  const published = changes.filter((h) => h.action === 'publish').at(-1);
  return (published ?? changes.at(-1))?.previous ?? null;
}

/** Point a target back at a named version, or at the one live before the current one. */
export function rollback(releasesDir: string, remote: ReleaseTarget, version?: string, options: { force?: boolean } = {}): string {
  return withManifestLock(releasesDir, () => {
    const manifest = readManifest(releasesDir);
    const target = version ?? rollbackTarget(manifest, remote);
    if (!target) throw new Error(`${remote} has no earlier version to roll back to`);
    if (!fs.existsSync(path.join(releasesDir, remote, target, entryFileOf(remote)))) {
      throw new Error(`${remote} has no published version '${target}'`);
    }
    const info = readReleaseInfo(releasesDir, remote, target);
    const conflict = info ? contractsConflict(releasesDir, manifest, remote, target, info.contractsVersion, 'roll back to') : null;
    if (conflict && !options.force) throw new ReleaseRefusedError(conflict);
    makeLive(releasesDir, manifest, remote, target, 'rollback', new Date().toISOString(), Boolean(conflict));
    return target;
  });
}

export interface TargetStatus {
  target: ReleaseTarget;
  live: ReleaseInfo | null;
  /** The live version when its folder has no release.json (or is missing). */
  liveVersion: string | null;
  /** When the live version became live, and how. */
  liveSince: HistoryEntry | null;
  /** The other published versions, newest first. */
  earlier: ReleaseInfo[];
}

/** What `pnpm release status` shows, per target. */
export function releaseStatus(releasesDir: string): TargetStatus[] {
  const manifest = readManifest(releasesDir);
  return RELEASE_TARGETS.map((target) => {
    const liveVersion = manifest.live[target] ?? null;
    const all = listReleases(releasesDir, target).reverse();
    return {
      target,
      liveVersion,
      live: all.find((r) => r.version === liveVersion) ?? null,
      liveSince: manifest.history.filter((h) => h.remote === target && h.version === liveVersion).at(-1) ?? null,
      earlier: all.filter((r) => r.version !== liveVersion),
    };
  });
}

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/** The status as text: per target its live release, then up to `earlier` earlier ones; then the latest changes. */
export function formatStatus(releasesDir: string, options: { earlier?: number; changes?: number } = {}): string {
  const maxEarlier = options.earlier ?? 5;
  const lines: string[] = [];
  for (const s of releaseStatus(releasesDir)) {
    // A release that draws its part of the page on the server too (issue 16) says so.
    const draws = (r: ReleaseInfo) => (fs.existsSync(path.join(releasesDir, s.target, r.version, SERVER_DRAW_FILE)) ? '  draws on the server' : '');
    const row = (r: ReleaseInfo) => `${r.version}  published ${when(r.publishedAt)}  commit ${r.commit}  contracts ${r.contractsVersion}${draws(r)}`;
    lines.push(s.target);
    if (!s.liveVersion) lines.push('  live     (not published)');
    else if (!s.live) lines.push(`  live     ${s.liveVersion}  (no release.json: folder missing or foreign)`);
    else {
      const since = s.liveSince ? `  live since ${when(s.liveSince.at)} (${s.liveSince.action}${s.liveSince.forced ? ', forced' : ''})` : '';
      lines.push(`  live     ${row(s.live)}${since}`);
    }
    for (const r of s.earlier.slice(0, maxEarlier)) lines.push(`  earlier  ${row(r)}`);
    if (s.earlier.length > maxEarlier) lines.push(`  … ${s.earlier.length - maxEarlier} older (pnpm release status --all)`);
  }
  const history = readManifest(releasesDir).history.slice(-(options.changes ?? 8)).reverse();
  if (history.length) {
    lines.push('', 'Latest changes');
    for (const h of history) {
      lines.push(`  ${when(h.at)}  ${h.action.padEnd(8)}  ${h.remote.padEnd(8)}  ${h.previous ?? '(none)'} → ${h.version}${h.forced ? '  (forced)' : ''}`);
    }
  }
  return lines.join('\n');
}
