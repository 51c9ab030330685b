import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, SHARED_LAYOUT_ENTRY, type RemoteName, type RemotesManifest, type StoreManifest } from '@adire/contracts';
import { formatVitals, type VitalsSummary } from './vitals';

/** What can be released on its own: the shell or one of the four remotes. */
export const RELEASE_TARGETS = ['shell', ...REMOTE_NAMES] as const;
export type ReleaseTarget = (typeof RELEASE_TARGETS)[number];

/** What each published release records about itself (in the registry; release.json in its unpacked folder). */
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
  /** canary: served to a share of browsers; promote: the canary made live for all; abort: the canary withdrawn. */
  action: 'publish' | 'rollback' | 'canary' | 'promote' | 'abort';
  remote: ReleaseTarget;
  version: string;
  previous: string | null;
  /** Made live although its contracts major differs from the live releases it works with. */
  forced?: boolean;
  /** Why, when the change was not a person's command (e.g. an import of a releases folder). */
  reason?: string;
}

/**
 * The live version of the shell and of each remote, plus every change made to them (the registry in
 * the database; before issue 21, releases/manifest.json — the shape an import reads).
 */
export interface ReleaseManifest {
  live: Partial<Record<ReleaseTarget, string>>;
  history: HistoryEntry[];
  /** Where a remote's releases are served from when not by this server, e.g. a CDN's https://cdn…/releases. */
  origins?: Partial<Record<RemoteName, string>>;
  /** A version of a target served to a share of browsers beside the live one (canary.ts). */
  canary?: Partial<Record<ReleaseTarget, { version: string; percent: number }>>;
  /** The targets whose canary this manifest carries (a browser in a canary's share). */
  servingCanary?: ReleaseTarget[];
}

export const ENTRY_FILE = 'remoteEntry.js';

/**
 * A remote built in the shared layout (SHARED_LAYOUT_ENTRY, @adire/contracts) has its entry in
 * `release/`, served at `/releases/<remote>/<version>/remoteEntry.js`, and its hashed files served for
 * every version at `/releases/<remote>/assets/` (registry-files.ts `shareReleaseFile`). An older build,
 * its entry at the top, keeps its files under its version.
 */
export { SHARED_LAYOUT_ENTRY };

/** Where the shared layout puts a remote's files in the cache: the target's folder, beside its versions. */
export const SHARED_ASSETS = 'assets';

export const SHELL_ENTRY_FILE = 'index.html';

/**
 * The files a build of this target has one of: the shell's page, or a remote's federation entry —
 * one folder down in the shared layout (registry-files.ts), at the top in a build from before it.
 */
export const entryFilesOf = (target: ReleaseTarget): string[] => (target === 'shell' ? [SHELL_ENTRY_FILE] : [SHARED_LAYOUT_ENTRY, ENTRY_FILE]);

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

export function isReleaseTarget(name: string): name is ReleaseTarget {
  return (RELEASE_TARGETS as readonly string[]).includes(name);
}

/** Refused because the contracts majors differ; `--force` (force: true) makes it live anyway. */
export class ReleaseRefusedError extends Error {}

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
  // Present while any canary runs (shells then report how each remote fared): the ones this browser gets.
  if (manifest.canary) out.canary = [...(manifest.servingCanary ?? [])];
  if (options.devOverrides) out.devOverrides = true;
  return out;
}

/** The folder of the live shell release, when there is one with its page. */
export function liveShellFolder(releasesDir: string, manifest: Pick<ReleaseManifest, 'live'>): string | null {
  const version = manifest.live.shell;
  if (!version) return null;
  const folder = path.join(releasesDir, 'shell', version);
  return fs.existsSync(path.join(folder, SHELL_ENTRY_FILE)) ? folder : null;
}

function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => file !== 'release.json')
    .sort();
}

/** A build's files as the registry keeps them: path, bytes and the bytes' SHA-256. */
export interface BuildFile {
  path: string;
  bytes: Buffer;
  hash: string;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The files of a built folder (not its release.json), sorted by path. */
export function readBuildFiles(dir: string): BuildFile[] {
  return filesOf(dir).map((file) => {
    const bytes = fs.readFileSync(path.join(dir, file));
    return { path: file.split(path.sep).join('/'), bytes, hash: sha256(bytes) };
  });
}

/** Content hash of a build's files: the same files give the same version, so nothing is published twice. */
export function contentHashOf(files: readonly Pick<BuildFile, 'path' | 'bytes'>[]): string {
  const h = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    h.update(file.path);
    h.update(file.bytes);
  }
  return h.digest('hex').slice(0, 10);
}

/** Content hash of a built folder. */
export const contentHash = (dir: string): string => contentHashOf(readBuildFiles(dir));

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
  infoOf: (target: ReleaseTarget, version: string) => ReleaseInfo | null,
  manifest: Pick<ReleaseManifest, 'live'>,
  target: ReleaseTarget,
  version: string,
  contractsVersion: string,
  verb = 'publish',
): string | null {
  const others: ReleaseTarget[] = target === 'shell' ? [...REMOTE_NAMES] : ['shell'];
  const clashes = others.flatMap((other) => {
    const live = manifest.live[other];
    const info = live ? infoOf(other, live) : null;
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

export interface TargetStatus {
  target: ReleaseTarget;
  live: ReleaseInfo | null;
  /** The live version when its folder has no release.json (or is missing). */
  liveVersion: string | null;
  /** When the live version became live, and how. */
  liveSince: HistoryEntry | null;
  /** The other published versions, newest first. */
  earlier: ReleaseInfo[];
  /** Shoppers' vitals of the live version: rolling p75s (telemetry-store.ts). */
  vitals?: VitalsSummary;
}

/** Everything `pnpm release status` shows: per target its releases, then the history (oldest first). */
export interface RegistryStatus {
  targets: TargetStatus[];
  /** Running canaries, with what shells reported of each version since the canary began. */
  canaries: {
    target: ReleaseTarget;
    version: string;
    percent: number;
    /** Distinct clients that reported each side, and its error rate over clients (canary.ts, clientErrorRate). */
    canary: { pageLoads: number; failures: number; clients?: number; clientRate?: number };
    stable: { version: string | null; pageLoads: number; failures: number; clients?: number; clientRate?: number };
    /** Rolling p75s of the canary's and the stable version's vitals. */
    vitals?: { canary: VitalsSummary; stable: VitalsSummary };
  }[];
  history: HistoryEntry[];
  /** The releases that draw their part of the page on the server too (issue 16), as `target/version`. */
  drawing: ReadonlySet<string>;
  /** Where a remote's releases are served from when not by this server (`pnpm release origin`). */
  origins?: Partial<Record<RemoteName, string>>;
}

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/** The status as text: per target its live release, then up to `earlier` earlier ones; then the latest changes. */
export function formatStatus(status: RegistryStatus, options: { earlier?: number; changes?: number } = {}): string {
  const maxEarlier = options.earlier ?? 5;
  const lines: string[] = [];
  for (const s of status.targets) {
    // A release that draws its part of the page on the server too (issue 16) says so.
    const draws = (r: ReleaseInfo) => (status.drawing.has(`${s.target}/${r.version}`) ? '  draws on the server' : '');
    const row = (r: ReleaseInfo) => `${r.version}  published ${when(r.publishedAt)}  commit ${r.commit}  contracts ${r.contractsVersion}${draws(r)}`;
    lines.push(s.target);
    const canary = status.canaries.find((c) => c.target === s.target);
    const origin = isRemoteName(s.target) ? status.origins?.[s.target] : undefined;
    if (origin) lines.push(`  origin   ${origin}`);
    if (!s.liveVersion) lines.push('  live     (not published)');
    else if (!s.live) lines.push(`  live     ${s.liveVersion}  (not in the registry)`);
    else {
      const since = s.liveSince ? `  live since ${when(s.liveSince.at)} (${s.liveSince.action}${s.liveSince.forced ? ', forced' : ''})` : '';
      lines.push(`  live     ${row(s.live)}${since}`);
    }
    if (s.vitals && !canary && Object.values(s.vitals).some((v) => v.count > 0)) lines.push(`  vitals   ${formatVitals(s.vitals)}`);
    if (canary) {
      const rate = (h: { pageLoads: number; failures: number }) => `${h.pageLoads} page loads, error rate ${h.pageLoads ? ((h.failures / h.pageLoads) * 100).toFixed(1) : '0.0'}%`;
      lines.push(`  canary   ${canary.version}  for ${canary.percent}% of browsers: ${rate(canary.canary)}; stable ${canary.stable.version ?? '(none)'}: ${rate(canary.stable)}`);
      if (canary.vitals) lines.push(`  vitals   canary: ${formatVitals(canary.vitals.canary)}; stable: ${formatVitals(canary.vitals.stable)}`);
    }
    for (const r of s.earlier.slice(0, maxEarlier)) lines.push(`  earlier  ${row(r)}`);
    if (s.earlier.length > maxEarlier) lines.push(`  … ${s.earlier.length - maxEarlier} older (pnpm release status --all)`);
  }
  const history = status.history.slice(-(options.changes ?? 8)).reverse();
  if (history.length) {
    lines.push('', 'Latest changes');
    for (const h of history) {
      lines.push(
        `  ${when(h.at)}  ${h.action.padEnd(8)}  ${h.remote.padEnd(8)}  ${h.previous ?? '(none)'} → ${h.version}${h.forced ? '  (forced)' : ''}${h.reason ? `  (${h.reason})` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
