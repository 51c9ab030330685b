import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers';

/**
 * Query strings and the page cache (issue 32, item 7). The review drew a category afresh for each of
 * 60 `?fbclid=` values (176 ms each); a page is now kept once per URL without the parameters that never
 * change it, and one client can cause only so many new drawings a minute — past that its pages come
 * undrawn (the shell alone, which the browser draws), never an error.
 */

const release = { packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };
const ALLOWANCE = 5;

const SHELL_PAGE = `<!doctype html><html><head><title>Generic title</title></head><body><div id="shell-root"><!--adire-frame--><div class="boot-frame">booting</div><!--/adire-frame--></div><script type="module" src="/assets/main-AAAAAAAA.js"></script></body></html>`;
/** Counts its drawings in this process and says which URL it was given. */
const SHELL_DRAW = `export async function draw({ url }) {
  globalThis.__pageQueryFrameDraws = (globalThis.__pageQueryFrameDraws ?? 0) + 1;
  return { html: '<header data-url="' + url.replace(/[^\\w/?=&.-]/g, '_') + '">Frame</header><main><div id="app-catalog" data-region="catalog"><!--adire-region:catalog--></div></main>', data: { handshake: null, categories: [], contact: null }, status: 200 };
}`;
const CATALOG_DRAW = `export async function draw({ url }) {
  return { html: '<h1>Listing of ' + url.replace(/[^\\w/?=&.-]/g, '_') + '</h1>', status: 200, answers: {}, head: '' };
}`;

function build(root: string, files: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(root, 'dist-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  }
  return dist;
}

let shop: TestShop;
const draws = () => (globalThis as { __pageQueryFrameDraws?: number }).__pageQueryFrameDraws ?? 0;
const page = (url: string, client = '10.0.0.1') => shop.app.inject({ url, remoteAddress: client });

beforeAll(async () => {
  shop = await startTestShop({ shell: true, config: { serverDraw: { enabled: true, budgetMs: 2000, drawsPerClientPerMinute: ALLOWANCE } } });
  const work = path.dirname(shop.dirs.releasesDir);
  await shop.registry.publish({ ...release, remote: 'shell', distDir: build(work, { 'index.html': SHELL_PAGE, 'assets/main-AAAAAAAA.js': '', 'server/draw.mjs': SHELL_DRAW }) });
  await shop.registry.publish({ ...release, remote: 'catalog', distDir: build(work, { 'remoteEntry.js': '', 'server/draw.mjs': CATALOG_DRAW }) });
});
afterAll(async () => {
  await shop.close();
});

describe('pages kept without the parameters that never change them (issue 32, item 7)', () => {
  it('60 different ?fbclid= values on a category cause one drawing, of the page without them', async () => {
    const before = draws();
    for (let i = 0; i < 60; i++) {
      const res = await page(`/product-category/roses?fbclid=IwAR${i}x${Math.random().toString(36).slice(2)}`, "10.1.0.1");
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Listing of /product-category/roses</h1>');
      expect(res.body).not.toContain('fbclid');
    }
    expect(draws() - before).toBe(1);
  });

  it('the same for utm_*, gclid, msclkid and parameters a route does not read, in any mix', async () => {
    const before = draws();
    for (const query of ['utm_source=ig&utm_medium=story', 'gclid=abc', 'msclkid=def', 'ref=whatsapp', 'page=3', 'utm_campaign=val&fbclid=1&gclid=2']) {
      const res = await page(`/product/ruby-romance-red-roses?${query}`, '10.2.0.1');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<header data-url="/product/ruby-romance-red-roses">');
    }
    expect(draws() - before).toBe(1);
  });

  it('what a route reads still makes its own page: a listing\'s sort, filters and page, the search', async () => {
    const before = draws();
    const sorted = await page('/product-category/roses?sort=price-asc&fbclid=9', '10.3.0.1');
    expect(sorted.body).toContain('<h1>Listing of /product-category/roses?sort=price-asc</h1>');
    const searched = await page('/filters?search=lilies&utm_source=x', '10.3.0.2');
    expect(searched.body).toContain('<h1>Listing of /filters?search=lilies</h1>');
    expect(draws() - before).toBe(2);
    // Kept: asked again with other noise, no new drawing.
    await page('/product-category/roses?gclid=1&sort=price-asc', '10.3.0.3');
    expect(draws() - before).toBe(2);
  });
});

describe('new drawings one client can cause per minute (issue 32, item 7)', () => {
  it('past its allowance a client gets the page undrawn (the shell alone, 200); kept pages and other clients are drawn as ever', async () => {
    const client = '10.9.9.9';
    const before = draws();
    for (let i = 0; i < ALLOWANCE; i++) {
      const res = await page(`/filters?search=rose${i}`, client);
      expect(res.body).toContain(`<h1>Listing of /filters?search=rose${i}</h1>`);
    }
    expect(draws() - before).toBe(ALLOWANCE);
    const over = await page('/filters?search=one-too-many', client);
    expect(over.statusCode).toBe(200);
    expect(over.headers['content-type']).toContain('text/html');
    expect(over.body).toContain('booting'); // the shell's own frame, for the browser to draw
    expect(over.body).not.toContain('Listing of');
    expect(over.body).not.toContain('data-drawn');
    expect(over.headers['server-timing']).toContain('over the allowance');
    expect(draws() - before).toBe(ALLOWANCE);
    // A page already kept costs nothing: still drawn for this client.
    expect((await page('/filters?search=rose0', client)).body).toContain('<h1>Listing of /filters?search=rose0</h1>');
    // Another client is not held back by this one.
    expect((await page('/filters?search=one-too-many', '10.9.9.10')).body).toContain('<h1>Listing of /filters?search=one-too-many</h1>');
  });
});
