import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ReleaseTarget } from './releases';
import { bucketOf, countedValue, p75OfHistogram, VITALS, type Vital, type VitalsSample, type VitalsSummary } from './vitals';

/**
 * What the telemetry endpoint keeps, in the database every instance uses: the page tokens' secret,
 * the reports each page load has made (so a replay is refused), and the vitals histograms per remote
 * version. Every table is bounded: claims are deleted once their token has expired, vitals once their
 * hour has left the rolling window.
 */

/** Hours of vitals a version's p75 is taken over (and kept for). */
export const VITALS_WINDOW_HOURS = 24;
export const hourOf = (now: number) => Math.floor(now / 3_600_000);

const secrets = new WeakMap<Db, Promise<string>>();

/** The secret page tokens are signed with: made once per database (the first instance to need it), then read by all. */
export function pageSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      // Read first: once the secret exists, a page never waits for the database's write lock (another
      // process may hold SQLite's for seconds); only the very first instance writes it.
      const read = () => db.kysely.selectFrom('release_secret').select('secret').where('id', '=', 'page-token').executeTakeFirst();
      const kept = await read();
      if (kept) return kept.secret;
      await db.kysely
        .insertInto('release_secret')
        .values({ id: 'page-token', secret: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return (await read())!.secret;
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/**
 * Claim one kind of report (a slot, e.g. `load:cart`) for one page load: true the first time, false
 * for a replay. Kept until the token expires (after that the token itself is refused).
 */
export async function claimSlot(db: Db, nonce: string, slot: string, expiresAt: number): Promise<boolean> {
  const result = await db.kysely
    .insertInto('release_page_claim')
    .values({ nonce, slot, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['nonce', 'slot']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Forget the claims of expired tokens, and the vitals of hours gone from the window. */
export async function pruneTelemetry(db: Db, now: number): Promise<void> {
  await db.kysely.deleteFrom('release_page_claim').where('expires_at', '<=', now).execute();
  await db.kysely.deleteFrom('release_vitals').where('hour', '<=', hourOf(now) - VITALS_WINDOW_HOURS).execute();
}

/** Count one page load's vitals for each release it ran (one statement: every instance adds to the same rows). */
export async function recordVitals(db: Db, ran: readonly { target: ReleaseTarget; version: string }[], sample: VitalsSample, now: number): Promise<void> {
  const hour = hourOf(now);
  const rows = ran.flatMap(({ target, version }) =>
    VITALS.filter((v) => sample[v] !== undefined).map((metric) => ({ target, version, metric, hour, bucket: bucketOf(countedValue(metric, sample[metric]!)), count: 1 })),
  );
  if (!rows.length) return;
  await db.kysely
    .insertInto('release_vitals')
    .values(rows)
    .onConflict((oc) => oc.columns(['target', 'version', 'metric', 'hour', 'bucket']).doUpdateSet({ count: sql`release_vitals.count + 1` }))
    .execute();
}

export const emptyVitals = (): VitalsSummary => ({ lcp: { count: 0, p75: null }, inp: { count: 0, p75: null }, cls: { count: 0, p75: null } });

/** The rolling p75 of each vital for each of the given versions of a target (over the last VITALS_WINDOW_HOURS). */
export async function vitalsOf(db: Db, target: ReleaseTarget, versions: readonly string[], now: number): Promise<Map<string, VitalsSummary>> {
  const out = new Map<string, VitalsSummary>(versions.map((v) => [v, emptyVitals()]));
  if (!versions.length) return out;
  const rows = await db.kysely
    .selectFrom('release_vitals')
    .select(['version', 'metric', 'bucket', (eb) => eb.fn.sum<number | string>('count').as('n')])
    .where('target', '=', target)
    .where('version', 'in', [...versions])
    .where('hour', '>', hourOf(now) - VITALS_WINDOW_HOURS)
    .groupBy(['version', 'metric', 'bucket'])
    .execute();
  const histograms = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const key = `${r.version}\n${r.metric}`;
    const h = histograms.get(key) ?? new Map<number, number>();
    h.set(Number(r.bucket), Number(r.n));
    histograms.set(key, h);
  }
  for (const version of versions) {
    const summary = out.get(version)!;
    for (const vital of VITALS) summary[vital as Vital] = p75OfHistogram(histograms.get(`${version}\n${vital}`) ?? new Map());
  }
  return out;
}
