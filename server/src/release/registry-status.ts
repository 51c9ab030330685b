/** What `pnpm release status` shows: every target's live and earlier releases, the history, canaries and their vitals. */
import { SERVER_DRAW_FILE } from '@adire/contracts';
import type { Db } from '../db/database';
import { healthOf } from './registry-canary';
import { historyOfRow, infoOfRow, readLive } from './registry-store';
import { RELEASE_TARGETS, type RegistryStatus, type ReleaseTarget } from './releases';
import { emptyVitals, vitalsOf } from './telemetry-store';

export async function registryStatus(db: Db, now: number): Promise<RegistryStatus> {
  const k = db.kysely;
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
  for (const t of targets as RegistryStatus['targets']) if (t.liveVersion) t.vitals = (await vitalsOf(db, t.target, [t.liveVersion], now)).get(t.liveVersion);
  const canaries: RegistryStatus['canaries'] = [];
  for (const [target, canary] of Object.entries(canaryOf) as [ReleaseTarget, { version: string; percent: number }][]) {
    const stable = live[target] ?? null;
    const vitals = await vitalsOf(db, target, stable ? [canary.version, stable] : [canary.version], now);
    const both = { canary: vitals.get(canary.version)!, stable: (stable && vitals.get(stable)) || emptyVitals() };
    canaries.push({ target, version: canary.version, percent: canary.percent, ...(await healthOf(db, target, canary.version, stable)), vitals: both });
  }
  return { targets, history, drawing, canaries, origins };
}
