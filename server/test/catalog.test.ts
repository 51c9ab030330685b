import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogCategory, CatalogListing, FilterGroup, ProductDetail, ProductSummary, SearchResult } from '@adire/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { bumpCatalogVersion } from '../src/domains/catalog';
import { seedIfEmpty } from '../src/seed';
import { CATEGORIES } from '../src/db/seed-data';
import { findSellables } from '../src/domains/catalog';
import { RECOMMENDATIONS_ROTATE_MS } from '../src/domains/catalog/testing';
import { foldText } from '../src/domains/catalog/testing';
import { startTestShop, type TestShop } from './helpers';

let shop: TestShop;
// A photo dropped into the media folder replaces one product's generated picture.
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-media-'));
let PNG: Buffer;

beforeAll(async () => {
  PNG = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#b8324f' } }).png().toBuffer();
  fs.mkdirSync(path.join(mediaDir, 'products'));
  fs.writeFileSync(path.join(mediaDir, 'products', 'cuddle-me-teddy.png'), PNG);
  process.env.MEDIA_DIR = mediaDir;
  process.env.MEDIA_CACHE_DIR = path.join(mediaDir, 'cache');
  process.env.MEDIA_WARM = '0';
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
  delete process.env.MEDIA_DIR;
  delete process.env.MEDIA_CACHE_DIR;
  delete process.env.MEDIA_WARM;
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const B = 'business=adire-blooms';
async function get<T>(url: string, status = 200): Promise<T> {
  const res = await shop.app.inject(url);
  expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(status);
  return (status < 300 ? res.json().data : res.json()) as T;
}
const listing = (url: string) => get<CatalogListing>(url);
const facet = (l: CatalogListing, group: string): FilterGroup | undefined => l.filters.find((f) => f.group === group);

/** product id → tag values of one group, straight from the database. */
async function tagsOf(ids: string[], group: string): Promise<Map<string, string[]>> {
  const rows = ids.length ? await shop.db.kysely.selectFrom('product_tag').select(['product_id', 'tag_value']).where('tag_group', '=', group as 'budget').where('product_id', 'in', ids).execute() : [];
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const r of rows) out.get(r.product_id)!.push(r.tag_value);
  return out;
}

/** Every product of a listing, page by page. */
async function everything(base: string): Promise<ProductSummary[]> {
  const first = await listing(`${base}&pageSize=60&page=1`);
  const all = [...first.products];
  for (let page = 2; page <= first.pageCount; page++) all.push(...(await listing(`${base}&pageSize=60&page=${page}`)).products);
  expect(all).toHaveLength(first.total);
  return all;
}

describe('categories', () => {
  it('lists the 30 categories with a product count and a description', async () => {
    const cats = await get<CatalogCategory[]>(`/v1/catalog/categories?${B}`);
    expect(cats.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
    for (const c of cats) {
      expect(c.productCount, c.slug).toBeGreaterThanOrEqual(5);
      expect(c.description.length, c.slug).toBeGreaterThan(20);
    }
    const total = Number((await shop.db.kysely.selectFrom('product').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(total).toBeGreaterThanOrEqual(240);
    // 'all' and 'gifts' aggregate flowers and gifts
    expect(cats.find((c) => c.slug === 'all')!.productCount).toBeGreaterThan(cats.find((c) => c.slug === 'roses')!.productCount!);
    expect(cats.find((c) => c.slug === 'gifts')!.productCount).toBeGreaterThan(cats.find((c) => c.slug === 'teddy-bears')!.productCount!);
  });

  it('keeps the foundation flat list working', async () => {
    const roses = await get<ProductSummary[]>(`/v1/catalog/products?${B}&category=roses&limit=5`);
    expect(roses).toHaveLength(5);
    expect(roses[0]).toMatchObject({ SKU: 'AB-1001', name: 'Ruby Romance Red Roses', price: 45000, category: 'roses' });
    const home = await get<ProductSummary[]>(`/v1/catalog/products?${B}`);
    expect(home).toHaveLength(24);
    expect(home.map((p) => p.name)).toContain('Ruby Romance Red Roses');
    expect(await get<ProductSummary[]>(`/v1/catalog/products?${B}&category=no-such-thing`)).toEqual([]);
  });
});

describe('category listing', () => {
  it('answers with the category, a page of products, total, filters and sort', async () => {
    const l = await listing(`/v1/catalog/categories/roses/products?${B}`);
    expect(l.category).toMatchObject({ slug: 'roses', name: 'Roses' });
    expect(l.category!.description).toContain('roses');
    expect(l.page).toBe(1);
    expect(l.pageSize).toBe(24);
    expect(l.products).toHaveLength(24);
    expect(l.total).toBeGreaterThan(24);
    expect(l.pageCount).toBe(Math.ceil(l.total / 24));
    expect(l.sort.value).toBe('default');
    expect(l.sort.options.map((o) => o.value)).toEqual(['default', 'name-desc', 'name-asc', 'price-asc', 'price-desc']);
    expect(l.products[0]).toMatchObject({ slug: 'ruby-romance-red-roses', SKU: 'AB-1001', price: 45000, inStock: true });
    const p = l.products[0]!;
    expect(p.image.src).toMatch(/^\/media\/products\/ruby-romance-red-roses\.svg\?v=\w+$/);
    expect(p.rating.count).toBeGreaterThan(0);
    expect(p.priceFrom).toBeLessThan(p.price);
    expect(p.hasOptions).toBe(true);
    for (const group of ['budget', 'flowerType', 'design', 'packages', 'delivery', 'flowerName', 'shopBy']) expect(facet(l, group), group).toBeDefined();
    // facet counts of a group without a choice add up to at least the total (every rose has a budget)
    expect(facet(l, 'budget')!.options.reduce((s, o) => s + o.count, 0)).toBe(l.total);
  });

  it('says clearly when the category does not exist', async () => {
    const body = await get<{ message: string; code: string }>(`/v1/catalog/categories/no-such-category/products?${B}`, 404);
    expect(body).toEqual({ message: 'We could not find that category', code: 'NOT_FOUND' });
    const weird = await get<{ message: string }>(`/v1/catalog/categories/${encodeURIComponent("ROSES'; --")}/products?${B}`, 404);
    expect(weird.message).toBe('We could not find that category');
  });

  it('filters by every group: totals match the facet counts and every product carries the tag', async () => {
    const base = await listing(`/v1/catalog/categories/all/products?${B}`);
    for (const group of ['budget', 'flowerType', 'design', 'packages', 'delivery', 'flowerName']) {
      const option = facet(base, group)!.options.find((o) => o.count > 0 && o.count < base.total)!;
      expect(option, group).toBeDefined();
      const filtered = await listing(`/v1/catalog/categories/all/products?${B}&${group}=${option.value}&pageSize=60`);
      expect(filtered.total, `${group}=${option.value}`).toBe(option.count);
      expect(facet(filtered, group)!.options.find((o) => o.value === option.value)!.selected).toBe(true);
      const tags = await tagsOf(filtered.products.map((p) => p.id), group);
      for (const [id, values] of tags) expect(values, `${id} ${group}`).toContain(option.value);
    }
  });

  it('ORs values within a group and ANDs across groups', async () => {
    const url = `/v1/catalog/categories/all/products?${B}`;
    const a = await listing(`${url}&flowerName=lilies`);
    const b = await listing(`${url}&flowerName=gerberas`);
    const both = await listing(`${url}&flowerName=lilies,gerberas`);
    const repeated = await listing(`${url}&flowerName=lilies&flowerName=gerberas`);
    expect(both.total).toBeGreaterThanOrEqual(Math.max(a.total, b.total));
    expect(both.total).toBeLessThanOrEqual(a.total + b.total);
    expect(repeated.total).toBe(both.total);
    const cheapLilies = await listing(`${url}&flowerName=lilies&budget=25000-50000&pageSize=60`);
    expect(cheapLilies.total).toBeLessThan(a.total);
    expect(cheapLilies.total).toBeGreaterThan(0);
    for (const p of cheapLilies.products) expect(p.price >= 25000 && p.price < 50000, `${p.name} ${p.price}`).toBe(true);
    // the facet of a chosen group still offers its other values (choosing more widens)
    expect(facet(a, 'flowerName')!.options.map((o) => o.value)).toContain('gerberas');
  });

  it('falls back to no filter for unknown values and to the default order for an unknown sort', async () => {
    const plain = await listing(`/v1/catalog/categories/lilies/products?${B}`);
    const odd = await listing(`/v1/catalog/categories/lilies/products?${B}&budget=cheap&flowerType=%27%3B--&design=${encodeURIComponent('🌹')}&sort=random&shopBy=nope`);
    expect(odd.total).toBe(plain.total);
    expect(odd.sort.value).toBe('default');
    expect(odd.shopBy).toEqual([]);
    expect(odd.products.map((p) => p.id)).toEqual(plain.products.map((p) => p.id));
  });

  it('orders by each of the four sorts', async () => {
    const url = `/v1/catalog/categories/gifts/products?${B}`;
    const byName = (await everything(`${url}&sort=name-asc`)).map((p) => foldText(p.name));
    expect(byName).toEqual([...byName].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const byNameDesc = (await everything(`${url}&sort=name-desc`)).map((p) => foldText(p.name));
    expect(byNameDesc).toEqual([...byName].reverse());
    const up = (await everything(`${url}&sort=price-asc`)).map((p) => p.price);
    expect(up).toEqual([...up].sort((x, y) => x - y));
    const down = (await everything(`${url}&sort=price-desc`)).map((p) => p.price);
    expect(down).toEqual([...up].sort((x, y) => y - x));
    expect(up[0]).toBeLessThan(up.at(-1)!);
    const l = await listing(`${url}&sort=price-desc`);
    expect(l.sort.value).toBe('price-desc');
  });

  it('puts in-stock products first and relevanceOrder lowest first in the default order', async () => {
    const all = await everything(`/v1/catalog/categories/roses/products?${B}`);
    const rows = await shop.db.kysely.selectFrom('product').select(['id', 'relevance_order', 'in_stock']).where('id', 'in', all.map((p) => p.id)).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keys = all.map((p) => [1 - Number(byId.get(p.id)!.in_stock), Number(byId.get(p.id)!.relevance_order)] as const);
    for (let i = 1; i < keys.length; i++) expect(keys[i]![0] > keys[i - 1]![0] || (keys[i]![0] === keys[i - 1]![0] && keys[i]![1] >= keys[i - 1]![1])).toBe(true);
    expect(all.some((p) => !p.inStock)).toBe(true);
  });

  it('paginates without overlap; a page beyond the last is empty with the right total; the size is capped', async () => {
    const url = `/v1/catalog/categories/all/products?${B}&sort=name-asc&pageSize=10`;
    const one = await listing(`${url}&page=1`);
    const two = await listing(`${url}&page=2`);
    expect(two.products).toHaveLength(10);
    expect(two.products.some((p) => one.products.some((q) => q.id === p.id))).toBe(false);
    const last = await listing(`${url}&page=${one.pageCount}`);
    expect(last.products).toHaveLength(one.total - (one.pageCount - 1) * 10);
    const beyond = await listing(`${url}&page=${one.pageCount + 5}`);
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(one.total);
    expect(beyond.page).toBe(one.pageCount + 5);
    const huge = await listing(`/v1/catalog/categories/all/products?${B}&pageSize=100000`);
    expect(huge.pageSize).toBe(60);
    expect(huge.products).toHaveLength(60);
    const bad = await get<{ code: string; fields: Record<string, string> }>(`/v1/catalog/categories/all/products?${B}&page=0`, 400);
    expect(bad.code).toBe('VALIDATION');
    expect(Object.keys(bad.fields)).toEqual(['page']);
    expect((await get<{ code: string }>(`/v1/catalog/categories/all/products?${B}&page=abc`, 400)).code).toBe('VALIDATION');
  });

  it('an empty result still answers with filters of the chosen values', async () => {
    const l = await listing(`/v1/catalog/categories/teddy-bears/products?${B}&flowerName=orchids`);
    expect(l.total).toBe(0);
    expect(l.products).toEqual([]);
    expect(facet(l, 'flowerName')!.options).toEqual([{ value: 'orchids', label: 'Orchids', count: 0, selected: true }]);
  });
});

describe('/filters: shopBy and search across the catalogue', () => {
  it('filters by each shopBy tag, given as the value or the label', async () => {
    for (const [value, label] of [
      ['wrapped-bouquet', 'wrapped bouquet'],
      ['box-arrangements', 'box arrangements'],
      ['others', 'others'],
      ['fresh-flowers', 'fresh flowers'],
      ['same-day-delivery', 'same day delivery'],
    ] as const) {
      const l = await listing(`/v1/catalog/filters?${B}&shopBy=${encodeURIComponent(label)}&pageSize=60`);
      expect(l.category).toBeNull();
      expect(l.shopBy).toEqual([value]);
      expect(l.total, value).toBeGreaterThan(0);
      expect((await listing(`/v1/catalog/filters?${B}&shopBy=${value}`)).total).toBe(l.total);
      for (const [id, tags] of await tagsOf(l.products.map((p) => p.id), 'shopBy')) expect(tags, id).toContain(value);
    }
    const everythingTotal = (await listing(`/v1/catalog/filters?${B}`)).total;
    const count = Number((await shop.db.kysely.selectFrom('product').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(everythingTotal).toBe(count);
  });

  it('searches with the listing shape, best match first, combined with filters', async () => {
    const l = await listing(`/v1/catalog/filters?${B}&search=lilies`);
    expect(l.search).toBe('lilies');
    expect(l.total).toBeGreaterThan(10);
    expect(l.products[0]!.name.toLowerCase()).toMatch(/lil/);
    const white = await listing(`/v1/catalog/filters?${B}&search=lilies&flowerType=fresh&budget=25000-50000`);
    expect(white.total).toBeLessThan(l.total);
    const sorted = await listing(`/v1/catalog/filters?${B}&search=roses&sort=price-asc&pageSize=60`);
    const prices = sorted.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('search', () => {
  const search = (q: string, extra = '') => get<SearchResult>(`/v1/catalog/search?${B}&q=${encodeURIComponent(q)}${extra}`);

  it('finds by name, description and tags, with prefix matching', async () => {
    for (const q of ['ruby romance', 'rub', 'Ruby Rom', 'RUBY']) expect((await search(q)).products[0]?.slug, q).toBe('ruby-romance-red-roses');
    expect((await search('moet imperial')).products[0]?.name).toBe('Moët Impérial Brut');
    expect((await search('Moët')).products.map((p) => p.name)).toContain('Moët Impérial Brut');
    const lilies = await search('lilies');
    const lily = await search('lily');
    const lili = await search('lili');
    expect(lilies.total).toBeGreaterThan(10);
    expect(lily.total).toBe(lilies.total);
    // a word being typed: 'lili' finds every product with the word 'lilies' ('Calla Lily' needs 'lily')
    expect(lili.total).toBeGreaterThan(10);
    expect(lili.total).toBeLessThanOrEqual(lilies.total);
    // description words: "eucalyptus" appears in descriptions, not in names
    const eucalyptus = await search('eucalyptus');
    expect(eucalyptus.total).toBeGreaterThan(0);
    // tags: 'nationwide' is a delivery tag label word
    expect((await search('nationwide')).total).toBeGreaterThan(10);
    // several words: all must match
    const redRoses = await search('red roses', '&limit=50');
    expect(redRoses.products.length).toBeGreaterThan(0);
    expect(redRoses.total).toBeLessThan((await search('roses')).total);
  });

  it('is safe with quotes, %, _, SQL and emoji, and limits long text', async () => {
    for (const q of [`"roses'`, '%', '_', '%%%_', "'; DROP TABLE product; --", '🌹', '🌹 roses', 'ro\\se', '\u0000roses', '<script>alert(1)</script>']) {
      const res = await shop.app.inject(`/v1/catalog/search?${B}&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(Array.isArray(res.json().data.products)).toBe(true);
    }
    expect((await search('%')).total).toBe(0);
    expect((await search('🌹')).total).toBe(0);
    expect((await search('🌹 roses')).total).toBe((await search('roses')).total);
    expect((await search(`"roses"`)).total).toBe((await search('roses')).total);
    const long = await search(`roses ${'x'.repeat(1500)}`);
    expect(long.q).toHaveLength(100);
    const tooLong = await shop.app.inject(`/v1/catalog/search?${B}&q=${'x'.repeat(2500)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('VALIDATION');
    const still = await shop.db.kysely.selectFrom('product').select('id').limit(1).execute();
    expect(still).toHaveLength(1);
  });

  it('answers an empty query with nothing, and caps the limit', async () => {
    expect(await search('')).toEqual({ q: '', products: [], total: 0 });
    expect(await search('   ')).toEqual({ q: '', products: [], total: 0 });
    const capped = await search('rose', '&limit=5000');
    expect(capped.products).toHaveLength(50);
    expect((await search('rose', '&limit=3')).products).toHaveLength(3);
  });
});

describe('product page', () => {
  it('has sizes, designs, images, tags, a reviews summary and recommendations', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    expect(p).toMatchObject({ slug: 'ruby-romance-red-roses', SKU: 'AB-1001', name: 'Ruby Romance Red Roses', price: 45000, category: 'roses', inStock: true, relevanceOrder: 0 });
    expect(p.sizes.find((s) => s.isDefault)).toEqual({ SKU: 'AB-1001', label: '24 stems', price: 45000, isDefault: true });
    expect(p.sizes.map((s) => s.label)).toEqual(['12 stems', '24 stems', '50 stems', '100 stems']);
    expect(new Set(p.sizes.map((s) => s.SKU)).size).toBe(4);
    expect(new Set(p.sizes.map((s) => s.price)).size).toBe(4);
    expect(p.designs).toEqual([
      { code: 'wrapped-bouquet', title: 'Wrapped bouquet', name: 'Wrapped bouquet', price: 0 },
      { code: 'in-vase', title: 'In vase', name: 'In vase', price: 15000 },
      { code: 'in-large-vase', title: 'In large vase', name: 'In large vase', price: 30000 },
    ]);
    expect(p.images).toHaveLength(2);
    expect(p.images[0]).toMatchObject({ alt: 'Ruby Romance Red Roses', width: 800, height: 800 });
    expect(p.images[1]!.src).toMatch(/^\/media\/products\/ruby-romance-red-roses--detail\.svg\?v=/);
    expect(p.tags.flowerName).toEqual([{ value: 'roses', label: 'Roses' }]);
    expect(p.tags.budget).toEqual([{ value: '25000-50000', label: '₦25,000 – ₦50,000' }]);
    expect(p.categories.map((c) => c.slug)).toEqual(expect.arrayContaining(['roses', 'all', 'valentines-day-flowers-and-gifts']));
    expect(p.deliveryNote).toContain('Same-day');
    // reviews
    const counts = Object.values(p.reviews.distribution).reduce((a, b) => a + b, 0);
    expect(p.reviews.count).toBe(counts);
    expect(p.reviews.count).toBeGreaterThanOrEqual(4);
    expect(p.reviews.average).toBeGreaterThanOrEqual(1);
    expect(p.reviews.average).toBeLessThanOrEqual(5);
    expect(p.rating).toEqual({ average: p.reviews.average, count: p.reviews.count });
    expect(p.reviews.latest.length).toBe(Math.min(5, p.reviews.count));
    const dates = p.reviews.latest.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('recommends in-stock products grouped by relevanceOrder, lowest first, at random (a new pick every period)', async () => {
    const seen = new Set<string>();
    const url = `/v1/catalog/products/white-grace-lilies?${B}`;
    // Within one period the page is one cacheable answer (same bytes, same tag).
    const [a, b] = [await shop.app.inject(url), await shop.app.inject(url)];
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let i = 0; i < 6; i++) {
      vi.setSystemTime(start + (i + 1) * RECOMMENDATIONS_ROTATE_MS);
      const p = await get<ProductDetail>(url);
      expect(p.recommendations.length).toBe(8);
      expect(p.recommendations.map((r) => r.slug)).not.toContain('white-grace-lilies');
      for (const r of p.recommendations) expect(r.inStock).toBe(true);
      const rows = await shop.db.kysely.selectFrom('product').select(['id', 'relevance_order']).where('id', 'in', p.recommendations.map((r) => r.id)).execute();
      const order = new Map(rows.map((r) => [r.id, Number(r.relevance_order)]));
      const orders = p.recommendations.map((r) => order.get(r.id)!);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      // lowest first: no lower-relevance candidate of the same category was skipped for a higher one
      const maxTaken = Math.max(...orders);
      const lower = await shop.db.kysely
        .selectFrom('product')
        .innerJoin('product_category', 'product_category.product_id', 'product.id')
        .select('product.id')
        .where('product_category.category_slug', '=', 'lilies')
        .where('product.in_stock', '=', 1)
        .where('product.relevance_order', '<', maxTaken)
        .where('product.slug', '!=', 'white-grace-lilies')
        .execute();
      for (const row of lower) expect(p.recommendations.map((r) => r.id)).toContain(row.id);
      seen.add(p.recommendations.map((r) => r.id).join());
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('says clearly when the product does not exist', async () => {
    expect(await get(`/v1/catalog/products/no-such-product?${B}`, 404)).toEqual({ message: 'We could not find that product', code: 'NOT_FOUND' });
    expect(await get(`/v1/catalog/products/no-such-product/reviews?${B}`, 404)).toEqual({ message: 'We could not find that product', code: 'NOT_FOUND' });
    expect((await get<{ message: string }>(`/v1/catalog/products/${encodeURIComponent('%_"\'🌹')}?${B}`, 404)).message).toBe('We could not find that product');
  });

  it('pages through its reviews, newest first', async () => {
    const page1 = await get<{ summary: { count: number }; reviews: { id: string; createdAt: string; rating: number }[]; total: number; pageSize: number }>(
      `/v1/catalog/products/ruby-romance-red-roses/reviews?${B}&pageSize=2`,
    );
    expect(page1.pageSize).toBe(2);
    expect(page1.reviews).toHaveLength(2);
    expect(page1.total).toBe(page1.summary.count);
    const page2 = await get<typeof page1>(`/v1/catalog/products/ruby-romance-red-roses/reviews?${B}&pageSize=2&page=2`);
    expect(page2.reviews[0]!.id).not.toBe(page1.reviews[0]!.id);
    expect(page2.reviews[0]!.createdAt <= page1.reviews[1]!.createdAt).toBe(true);
  });

  it('a product with one way of coming has no design choice', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/moet-imperial-brut?${B}`);
    expect(p.designs).toEqual([]);
    expect(p.sizes.map((s) => s.label)).toEqual(['75 cl', 'Magnum 1.5 L']);
    expect(p.tags.packages).toEqual([{ value: 'gift-only', label: 'Gifts without flowers' }]);
  });
});

describe('featured, VIP, blog, FAQ, designs', () => {
  it('serves featured lists per occasion and per location', async () => {
    const all = await get<{ lists: { kind: string; key: string; section: string; products: ProductSummary[] }[] }>(`/v1/catalog/featured?${B}`);
    expect(all.lists.length).toBe(15);
    const valentine = await get<typeof all & { occasion: string }>(`/v1/catalog/featured?${B}&occasion=valentines-day`);
    expect(valentine.occasion).toBe('valentines-day');
    expect(valentine.lists.map((l) => l.section)).toEqual(['flowers', 'forever-roses', 'gifts', 'scented-candles', 'champagne']);
    for (const l of valentine.lists) expect(l.products.length).toBeGreaterThanOrEqual(4);
    expect(valentine.lists[1]!.products.every((p) => p.category === 'forever-roses-preserved-roses')).toBe(true);
    for (const location of ['lagos', 'abuja', 'other-locations']) {
      const l = await get<typeof all>(`/v1/catalog/featured?${B}&location=${location}`);
      expect(l.lists.map((x) => `${x.kind}:${x.key}`)).toEqual([`location:${location}`]);
      expect(l.lists[0]!.products.length).toBeGreaterThan(0);
    }
    const both = await get<typeof all>(`/v1/catalog/featured?${B}&occasion=mothers-day&location=abuja`);
    expect(both.lists.map((x) => x.key)).toEqual(['mothers-day', 'abuja']);
    // unknown values fall back to every list
    const odd = await get<typeof all & { occasion: null; location: null }>(`/v1/catalog/featured?${B}&occasion=%27%3B--&location=mars`);
    expect(odd.occasion).toBeNull();
    expect(odd.location).toBeNull();
    expect(odd.lists.length).toBe(15);
  });

  it('lists VIP products, optionally by class', async () => {
    const vip = await listing(`/v1/catalog/vip?${B}&pageSize=60`);
    expect(vip.category).toMatchObject({ slug: 'vip', name: 'VIP Collection' });
    expect(vip.total).toBeGreaterThanOrEqual(10);
    for (const p of vip.products) expect(['gold', 'platinum', 'diamond']).toContain(p.vipClass);
    const gold = await listing(`/v1/catalog/vip?${B}&class=gold&pageSize=60`);
    expect(gold.total).toBeGreaterThan(0);
    expect(gold.total).toBeLessThan(vip.total);
    for (const p of gold.products) expect(p.vipClass).toBe('gold');
    expect((await listing(`/v1/catalog/vip?${B}&class=bogus`)).total).toBe(vip.total);
  });

  it('serves the blog and its posts, and 404s an unknown post', async () => {
    const blog = await get<{ posts: { slug: string; publishedAt: string; image: { src: string } }[]; total: number }>(`/v1/catalog/blog?${B}`);
    expect(blog.total).toBeGreaterThanOrEqual(5);
    const dates = blog.posts.map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const post = await get<{ title: string; content: { type: string }[] }>(`/v1/catalog/blog/${blog.posts[0]!.slug}?${B}`);
    expect(post.content.length).toBeGreaterThan(2);
    expect(post.content.map((b) => b.type)).toContain('paragraph');
    const cover = await shop.app.inject(blog.posts[0]!.image.src);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toContain('image/svg+xml');
    expect(await get(`/v1/catalog/blog/nope?${B}`, 404)).toEqual({ message: 'We could not find that blog post', code: 'NOT_FOUND' });
  });

  it('serves the FAQ and the design options', async () => {
    const faq = await get<{ question: string; answer: string; group: string }[]>(`/v1/catalog/faq?${B}`);
    expect(faq.length).toBeGreaterThanOrEqual(10);
    expect(faq[0]!.question).toContain('Lagos and Abuja');
    const designs = await get<{ code: string; price: number }[]>(`/v1/catalog/designs?${B}`);
    expect(designs.map((d) => [d.code, d.price])).toEqual([
      ['wrapped-bouquet', 0],
      ['in-vase', 15000],
      ['in-large-vase', 30000],
      ['box', 0],
    ]);
  });

  it('needs the business on every catalog call', async () => {
    for (const url of ['/v1/catalog/search?q=rose', '/v1/catalog/categories/roses/products', '/v1/catalog/products/ruby-romance-red-roses', '/v1/catalog/faq']) {
      expect((await shop.app.inject(url)).statusCode, url).toBe(400);
    }
  });
});

describe('pictures', () => {
  it('serves a generated SVG with an ETag, long caching for the versioned URL and 304 on revalidation', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/forever-red-rose-dome?${B}`);
    const res = await shop.app.inject(p.image.src);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('aria-label="Forever Red Rose Dome"');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"a-\w+"$/);
    const unversioned = await shop.app.inject('/media/products/forever-red-rose-dome.svg');
    expect(unversioned.headers['cache-control']).toMatch(/^public, max-age=3600/);
    expect(unversioned.body).toBe(res.body);
    const again = await shop.app.inject({ url: p.image.src, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const detail = await shop.app.inject(p.images[1]!.src);
    expect(detail.body).toContain('aria-label="Forever Red Rose Dome, close-up"');
    expect((await shop.app.inject('/media/products/no-such-product.svg')).statusCode).toBe(404);
    expect((await shop.app.inject('/media/products/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await shop.app.inject('/media/products/forever-red-rose-dome.jpg')).statusCode).toBe(404);
  });

  it('serves a dropped-in photo instead of the drawing', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/cuddle-me-teddy?${B}`);
    // Pages get a JPEG variant (and the photo's size and variants: photos.test.ts), never the original.
    expect(p.image.src).toMatch(/^\/media\/products\/cuddle-me-teddy\.w480\.jpeg\?v=\w+$/);
    expect(p.images[0]).toMatchObject({ width: 600, height: 500, variants: { widths: [128, 192, 320, 480], formats: ['avif', 'webp', 'jpeg'] } });
    const variant = await shop.app.inject(p.image.src);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/jpeg');
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The original stays at its own address.
    const res = await shop.app.inject(p.image.src.replace('.w480.jpeg', '.png'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    // the stored .svg address (carts, orders) sends to the photo's smallest JPEG variant (128 w: a 56–64 px cart line), not the original
    const stored = await shop.app.inject('/media/products/cuddle-me-teddy.svg');
    expect(stored.statusCode).toBe(302);
    expect(stored.headers.location).toBe(p.image.src.replace('.w480.', '.w128.'));
    expect((await shop.app.inject(stored.headers.location as string)).headers['content-type']).toBe('image/jpeg');
    // others keep their drawing; the close-up view has no photo, so it stays drawn
    expect(p.images[1]!.src).toMatch(/--detail\.svg\?v=/);
    const listingCard = (await listing(`/v1/catalog/categories/teddy-bears/products?${B}&pageSize=60`)).products.find((x) => x.slug === 'cuddle-me-teddy')!;
    expect(listingCard.image.src).toBe(p.image.src);
  });
});

describe('the catalogue for other domains', () => {
  it('prices SKUs of every size, with the designs each product is offered in', async () => {
    const map = await findSellables(shop.db, ['AB-1001', 'AB-1001-50', 'nope', 'AB-1001']);
    expect([...map.keys()].sort()).toEqual(['AB-1001', 'AB-1001-50']);
    expect(map.get('AB-1001')).toMatchObject({ name: 'Ruby Romance Red Roses', size: '24 stems', priceNgn: 45000, inStock: true });
    expect(map.get('AB-1001-50')!.priceNgn).toBeGreaterThan(45000);
    expect((await findSellables(shop.db, ['AB-99999'])).size).toBe(0);
    const ruby = map.get('AB-1001')!;
    expect(ruby.designs.get('box')).toBeUndefined();
    expect(ruby.designs.get('wrapped bouquet')).toEqual({ name: 'Wrapped bouquet', priceNgn: 0 });
  });

  it('sees catalogue changes once the version moves; seeding again changes nothing', async () => {
    const before = await listing(`/v1/catalog/categories/roses/products?${B}`);
    await shop.db.kysely.updateTable('product').set({ in_stock: 0 }).where('slug', '=', 'ruby-romance-red-roses').execute();
    await bumpCatalogVersion(shop.db.kysely);
    const after = await listing(`/v1/catalog/categories/roses/products?${B}`);
    expect(after.products[0]!.slug).not.toBe('ruby-romance-red-roses');
    expect(after.total).toBe(before.total);
    await shop.db.kysely.updateTable('product').set({ in_stock: 1 }).where('slug', '=', 'ruby-romance-red-roses').execute();
    await bumpCatalogVersion(shop.db.kysely);
    expect((await listing(`/v1/catalog/categories/roses/products?${B}`)).products[0]!.slug).toBe('ruby-romance-red-roses');

    // another instance's write (no notification in this process) shows within the version TTL (1 s)
    await shop.db.kysely.updateTable('product').set({ in_stock: 0 }).where('slug', '=', 'ruby-romance-red-roses').execute();
    await shop.db.kysely.updateTable('catalog_state').set((eb) => ({ version: eb('version', '+', 1) })).execute();
    await new Promise((r) => setTimeout(r, 1100));
    expect((await listing(`/v1/catalog/categories/roses/products?${B}`)).products[0]!.slug).not.toBe('ruby-romance-red-roses');
    await shop.db.kysely.updateTable('product').set({ in_stock: 1 }).where('slug', '=', 'ruby-romance-red-roses').execute();
    await bumpCatalogVersion(shop.db.kysely);

    const count = async () => Number((await shop.db.kysely.selectFrom('product_variant').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    expect(await seedIfEmpty(shop.db)).toBe(false);
    expect(await count()).toBe(n);
  });
});
