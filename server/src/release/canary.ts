import { randomInt } from 'node:crypto';
import type { ReleaseManifest, ReleaseTarget } from './releases';

/**
 * Canary releases (issue 21), the pure rules: which browsers get a canary, and when one is aborted.
 * Each browser draws a bucket 0–99 once, kept in a cookie (sticky); a canary at p% is served to the
 * buckets below p, so moving the share up keeps everyone who had it.
 */

export const CANARY_COOKIE = 'adire_canary';
/** A canary is judged only after this many page loads of it (and of the stable version). */
export const CANARY_MIN_PAGE_LOADS = 50;
/** Aborted when its error rate exceeds the stable one's by more than this (0.05 = 5 points). */
export const CANARY_ERROR_MARGIN = 0.05;

export interface Canary {
  version: string;
  percent: number;
}

/** The browser's bucket from its cookie; null when it has none (or a bad one). */
export function bucketFromCookie(header: string | undefined): number | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CANARY_COOKIE && value && /^\d{1,2}$/.test(value)) return Number(value);
  }
  return null;
}

export const newBucket = (): number => randomInt(100);

export const bucketCookie = (bucket: number) => `${CANARY_COOKIE}=${bucket}; Path=/; Max-Age=31536000; SameSite=Lax`;

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
}

export const errorRate = (h: Health) => (h.pageLoads ? h.failures / h.pageLoads : 0);

/** Why a canary must be aborted (its error rate over the stable one's by more than the margin), or null. */
export function abortReason(canary: Health, stable: Health, rule = { minPageLoads: CANARY_MIN_PAGE_LOADS, margin: CANARY_ERROR_MARGIN }): string | null {
  if (canary.pageLoads < rule.minPageLoads) return null;
  const c = errorRate(canary);
  const s = errorRate(stable);
  if (c - s <= rule.margin) return null;
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  return `error rate ${pct(c)} over ${canary.pageLoads} page loads against the stable version's ${pct(s)} over ${stable.pageLoads} (more than ${Math.round(rule.margin * 100)} points worse)`;
}

/** How a canary is judged and how many page loads measure their vitals (CANARY_* and VITALS_SAMPLE_PERCENT). */
export interface CanaryConfig {
  /** Page loads of each side before a canary is judged, by errors or by a vital. */
  minPageLoads: number;
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

/** CANARY_MIN_PAGE_LOADS, CANARY_INP_MARGIN_MS, CANARY_LCP_MARGIN_MS, VITALS_SAMPLE_PERCENT. */
export function loadCanaryConfig(env: NodeJS.ProcessEnv): CanaryConfig {
  const d = DEFAULT_CANARY_CONFIG;
  return {
    minPageLoads: Math.round(numberIn(env, 'CANARY_MIN_PAGE_LOADS', d.minPageLoads, 1, 1_000_000)),
    errorMargin: d.errorMargin,
    inpMarginMs: numberIn(env, 'CANARY_INP_MARGIN_MS', d.inpMarginMs, 0, 60_000),
    lcpMarginMs: numberIn(env, 'CANARY_LCP_MARGIN_MS', d.lcpMarginMs, 0, 60_000),
    vitalsSamplePercent: numberIn(env, 'VITALS_SAMPLE_PERCENT', d.vitalsSamplePercent, 0, 100),
    reportsPerMinute: Math.round(numberIn(env, 'TELEMETRY_REPORTS_PER_MINUTE', d.reportsPerMinute, 1, 1_000_000)),
  };
}
