import { createHash } from 'node:crypto';
import { BOOT_AFTER_PAINT_SCRIPT, EARLY_TAPS_SCRIPT, SHOPPER_CURRENCY_SCRIPT } from '../src/http/page';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server-config';
import { HSTS, parseCorsOrigins, parseTrustProxy, storeContentSecurityPolicy } from '../src/http/security';
import { startTestShop, type TestShop } from './helpers';

const business = 'adire-blooms';
const CDN = 'https://cdn.adireblooms.example';

let shop: TestShop;
let proxied: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ shell: true, config: { corsOrigins: ['https://admin.adireblooms.example'] } });
  await shop.registry.forcePointers({ live: { cart: '0.1.0-aaa', catalog: '0.1.0-bbb' }, origins: { cart: `${CDN}/releases/` } });
  proxied = await startTestShop({ shell: true, config: { trustProxy: ['127.0.0.1'] } });
});
afterAll(async () => {
  await shop.close();
  await proxied.close();
});

/** The CSP as a map of directive → sources. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The one inline script a server-drawn page runs before it paints, allowed by its exact hash. */
const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The drawn page's inline scripts: the shopper's currency and early taps kept before the paint, the shell's start after it. */
const SCRIPT_HASHES = [hash(SHOPPER_CURRENCY_SCRIPT), hash(EARLY_TAPS_SCRIPT), hash(BOOT_AFTER_PAINT_SCRIPT)];

describe('Content-Security-Policy', () => {
  it("allows only 'self' and the manifest's release origins on the store's pages, and no framing", async () => {
    for (const url of ['/', '/checkout?orderId=abc', '/product-category/roses', '/index.html']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      for (const d of ['style-src', 'connect-src']) expect(csp.get(d), d).toEqual(["'self'", CDN]);
      // Scripts: also the one inline pre-paint script of a server-drawn page, by its exact hash.
      expect(csp.get('script-src')).toEqual(["'self'", CDN, ...SCRIPT_HASHES]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', CDN]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      const all = [...csp.values()].flat();
      expect(all).not.toContain("'unsafe-eval'");
      expect(all).not.toContain("'unsafe-inline'");
      expect(all).not.toContain('*');
    }
  });

  it('follows the manifest: a new CDN origin shows on the next page load', async () => {
    const before = await shop.registry.pointers();
    await shop.registry.forcePointers({
      ...before,
      // checkout: not an origin (only a hand-made pointer could hold it): never allowed
      origins: { ...before.origins, account: 'https://static.other.example/r', checkout: 'javascript:alert(1)' },
    });
    try {
      const csp = directives((await shop.app.inject('/')).headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", CDN, 'https://static.other.example', ...SCRIPT_HASHES]);
    } finally {
      await shop.registry.forcePointers(before);
    }
    expect(storeContentSecurityPolicy([])).toContain(`script-src 'self' ${SCRIPT_HASHES.join(' ')};`);
  });

  it('forbids everything in API answers and SVG pictures, and keeps the stricter policies of the dev mailbox', async () => {
    const api = await shop.app.inject(`/v1/catalog/categories?business=${business}`);
    expect(directives(api.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    const error = await shop.app.inject(`/v1/catalog/categories?business=nope`);
    expect(error.statusCode).toBe(400);
    expect(directives(error.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    const product = await shop.db.kysely.selectFrom('product').select('slug').limit(1).executeTakeFirstOrThrow();
    const svg = await shop.app.inject(`/media/products/${product.slug}.svg`);
    expect(svg.statusCode).toBe(200);
    expect(directives(svg.headers['content-security-policy']).get('script-src')).toBeUndefined();
    expect(directives(svg.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    const mail = await shop.app.inject('/dev/mail');
    expect(directives(mail.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
  });
});

describe('other headers', () => {
  it('sends nosniff, a strict referrer policy and DENY framing on every answer; no HSTS over plain HTTP', async () => {
    for (const url of ['/', `/v1/storefront/handshake?business=${business}`, '/v1/nothing-here', '/remotes.json']) {
      const res = await shop.app.inject(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends HSTS when the request came over HTTPS through a trusted proxy, and only then', async () => {
    const viaProxy = await proxied.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS);
    // The same header from a client that is not the trusted proxy is not believed.
    const spoofed = await proxied.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY nobody is believed.
    const untrusted = await shop.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    // A cached answer (sent from the response cache's kept copy) too, and a 304 of it.
    const listing = `/v1/catalog/categories/roses/products?business=${business}&page=2`;
    const overHttps = { 'x-forwarded-proto': 'https' };
    for (const attempt of ['computed', 'kept']) {
      const res = await proxied.app.inject({ url: listing, headers: overHttps, remoteAddress: '127.0.0.1' });
      expect(res.headers['strict-transport-security'], attempt).toBe(HSTS);
      const plain = await proxied.app.inject({ url: listing, remoteAddress: '127.0.0.1' });
      expect(plain.headers['strict-transport-security'], attempt).toBeUndefined();
      const revalidated = await proxied.app.inject({ url: listing, headers: { ...overHttps, 'if-none-match': res.headers.etag as string }, remoteAddress: '127.0.0.1' });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['strict-transport-security'], attempt).toBe(HSTS);
    }
  });

  it('reads TRUST_PROXY and CORS_ORIGINS, refusing values that mean nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => parseTrustProxy('my proxy')).toThrow(/TRUST_PROXY/);
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins('https://a.example, http://127.0.0.1:5100')).toEqual(['https://a.example', 'http://127.0.0.1:5100']);
    expect(() => parseCorsOrigins('https://a.example/path')).toThrow(/CORS_ORIGINS/);
    expect(() => parseCorsOrigins('*')).toThrow(/CORS_ORIGINS/);
    const config = loadConfig({ TRUST_PROXY: 'loopback', CORS_ORIGINS: 'https://admin.example' });
    expect(config.trustProxy).toEqual(['loopback']);
    expect(config.corsOrigins).toEqual(['https://admin.example']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('CORS', () => {
  const preflight = (s: TestShop, origin: string) =>
    s.app.inject({
      method: 'OPTIONS',
      url: '/v1/orders/order/create',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });

  it('is same-origin only by default: no CORS headers, a preflight from elsewhere is refused with a clear message', async () => {
    const refused = await preflight(proxied, 'https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.stringContaining('https://evil.example'), code: 'CORS_ORIGIN_REFUSED' });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const read = await proxied.app.inject({ url: `/v1/storefront/shop?business=${business}`, headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the configured origins only', async () => {
    const ok = await preflight(shop, 'https://admin.adireblooms.example');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://admin.adireblooms.example');
    expect(ok.headers['access-control-allow-headers']).toContain('authorization');
    expect(ok.headers.vary).toContain('Origin');
    const read = await shop.app.inject({ url: `/v1/storefront/shop?business=${business}`, headers: { origin: 'https://admin.adireblooms.example' } });
    expect(read.headers['access-control-allow-origin']).toBe('https://admin.adireblooms.example');
    expect((await preflight(shop, 'https://admin.adireblooms.example.evil.example')).statusCode).toBe(403);
    expect((await preflight(shop, 'http://admin.adireblooms.example')).statusCode).toBe(403);
  });
});
