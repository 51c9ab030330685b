/**
 * Shoppers' vitals per release (issue 31 item 3), the pure part: the histogram each remote version's
 * samples are counted in, its p75, and when a canary is slower than the stable version by too much.
 *
 * A sample is kept as a count in a logarithmic bucket (each 10% wider than the one below), so a
 * version's store is a few dozen rows per vital whatever the traffic, every instance adds to the same
 * rows, and the p75 read back is within 5% of the exact one (the bucket's geometric middle).
 * LCP and INP are in milliseconds; CLS is counted in thousandths.
 */

export const VITALS = ['lcp', 'inp', 'cls'] as const;
export type Vital = (typeof VITALS)[number];
export type VitalsSample = Partial<Record<Vital, number>>;

const GROWTH = 1.1;
/** Largest value counted (two minutes; a CLS of 100): anything above is counted as this. */
const MAX_VALUE = 120_000;
const LOG_GROWTH = Math.log(GROWTH);

/** The unit a vital is counted in: milliseconds, or thousandths of a CLS. */
export const countedValue = (vital: Vital, value: number) => (vital === 'cls' ? value * 1000 : value);
export const shownValue = (vital: Vital, counted: number) => (vital === 'cls' ? counted / 1000 : counted);

/** The bucket a value is counted in: 0 below 1, then b covers [1.1^(b-1), 1.1^b). */
export function bucketOf(value: number): number {
  const v = Math.min(Math.max(value, 0), MAX_VALUE);
  return v < 1 ? 0 : 1 + Math.floor(Math.log(v) / LOG_GROWTH);
}

/** What a bucket stands for: its geometric middle (0 for the bucket below 1). */
export const valueOfBucket = (bucket: number) => (bucket <= 0 ? 0 : GROWTH ** (bucket - 0.5));

/** The 75th percentile by nearest rank (the value 75% of samples are at or below), from the samples themselves. */
export function exactP75(samples: readonly number[]): number | null {
  if (!samples.length) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

export interface Summary {
  /** Samples counted (one per page load that measured this vital). */
  count: number;
  p75: number | null;
}

/** The p75 of a histogram (bucket → count), by the same nearest rank as exactP75. */
export function p75OfHistogram(histogram: ReadonlyMap<number, number>): Summary {
  const buckets = [...histogram.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const count = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (!count) return { count: 0, p75: null };
  const rank = Math.ceil(0.75 * count);
  let seen = 0;
  for (const [bucket, n] of buckets) {
    seen += n;
    if (seen >= rank) return { count, p75: valueOfBucket(bucket) };
  }
  return { count, p75: valueOfBucket(buckets.at(-1)![0]) };
}

/** A report's vitals, each a finite number in range; null when anything else was sent. */
export function readVitals(value: unknown): VitalsSample | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: VitalsSample = {};
  for (const [name, v] of Object.entries(value)) {
    if (!(VITALS as readonly string[]).includes(name)) return null;
    const max = name === 'cls' ? 100 : MAX_VALUE;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) return null;
    out[name as Vital] = v;
  }
  return Object.keys(out).length ? out : null;
}

export type VitalsSummary = Record<Vital, Summary>;

export interface VitalsRule {
  /** Both the canary and the stable version need this many samples of a vital before it is compared. */
  minPageLoads: number;
  inpMarginMs: number;
  lcpMarginMs: number;
}

const LABEL: Record<Vital, string> = { lcp: 'LCP', inp: 'INP', cls: 'CLS' };

/** A vital's p75 as people read it: whole milliseconds, or a CLS with three decimals. */
export function formatVital(vital: Vital, p75: number | null): string {
  if (p75 === null) return '–';
  return vital === 'cls' ? shownValue(vital, p75).toFixed(3) : `${Math.round(p75)} ms`;
}

/** Why a canary must be aborted for its vitals (INP, then LCP), or null. */
export function vitalsAbortReason(canary: VitalsSummary, stable: VitalsSummary, rule: VitalsRule): string | null {
  for (const [vital, margin] of [['inp', rule.inpMarginMs], ['lcp', rule.lcpMarginMs]] as const) {
    const c = canary[vital];
    const s = stable[vital];
    if (c.p75 === null || s.p75 === null || c.count < rule.minPageLoads || s.count < rule.minPageLoads) continue;
    if (c.p75 - s.p75 <= margin) continue;
    return `${LABEL[vital]} p75 ${formatVital(vital, c.p75)} vs ${formatVital(vital, s.p75)} stable over ${c.count} page loads (stable over ${s.count}; more than ${margin} ms worse)`;
  }
  return null;
}

/** One line of p75s, e.g. "LCP p75 1200 ms, INP p75 96 ms, CLS p75 0.010 (40 / 38 / 40 page loads)". */
export function formatVitals(summary: VitalsSummary): string {
  if (VITALS.every((v) => summary[v].count === 0)) return 'no vitals yet';
  const parts = VITALS.map((v) => `${LABEL[v]} p75 ${formatVital(v, summary[v].p75)}`);
  return `${parts.join(', ')} (${VITALS.map((v) => summary[v].count).join(' / ')} page loads)`;
}
