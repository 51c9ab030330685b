import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('API envelope and guards', () => {
  it('answers /healthz with the database in use', async () => {
    const res = await shop.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  it('wraps success in {data}', async () => {
    const res = await shop.app.inject('/v1/catalog/categories?business=adire-blooms');
    expect(res.statusCode).toBe(200);
    const categories = res.json().data as { slug: string; group: string }[];
    expect(categories).toHaveLength(30);
    expect(categories[0]).toMatchObject({ slug: 'flowers-for-love-birthday-anniversary-etc', group: 'occasions' });
  });

  it('refuses an unknown or missing business with a 400 envelope', async () => {
    const unknown = await shop.app.inject('/v1/catalog/categories?business=someone-else');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_BUSINESS', message: "Unknown business 'someone-else'" });
    const missing = await shop.app.inject('/v1/catalog/categories');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'BUSINESS_REQUIRED', fields: { business: 'is required' } });
  });

  it('accepts the business in a JSON body', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/v1/nothing-here', payload: { business: 'adire-blooms' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: POST /v1/nothing-here', code: 'NOT_FOUND' });
  });

  it('names each invalid field', async () => {
    const res = await shop.app.inject('/v1/catalog/products?business=adire-blooms&limit=5000&category=DROP%20TABLE');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fields).sort()).toEqual(['category', 'limit']);
  });

  it('gives a clear 413 for a body over the limit and a 400 for malformed JSON', async () => {
    const big = await shop.app.inject({
      method: 'POST',
      url: '/v1/storefront/handshake?business=adire-blooms',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ business: 'adire-blooms', pad: 'x'.repeat(40 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body is too large (limit 16 KB)', code: 'BODY_TOO_LARGE' });
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/v1/storefront/handshake?business=adire-blooms',
      headers: { 'content-type': 'application/json' },
      payload: '{"business": "adire-blooms",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
  });
});

describe('site and catalog', () => {
  it('handshake returns rates, settings and the delivery zone amount from the database', async () => {
    const res = await shop.app.inject('/v1/storefront/handshake?business=adire-blooms');
    const data = res.json().data;
    expect(data.user).toBeNull();
    expect(data.currencies).toEqual([
      { name: 'NGN', conversionRate: 1 },
      { name: 'USD', conversionRate: 700 },
      { name: 'GBP', conversionRate: 890 },
    ]);
    expect(data.settings.alertSettings.siteWideAlert).toContain('Same-day delivery');
    expect(data.settings.deliverySettings.baseConfig.type).toBe('base');
    expect(data.deliveryZoneAmount).toBe(3000);
    await shop.db.kysely.updateTable('currency').set({ conversion_rate: 1500 }).where('name', '=', 'USD').execute();
    const after = (await shop.app.inject('/v1/storefront/handshake?business=adire-blooms')).json().data;
    expect(after.currencies[1]).toEqual({ name: 'USD', conversionRate: 1500 });
  });

  it('lists products of a category with SKU, price and image', async () => {
    const res = await shop.app.inject('/v1/catalog/products?business=adire-blooms&category=roses');
    const products = res.json().data;
    expect(products).toHaveLength(24); // the first page of the roses (issue 4's catalogue), bestseller first
    expect(products.every((p: { category: string }) => typeof p.category === 'string')).toBe(true);
    expect(products[0]).toMatchObject({ SKU: 'AB-1001', name: 'Ruby Romance Red Roses', price: 45000, category: 'roses' });
    const image = await shop.app.inject(products[0].image.src);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('aria-label="Ruby Romance Red Roses"');
  });
});

describe('store files', () => {
  it('serves /remotes.json from the release registry with no-store, and picks up a change without restart', async () => {
    const { releasesDir } = shop.dirs;
    fs.mkdirSync(path.join(releasesDir, 'cart', '0.1.0-aaa'), { recursive: true });
    fs.writeFileSync(path.join(releasesDir, 'cart', '0.1.0-aaa', 'remoteEntry.js'), 'export const v = 1;');
    await shop.registry.forcePointers({ live: { cart: '0.1.0-aaa' } });
    const first = await shop.app.inject('/remotes.json');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ cart: { version: '0.1.0-aaa', entry: '/releases/cart/0.1.0-aaa/remoteEntry.js' } });
    await shop.registry.forcePointers({ live: { cart: '0.1.0-bbb' } });
    expect((await shop.app.inject('/remotes.json')).json().cart.version).toBe('0.1.0-bbb');

    const asset = await shop.app.inject('/releases/cart/0.1.0-aaa/remoteEntry.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await shop.app.inject('/releases/manifest.json')).statusCode).toBe(404);
  });

  it('answers page routes with the shell, or says the store is not built', async () => {
    const res = await shop.app.inject('/product-category/roses');
    expect(res.statusCode).toBe(503);
    fs.mkdirSync(shop.dirs.shellDir, { recursive: true });
    fs.writeFileSync(path.join(shop.dirs.shellDir, 'index.html'), '<!doctype html><title>Adire Blooms</title>');
    const page = await shop.app.inject('/product-category/roses');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Adire Blooms');
  });
});
