/** Canaries in the registry: starting, promoting and aborting one, and the health shells report of it (release_health). */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { addHistory, makeLive, readLive, setCanaryPointer, type Trx } from './registry-store';
import { clientErrorRate } from './canary';
import { entryFilesOf, type ReleaseTarget } from './releases';

/** Serve a published version of a target to `percent`% of browsers beside the live one; what shells report is counted afresh. */
export async function startCanary(trx: Trx, target: ReleaseTarget, version: string, percent: number): Promise<void> {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new Error(`--percent must be a whole number from 1 to 99, got ${percent}`);
  const { live } = await readLive(trx);
  const stable = live[target];
  if (!stable) throw new Error(`${target} has no live version: publish one first`);
  if (stable === version) throw new Error(`${target} ${version} is already live for everyone`);
  const entry = await trx.selectFrom('release_file').select('path').where('target', '=', target).where('version', '=', version).where('path', 'in', entryFilesOf(target)).executeTakeFirst();
  if (!entry) throw new Error(`${target} has no published version '${version}' (store it first: pnpm release publish ${target} --store-only)`);
  await setCanaryPointer(trx, target, version, percent);
  await trx.deleteFrom('release_health').where('target', '=', target).execute();
  await trx.deleteFrom('release_health_client').where('target', '=', target).execute();
  // Its vitals too: a version canaried again (aborted once, started again after a fix elsewhere) is
  // judged by the page loads of this canary, not aborted at once by what its last one measured.
  await trx.deleteFrom('release_vitals').where('target', '=', target).where('version', '=', version).execute();
  await addHistory(trx, { at: new Date().toISOString(), action: 'canary', target, version, previous: stable, forced: 0, reason: `for ${percent}% of browsers` });
}

async function runningCanary(trx: Trx, target: ReleaseTarget) {
  const row = await trx.selectFrom('release_live').selectAll().where('target', '=', target).executeTakeFirst();
  if (!row?.canary_version) throw new Error(`${target} has no canary running`);
  return { stable: row.version, version: row.canary_version };
}

/** Make the running canary live for everyone. */
export async function promoteCanary(trx: Trx, target: ReleaseTarget): Promise<string> {
  const { version } = await runningCanary(trx, target);
  const { live } = await readLive(trx);
  await makeLive(trx, target, version, { at: new Date().toISOString(), action: 'promote' }, live);
  await setCanaryPointer(trx, target, null, null);
  return version;
}

/** Return every browser to the stable version; the history keeps why. */
export async function abortCanary(trx: Trx, target: ReleaseTarget, reason: string): Promise<string> {
  const { version, stable } = await runningCanary(trx, target);
  await setCanaryPointer(trx, target, null, null);
  await addHistory(trx, { at: new Date().toISOString(), action: 'abort', target, version, previous: stable, forced: 0, reason });
  return version;
}

export interface HealthCount {
  target: ReleaseTarget;
  version: string;
  pageLoads: number;
  failures: number;
  /** The client the page was served to (its token's keyed hash of the address). */
  client: string;
}

/** Add shells' counts to the health of the versions a canary compares, in total and per client (each one statement: every instance adds to the same rows). */
export async function addHealth(db: Db, counts: HealthCount[]): Promise<void> {
  for (const c of counts) {
    await db.kysely
      .insertInto('release_health')
      .values({ target: c.target, version: c.version, page_loads: c.pageLoads, failures: c.failures })
      .onConflict((oc) =>
        oc.columns(['target', 'version']).doUpdateSet({ page_loads: sql`release_health.page_loads + ${c.pageLoads}`, failures: sql`release_health.failures + ${c.failures}` }),
      )
      .execute();
    await db.kysely
      .insertInto('release_health_client')
      .values({ target: c.target, version: c.version, client: c.client, page_loads: c.pageLoads, failures: c.failures })
      .onConflict((oc) =>
        oc
          .columns(['target', 'version', 'client'])
          .doUpdateSet({ page_loads: sql`release_health_client.page_loads + ${c.pageLoads}`, failures: sql`release_health_client.failures + ${c.failures}` }),
      )
      .execute();
  }
}

/**
 * Page loads and failures counted for a canary and its stable version, with their distinct clients and
 * the error rate over clients (canary.ts, `clientErrorRate`).
 */
export async function healthOf(db: Db, target: ReleaseTarget, canaryVersion: string, stableVersion: string | null) {
  const rows = await db.kysely.selectFrom('release_health').selectAll().where('target', '=', target).execute();
  const versions = [canaryVersion, ...(stableVersion ? [stableVersion] : [])];
  const perClient = await db.kysely
    .selectFrom('release_health_client')
    .select(['version', 'page_loads', 'failures'])
    .where('target', '=', target)
    .where('version', 'in', versions)
    .execute();
  const of = (version: string | null) => {
    const row = rows.find((r) => r.version === version);
    const clients = perClient.filter((r) => r.version === version);
    return {
      pageLoads: Number(row?.page_loads ?? 0),
      failures: Number(row?.failures ?? 0),
      clients: clients.length,
      clientRate: clientErrorRate(clients.map((r) => ({ pageLoads: Number(r.page_loads), failures: Number(r.failures) }))),
    };
  };
  return { canary: of(canaryVersion), stable: { version: stableVersion, ...of(stableVersion) } };
}
