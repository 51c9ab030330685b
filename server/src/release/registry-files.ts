/**
 * The registry's releases as folders in this instance's cache (RELEASES_DIR): unpacked from the
 * database on first use, each file checked against its SHA-256, placed whole (staging, then rename).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { infoOfRow } from './registry-store';
import { ENTRY_FILE, sha256, SHARED_ASSETS, SHARED_LAYOUT_ENTRY, type ReleaseInfo, type ReleaseTarget } from './releases';

/** Copy a folder into the cache under its final name at once (staging, then rename): readers never see half of it. */
export function placeFolder(folder: string, fill: (staging: string) => void): void {
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

/** Unpack one release from the registry into `folder`; null when the registry has no such release. */
export async function unpackRelease(db: Db, target: ReleaseTarget, version: string, folder: string): Promise<string | null> {
  const build = await db.kysely.selectFrom('release_build').selectAll().where('target', '=', target).where('version', '=', version).executeTakeFirst();
  if (!build) return null;
  const files = await db.kysely
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
  shareRelease(folder);
  return folder;
}

/** The newest version of `target` holding `file` (a page loaded before a publish asks its old chunks; a remote's shared asset). */
export async function versionWith(db: Db, target: ReleaseTarget, file: string): Promise<string | null> {
  const rows = await db.kysely
    .selectFrom('release_file')
    .innerJoin('release_build', (j) => j.onRef('release_build.target', '=', 'release_file.target').onRef('release_build.version', '=', 'release_file.version'))
    .select('release_file.version')
    .where('release_file.target', '=', target)
    .where('release_file.path', '=', file)
    .orderBy('release_build.published_at', 'desc')
    .limit(1)
    .execute();
  return rows[0]?.version ?? null;
}

/**
 * Make `file` of the release in `folder` servable where the shared layout asks for it, once: its
 * entry (`release/X`) at the folder's top, an asset (`assets/X`) in the target's shared assets
 * folder; each with its compressed copies. Linked (no copy) and placed whole (a temporary name, then
 * rename); nothing when it is there already or the release has no such file.
 */
export function shareReleaseFile(folder: string, file: { entry: string } | { asset: string }): void {
  const [from, to] = 'entry' in file
    ? [path.join(folder, 'release', file.entry), path.join(folder, file.entry)]
    : [path.join(folder, SHARED_ASSETS, file.asset), path.join(path.dirname(folder), SHARED_ASSETS, file.asset)];
  for (const ext of ['', '.br', '.gz']) {
    const source = from + ext;
    const target = to + ext;
    if (fs.existsSync(target) || !fs.existsSync(source)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.staging-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      fs.linkSync(source, temporary);
    } catch {
      fs.copyFileSync(source, temporary);
    }
    fs.renameSync(temporary, target);
  }
}

/** The publishing machine's cache gets a published build's folder at once (its release.json says what it is). */
export function placePublished(folder: string, distDir: string, info: ReleaseInfo): void {
  placeFolder(folder, (staging) => {
    fs.cpSync(distDir, staging, { recursive: true, filter: (src) => path.relative(distDir, src) !== 'release.json' });
    fs.writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
  });
  shareRelease(folder);
}

/**
 * A placed release in the shared layout, as its addresses ask for it: its entry at the top of its
 * folder, its assets in the remote's shared folder (each name once). So the cache folder is the whole
 * served tree, as a CDN copying it serves it too. (A file missing still is placed when asked for:
 * Registry.share.)
 */
function shareRelease(folder: string): void {
  if (!fs.existsSync(path.join(folder, SHARED_LAYOUT_ENTRY))) return;
  shareReleaseFile(folder, { entry: ENTRY_FILE });
  const assets = path.join(folder, SHARED_ASSETS);
  for (const e of fs.readdirSync(assets, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || /\.(br|gz)$/.test(e.name)) continue;
    shareReleaseFile(folder, { asset: path.relative(assets, path.join(e.parentPath, e.name)) });
  }
}
