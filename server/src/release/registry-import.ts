/**
 * The upgrade from before the registry: a releases folder (releases/manifest.json and its release
 * folders) imported once per database — every release with its files, the live pointers, origins and
 * history — in one transaction. The manifest is then renamed manifest.imported.json (it is no longer
 * read). Returns how many releases were imported, or null when there was nothing to import.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@adire/contracts';
import type { Db } from '../db/database';
import { addHistory, changeRegistry, markImported, setLivePointer, storeBuild } from './registry-store';
import { isReleaseTarget, readBuildFiles, RELEASE_TARGETS, type BuildFile, type ReleaseInfo, type ReleaseManifest } from './releases';

export async function importReleasesFolder(db: Db, dir: string): Promise<number | null> {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const state = await db.kysely.selectFrom('release_state').selectAll().where('id', '=', 'registry').executeTakeFirst();
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
  const imported = await changeRegistry(db, async (trx) => {
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
      await addHistory(trx, { at: h.at, action: h.action, target: h.remote, version: h.version, previous: h.previous ?? null, forced: h.forced ? 1 : 0, reason: h.reason ?? null });
    }
    const targets = new Set([...Object.keys(legacy.live ?? {}), ...Object.keys(legacy.origins ?? {})].filter(isReleaseTarget));
    for (const target of targets) {
      const version = legacy.live?.[target] ?? null;
      const origin = legacy.origins?.[target as RemoteName] ?? null;
      await setLivePointer(trx, target, version, origin);
    }
    await markImported(trx, path.resolve(dir));
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
