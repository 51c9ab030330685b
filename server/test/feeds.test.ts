import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertAmount } from '@adire/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpCatalogVersion } from '../src/domains/catalog';
import { startTestShop, type TestShop } from './helpers';

/**
 * The product feeds (issue 34) as Google Merchant Center and a Meta catalogue read them, each field
 * held to the published specification's rules:
 * - Google (support.google.com/merchants/answer/7052112): id ≤ 50 characters and unique, title ≤ 150,
 *   description ≤ 5,000, link and image_link absolute http(s) URLs (≤ 2,000), availability in_stock |
 *   out_of_stock, price "<number with 2 decimals> <ISO 4217 code>", condition new, item_group_id on the
 *   sizes of one product.
 * - Meta (facebook.com/business/help/120325381656392): the columns id, title, description,
 *   availability ("in stock" | "out of stock"), condition, price, link, image_link, brand; id ≤ 100,
 *   title ≤ 200, description ≤ 9,999.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */

const PUBLIC_URL = 'https://shop.example.ng';
const PRICE = /^\d+\.\d{2} (NGN|USD|GBP)$/;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-feeds-'));
let shop: TestShop;

beforeAll(async () => {
  process.env.MEDIA_DIR = path.join(tmp, 'media');
  process.env.MEDIA_CACHE_DIR = path.join(tmp, 'cache');
  shop = await startTestShop({ config: { publicUrl: PUBLIC_URL } });
}, 30_000);
afterAll(async () => {
  await shop?.close();
  delete process.env.MEDIA_DIR;
  delete process.env.MEDIA_CACHE_DIR;
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Item = Record<string, string[]>;

/** Each <item> of the RSS as its g: fields (a field may repeat: additional_image_link). */
function rssItems(xml: string): Item[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => {
    const item: Item = {};
    for (const f of m[1]!.matchAll(/<g:([a-z_]+)>([^<]*)<\/g:\1>/g)) (item[f[1]!] ??= []).push(unescape(f[2]!));
    return item;
  });
}
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** RFC 4180: fields separated by commas, quoted when they hold a comma, quote or line break. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field), rows.push(row), (row = []), (field = ''), i++;
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

const isUrl = (s: string | undefined) => !!s && s.length <= 2000 && /^https:\/\/shop\.example\.ng\//.test(s) && !/\s/.test(s);

/** What the database sells: every product's sizes (or the product alone), priced in naira, with whether it can be bought. */
async function sellables() {
  const products = await shop.db.kysely.selectFrom('product').select(['id', 'sku', 'slug', 'price_ngn', 'in_stock', 'stock']).execute();
  const sizes = await shop.db.kysely.selectFrom('product_variant').select(['sku', 'product_id', 'price_ngn']).execute();
  const out = new Map<string, { slug: string; priceNgn: number; buyable: boolean; group: string | null }>();
  for (const p of products) {
    const own = sizes.filter((s) => s.product_id === p.id);
    const buyable = Number(p.in_stock) === 1 && (p.stock === null || Number(p.stock) > 0);
    for (const s of own.length ? own : [{ sku: p.sku, price_ngn: p.price_ngn }]) out.set(s.sku, { slug: p.slug, priceNgn: Number(s.price_ngn), buyable, group: own.length > 1 ? p.sku : null });
  }
  return out;
}

async function usdRate(): Promise<number> {
  const row = await shop.db.kysely.selectFrom('currency').select('conversion_rate').where('name', '=', 'USD').executeTakeFirstOrThrow();
  return Number(row.conversion_rate);
}

describe('the Google Merchant Center feed', () => {
  it('lists every product and size with each required field valid, priced in the currency asked by the shop rule', async () => {
    // One product sold out (a limited one with none left): it must never be listed in stock.
    await shop.db.kysely.updateTable('product').set({ stock: 0, in_stock: 0 }).where('slug', '=', 'ruby-romance-red-roses').execute();
    await bumpCatalogVersion(shop.db.kysely);
    const res = await shop.app.inject('/feeds/google-merchant.xml?currency=USD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>')).toBe(true);
    expect(xml.trimEnd().endsWith('</channel>\n</rss>')).toBe(true);
    // Well escaped: every & starts an entity.
    expect(xml.match(/&(?!(amp|lt|gt|quot|apos);)/g)).toBeNull();

    const items = rssItems(xml);
    const sold = await sellables();
    const rate = await usdRate();
    expect(items.length).toBe(sold.size);
    const ids = new Set<string>();
    for (const item of items) {
      const id = item.id?.[0] ?? '';
      expect(id.length, 'id').toBeGreaterThan(0);
      expect(id.length, id).toBeLessThanOrEqual(50);
      expect(ids.has(id), `${id} twice`).toBe(false);
      ids.add(id);
      const want = sold.get(id);
      expect(want, `${id} is not sold`).toBeDefined();
      for (const field of ['title', 'description', 'link', 'image_link', 'availability', 'price', 'brand', 'condition', 'google_product_category']) {
        expect(item[field]?.length, `${id} ${field}`).toBe(1);
      }
      expect(item.title![0]!.length).toBeLessThanOrEqual(150);
      expect(item.title![0]!.trim()).toBe(item.title![0]);
      expect(item.description![0]!.length).toBeGreaterThan(0);
      expect(item.description![0]!.length).toBeLessThanOrEqual(5000);
      expect(item.link![0]).toBe(`${PUBLIC_URL}/product/${want!.slug}`);
      expect(isUrl(item.image_link![0]), item.image_link![0]).toBe(true);
      expect(item.image_link![0]).toMatch(/\.jpg\?v=[a-f0-9]+$/);
      for (const extra of item.additional_image_link ?? []) expect(isUrl(extra), extra).toBe(true);
      expect(item.availability![0]).toBe(want!.buyable ? 'in_stock' : 'out_of_stock');
      expect(item.price![0]).toMatch(PRICE);
      expect(item.price![0]).toBe(`${convertAmount(want!.priceNgn, rate).toFixed(2)} USD`);
      expect(item.brand![0]).toBe('Adire Blooms');
      expect(item.condition![0]).toBe('new');
      expect(item.google_product_category![0]).toMatch(/^[A-Z][\w &,]+( > [\w &,]+)*$/);
      expect(item.item_group_id?.[0] ?? null, `${id} item_group_id`).toBe(want!.group);
    }
    const ruby = items.find((i) => i.id![0] === 'AB-1001')!;
    expect(ruby.availability![0]).toBe('out_of_stock');
    expect(items.filter((i) => i.availability![0] === 'in_stock').length).toBeGreaterThan(100);
  });

  it('is in naira by default, refuses an unknown currency with a clear 400, and answers 304 to its own ETag until the catalogue moves', async () => {
    const naira = await shop.app.inject('/feeds/google-merchant.xml');
    expect(naira.statusCode).toBe(200);
    expect(rssItems(naira.body).every((i) => / NGN$/.test(i.price![0]!))).toBe(true);
    const pounds = await shop.app.inject('/feeds/google-merchant.xml?currency=GBP');
    expect(rssItems(pounds.body).every((i) => / GBP$/.test(i.price![0]!))).toBe(true);

    const bad = await shop.app.inject('/feeds/google-merchant.xml?currency=XYZ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { currency: 'must be one of NGN, USD, GBP' } });
    expect(bad.json().message).toContain("'XYZ'");

    const etag = naira.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(naira.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await shop.app.inject({ url: '/feeds/google-merchant.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    // A price change moves the data stamp: a new feed with the new price and a new tag.
    const before = rssItems(naira.body).find((i) => i.id![0] === 'AB-1002')!;
    await shop.db.kysely.updateTable('product_variant').set({ price_ngn: 123_456 }).where('sku', '=', 'AB-1002').execute();
    await bumpCatalogVersion(shop.db.kysely);
    const moved = await shop.app.inject({ url: '/feeds/google-merchant.xml', headers: { 'if-none-match': etag } });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(rssItems(moved.body).find((i) => i.id![0] === 'AB-1002')!.price![0]).toBe('123456.00 NGN');
    expect(before.price![0]).not.toBe('123456.00 NGN');
  });

  it("links pictures that are JPEG files of the product alone, which a catalogue can fetch", async () => {
    const items = rssItems((await shop.app.inject('/feeds/google-merchant.xml')).body);
    const item = items.find((i) => i.id![0] === 'AB-1003')!;
    for (const link of [item.image_link![0]!, ...(item.additional_image_link ?? [])]) {
      const res = await shop.app.inject(link.slice(PUBLIC_URL.length));
      expect(res.statusCode, link).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.min(meta.width!, meta.height!)).toBeGreaterThanOrEqual(500);
    }
  });
});

describe('the Meta catalogue feed', () => {
  it("has Meta's required columns and every product and size, each field valid", async () => {
    const res = await shop.app.inject('/feeds/meta-catalog.csv?currency=USD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(res.body);
    for (const column of ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand']) expect(header).toContain(column);
    const at = (row: string[], column: string) => row[header!.indexOf(column)]!;
    const sold = await sellables();
    const rate = await usdRate();
    expect(rows.length).toBe(sold.size);
    for (const row of rows) {
      expect(row.length).toBe(header!.length);
      const id = at(row, 'id');
      const want = sold.get(id)!;
      expect(want, id).toBeDefined();
      expect(id.length).toBeLessThanOrEqual(100);
      expect(at(row, 'title').length).toBeGreaterThan(0);
      expect(at(row, 'title').length).toBeLessThanOrEqual(200);
      expect(at(row, 'description').length).toBeGreaterThan(0);
      expect(at(row, 'description').length).toBeLessThanOrEqual(9999);
      expect(at(row, 'availability')).toBe(want.buyable ? 'in stock' : 'out of stock');
      expect(at(row, 'condition')).toBe('new');
      expect(at(row, 'price')).toBe(`${convertAmount(want.priceNgn, rate).toFixed(2)} USD`);
      expect(at(row, 'link')).toBe(`${PUBLIC_URL}/product/${want.slug}`);
      expect(isUrl(at(row, 'image_link'))).toBe(true);
      expect(at(row, 'brand')).toBe('Adire Blooms');
      expect(at(row, 'item_group_id') || null).toBe(want.group);
    }
  });

  it("writes every cell by the shop's one CSV rule: a name a spreadsheet would run as a formula arrives as text (issue 38, P7)", async () => {
    const product = await shop.db.kysely.selectFrom('product').select(['id', 'name']).where('slug', '=', 'ruby-romance-red-roses').executeTakeFirstOrThrow();
    await shop.db.kysely.updateTable('product').set({ name: '=HYPERLINK("http://evil.example","Roses")' }).where('id', '=', product.id).execute();
    await bumpCatalogVersion(shop.db.kysely);
    try {
      const res = await shop.app.inject('/feeds/meta-catalog.csv?currency=NGN');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Roses"")`);
      expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    } finally {
      await shop.db.kysely.updateTable('product').set({ name: product.name }).where('id', '=', product.id).execute();
      await bumpCatalogVersion(shop.db.kysely);
    }
  });

  it('refuses an unknown currency and is kept under the data stamp with an ETag', async () => {
    expect((await shop.app.inject('/feeds/meta-catalog.csv?currency=EUR')).statusCode).toBe(400);
    const first = await shop.app.inject('/feeds/meta-catalog.csv?currency=GBP');
    const again = await shop.app.inject({ url: '/feeds/meta-catalog.csv?currency=GBP', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
