import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteName } from '@adire/contracts';
import { BOOT_AFTER_PAINT_SCRIPT, EARLY_TAPS_SCRIPT, SHOPPER_CURRENCY_SCRIPT } from './page';
import { PRIVATE_CACHE_CONTROL } from './cache-control';

/**
 * Security headers and CORS for every response (issue 11):
 * - HTML pages get a Content-Security-Policy that allows only this origin plus the origins the remote
 *   manifest serves releases from (a CDN), and may not be framed; routes that render their own HTML
 *   (dev mailbox, payment sandbox) set a stricter policy of their own, which is kept;
 * - everything else gets `default-src 'none'` (nothing in a JSON or SVG answer may run or load);
 * - `nosniff`, `Referrer-Policy: no-referrer` (checkout URLs carry the order id, a capability),
 *   `X-Frame-Options: DENY` for browsers without frame-ancestors;
 * - HSTS only when the request came over HTTPS — directly, or through a proxy trusted by TRUST_PROXY;
 * - CORS: none by default (same-origin only); CORS_ORIGINS lists the other origins allowed to call.
 */

/** Fastify's `trustProxy`: false, true (any proxy), a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export const HSTS = 'max-age=31536000; includeSubDomains';
export const REFERRER_POLICY = 'no-referrer';
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** TRUST_PROXY: unset/''/'false'/'0' → off; 'true' → any; a number → that many hops; else addresses. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(entry)) {
      throw new Error(`TRUST_PROXY must be true, a hop count or proxy addresses/CIDRs, got '${entry}'`);
    }
  }
  return list;
}

/** Fastify's option: a hop count becomes the function Fastify would build for it (its types omit numbers). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** An origin as browsers send it: scheme://host[:port], nothing else. */
export function normaliseOrigin(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** CORS_ORIGINS: comma-separated origins (https://shop.example,https://admin.example); none by default. */
export function parseCorsOrigins(raw: string | undefined): string[] {
  const out: string[] = [];
  for (const entry of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const origin = normaliseOrigin(entry);
    if (!origin || origin !== entry.replace(/\/$/, '')) throw new Error(`CORS_ORIGINS must list origins like https://shop.example, got '${entry}'`);
    out.push(origin);
  }
  return out;
}

/** What security needs of a release manifest (release/releases.ts): the origins remote releases are served from. */
export interface ManifestOrigins {
  origins?: Partial<Record<RemoteName, string>>;
}

/** The origins the manifest serves remote releases from, besides this server. */
export function manifestOrigins(manifest: ManifestOrigins): string[] {
  const origins = Object.values(manifest.origins ?? {});
  return [...new Set(origins.map((o) => (typeof o === 'string' ? normaliseOrigin(o) : null)).filter((o): o is string => !!o))].sort();
}

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The inline scripts of a server-drawn page (page.ts): the shopper's currency, early taps kept, and the shell's start after the paint. */
const DRAWN_PAGE_SCRIPT_HASHES = `${scriptHash(SHOPPER_CURRENCY_SCRIPT)} ${scriptHash(EARLY_TAPS_SCRIPT)} ${scriptHash(BOOT_AFTER_PAINT_SCRIPT)}`;

/** The store's policy: 'self' plus the release origins for code, styles, images, fonts and fetches. */
export function storeContentSecurityPolicy(releaseOrigins: readonly string[]): string {
  const with_ = (...base: string[]) => [...base, ...releaseOrigins].join(' ');
  return [
    `default-src 'self'`,
    // Plus the inline scripts of a server-drawn page, by their hashes (page.ts).
    `script-src ${with_("'self'")} ${DRAWN_PAGE_SCRIPT_HASHES}`,
    // The remotes' CSS arrives as <link> files; React sets style properties through the CSSOM, which CSP allows.
    `style-src ${with_("'self'")}`,
    `img-src ${with_("'self'", 'data:')}`,
    `font-src ${with_("'self'", 'data:')}`,
    `connect-src ${with_("'self'")}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export interface SecurityOptions {
  /** The manifest a page was served with (the release registry's latest), for its release origins. */
  servedManifest: () => ManifestOrigins;
  /** Extra origins allowed to call the API from a browser; empty = same-origin only. */
  corsOrigins?: readonly string[];
  /** Development mode with remote overrides: pages may also load code from dev servers on this machine. */
  devOverrides?: boolean;
}

/** Where a development override may point (the shell accepts only these hosts, any port; CSP has no IPv6 literal). */
export const DEV_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

/** The headers every answer carries (also those the router sends before any hook runs), as name/value pairs. */
export const COMMON_HEADERS: readonly (readonly [string, string])[] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', REFERRER_POLICY],
  ['x-frame-options', 'DENY'],
];

/**
 * Everything security adds to a JSON answer, as a flat name/value list for `writeHead` (the response
 * cache sends kept answers with it, built once); HSTS is added for HTTPS requests (`https`).
 */
export function apiSecurityHeaders({ https }: { https: boolean }): string[] {
  const out = COMMON_HEADERS.flat();
  out.push('content-security-policy', API_CSP);
  if (https) out.push('strict-transport-security', HSTS);
  return out;
}

export function commonHeaders(reply: FastifyReply): FastifyReply {
  for (const [name, value] of COMMON_HEADERS) reply.header(name, value);
  return reply;
}

/** An answer made outside the route hooks: the common headers and the API policy. */
export function apiHeaders(reply: FastifyReply): FastifyReply {
  return commonHeaders(reply).header('content-security-policy', API_CSP);
}

const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' && typeof request.headers.origin === 'string' && !!request.headers['access-control-request-method'];

/** Register before the domain plugins so every route (and the 404 handler) gets the hooks. */
export function registerSecurity(app: FastifyInstance, { servedManifest, corsOrigins = [], devOverrides = false }: SecurityOptions): void {
  const allowed = new Set(corsOrigins);

  // Callback-style hooks: no promise per request for the common case of nothing to do.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const origin = request.headers.origin;
    if (origin === undefined) return done(); // same-origin GETs and everything not from a browser page
    if (typeof origin === 'string' && allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      if (isPreflight(request)) {
        reply
          .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, DELETE')
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-max-age', '600')
          .status(204)
          .send();
        return;
      }
    } else if (isPreflight(request)) {
      reply.status(403).send({
        message: `Requests from ${String(origin).slice(0, 100)} are not allowed: this API answers its own store only`,
        code: 'CORS_ORIGIN_REFUSED',
      });
      return;
    }
    done();
  });

  // The store's policy depends on the manifest's origins: made again only when the manifest changes.
  let storePolicy: { manifest: object; csp: string } | undefined;
  const storeCsp = () => {
    const manifest = servedManifest();
    if (storePolicy?.manifest !== manifest) {
      const origins = manifestOrigins(manifest);
      storePolicy = { manifest, csp: storeContentSecurityPolicy(devOverrides ? [...origins, ...DEV_OVERRIDE_ORIGINS] : origins) };
    }
    return storePolicy.csp;
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    commonHeaders(reply);
    // An API answer is personal unless its route says otherwise (the public catalogue reads set their
    // own caching): orders, accounts, sessions, checkout and payments are never kept by a browser or a
    // shared cache, and neither are their errors.
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html')) reply.header('content-security-policy', storeCsp());
      else reply.header('content-security-policy', type.startsWith('image/svg') ? SVG_CSP : API_CSP);
    }
    done(null, payload);
  });
}
