import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { ReleaseManifest, ReleaseTarget } from './releases';

/**
 * Canary releases (issue 21), the pure rules: which browsers get a canary, and when one is aborted.
 * Each browser is given a bucket 0–99 once, kept in a cookie (sticky); a canary at p% is served to the
 * buckets below p, so moving the share up keeps everyone who had it. The server draws the bucket and
 * signs it (issue 38, item 3): a cookie whose signature does not hold is not a bucket, so a client cannot
 * choose to run the canary (its page token then names the bucket the server chose).
 */

export const CANARY_COOKIE = 'adire_canary';
/** A canary is judged only after this many page loads of it (and of the stable version). */
export const CANARY_MIN_PAGE_LOADS = 50;
/** …and only after this many distinct clients (addresses) reported on each side (CANARY_MIN_CLIENTS). */
export const CANARY_MIN_CLIENTS = 20;
/** Aborted when its error rate exceeds the stable one's by more than this (0.05 = 5 points). */
export const CANARY_ERROR_MARGIN = 0.05;

export interface Canary {
  version: string;
  percent: number;
}

const bucketMac = (secret: string, bucket: number) => createHmac('sha256', secret).update(`canary-bucket:${bucket}`).digest('base64url').slice(0, 22);

/** The cookie's value for a bucket: the bucket and its signature (`7.<mac>`). */
export const signedBucket = (secret: string, bucket: number) => `${bucket}.${bucketMac(secret, bucket)}`;

/** The browser's bucket from its cookie; null when it has none, a bad one or one the store did not sign. */
export function bucketFromCookie(header: string | undefined, secret: string): number | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== CANARY_COOKIE || !value) continue;
    const match = /^(\d{1,2})\.([\w-]{22})$/.exec(value);
    if (!match) return null;
    const bucket = Number(match[1]);
    const expected = Buffer.from(bucketMac(secret, bucket));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? bucket : null;
  }
  return null;
}

export const newBucket = (): number => randomInt(100);

export const bucketCookie = (bucket: number, secret: string) => `${CANARY_COOKIE}=${signedBucket(secret, bucket)}; Path=/; Max-Age=31536000; SameSite=Lax`;

/** Whether a bucket gets the canary. */
export const inCanary = (bucket: number, canary: Canary) => bucket < canary.percent;

/** The manifest one browser is served: each canary's version in place of the live one when its bucket is in. */
export function manifestForBucket(manifest: ReleaseManifest, bucket: number): ReleaseManifest {
  const canaries = Object.entries(manifest.canary ?? {}) as [ReleaseTarget, Canary][];
  const mine = canaries.filter(([, canary]) => inCanary(bucket, canary));
  if (!mine.length) return manifest;
  const live = { ...manifest.live };
  for (const [target, canary] of mine) live[target] = canary.version;
  return { ...manifest, live, servingCanary: mine.map(([target]) => target) };
}

export interface Health {
  pageLoads: number;
  failures: number;
  /**
   * Distinct clients (addresses) that reported, and their error rate (`clientErrorRate`): each client
   * weighs the same however many page loads it sends (issue 38, item 3). Without them the rate is
   * failures/pageLoads.
   */
  clients?: number;
  clientRate?: number;
}

/** The share of a side's clients with the worst error rates left out of its rate (an attacker's few addresses). */
export const CANARY_TRIMMED_CLIENTS = 0.1;

/**
 * A side's error rate over its clients: each client's own rate (failures over page loads, at most 1),
 * the worst tenth of clients left out, the rest averaged. A canary that fails for everyone is still
 * 100%; one address scripting failures is left out; it takes more than a tenth of the clients, all
 * lying, to move the rate (issue 38, item 3).
 */
export function clientErrorRate(clients: readonly { pageLoads: number; failures: number }[]): number {
  if (!clients.length) return 0;
  const rates = clients.map((c) => Math.min(1, c.failures / Math.max(1, c.pageLoads))).sort((a, b) => a - b);
  const kept = rates.slice(0, rates.length - Math.floor(rates.length * CANARY_TRIMMED_CLIENTS));
  return kept.reduce((sum, r) => sum + r, 0) / kept.length;
}

export const errorRate = (h: Health) => h.clientRate ?? (h.pageLoads ? h.failures / h.pageLoads : 0);

/**
 * Why a canary must be aborted (its error rate over the stable one's by more than the margin), or null.
 * Judged only past the minimum page loads and, where clients are counted, the minimum distinct clients
 * on each side.
 */
export function abortReason(
  canary: Health,
  stable: Health,
  rule: { minPageLoads: number; margin: number; minClients?: number } = { minPageLoads: CANARY_MIN_PAGE_LOADS, margin: CANARY_ERROR_MARGIN },
): string | null {
  if (canary.pageLoads < rule.minPageLoads) return null;
  const minClients = rule.minClients ?? 0;
  if (minClients > 0 && ((canary.clients ?? 0) < minClients || (stable.clients ?? 0) < minClients)) return null;
  const c = errorRate(canary);
  const s = errorRate(stable);
  if (c - s <= rule.margin) return null;
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const clients = (h: Health) => (h.clients !== undefined ? ` page loads from ${h.clients} client${h.clients === 1 ? '' : 's'}` : '');
  return `error rate ${pct(c)} over ${canary.pageLoads} page loads${clients(canary).replace(' page loads', '')} against the stable version's ${pct(s)} over ${stable.pageLoads}${clients(stable)} (more than ${Math.round(rule.margin * 100)} points worse)`;
}

/** How a canary is judged and how many page loads measure their vitals (CANARY_* and VITALS_SAMPLE_PERCENT). */
export interface CanaryConfig {
  /** Page loads of each side before a canary is judged, by errors or by a vital. */
  minPageLoads: number;
  /** Distinct clients (addresses, counted in the database across instances) on each side before it is judged. */
  minClients: number;
  errorMargin: number;
  /** A canary whose p75 INP (LCP) is worse than the stable version's by more than this is aborted. */
  inpMarginMs: number;
  lcpMarginMs: number;
  /** Share of the page loads not running a canary that measure their vitals (those running one always do). */
  vitalsSamplePercent: number;
  /** Telemetry reports one address may send each instance a minute (TELEMETRY_REPORTS_PER_MINUTE). */
  reportsPerMinute: number;
}

export const DEFAULT_CANARY_CONFIG: CanaryConfig = {
  minPageLoads: CANARY_MIN_PAGE_LOADS,
  minClients: CANARY_MIN_CLIENTS,
  errorMargin: CANARY_ERROR_MARGIN,
  inpMarginMs: 100,
  lcpMarginMs: 500,
  vitalsSamplePercent: 10,
  reportsPerMinute: 30,
};

function numberIn(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be a number from ${min} to ${max}, got '${raw}'`);
  return n;
}

/** CANARY_MIN_PAGE_LOADS, CANARY_MIN_CLIENTS, CANARY_INP_MARGIN_MS, CANARY_LCP_MARGIN_MS, VITALS_SAMPLE_PERCENT. */
export function loadCanaryConfig(env: NodeJS.ProcessEnv): CanaryConfig {
  const d = DEFAULT_CANARY_CONFIG;
  return {
    minPageLoads: Math.round(numberIn(env, 'CANARY_MIN_PAGE_LOADS', d.minPageLoads, 1, 1_000_000)),
    minClients: Math.round(numberIn(env, 'CANARY_MIN_CLIENTS', d.minClients, 1, 1_000_000)),
    errorMargin: d.errorMargin,
    inpMarginMs: numberIn(env, 'CANARY_INP_MARGIN_MS', d.inpMarginMs, 0, 60_000),
    lcpMarginMs: numberIn(env, 'CANARY_LCP_MARGIN_MS', d.lcpMarginMs, 0, 60_000),
    vitalsSamplePercent: numberIn(env, 'VITALS_SAMPLE_PERCENT', d.vitalsSamplePercent, 0, 100),
    reportsPerMinute: Math.round(numberIn(env, 'TELEMETRY_REPORTS_PER_MINUTE', d.reportsPerMinute, 1, 1_000_000)),
  };
}
