import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import type { ReleaseRegistry } from './registry';
import { isReleaseTarget, type ReleaseTarget } from './releases';

/**
 * POST /v1/telemetry/releases?business=…: what a shell saw of each remote version on one page load —
 * loaded, failed to load, or threw an uncaught error — sent with navigator.sendBeacon (never
 * blocking the page). Only remote names, versions and counts: no personal data. Rate-limited per
 * client address in each process. Feeds the canary's page loads and error rate (registry.report).
 */
export const TELEMETRY_PATH = '/v1/telemetry/releases';
const MAX_EVENTS = 20;
const PER_MINUTE = 30;

type Kind = 'loaded' | 'failed' | 'error';
const KINDS: readonly Kind[] = ['loaded', 'failed', 'error'];

/** The report's events counted per target and version; null when the body is not a report. */
export function readReport(body: unknown): { target: ReleaseTarget; version: string; pageLoads: number; failures: number }[] | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const events = (value as { events?: unknown })?.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS) return null;
  const counts = new Map<string, { target: ReleaseTarget; version: string; pageLoads: number; failures: number }>();
  for (const e of events as { remote?: unknown; version?: unknown; kind?: unknown }[]) {
    if (typeof e?.remote !== 'string' || !isReleaseTarget(e.remote) || typeof e.version !== 'string' || !/^[\w.+-]{1,64}$/.test(e.version) || !KINDS.includes(e.kind as Kind)) return null;
    const key = `${e.remote}/${e.version}`;
    const c = counts.get(key) ?? { target: e.remote, version: e.version, pageLoads: 0, failures: 0 };
    if (e.kind !== 'error') c.pageLoads++;
    if (e.kind !== 'loaded') c.failures++;
    counts.set(key, c);
  }
  return [...counts.values()];
}

export function telemetryRoutes(app: FastifyInstance, registry: ReleaseRegistry) {
  const seen = new Map<string, { since: number; count: number }>();
  app.post(TELEMETRY_PATH, { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const now = Date.now();
    if (seen.size > 10_000) seen.clear();
    const mine = seen.get(request.ip);
    if (!mine || now - mine.since > 60_000) seen.set(request.ip, { since: now, count: 1 });
    else if (++mine.count > PER_MINUTE) {
      reply.header('retry-after', String(Math.ceil((mine.since + 60_000 - now) / 1000)));
      throw new AppError(429, 'RATE_LIMITED', 'Too many reports from this address: try again in a minute.');
    }
    const counts = readReport(request.body);
    if (!counts) throw new AppError(400, 'BAD_REPORT', `A report is { events: [{ remote, version, kind: ${KINDS.join(' | ')} }] } with 1 to ${MAX_EVENTS} events.`);
    await registry.report(counts);
    return reply.status(204).send();
  });
}
