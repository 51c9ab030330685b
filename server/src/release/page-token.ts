import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isReleaseTarget, type ReleaseTarget } from './releases';

/**
 * The page token (issue 32 item 2, issue 31 item 3): what lets the telemetry endpoint tell a report from
 * a page this store served from anything else. Each page response carries one, signed with a secret
 * every instance reads from the database (HMAC-SHA256), naming:
 *   n  a nonce: this page load (each kind of report it makes is counted once, see telemetry-store.ts)
 *   e  when it expires (ms since the epoch; PAGE_TOKEN_TTL_MS after the page was served)
 *   b  the browser's canary bucket, when it has one (drawn and signed by the server: canary.ts)
 *   c  the client the page was served to: a keyed hash of its address, never the address (a canary is
 *      judged over distinct clients, issue 38 item 3)
 *   s  whether this page load measures its vitals (sampled on the server)
 *   v  the exact version of each release target the page's manifest served
 * It travels in the page response's Server-Timing header (`adire-page;desc="<token>"`), read by the
 * shell from the navigation's timing entry: it is never part of the drawn body the page cache keeps and
 * shares between shoppers, and each response gets its own (a page revalidated with a 304 too).
 */

export const PAGE_TOKEN_TTL_MS = 30 * 60_000;
export const PAGE_TIMING_NAME = 'adire-page';

export interface PageToken {
  n: string;
  e: number;
  b: number | null;
  c: string;
  s: 0 | 1;
  v: Partial<Record<ReleaseTarget, string>>;
}

export type TokenCheck = { ok: true; token: PageToken } | { ok: false; code: 'BAD_TOKEN' | 'TOKEN_EXPIRED'; message: string };

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** A new token for one page response. */
export function issuePageToken(
  secret: string,
  page: { versions: Partial<Record<ReleaseTarget, string>>; bucket: number | null; client?: string; sampled: boolean; now: number },
  ttlMs = PAGE_TOKEN_TTL_MS,
): string {
  const token: PageToken = { n: randomBytes(16).toString('base64url'), e: page.now + ttlMs, b: page.bucket, c: page.client ?? '', s: page.sampled ? 1 : 0, v: page.versions };
  const payload = Buffer.from(JSON.stringify(token)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

function shapeOf(value: unknown): PageToken | null {
  const t = value as Partial<PageToken> | null;
  if (!t || typeof t !== 'object' || typeof t.n !== 'string' || !/^[\w-]{16,32}$/.test(t.n)) return null;
  if (typeof t.e !== 'number' || !Number.isFinite(t.e) || (t.b !== null && typeof t.b !== 'number') || typeof t.c !== 'string' || t.c.length > 64 || (t.s !== 0 && t.s !== 1)) return null;
  if (!t.v || typeof t.v !== 'object') return null;
  for (const [target, version] of Object.entries(t.v)) if (!isReleaseTarget(target) || typeof version !== 'string') return null;
  return t as PageToken;
}

/** The token's contents when its signature holds and it has not expired at `now`. */
export function verifyPageToken(secret: string, token: unknown, now: number): TokenCheck {
  const bad = (message: string): TokenCheck => ({ ok: false, code: 'BAD_TOKEN', message });
  if (typeof token !== 'string' || token.length > 2048) return bad('A report needs the token of the page it comes from.');
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return bad('The page token is not one this store wrote.');
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return bad('The page token is not one this store wrote.');
  let parsed: PageToken | null = null;
  try {
    parsed = shapeOf(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    parsed = null;
  }
  if (!parsed) return bad('The page token is not one this store wrote.');
  if (parsed.e <= now) return { ok: false, code: 'TOKEN_EXPIRED', message: 'The page token has expired: reports are taken for 30 minutes after the page was served.' };
  return { ok: true, token: parsed };
}

/** The Server-Timing entry that carries a token (base64url and '.' need no quoting rules beyond the quotes). */
export const pageTimingEntry = (token: string) => `${PAGE_TIMING_NAME};desc="${token}"`;

/** The client a page is served to, as its token names it: a keyed hash of the address (no address is kept). */
export const clientKey = (secret: string, address: string) => mac(secret, `client:${address}`).slice(0, 16);

/** Whether a page load measures its vitals: every page running a canary, the others at `percent`%. */
export const sampledPage = (percent: number, runsCanary: boolean, draw: () => number = Math.random) => runsCanary || draw() * 100 < percent;
