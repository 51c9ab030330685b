import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { DEFAULT_CANARY_CONFIG, type CanaryConfig } from './canary';
import { clientKey, issuePageToken, pageTimingEntry, sampledPage, verifyPageToken, type PageToken } from './page-token';
import type { HealthCount } from './registry-canary';
import type { ReleaseRegistry } from './registry';
import { isReleaseTarget, type ReleaseManifest, type ReleaseTarget } from './releases';
import { claimSlot, pageSecret, pruneTelemetry, recordVitals, vitalsOf } from './telemetry-store';
import { readVitals, vitalsAbortReason, type VitalsSample } from './vitals';

/**
 * POST /v1/telemetry/releases?business=…: what a shell saw on one page load, sent with
 * navigator.sendBeacon (never blocking the page) — how each remote version fared (loaded, failed to
 * load, threw an uncaught error) while a canary runs, and the page's vitals (LCP, INP, CLS) when the
 * page was sampled. Only names, versions, outcomes and timings: no personal data.
 *
 * A report counts only with the token of a page this store served (page-token.ts): signed, unexpired,
 * naming the very versions reported on, and each kind of report once per page load (a replay is
 * refused). Tokenless, forged, expired, replayed reports and reports on a version the page did not run
 * are refused and count for nothing. Also rate-limited per client address in each process.
 */
export const TELEMETRY_PATH = '/v1/telemetry/releases';
const MAX_EVENTS = 20;
/** Expired claims and old vitals are deleted once every this many reports. */
const PRUNE_EVERY = 100;

type Kind = 'loaded' | 'failed' | 'error';
const KINDS: readonly Kind[] = ['loaded', 'failed', 'error'];
const VERSION = /^[\w.+-]{1,64}$/;

export interface ReleaseEvent {
  target: ReleaseTarget;
  version: string;
  kind: Kind;
}

export interface Report {
  token: unknown;
  events: ReleaseEvent[];
  vitals: VitalsSample | null;
  /** The releases the page ran, which its vitals are counted for. */
  ran: { target: ReleaseTarget; version: string }[];
}

function parseBody(body: unknown): Record<string, unknown> | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function readEvents(value: unknown): ReleaseEvent[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_EVENTS) return null;
  const events: ReleaseEvent[] = [];
  for (const e of value as { remote?: unknown; version?: unknown; kind?: unknown }[]) {
    if (typeof e?.remote !== 'string' || !isReleaseTarget(e.remote) || typeof e.version !== 'string' || !VERSION.test(e.version) || !KINDS.includes(e.kind as Kind)) return null;
    events.push({ target: e.remote, version: e.version, kind: e.kind as Kind });
  }
  return events;
}

function readRan(value: unknown): Report['ran'] | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const ran: Report['ran'] = [];
  for (const [target, version] of Object.entries(value)) {
    if (!isReleaseTarget(target) || typeof version !== 'string' || !VERSION.test(version)) return null;
    ran.push({ target, version });
  }
  return ran.length ? ran : null;
}

/** A report's parts, checked for shape only (the token is checked by `receive`); null when the body is not a report. */
export function readReport(body: unknown): Report | null {
  const value = parseBody(body);
  if (!value) return null;
  const events = readEvents(value.events);
  const vitals = value.vitals === undefined ? null : readVitals(value.vitals);
  if (!events || (value.vitals !== undefined && !vitals) || (!events.length && !vitals)) return null;
  const ran = vitals ? readRan(value.ran) : [];
  if (!ran) return null;
  return { token: value.token, events, vitals, ran };
}

/**
 * What one page load's events can count per target and version: one page load (any outcome) and at most
 * one failure (failed to load, or threw), however many events it sends (issue 38, item 3: a `failed`
 * and an `error` of one load were two failures, an error rate of 198%).
 */
export function countEvents(events: readonly ReleaseEvent[]): { target: ReleaseTarget; version: string; pageLoads: number; failures: number }[] {
  const counts = new Map<string, { target: ReleaseTarget; version: string; pageLoads: number; failures: number }>();
  for (const e of events) {
    const key = `${e.target}/${e.version}`;
    const c = counts.get(key) ?? { target: e.target, version: e.version, pageLoads: 1, failures: 0 };
    if (e.kind !== 'loaded') c.failures = 1;
    counts.set(key, c);
  }
  return [...counts.values()];
}

/** Why a report names a version its page did not run, or null. */
export function notServed(token: PageToken, report: Report): string | null {
  for (const { target, version } of [...report.events, ...report.ran]) {
    if (token.v[target] !== version) return `This page was not served ${target} ${version}: a report is taken only for the versions its page ran.`;
  }
  return null;
}

export interface ReceiveResult {
  counted: { events: number; vitals: boolean };
  aborted: { target: ReleaseTarget; reason: string }[];
}

/** The telemetry of a store: tokens for the pages it serves, and the reports that come back with them. */
export class PageTelemetry {
  private reports = 0;

  constructor(
    private readonly db: Db,
    private readonly registry: ReleaseRegistry,
    readonly config: CanaryConfig = DEFAULT_CANARY_CONFIG,
  ) {}

  /** Makes (first instance) or reads the secret pages are signed with. */
  async ready(): Promise<void> {
    await pageSecret(this.db);
  }

  /** The secret page tokens and canary buckets are signed with (the same on every instance). */
  secret(): Promise<string> {
    return pageSecret(this.db);
  }

  /** The Server-Timing entry carrying a new token for a page served with this manifest, to the client at `address`. */
  async pageTiming(manifest: ReleaseManifest, bucket: number | null, address: string, now: number, draw?: () => number): Promise<string> {
    const sampled = sampledPage(this.config.vitalsSamplePercent, !!manifest.servingCanary?.length, draw);
    const secret = await pageSecret(this.db);
    return pageTimingEntry(issuePageToken(secret, { versions: manifest.live, bucket, client: clientKey(secret, address), sampled, now }));
  }

  /** Check a report against its token and count what it may count; throws an AppError when it counts for nothing. */
  async receive(body: unknown, now: number): Promise<ReceiveResult> {
    const report = readReport(body);
    if (!report) throw new AppError(400, 'BAD_REPORT', `A report is { token, events?: [{ remote, version, kind: ${KINDS.join(' | ')} }] (up to ${MAX_EVENTS}), vitals?: { lcp?, inp?, cls? }, ran: { <target>: <version> } }.`);
    const check = verifyPageToken(await pageSecret(this.db), report.token, now);
    if (!check.ok) throw new AppError(403, check.code, check.message);
    const { token } = check;
    const wrong = notServed(token, report);
    if (wrong) throw new AppError(403, 'NOT_SERVED', wrong);
    if (report.vitals && token.s !== 1) throw new AppError(403, 'NOT_SAMPLED', 'This page load was not asked to measure its vitals.');
    if (++this.reports % PRUNE_EVERY === 0) await pruneTelemetry(this.db, now);
    const events = await this.claimEvents(token, report.events);
    const vitals = report.vitals ? await claimSlot(this.db, token.n, 'vitals', token.e) : false;
    if (!events.length && !vitals) throw new AppError(409, 'REPLAYED', 'This page load has reported this already.');
    const aborted = events.length ? (await this.registry.report(events, this.config)).aborted : [];
    if (vitals) {
      await recordVitals(this.db, report.ran, report.vitals!, now);
      aborted.push(...(await this.judgeVitals(report.ran.map((r) => r.target), now)));
    }
    return { counted: { events: events.reduce((n, c) => n + c.pageLoads + c.failures, 0), vitals }, aborted };
  }

  /**
   * What this report adds to its page load's counts: each target's page load and its one failure are
   * each claimed once per page load (slots `load:<target>` and `fail:<target>`), whichever report
   * and instance brings them first.
   */
  private async claimEvents(token: PageToken, events: readonly ReleaseEvent[]): Promise<HealthCount[]> {
    const claimed: HealthCount[] = [];
    for (const c of countEvents(events)) {
      const pageLoads = (await claimSlot(this.db, token.n, `load:${c.target}`, token.e)) ? 1 : 0;
      const failures = c.failures && (await claimSlot(this.db, token.n, `fail:${c.target}`, token.e)) ? 1 : 0;
      if (pageLoads || failures) claimed.push({ ...c, pageLoads, failures, client: token.c || token.n });
    }
    return claimed;
  }

  /** Abort each running canary of these targets whose p75 INP or LCP is too far behind the stable version's. */
  async judgeVitals(targets: readonly ReleaseTarget[], now: number): Promise<{ target: ReleaseTarget; reason: string }[]> {
    const manifest = await this.registry.served();
    const aborted: { target: ReleaseTarget; reason: string }[] = [];
    for (const target of new Set(targets)) {
      const canary = manifest.canary?.[target];
      const stable = manifest.live[target];
      if (!canary || !stable) continue;
      // Judged over many distinct clients, as errors are: one address's page loads are not a verdict.
      const health = await this.registry.health(target, canary.version, stable);
      if (health.canary.clients < this.config.minClients || health.stable.clients < this.config.minClients) continue;
      const vitals = await vitalsOf(this.db, target, [canary.version, stable], now);
      const reason = vitalsAbortReason(vitals.get(canary.version)!, vitals.get(stable)!, this.config);
      if (!reason) continue;
      try {
        await this.registry.abort(target, `automatic: ${reason}`);
        aborted.push({ target, reason });
      } catch {
        // aborted, promoted or replaced meanwhile (another instance, a person)
      }
    }
    return aborted;
  }
}

export function telemetryRoutes(app: FastifyInstance, telemetry: PageTelemetry, clock: () => number = Date.now) {
  const seen = new Map<string, { since: number; count: number }>();
  app.post(TELEMETRY_PATH, { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const now = clock();
    if (seen.size > 10_000) seen.clear();
    const mine = seen.get(request.ip);
    if (!mine || now - mine.since > 60_000) seen.set(request.ip, { since: now, count: 1 });
    else if (++mine.count > telemetry.config.reportsPerMinute) {
      reply.header('retry-after', String(Math.ceil((mine.since + 60_000 - now) / 1000)));
      throw new AppError(429, 'RATE_LIMITED', 'Too many reports from this address: try again in a minute.');
    }
    await telemetry.receive(request.body, now);
    return reply.status(204).send();
  });
}
