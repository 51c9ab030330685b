import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, savesData, type PageData } from '@adire/contracts';
import { currencyFromCookie, withinBudget } from '../src/http/server-draw';
import { SHOPPER_CURRENCY_SCRIPT } from '../src/http/page';
import { startTestShop, type TestShop } from './helpers';

/**
 * The first screen drawn on the server from the live releases' own draw modules (issue 16). The
 * releases here are small builds whose server/draw.mjs behaves in a known way: draws, throws, hangs.
 */

const release = { packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };
// Generous: a busy machine must not turn a test's draw into an overrun (the hanging draw shows the budget).
const BUDGET_MS = 2000;

const SHELL_PAGE = `<!doctype html><html><head><meta name="description" content="generic"><title>Generic title</title></head><body><div id="shell-root"><!--adire-frame--><div class="boot-frame">booting</div><!--/adire-frame--></div><script type="module" src="/assets/main-AAAAAAAA.js"></script></body></html>`;

/** A shell release whose frame asks the API in process (the categories) and says which currency it drew in. */
const SHELL_DRAW = `export async function draw({ url, fetch, currency }) {
  const res = await fetch('/v1/catalog/categories?business=adire-blooms');
  const { data } = await res.json();
  return {
    html: '<header>Frame with ' + data.length + ' categories in ' + currency.name + '</header><main><div id="app-catalog" data-region="catalog"><!--adire-region:catalog--></div><div id="app-checkout" data-region="checkout"><!--adire-region:checkout--></div></main>',
    data: { handshake: null, categories: data.slice(0, 1), contact: null },
    status: url.startsWith('/nowhere') ? 404 : 200,
  };
}`;

const CATALOG_DRAWS = {
  /** Draws the product it is asked for from the API, a not-found as 404, and returns what it used. */
  good: (label: string) => `export async function draw({ url, fetch, origin }) {
  const slug = url.split('?')[0].split('/').pop();
  const res = await fetch('/v1/catalog/products/' + slug + '?business=adire-blooms');
  const body = await res.json();
  if (res.status === 404) return { html: '<h1>Product not found</h1>', status: 404, answers: {}, head: '<title>Not found</title>' };
  return {
    html: '<article><h1>' + body.data.name + '</h1><p>${label}</p></article>',
    status: 200,
    answers: { ['product:' + slug]: { data: { name: body.data.name, note: '</script><script>alert(1)</script>' } } },
    head: '<title>' + body.data.name + ' | Adire Blooms</title><link rel="canonical" href="' + origin + url + '">',
  };
}`,
  /** Says how it was asked to draw its pictures: for `Save-Data: on` or not. */
  saving: `export async function draw({ url, saveData }) {
  return { html: '<article><h1>Pictures</h1><p>' + (saveData === true ? 'pictures capped at 1.5' : 'pictures for every screen') + '</p></article>', status: 200, answers: {}, head: '' };
}`,
  throws: `export async function draw() { throw new Error('the catalogue draw broke'); }`,
  hangs: `export function draw() { return new Promise(() => {}); }`,
  /** Counts its drawings (this process's globalThis) and takes two budgets before drawing as `good` does. */
  slow: (label: string) => `export async function draw(request) {
  globalThis.__slowDraws = (globalThis.__slowDraws ?? 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, ${BUDGET_MS * 2}));
  const { url, fetch } = request;
  const slug = url.split('?')[0].split('/').pop();
  const body = await (await fetch('/v1/catalog/products/' + slug + '?business=adire-blooms')).json();
  return { html: '<article><h1>' + body.data.name + '</h1><p>${label}</p></article>', status: 200, answers: {}, head: '' };
}`,
};

function build(root: string, files: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(root, 'dist-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  }
  return dist;
}

const catalogRelease = (root: string, draw: string | null) =>
  build(root, { 'remoteEntry.js': `export const v = ${JSON.stringify(draw ?? 'none')};`, ...(draw ? { 'server/draw.mjs': draw } : {}) });

function pageData(html: string): PageData {
  const m = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  if (!m) throw new Error('the page carries no page data');
  return JSON.parse(m[1]!) as PageData;
}

let shop: TestShop;
let work: string;
const publishCatalog = (draw: string | null) => shop.registry.publish({ ...release, remote: 'catalog', distDir: catalogRelease(work, draw) });

beforeAll(async () => {
  shop = await startTestShop({ shell: true, config: { serverDraw: { enabled: true, budgetMs: BUDGET_MS } } });
  work = path.dirname(shop.dirs.releasesDir);
  await shop.registry.publish({
    ...release,
    remote: 'shell',
    distDir: build(work, { 'index.html': SHELL_PAGE, 'assets/main-AAAAAAAA.js': 'console.log(1)', 'server/draw.mjs': SHELL_DRAW }),
  });
});
afterAll(async () => {
  await shop.close();
});

describe('pages drawn on the server from the live releases', () => {
  it('puts the frame and the route region drawn by the live releases into the page, with the data they used and their head', async () => {
    const live = await publishCatalog(CATALOG_DRAWS.good('drawn by release one'));
    const res = await shop.app.inject('/product/ruby-romance-red-roses');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('Cookie');
    const html = res.body;
    expect(html).toMatch(/<header>Frame with \d+ categories in NGN<\/header>/);
    expect(html).not.toContain('booting');
    expect(html).toContain(`<div class="region-app" data-drawn="${live.version}"><article><h1>Ruby Romance Red Roses</h1><p>drawn by release one</p></article></div>`);
    // The region's head replaces the generic title and description.
    expect(html).toContain('<title>Ruby Romance Red Roses | Adire Blooms</title>');
    expect(html).not.toContain('Generic title');
    expect(html).not.toContain('content="generic"');
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:8080/product/ruby-romance-red-roses">');
    // Markers of regions nothing was drawn in are gone.
    expect(html).not.toContain('adire-region:');
    const data = pageData(html);
    expect(data.currency.name).toBe('NGN');
    expect(data.frame?.categories).toHaveLength(1);
    expect(data.regions.catalog?.version).toBe(live.version);
    expect(data.regions.catalog?.answers['product:ruby-romance-red-roses']).toEqual({ data: { name: 'Ruby Romance Red Roses', note: '</script><script>alert(1)</script>' } });
    // Data in the page cannot end its element early.
    expect(html.split('</script>').length).toBe(html.split('<script').length);
    // The data comes after everything drawn, last in the body: in the head it put the heading past the
    // first bytes a connection sends, so the heading painted a round trip after the first paint.
    const dataAt = html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`);
    expect(dataAt).toBeGreaterThan(html.indexOf('<h1>Ruby Romance Red Roses</h1>'));
    expect(html.indexOf('</head>')).toBeLessThan(dataAt);
    expect(html.slice(html.indexOf('</script>', dataAt))).toBe('</script></body></html>');
    // The first paint waits for the region past its heading: up to the next element with an id (the
    // frame's next region here, as this drawing has no id after its heading).
    const expectLink = '<link rel="expect" href="#app-checkout" blocking="render">';
    expect(html.indexOf(expectLink)).toBeGreaterThan(0);
    expect(html.indexOf(expectLink)).toBeLessThan(html.indexOf('</head>'));
  });

  it('draws in the currency of the cookie the shell keeps beside local storage', async () => {
    const res = await shop.app.inject({ url: '/product/ruby-romance-red-roses', headers: { cookie: 'other=1; adire_currency=USD' } });
    expect(res.body).toMatch(/categories in USD<\/header>/);
    expect(pageData(res.body).currency).toMatchObject({ name: 'USD', sign: '$' });
    // The page says the shopper's currency itself: no script reads the cookie before the first paint.
    expect(res.body).toMatch(/^<!doctype html><html data-shopper-currency="USD"[\s>]/i);
    expect(res.body).not.toContain(SHOPPER_CURRENCY_SCRIPT);
    // Without the cookie: drawn in naira, the time zone's rule first in the head, and kept apart from a
    // page asked for with the naira cookie (which needs no script).
    const none = await shop.app.inject({ url: '/product/ruby-romance-red-roses' });
    expect(none.body).not.toContain('data-shopper-currency="');
    expect(none.body.indexOf(`<head><script>${SHOPPER_CURRENCY_SCRIPT}</script>`)).toBeGreaterThan(0);
    const naira = await shop.app.inject({ url: '/product/ruby-romance-red-roses', headers: { cookie: 'adire_currency=NGN' } });
    expect(naira.body).toContain('data-shopper-currency="NGN"');
    expect(naira.body).not.toContain(SHOPPER_CURRENCY_SCRIPT);
    expect(pageData(naira.body).currency.name).toBe('NGN');
    expect(currencyFromCookie('adire_currency=EUR')).toBeNull();
    expect(currencyFromCookie(undefined)).toBeNull();
    expect(currencyFromCookie('a=b;adire_currency=GBP')).toBe('GBP');
  });

  it('answers 404 for what the region or the frame does not know, still with the whole page', async () => {
    const missing = await shop.app.inject('/product/no-such-flower');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Product not found</h1>');
    expect(missing.body).toContain('<header>Frame with');
    const nowhere = await shop.app.inject('/nowhere-at-all');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.headers['content-type']).toContain('text/html');
  });

  it('leaves the region to the browser when its draw throws: the rest of the page is drawn, never a 5xx', async () => {
    const live = await publishCatalog(CATALOG_DRAWS.throws);
    const res = await shop.app.inject('/product/ruby-romance-red-roses');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<header>Frame with');
    expect(res.body).toContain('<div id="app-catalog" data-region="catalog"></div>');
    expect(res.body).not.toContain('data-drawn');
    expect(pageData(res.body).regions).toEqual({});
    // The generic head stays when no region drew one.
    expect(res.body).toContain('Generic title');
    expect(live.version).toBeTruthy();
  });

  it('leaves the region to the browser when its draw overruns the budget', async () => {
    await publishCatalog(CATALOG_DRAWS.hangs);
    const started = Date.now();
    const res = await shop.app.inject('/product/ruby-romance-red-roses');
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<header>Frame with');
    expect(res.body).not.toContain('data-drawn');
    expect(took).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    expect(took).toBeLessThan(BUDGET_MS + 3000);
  });

  it('serves a release without a server module as before: drawn by the browser', async () => {
    await publishCatalog(null);
    const res = await shop.app.inject('/product/ruby-romance-red-roses');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-drawn');
  });

  it('draws with the release made live by a publish or a rollback on the next page load, no restart', async () => {
    const one = await publishCatalog(CATALOG_DRAWS.good('drawn by release one'));
    const two = await publishCatalog(CATALOG_DRAWS.good('drawn by release two'));
    expect((await shop.app.inject('/product/ruby-romance-red-roses')).body).toContain(`data-drawn="${two.version}"><article><h1>Ruby Romance Red Roses</h1><p>drawn by release two`);
    await shop.registry.rollback('catalog', one.version);
    expect((await shop.app.inject('/product/ruby-romance-red-roses')).body).toContain(`data-drawn="${one.version}"><article><h1>Ruby Romance Red Roses</h1><p>drawn by release one`);
  });

  it('never serves a release server module to browsers', async () => {
    const live = await publishCatalog(CATALOG_DRAWS.good('x'));
    expect((await shop.app.inject(`/releases/catalog/${live.version}/server/draw.mjs`)).statusCode).toBe(404);
    expect((await shop.app.inject(`/releases/catalog/${live.version}/remoteEntry.js`)).statusCode).toBe(200);
    expect((await shop.app.inject('/server/draw.mjs')).statusCode).toBe(404);
  });
});

describe('withinBudget', () => {
  const log = { warn: () => {}, error: () => {} } as never;
  it('gives the result of a draw that finishes in time, null for one that throws or overruns (and aborts it)', async () => {
    expect(await withinBudget('ok', 200, log, async () => 'drawn')).toBe('drawn');
    expect(await withinBudget('throws', 200, log, async () => Promise.reject(new Error('no')))).toBeNull();
    let aborted = false;
    const result = await withinBudget('hangs', 30, log, (signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return new Promise(() => {});
    });
    expect(result).toBeNull();
    expect(aborted).toBe(true);
  });
});

describe('drawn pages kept like the API answers', () => {
  it('keeps a whole drawing per URL, release versions and currency, with an ETag; a data change draws afresh', async () => {
    await publishCatalog(CATALOG_DRAWS.good('kept'));
    const url = '/product/white-grace-lilies';
    const first = await shop.app.inject(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await shop.app.inject(url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect((await shop.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const brotli = await shop.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    // Another currency is another page.
    expect((await shop.app.inject({ url, headers: { cookie: 'adire_currency=GBP' } })).headers.etag).not.toBe(etag);

    // The catalogue changes (another process could do this): the next request draws with the new data.
    await shop.db.kysely.updateTable('product').set({ name: 'White Grace Lilies Renamed' }).where('slug', '=', 'white-grace-lilies').execute();
    await shop.db.kysely.updateTable('catalog_state').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 'catalog').execute();
    const changed = await shop.app.inject(url);
    expect(changed.body).toContain('<h1>White Grace Lilies Renamed</h1>');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('finishes a drawing that overran its budget for the next shopper, and draws a page once however many ask at once', async () => {
    const draws = () => (globalThis as { __slowDraws?: number }).__slowDraws ?? 0;
    await publishCatalog(CATALOG_DRAWS.slow('slow but whole'));
    const url = '/product/ruby-romance-red-roses';
    const before = draws();
    const burst = await Promise.all(Array.from({ length: 5 }, () => shop.app.inject(url)));
    for (const res of burst) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-drawn'); // over its budget: the region is the browser's
      expect(res.body).toMatch(/<header>Frame with \d+ categories in NGN<\/header>/); // the frame is still drawn
    }
    expect(draws()).toBe(before + 1); // the five shared one drawing
    // The drawing goes on and is kept: a later shopper gets the whole page without a new drawing.
    await expect.poll(async () => (await shop.app.inject(url)).headers['server-timing'], { timeout: 15_000, interval: 20 }).toContain('kept');
    expect((await shop.app.inject(url)).body).toContain('<p>slow but whole</p>');
    expect(draws()).toBe(before + 1);
  });

  it('does not keep a page whose region was left to the browser', async () => {
    await publishCatalog(CATALOG_DRAWS.throws);
    const broken = await shop.app.inject('/product/white-grace-lilies');
    expect(broken.body).not.toContain('data-drawn');
    await publishCatalog(CATALOG_DRAWS.good('after the fix'));
    expect((await shop.app.inject('/product/white-grace-lilies')).body).toContain('after the fix');
  });
});

describe('a page for a shopper whose browser saves data (issue 42, item 4)', () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload|prefetch)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!).sort();

  it('is drawn with Save-Data asked of the region and said in the page data, and offers nothing ahead the other page does not', async () => {
    const live = await publishCatalog(CATALOG_DRAWS.saving);
    const url = '/product/ruby-romance-red-roses';
    const normal = await shop.app.inject(url);
    const saving = await shop.app.inject({ url, headers: { 'save-data': 'on' } });
    expect(normal.body).toContain('<p>pictures for every screen</p>');
    expect(saving.body).toContain(`<div class="region-app" data-drawn="${live.version}"><article><h1>Pictures</h1><p>pictures capped at 1.5</p>`);
    expect(pageData(normal.body).saveData).toBeUndefined();
    expect(pageData(saving.body).saveData).toBe(true);
    // No preload, module preload or prefetch of anything but the page's own parts: the same as without.
    expect(preloads(saving.body)).toEqual(preloads(normal.body));
    expect(saving.body).not.toContain('rel="prefetch"');
    for (const href of preloads(saving.body)) expect(href.startsWith('/assets/') || href.startsWith(`/releases/catalog/${live.version}/`), href).toBe(true);
    for (const res of [normal, saving]) expect(res.headers.vary).toMatch(/Cookie, Save-Data/);
  });

  it('is kept apart from the page without it: neither is ever served for the other, nor revalidated by the other’s tag', async () => {
    await publishCatalog(CATALOG_DRAWS.saving);
    const url = '/product/white-grace-lilies';
    const normal = await shop.app.inject(url);
    const saving = await shop.app.inject({ url, headers: { 'save-data': 'on' } });
    expect(saving.headers.etag).not.toBe(normal.headers.etag);
    // Kept now: each answer from its own copy, whichever was asked for last.
    for (const [headers, text, etag] of [
      [{ 'save-data': 'on' }, 'pictures capped at 1.5', saving.headers.etag],
      [{}, 'pictures for every screen', normal.headers.etag],
      [{ 'save-data': 'On ' }, 'pictures capped at 1.5', saving.headers.etag],
      [{ 'save-data': 'off' }, 'pictures for every screen', normal.headers.etag],
    ] as const) {
      const res = await shop.app.inject({ url, headers });
      expect(res.headers['server-timing']).toContain('kept');
      expect(res.body).toContain(text);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers.vary).toMatch(/Cookie, Save-Data/);
    }
    // The normal page's tag does not answer a Save-Data request with a 304 (nor the reverse).
    expect((await shop.app.inject({ url, headers: { 'save-data': 'on', 'if-none-match': normal.headers.etag as string } })).statusCode).toBe(200);
    expect((await shop.app.inject({ url, headers: { 'if-none-match': saving.headers.etag as string } })).statusCode).toBe(200);
    expect((await shop.app.inject({ url, headers: { 'save-data': 'on', 'if-none-match': saving.headers.etag as string } })).statusCode).toBe(304);
  });

  it('reads the header as browsers send it: `on`, any case and spacing; anything else is no request', () => {
    expect(['on', 'On', ' ON ', ['on']].map((h) => savesData(h))).toEqual([true, true, true, true]);
    expect(['off', '', 'on;', 'yes', undefined, []].map((h) => savesData(h))).toEqual([false, false, false, false, false, false]);
  });
});

describe('a kept page and the manifest it carries', () => {
  it('is drawn afresh when the manifest points a part at another origin (a CDN), releases unchanged', async () => {
    await publishCatalog(CATALOG_DRAWS.good('origins'));
    const url = '/product/ruby-romance-red-roses';
    const before = await shop.app.inject(url);
    expect(before.body).not.toContain('https://cdn.example');
    await shop.registry.setOrigin('catalog', 'https://cdn.example/releases');
    try {
      expect((await shop.app.inject(url)).body).toContain('https://cdn.example/releases/catalog/');
    } finally {
      await shop.registry.setOrigin('catalog', null);
    }
  });
});
