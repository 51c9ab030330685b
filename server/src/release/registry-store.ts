/**
 * The registry's tables (release_state, release_build, release_blob, release_file, release_live,
 * release_history): its stamp, live pointers, builds and history, read and written in one place — this
 * module is their one writer (issue 30, item 3), each write in the change's transaction.
 * Every change is one transaction that moves the stamp first (changeRegistry).
 */
import { sql, type Transaction } from 'kysely';
import { REMOTE_NAMES, type RemoteName } from '@adire/contracts';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { isReleaseTarget, SHARED_ASSETS, SHARED_LAYOUT_ENTRY, type BuildFile, type HistoryEntry, type ReleaseInfo, type ReleaseManifest, type ReleaseTarget } from './releases';

export type Trx = Transaction<Database>;

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

export const infoOfRow = (r: Database['release_build']): ReleaseInfo => ({
  remote: r.target as ReleaseTarget,
  version: r.version,
  commit: r.commit_ref,
  publishedAt: r.published_at,
  contractsVersion: r.contracts_version,
});

export const historyOfRow = (h: { at: string; action: string; target: string; version: string; previous: string | null; forced: number | boolean; reason: string | null }): HistoryEntry => ({
  at: h.at,
  action: h.action as HistoryEntry['action'],
  remote: h.target as ReleaseTarget,
  version: h.version,
  previous: h.previous,
  ...(Number(h.forced) ? { forced: true } : {}),
  ...(h.reason ? { reason: h.reason } : {}),
});

/** The change's first statement: it moves the stamp and takes the registry's write lock (one change at a time). */
export async function bumpStamp(trx: Trx): Promise<void> {
  await trx.updateTable('release_state').set({ version: sql`version + 1` }).where('id', '=', 'registry').execute();
}

export async function readLive(trx: Trx | Db['kysely']): Promise<Pick<ReleaseManifest, 'live' | 'origins' | 'canary'>> {
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
export async function liveInfos(trx: Trx, live: ReleaseManifest['live']): Promise<(target: ReleaseTarget, version: string) => ReleaseInfo | null> {
  const infos = new Map<string, ReleaseInfo>();
  for (const [target, version] of Object.entries(live)) {
    const row = await trx.selectFrom('release_build').selectAll().where('target', '=', target).where('version', '=', version!).executeTakeFirst();
    if (row) infos.set(`${target}/${version}`, infoOfRow(row));
  }
  return (target, version) => infos.get(`${target}/${version}`) ?? null;
}

/**
 * A build in the shared layout (registry-files.ts) serves its assets at one address for every version
 * of its remote, cached by browsers for good: an asset whose name another version of the remote holds
 * with other bytes would be served one or the other, so the build is refused. Its bundler names each
 * file by its content; a build whose files were changed after the bundler must rename them.
 */
export async function refuseRenamedAssets(trx: Trx, target: ReleaseTarget, files: readonly BuildFile[]): Promise<void> {
  if (!files.some((f) => f.path === SHARED_LAYOUT_ENTRY)) return;
  const assets = new Map(files.filter((f) => f.path.startsWith(`${SHARED_ASSETS}/`)).map((f) => [f.path, f.hash]));
  const paths = [...assets.keys()];
  for (let i = 0; i < paths.length; i += 400) {
    const rows = await trx.selectFrom('release_file').select(['path', 'hash', 'version']).where('target', '=', target).where('path', 'in', paths.slice(i, i + 400)).execute();
    const clash = rows.find((r) => r.hash !== assets.get(r.path));
    if (clash) throw new Error(`${target} ${clash.version} has ${clash.path} with other content: a changed file needs a new name (its content hash), or the browsers that cached it keep the old one`);
  }
}

/** Store a build's files (each distinct content once) and its record. */
export async function storeBuild(trx: Trx, info: ReleaseInfo, files: BuildFile[]): Promise<void> {
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
export async function makeLive(trx: Trx, target: ReleaseTarget, version: string, change: Omit<HistoryEntry, 'remote' | 'version' | 'previous'>, live: ReleaseManifest['live']): Promise<boolean> {
  const previous = live[target] ?? null;
  if (previous === version) return false;
  await trx
    .insertInto('release_live')
    .values({ target, version, origin: null })
    .onConflict((oc) => oc.column('target').doUpdateSet({ version }))
    .execute();
  await addHistory(trx, { at: change.at, action: change.action, target, version, previous, forced: change.forced ? 1 : 0, reason: change.reason ?? null });
  live[target] = version;
  return true;
}

/** A line of the history, as it is stored. */
export type HistoryRow = Omit<Database['release_history'], 'id'>;

/** Appends a line to the history. */
export async function addHistory(trx: Trx, row: HistoryRow): Promise<void> {
  await trx.insertInto('release_history').values(row).execute();
}

/** A target's live version and origin together (the import of a releases folder). */
export async function setLivePointer(trx: Trx, target: string, version: string | null, origin: string | null): Promise<void> {
  await trx
    .insertInto('release_live')
    .values({ target, version, origin })
    .onConflict((oc) => oc.column('target').doUpdateSet({ version, origin }))
    .execute();
}

/** A remote's origin (another server's …/releases, or null: this server), its live version kept. */
export async function setLiveOrigin(trx: Trx, target: string, origin: string | null): Promise<void> {
  await trx
    .insertInto('release_live')
    .values({ target, version: null, origin })
    .onConflict((oc) => oc.column('target').doUpdateSet({ origin }))
    .execute();
}

/** Every live pointer replaced by these, unchecked (drills only: forcePointers). */
export async function replaceLivePointers(trx: Trx, pointers: { target: string; version: string | null; origin: string | null }[]): Promise<void> {
  await trx.deleteFrom('release_live').execute();
  for (const row of pointers) await trx.insertInto('release_live').values(row).execute();
}

/** A target's canary: a version for a share of browsers, or none (null, null). */
export async function setCanaryPointer(trx: Trx, target: string, version: string | null, percent: number | null): Promise<void> {
  await trx.updateTable('release_live').set({ canary_version: version, canary_percent: percent }).where('target', '=', target).execute();
}

/** The releases folder this database was imported from (once). */
export async function markImported(trx: Trx, dir: string): Promise<void> {
  await trx.updateTable('release_state').set({ imported_from: dir }).where('id', '=', 'registry').execute();
}

/** One change of the registry: a transaction whose first statement moves the stamp (and takes the write lock). */
export function changeRegistry<T>(db: Db, run: (trx: Trx) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    await bumpStamp(trx);
    return run(trx);
  });
}
