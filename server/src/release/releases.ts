import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest } from '@adire/contracts';

/** What each published release records about itself (release.json inside its folder). */
export interface ReleaseInfo {
  remote: RemoteName;
  version: string;
  commit: string;
  publishedAt: string;
  contractsVersion: string;
}

export interface HistoryEntry {
  at: string;
  action: 'publish' | 'rollback';
  remote: RemoteName;
  version: string;
  previous: string | null;
}

/** releases/manifest.json: the live version of each remote plus every change made to it. */
export interface ReleaseManifest {
  live: Partial<Record<RemoteName, string>>;
  history: HistoryEntry[];
  /** Where a remote's releases are served from when not by this server, e.g. a CDN's https://cdn…/releases. */
  origins?: Partial<Record<RemoteName, string>>;
}

export const ENTRY_FILE = 'remoteEntry.js';

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

export function readManifest(releasesDir: string): ReleaseManifest {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(releasesDir, 'manifest.json'), 'utf8')) as ReleaseManifest;
    return { live: parsed.live ?? {}, history: parsed.history ?? [], ...(parsed.origins ? { origins: parsed.origins } : {}) };
  } catch {
    return { live: {}, history: [] };
  }
}

/** The public `/remotes.json`: entry URL and version of each live remote. */
export function remotesJson(manifest: ReleaseManifest, baseUrl = '/releases'): Partial<RemotesManifest> {
  const out: Partial<RemotesManifest> = {};
  for (const name of REMOTE_NAMES) {
    const version = manifest.live[name];
    const origin = (manifest.origins?.[name] ?? baseUrl).replace(/\/$/, '');
    if (version) out[name] = { version, entry: `${origin}/${name}/${version}/${ENTRY_FILE}` };
  }
  return out;
}

/** Write via a temporary file and rename, so a reader never sees half a manifest. */
function writeManifestAtomic(releasesDir: string, manifest: ReleaseManifest): void {
  const target = path.join(releasesDir, 'manifest.json');
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(tmp, target);
}

/** Serialise manifest changes across processes with an exclusive lock file. */
function withManifestLock<T>(releasesDir: string, change: () => T): T {
  fs.mkdirSync(releasesDir, { recursive: true });
  const lock = path.join(releasesDir, '.manifest.lock');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (Date.now() > deadline) throw new Error(`The release manifest is locked (${lock}); another release is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
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

export interface PublishOptions {
  releasesDir: string;
  remote: RemoteName;
  distDir: string;
  packageVersion: string;
  commit: string;
  contractsVersion: string;
  now?: Date;
}

/**
 * Copy a build into its immutable folder releases/<remote>/<version>/ and make it live.
 * An existing folder is never overwritten: the version is derived from the content.
 */
export function publish(options: PublishOptions): ReleaseInfo {
  const { releasesDir, remote, distDir } = options;
  if (!fs.existsSync(path.join(distDir, ENTRY_FILE))) {
    throw new Error(`${distDir} has no ${ENTRY_FILE}: build the ${remote} remote first`);
  }
  const version = `${options.packageVersion}-${contentHash(distDir)}`;
  const folder = path.join(releasesDir, remote, version);
  const info: ReleaseInfo = {
    remote,
    version,
    commit: options.commit,
    publishedAt: (options.now ?? new Date()).toISOString(),
    contractsVersion: options.contractsVersion,
  };
  if (!fs.existsSync(folder)) {
    const staging = `${folder}.staging-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(distDir, staging, { recursive: true });
    fs.writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    fs.renameSync(staging, folder);
  }
  setLive(releasesDir, remote, version, 'publish', info.publishedAt);
  return readReleaseInfo(releasesDir, remote, version) ?? info;
}

export function readReleaseInfo(releasesDir: string, remote: RemoteName, version: string): ReleaseInfo | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(releasesDir, remote, version, 'release.json'), 'utf8')) as ReleaseInfo;
  } catch {
    return null;
  }
}

export function listReleases(releasesDir: string, remote: RemoteName): ReleaseInfo[] {
  const dir = path.join(releasesDir, remote);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.includes('.staging-'))
    .map((e) => readReleaseInfo(releasesDir, remote, e.name))
    .filter((r): r is ReleaseInfo => r !== null)
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

function setLive(releasesDir: string, remote: RemoteName, version: string, action: HistoryEntry['action'], at: string) {
  withManifestLock(releasesDir, () => {
    const manifest = readManifest(releasesDir);
    const previous = manifest.live[remote] ?? null;
    if (previous === version) return;
    manifest.live[remote] = version;
    manifest.history.push({ at, action, remote, version, previous });
    writeManifestAtomic(releasesDir, manifest);
  });
}

/** Point a remote back at a named version, or at the one live before the current one. */
export function rollback(releasesDir: string, remote: RemoteName, version?: string): string {
  const manifest = readManifest(releasesDir);
  const current = manifest.live[remote];
  let target = version;
  if (!target) {
    const changes = manifest.history.filter((h) => h.remote === remote && h.version === current);
    target = changes.at(-1)?.previous ?? undefined;
    if (!target) throw new Error(`${remote} has no earlier version to roll back to`);
  }
  if (!fs.existsSync(path.join(releasesDir, remote, target, ENTRY_FILE))) {
    throw new Error(`${remote} has no published version '${target}'`);
  }
  setLive(releasesDir, remote, target, 'rollback', new Date().toISOString());
  return target;
}
