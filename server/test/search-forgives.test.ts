import { BACKOFFICE_PATHS, type CatalogListing, type FoundProduct, type SearchReport, type SearchResult } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { loadStaffConfig } from '../src/domains/staff';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';
import { makeStaff } from './proof-helpers';

/**
 * Search that forgives (issue 43), on SQLite and PostgreSQL: misspelt words found and said ("did you
 * mean"), the words as typed on request, the no-results answer, and the searches counted for the back
 * office's Searches page without anything personal.
 */

let shop: TestShop;
const B = 'business=adire-blooms';
/** 1 Mar 2099, 10:00 in Lagos. */
const clock = new Date('2099-03-01T09:00:00Z');
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
const { call, data } = backofficeCalls(() => shop);

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => clock, shell: true });
  manager = await makeStaff(shop, 'searches-manager@adireblooms.ng', 'manager', null, staffConfig);
  florist = await makeStaff(shop, 'searches-florist@adireblooms.ng', 'florist', manager, staffConfig);
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await shop.app.inject(url);
  expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data as T;
}
const search = (q: string) => get<SearchResult>(`/v1/catalog/search?${B}&q=${encodeURIComponent(q)}&limit=50`);
const filters = (q: string, extra = '') => get<CatalogListing>(`/v1/catalog/filters?${B}&search=${encodeURIComponent(q)}${extra}`);

describe('typos', () => {
  it('finds what the issue’s misspellings meant, and says what was searched', async () => {
    const meant: Record<string, string> = {
      rosses: 'roses', lillies: 'lilies', bouqet: 'bouquet', sunflowr: 'sunflower', choclate: 'chocolate', teady: 'teddy', baloon: 'balloon', champange: 'champagne',
    };
    for (const [typed, word] of Object.entries(meant)) {
      const [found, right] = await Promise.all([search(typed), search(word)]);
      expect(found.total, typed).toBeGreaterThan(0);
      expect(found.correctedSearch, typed).toBe(word);
      // What the misspelling finds is what the word finds, best first.
      expect(found.products.slice(0, 10).map((p) => p.slug), typed).toEqual(right.products.slice(0, 10).map((p) => p.slug));
    }
    // Two edits from "orchid" in five letters: the rule allows one.
    expect((await search('orkid')).total).toBe(0);
  });

  it('corrects only a word that begins no word of the catalogue: right words, words being typed and numbers stay', async () => {
    for (const q of ['roses', 'lili', 'red roses', 'cake', 'moet', '24']) expect((await search(q)).correctedSearch, q).toBeUndefined();
    const twoWords = await search('red rosses');
    expect(twoWords.correctedSearch).toBe('red roses');
    expect(twoWords.total).toBe((await search('red roses')).total);
  });

  it('says it on every listing, and searches the words as typed with exact=1', async () => {
    const corrected = await filters('rosses');
    expect(corrected.correctedSearch).toBe('roses');
    expect(corrected.search).toBe('rosses');
    expect(corrected.total).toBe((await filters('roses')).total);
    expect(corrected.popular).toBeUndefined();
    const inCategory = await get<CatalogListing>(`/v1/catalog/categories/all/products?${B}&search=teady`);
    expect(inCategory.correctedSearch).toBe('teddy');
    expect(inCategory.total).toBeGreaterThan(0);
    const asTyped = await filters('rosses', '&exact=1');
    expect(asTyped.total).toBe(0);
    expect(asTyped.correctedSearch).toBeUndefined();
  });

  it('answers a search that finds nothing with the shop’s popular products', async () => {
    const none = await filters('qqxzv');
    expect(none.total).toBe(0);
    expect(none.products).toEqual([]);
    expect(none.popular).toHaveLength(8);
    expect(none.popular!.every((p) => p.inStock)).toBe(true);
    expect((await filters('')).popular).toBeUndefined();
    expect((await search('qqxzv')).total).toBe(0);
  });
});

describe('the back office’s product finder', () => {
  it('forgives a typo in a name, never in a SKU', async () => {
    const found = async (search: string) => data<FoundProduct[]>(await call('GET', `${BACKOFFICE_PATHS.products}?search=${encodeURIComponent(search)}`, manager));
    const teddy = await found('cudle teady');
    expect(teddy.map((p) => p.slug)).toContain('cuddle-me-teddy');
    const sku = (await shop.db.kysely.selectFrom('product').select('sku').where('slug', '=', 'cuddle-me-teddy').executeTakeFirstOrThrow()).sku;
    expect((await found(sku)).map((p) => p.slug)).toEqual(['cuddle-me-teddy']);
    expect(await found(`${sku}1`)).toEqual([]);
    expect(await found(sku.replace(/\d$/, (d) => String((Number(d) + 5) % 10)) + 'x')).toEqual([]);
  });
});

describe('searches counted for the Searches page', () => {
  it('counts shoppers’ searches (normalised, first pages, pages and API calls), never personal data, and shows them to managers', async () => {
    for (const q of ['Red  Rosses', 'red rosses', 'zzqqv', 'me@example.com', 'call 0803 555 0142', '+2348035550142']) await filters(q);
    await filters('lilies', '&page=2'); // a second page is the same search
    const drawn = await shop.app.inject({ url: `/v1/catalog/filters?${B}&search=tulips`, headers: { 'x-adire-draw': '1' } }); // the server's own draw of a page
    expect(drawn.statusCode).toBe(200);
    const page = await shop.app.inject(`/filters?search=${encodeURIComponent('Sunflowr')}`); // the page itself, as a browser asks
    expect(page.statusCode).toBe(200);

    const report = data<SearchReport>(await call('GET', `${BACKOFFICE_PATHS.searches}?days=7`, manager));
    expect(report).toMatchObject({ days: 7, from: '2099-02-23', to: '2099-03-01' });
    const row = (list: SearchReport['top'], query: string) => list.find((r) => r.query === query);
    expect(row(report.top, 'red rosses')).toMatchObject({ searches: 2, lastDay: '2099-03-01' });
    expect(row(report.top, 'red rosses')!.results).toBeGreaterThan(0);
    expect(row(report.top, 'sunflowr')).toMatchObject({ searches: 1 });
    expect(row(report.noResults, 'zzqqv')).toMatchObject({ searches: 1, results: 0 });
    expect(row(report.noResults, 'red rosses')).toBeUndefined();
    expect(row(report.top, 'lilies')).toBeUndefined();
    expect(row(report.top, 'tulips')).toBeUndefined();
    const stored = await shop.db.kysely.selectFrom('search_count').select(['query']).execute();
    for (const r of stored) expect(r.query).not.toMatch(/@|example|0803|555|234/);
    // This file's earlier listings were counted too (rosses, roses, qqxzv): nothing else.
    expect(stored.map((r) => r.query).sort()).toEqual(['qqxzv', 'red rosses', 'roses', 'rosses', 'sunflowr', 'zzqqv']);

    expect(data<SearchReport>(await call('GET', `${BACKOFFICE_PATHS.searches}?days=30`, manager)).from).toBe('2099-01-31');
    const bad = await call('GET', `${BACKOFFICE_PATHS.searches}?days=5`, manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect((await call('GET', BACKOFFICE_PATHS.searches, florist)).statusCode).toBe(403);
    expect((await call('GET', BACKOFFICE_PATHS.searches)).statusCode).toBe(401);
  });
});
