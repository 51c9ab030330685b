import { FAQ_PATH } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpCatalogVersion } from '../src/domains/catalog';
import { absoluteUrl, escapeXml, lastmodOf, sitemapXml } from '../src/domains/catalog/testing';
import { robotsTxt } from '../src/domains/site/testing';
import { startTestShop, type TestShop } from './helpers';

const PUBLIC_URL = 'https://shop.example.ng';
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => shop.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of checkout, tracking, the API, dev, sandbox and webhooks, and names the sitemap', async () => {
    const res = await shop.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toContain('public');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/checkout', '/order-tracker', '/v1/', '/dev/', '/sandbox/', '/webhooks/']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robotsTxt('http://a.example/')).toContain('Sitemap: http://a.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists home, every category and product, VIP, blog, posts and FAQ as absolute URLs with a lastmod', async () => {
    const res = await shop.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers.etag).toBeTruthy();
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const urls = locs(xml);
    expect(urls.every((u) => u.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);

    const [products, categories, posts, state] = await Promise.all([
      shop.db.kysely.selectFrom('product').select('slug').execute(),
      shop.db.kysely.selectFrom('category').select('slug').execute(),
      shop.db.kysely.selectFrom('blog_post').select(['slug', 'published_at']).execute(),
      shop.db.kysely.selectFrom('catalog_state').select('updated_at').executeTakeFirstOrThrow(),
    ]);
    expect(products.length).toBeGreaterThan(100);
    for (const p of products) expect(urls).toContain(`${PUBLIC_URL}/product/${p.slug}`);
    for (const c of categories) expect(urls).toContain(`${PUBLIC_URL}/product-category/${c.slug}`);
    for (const p of posts) expect(urls).toContain(`${PUBLIC_URL}/blog/${p.slug}`);
    for (const page of ['/', '/vip', '/blog', FAQ_PATH]) expect(urls).toContain(`${PUBLIC_URL}${page}`);
    expect(urls).toHaveLength(products.length + categories.length + posts.length + 4);

    // Every <url> has a W3C datetime lastmod: the catalogue's time, a post's own date.
    const entries = [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)];
    expect(entries).toHaveLength(urls.length);
    const lastmod = new Map(entries.map((m) => [m[1]!, m[2]!]));
    expect(lastmod.get(`${PUBLIC_URL}/product/${products[0]!.slug}`)).toBe(lastmodOf(state.updated_at));
    expect(lastmod.get(`${PUBLIC_URL}/blog/${posts[0]!.slug}`)).toBe(lastmodOf(posts[0]!.published_at));
    for (const value of lastmod.values()) expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('is kept (same ETag, 304 on If-None-Match) until the catalogue changes, then made again', async () => {
    const first = await shop.app.inject('/sitemap.xml');
    const again = await shop.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await shop.db.kysely.updateTable('product').set({ slug: 'renamed-for-the-sitemap' }).where('slug', '=', 'ruby-romance-red-roses').execute();
    const stale = await shop.app.inject('/sitemap.xml');
    expect(stale.headers.etag).toBe(first.headers.etag); // nothing said the catalogue moved yet
    await new Promise((r) => setTimeout(r, 5)); // a later updated_at
    await bumpCatalogVersion(shop.db.kysely);
    const fresh = await shop.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': first.headers.etag as string } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    expect(locs(fresh.body)).toContain(`${PUBLIC_URL}/product/renamed-for-the-sitemap`);
    expect(locs(fresh.body)).not.toContain(`${PUBLIC_URL}/product/ruby-romance-red-roses`);
  });

  it('concurrent requests for a new version share one build and one answer', async () => {
    await bumpCatalogVersion(shop.db.kysely);
    const answers = await Promise.all(Array.from({ length: 8 }, () => shop.app.inject('/sitemap.xml')));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});

describe('sitemap XML building', () => {
  it('escapes what XML needs escaped and drops characters XML cannot carry', () => {
    expect(escapeXml(`a&b<c>"d'\u0001e`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;e');
    const xml = sitemapXml('https://x.example/', [{ path: '/blog/a&b', lastmod: 'not a date' }, { path: '/q?x=1&y=<2>' }]);
    expect(xml).toContain('<loc>https://x.example/blog/a%26b</loc></url>');
    expect(xml).not.toContain('<lastmod>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('makes absolute URLs from PUBLIC_URL, encoding each path segment once', () => {
    expect(absoluteUrl('https://x.example/', '/product/roses')).toBe('https://x.example/product/roses');
    expect(absoluteUrl('https://x.example/shop', '/blog/caf%C3%A9 time')).toBe('https://x.example/shop/blog/caf%C3%A9%20time');
    expect(absoluteUrl('https://x.example', 'https://cdn.example/a')).toBe('https://cdn.example/a');
    expect(lastmodOf('2026-02-14')).toBe('2026-02-14T00:00:00Z');
  });
});
