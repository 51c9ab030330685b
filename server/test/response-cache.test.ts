import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { bumpCatalogVersion } from '../src/domains/catalog';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed';
import { setSiteWideAlert } from '../src/domains/site/testing';
import { AnswerStore, etagOf, ifNoneMatchHits, preferredEncoding, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, representationTag } from '../src/http/response-cache';
import { createTestDatabase } from './helpers';

/** HTTP caching of the public reads (issue 10), on SQLite or — with TEST_DATABASE_URL — PostgreSQL. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const B = 'business=adire-blooms';
const LISTING = `/v1/catalog/categories/roses/products?${B}`;
const HANDSHAKE = `/v1/storefront/handshake?${B}`;

let app: FastifyInstance;
let db: Db;
let tmp: string;
let connection: { databaseUrl: string | undefined; sqliteFile: string };
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-cache-'));
  const created = await createTestDatabase();
  dropDatabase = created.drop;
  connection = { databaseUrl: created.databaseUrl, sqliteFile: path.join(tmp, 'shop.sqlite') };
  db = openDatabase(connection);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  app = await buildApp({ db, config: { shellDir: path.join(tmp, 'shell'), releasesDir: path.join(tmp, 'releases'), bodyLimitBytes: 16 * 1024, logLevel: 'silent' }, logger: false });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await dropDatabase?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('tags and conditional requests', () => {
  it('tags a listing strongly, answers a matching If-None-Match with an empty 304, and serves the same bytes again', async () => {
    const first = await get(LISTING);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/); // strong: no W/
    expect(etag).toBe(etagOf(first.rawPayload));
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.vary).toContain('Accept-Encoding');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json().data.products.length).toBeGreaterThan(0);

    const again = await get(LISTING);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);

    const notModified = await get(LISTING, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect((await get(LISTING, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(LISTING, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // another page of the same category is another answer
    const page2 = await get(`${LISTING}&page=2`);
    expect(page2.headers.etag).not.toBe(etag);
  });

  it('sends brotli or gzip, made once and tagged per coding; a tag of either representation revalidates', async () => {
    const plain = await get(LISTING);
    const br = await get(LISTING, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(representationTag(plain.headers.etag as string, 'br'));
    const gzip = await get(LISTING, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await get(LISTING, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
    // small answers go as they are
    const small = await get(`/v1/catalog/search?${B}&q=zzzzzz`, { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('caches categories, product pages, search, filters and the anonymous handshake the same way', async () => {
    for (const url of [`/v1/catalog/categories?${B}`, `/v1/catalog/products/ruby-romance-red-roses?${B}`, `/v1/catalog/search?${B}&q=roses`, `/v1/catalog/filters?${B}&search=lilies`, HANDSHAKE, `/v1/storefront/shop?${B}`]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      const second = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(second.statusCode, url).toBe(304);
    }
    expect((await get(HANDSHAKE)).headers.vary).toContain('Authorization');
  });

  it('sends a kept answer with exactly the headers the computed one had: caching, tag, Vary, coding and every security header', async () => {
    const headersOf = (res: { headers: Record<string, unknown> }) => {
      const { date: _date, connection: _connection, ...rest } = res.headers;
      return rest;
    };
    const url = `/v1/catalog/categories/lilies/products?${B}&sort=name-desc`;
    for (const [target, headers] of [[url, {}], [url, { 'accept-encoding': 'br' }], [url, { 'accept-encoding': 'gzip' }], [`/v1/storefront/shop?${B}&x=1`, {}]] as const) {
      const computed = await get(target, headers);
      const kept = await get(target, headers);
      expect(headersOf(kept), target).toEqual(headersOf(computed));
      expect(kept.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(kept.rawPayload.equals(computed.rawPayload)).toBe(true);
      const notModified = await get(target, { ...headers, 'if-none-match': computed.headers.etag as string });
      expect(notModified.statusCode).toBe(304);
      const { 'content-type': _type, 'content-length': _length, 'content-encoding': _coding, ...withoutBody } = headersOf(computed);
      expect(headersOf(notModified)).toEqual(withoutBody);
    }
    const handshake = await get(`${HANDSHAKE}&x=2`);
    expect((await get(`${HANDSHAKE}&x=2`)).headers.vary).toBe(handshake.headers.vary);
    expect(handshake.headers.vary).toBe('Authorization, Accept-Encoding');
  });

  it('never caches errors: an unknown category or business is answered (and refused) every time', async () => {
    const missing = await get(`/v1/catalog/categories/no-such-thing/products?${B}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect((await get('/v1/catalog/categories/roses/products?business=someone-else')).statusCode).toBe(400);
  });
});

describe('the handshake with a user', () => {
  it('is private, no-store, untagged, and never served from or into the shared cache', async () => {
    const anonymous = await get(HANDSHAKE);
    expect(anonymous.json().data.user).toBeNull();
    const login = await app.inject({ method: 'POST', url: '/v1/storefront/auth/login', payload: { business: 'adire-blooms', email: 'ada@example.com', password: 'Bloom-2026!' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.authToken as string;
    for (let i = 0; i < 2; i++) {
      const authed = await get(HANDSHAKE, { authorization: `Bearer ${token}`, 'if-none-match': anonymous.headers.etag as string });
      expect(authed.statusCode).toBe(200);
      expect(authed.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
      expect(authed.headers.etag).toBeUndefined();
      expect(authed.headers.vary).toContain('Authorization');
      expect(authed.json().data.user.email).toBe('ada@example.com');
    }
    // a stale or wrong token is no user, and still not shared
    const wrong = await get(HANDSHAKE, { authorization: 'Bearer not-a-token' });
    expect(wrong.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(wrong.json().data.user).toBeNull();
    const after = await get(HANDSHAKE);
    expect(after.json().data.user).toBeNull();
    expect(after.headers.etag).toBe(anonymous.headers.etag);
  });
});

describe('invalidation', () => {
  const alertOf = (res: { json(): { data: { settings: { alertSettings: { siteWideAlert: string } } } } }) => res.json().data.settings.alertSettings.siteWideAlert;

  it("sees the operator's `pnpm settings set-alert`, run in another process, on the next request", async () => {
    const before = await get(HANDSHAKE);
    const text = `Cache test ${Date.now()}: orders close at 6pm`;
    const cli = path.join(serverDir, 'src', 'cli', 'settings.ts');
    const env = { ...process.env, DATABASE_URL: connection.databaseUrl ?? '', SQLITE_FILE: connection.sqliteFile, NODE_ENV: 'test' };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'set-alert', text], { env, cwd: serverDir });
    expect(stdout).toContain(text);
    const after = await get(HANDSHAKE, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(alertOf(after)).toBe(text);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  }, 90_000);

  it('sees a change through the settings service, and one written by hand in SQL', async () => {
    const before = await get(HANDSHAKE);
    await setSiteWideAlert(db.kysely, 'Through the service');
    const viaService = await get(HANDSHAKE, { 'if-none-match': before.headers.etag as string });
    expect(viaService.statusCode).toBe(200);
    expect(alertOf(viaService)).toBe('Through the service');
    await db.kysely.updateTable('currency').set({ conversion_rate: 1234 }).where('name', '=', 'USD').execute();
    const viaSql = await get(HANDSHAKE);
    expect(viaSql.headers.etag).not.toBe(viaService.headers.etag);
    expect(viaSql.json().data.currencies).toContainEqual({ name: 'USD', conversionRate: 1234 });
  });

  it('sees a catalogue change, made here or by another instance (the version row alone)', async () => {
    const before = await get(LISTING);
    const top = before.json().data.products[0].slug as string;
    await db.kysely.updateTable('product').set({ in_stock: 0 }).where('slug', '=', top).execute();
    await bumpCatalogVersion(db.kysely);
    const soldOut = await get(LISTING, { 'if-none-match': before.headers.etag as string });
    expect(soldOut.statusCode).toBe(200);
    expect(soldOut.json().data.products[0].slug).not.toBe(top);

    // As another instance does it: no notification in this process, just the committed rows.
    await db.kysely.updateTable('product').set({ in_stock: 1 }).where('slug', '=', top).execute();
    await sql`update catalog_state set version = version + 1 where id = 'catalog'`.execute(db.kysely);
    const back = await get(LISTING);
    expect(back.json().data.products[0].slug).toBe(top);
    expect(back.body).toBe(before.body);
    expect(back.headers.etag).toBe(before.headers.etag); // the same answer, the same tag
  });

  it('sees a new review on the product page and its card', async () => {
    const url = `/v1/catalog/products/ruby-romance-red-roses?${B}`;
    const before = await get(url);
    const product = before.json().data;
    await db.kysely
      .insertInto('review')
      .values({ id: `cache-test-${Date.now()}`, product_id: product.id, rating: 1, comment: 'Cache test', author: 'Test', order_id: null, created_at: new Date().toISOString() })
      .execute();
    const after = await get(url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.reviews.count).toBe(product.reviews.count + 1);
  });
});

describe('pure parts', () => {
  it('picks brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeNull();
  });

  it('matches If-None-Match by weak comparison over the representations of one answer', () => {
    const tag = '"abc"';
    expect(ifNoneMatchHits('"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc-br"', tag)).toBe(true);
    expect(ifNoneMatchHits('"abc-gzip"', tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits('"abcd"', tag)).toBe(false);
    expect(ifNoneMatchHits('abc', tag)).toBe(false);
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(representationTag(tag, 'br')).toBe('"abc-br"');
    expect(representationTag(tag, null)).toBe(tag);
  });

  it('keeps answers of the current stamp only, dropping the oldest unused beyond its memory (a used one gets a second chance)', () => {
    const answer = (n: number) => ({ body: Buffer.alloc(n), etag: '"t"' });
    const store = new AnswerStore(1000);
    store.advance('s1');
    store.put('s1', 'a', answer(300));
    store.put('s1', 'b', answer(300));
    store.get('a'); // a is now the most recent
    store.put('s1', 'c', answer(300)); // over 1000 with the overheads: b goes
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    store.put('s0', 'old', answer(10)); // computed under an older stamp: not kept
    expect(store.get('old')).toBeUndefined();
    store.advance('s2');
    expect(store.size).toBe(0);
    expect(store.totalBytes).toBe(0);
  });

  it('makes room from the oldest answer not read since the sweep last passed it', () => {
    const answer = () => ({ body: Buffer.alloc(300), etag: '"t"' }); // 500 bytes with the overheads
    const store = new AnswerStore(1500);
    store.advance('s');
    for (const key of ['a', 'b', 'c']) store.put('s', key, answer());
    store.get('a');
    store.get('b');
    store.put('s', 'd', answer()); // a and b were read: c, the oldest unread, goes
    expect(['a', 'b', 'c', 'd'].filter((k) => store.get(k) !== undefined)).toEqual(['a', 'b', 'd']);
    expect(store.totalBytes).toBe(1500);
    // The sweep left them in the order d, a, b, and that check read all three again: e needs room, each
    // gets its second chance (moved back, unmarked), then the oldest, d, goes — never the answer just put.
    store.put('s', 'e', answer());
    expect(['a', 'b', 'd', 'e'].filter((k) => store.get(k) !== undefined)).toEqual(['a', 'b', 'e']);
    expect(store.totalBytes).toBe(1500);
  });
});
