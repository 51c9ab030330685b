import { createHash } from 'node:crypto';
import { SEARCH_MAX_LENGTH, SORT_OPTIONS } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { generateCatalog, generateProducts, slugify } from '../seed/catalog';
import { CATEGORIES, PRODUCTS } from '../src/db/seed-data';
import { bits } from '../src/domains/catalog/testing';
import { type ArtSpec } from '../src/domains/catalog';
import { artVersion, renderArt } from '../src/domains/catalog/testing';
import { cacheControl, etagMatches } from '../src/domains/catalog/testing';
import { cleanSearchText, normaliseTagValue, pageCount, paginate, parseFilters, parseShopBy, parseTagValues, resolveSort } from '../src/domains/catalog/testing';
import { seededRandom } from '../src/domains/catalog';
import { pickRecommendations, shuffle } from '../src/domains/catalog/testing';
import { foldText, indexTokens, prefixSpan, queryTerms, stem, tokenize } from '../src/domains/catalog/testing';
import { budgetFor } from '../src/domains/catalog';
import { TAG_GROUPS } from '../src/domains/catalog/testing';

describe('filter parsing', () => {
  it('normalises values and labels to the stored slug', () => {
    expect(normaliseTagValue('Same day delivery')).toBe('same-day-delivery');
    expect(normaliseTagValue('  BOX_arrangements ')).toBe('box-arrangements');
    expect(normaliseTagValue('Flowers & chocolates')).toBe('flowers-and-chocolates');
    expect(normaliseTagValue('Gerberás')).toBe('gerberas');
  });

  it('keeps known values only, from repeats and commas, without duplicates', () => {
    expect(parseTagValues('budget', ['under-25000,25000-50000', 'under-25000', 'bogus'])).toEqual(['under-25000', '25000-50000']);
    expect(parseTagValues('flowerName', 'Roses')).toEqual(['roses']);
    expect(parseTagValues('design', 'In vase')).toEqual(['in-vase']);
    expect(parseTagValues('delivery', undefined)).toEqual([]);
    expect(parseTagValues('packages', "'; drop table product; --")).toEqual([]);
  });

  it('drops unknown groups and values (they fall back to no filter)', () => {
    expect(parseFilters({ budget: 'nope', flowerType: ['fresh', 'plastic'], flowerName: 'tulips' })).toEqual({ flowerType: ['fresh'], flowerName: ['tulips'] });
    expect(parseFilters({})).toEqual({});
    expect(parseShopBy(['same day delivery', 'Wrapped bouquet', 'unicorns'])).toEqual(['same-day-delivery', 'wrapped-bouquet']);
  });

  it('every filter group of SPEC section 9 and shopBy has options', () => {
    expect(TAG_GROUPS.map((g) => g.group)).toEqual(['budget', 'flowerType', 'design', 'packages', 'delivery', 'flowerName', 'shopBy']);
    for (const g of TAG_GROUPS) expect(g.options.length).toBeGreaterThan(1);
  });

  it('budget bands cover every price once', () => {
    expect(budgetFor(0)).toBe('under-25000');
    expect(budgetFor(24_999)).toBe('under-25000');
    expect(budgetFor(25_000)).toBe('25000-50000');
    expect(budgetFor(45_000)).toBe('25000-50000');
    expect(budgetFor(199_999)).toBe('100000-200000');
    expect(budgetFor(10_000_000)).toBe('above-200000');
  });
});

describe('sort and pagination', () => {
  it('resolves the four sorts of SPEC section 9 and falls back to the default', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual(['name-desc', 'name-asc', 'price-asc', 'price-desc']);
    for (const o of SORT_OPTIONS) expect(resolveSort(o.value)).toBe(o.value);
    expect(resolveSort(' PRICE-ASC ')).toBe('price-asc');
    expect(resolveSort('price')).toBe('default');
    expect(resolveSort('')).toBe('default');
    expect(resolveSort(undefined)).toBe('default');
    expect(resolveSort(['name-asc'])).toBe('default');
  });

  it('pages from 1, defaults to 24, caps at 60, clamps nonsense', () => {
    expect(paginate(undefined, undefined)).toEqual({ page: 1, pageSize: 24, offset: 0 });
    expect(paginate(3, 10)).toEqual({ page: 3, pageSize: 10, offset: 20 });
    expect(paginate(2, 5000)).toEqual({ page: 2, pageSize: 60, offset: 60 });
    expect(paginate(0, 0)).toEqual({ page: 1, pageSize: 24, offset: 0 });
    expect(paginate('x', -4)).toEqual({ page: 1, pageSize: 24, offset: 0 });
    expect(paginate(1.7, 12.9)).toEqual({ page: 1, pageSize: 12, offset: 0 });
    expect(paginate(1, 100, { default: 10, max: 50 }).pageSize).toBe(50);
  });

  it('counts pages', () => {
    expect(pageCount(0, 24)).toBe(0);
    expect(pageCount(1, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });
});

describe('search text', () => {
  it('folds accents and case, splits on anything but letters and digits', () => {
    expect(foldText('Moët IMPÉRIAL')).toBe('moet imperial');
    expect(tokenize("Mother's Day: 24 roses!")).toEqual(['mother', 'day', '24', 'rose']);
    expect(tokenize('🌹💐 "%_\' ;--')).toEqual([]);
    expect(tokenize('Ìrètí àti Ifẹ')).toEqual(['ireti', 'ati', 'ife']);
  });

  it('stems plurals lightly', () => {
    expect(stem('lilies')).toBe('lily');
    expect(stem('roses')).toBe('rose');
    expect(stem('boxes')).toBe('box');
    expect(stem('glass')).toBe('glass');
    expect(stem('cactus')).toBe('cactus');
    expect(stem('gas')).toBe('gas');
  });

  it('indexes each word and its stem so partial words and plurals both match', () => {
    expect(indexTokens('White Lilies').sort()).toEqual(['lilies', 'lily', 'white']);
  });

  it('drops stop words unless nothing else is left, at most 8 distinct terms', () => {
    expect(queryTerms('roses for my mum')).toEqual(['rose', 'mum']);
    expect(queryTerms('for the')).toEqual(['for', 'the']);
    expect(queryTerms('a b c d e f g h i j k')).toHaveLength(8);
    expect(queryTerms('rose rose roses')).toEqual(['rose']);
  });

  it('finds the prefix span in a sorted vocabulary', () => {
    const vocab = ['lilac', 'lilies', 'lily', 'lime', 'rose', 'roses', 'rosy'];
    expect(prefixSpan(vocab, 'lil')).toEqual([0, 3]);
    expect(prefixSpan(vocab, 'rose')).toEqual([4, 6]);
    expect(prefixSpan(vocab, 'z')).toEqual([7, 7]);
    expect(prefixSpan(vocab, 'a')).toEqual([0, 0]);
  });

  it('limits the search text to 100 characters without cutting an emoji in half', () => {
    expect(cleanSearchText('  red   roses \n')).toBe('red roses');
    expect(cleanSearchText('x'.repeat(500))).toHaveLength(SEARCH_MAX_LENGTH);
    const emoji = cleanSearchText('🌹'.repeat(150));
    expect(Array.from(emoji)).toHaveLength(SEARCH_MAX_LENGTH);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF]$/);
    expect(cleanSearchText(undefined)).toBe('');
    expect(cleanSearchText(['a'])).toBe('');
  });
});

describe('recommendations', () => {
  const items = [
    ...Array.from({ length: 5 }, (_, i) => ({ id: `a${i}`, relevanceOrder: 2 })),
    ...Array.from({ length: 3 }, (_, i) => ({ id: `b${i}`, relevanceOrder: 0 })),
    ...Array.from({ length: 4 }, (_, i) => ({ id: `c${i}`, relevanceOrder: 1 })),
  ];

  it('takes the lowest relevanceOrder group first, then the next', () => {
    const picked = pickRecommendations(items, 6, seededRandom(1));
    expect(picked.map((p) => p.relevanceOrder)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(new Set(picked.map((p) => p.id)).size).toBe(6);
  });

  it('is random within a group', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed < 40; seed++) orders.add(pickRecommendations(items, 3, seededRandom(seed)).map((p) => p.id).join());
    expect(orders.size).toBeGreaterThan(1);
    for (const o of orders) expect(o.split(',').every((id) => id.startsWith('b'))).toBe(true);
  });

  it('returns fewer when there are fewer candidates, none for none', () => {
    expect(pickRecommendations(items, 50)).toHaveLength(items.length);
    expect(pickRecommendations([], 5)).toEqual([]);
  });

  it('shuffles without losing or duplicating', () => {
    const s = shuffle([1, 2, 3, 4, 5, 6], seededRandom(9));
    expect([...s].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('bitsets', () => {
  it('sets, counts and combines', () => {
    const a = bits.empty(70);
    const b = bits.empty(70);
    for (const i of [0, 5, 31, 32, 69]) bits.set(a, i);
    for (const i of [5, 32, 40]) bits.set(b, i);
    expect(bits.count(a)).toBe(5);
    expect(bits.countAnd(a, b)).toBe(2);
    expect(bits.count(bits.and(a, b))).toBe(2);
    expect(bits.has(a, 69)).toBe(true);
    expect(bits.has(a, 68)).toBe(false);
    expect(bits.count(bits.full(70))).toBe(70);
    expect(bits.count(bits.andAll(bits.full(70), [a, undefined, b]))).toBe(2);
    const c = bits.empty(70);
    bits.orInto(c, a);
    bits.orInto(c, b);
    expect(bits.count(c)).toBe(6);
  });
});

describe('the generated catalogue', () => {
  const catalog = generateCatalog();
  const products = catalog.products;

  it('has at least 240 products with unique names, slugs and SKUs, and no numbered copies', () => {
    expect(products.length).toBeGreaterThanOrEqual(240);
    expect(new Set(products.map((p) => p.name.toLowerCase())).size).toBe(products.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    const skus = products.flatMap((p) => p.sizes.map((s) => s.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const p of products) {
      expect(p.name).not.toMatch(/\(|#\d|\b(?:No\.?|Nr)\s*\d|\s\d+$/);
      expect(p.slug).toBe(slugify(p.name));
      expect(p.description.length).toBeGreaterThan(40);
    }
  });

  it('keeps the eight foundation products with their slug, name, price, category and SKU', () => {
    PRODUCTS.forEach((o, i) => {
      const p = products.find((x) => x.slug === o.slug)!;
      expect(p).toMatchObject({ name: o.name, price: o.price, category: o.category, sku: `AB-${1001 + i}`, relevanceOrder: 0, inStock: true });
      expect(p.sizes.find((s) => s.isDefault)).toMatchObject({ sku: p.sku, price: o.price });
    });
  });

  it('populates all 30 categories, with aggregates and several categories per product', () => {
    for (const c of CATEGORIES) expect(products.filter((p) => p.categories.includes(c.slug)).length, c.slug).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => p.categories.length > 1).length).toBeGreaterThan(products.length / 2);
  });

  it('tags every filter group, sizes with their own prices, some sold out, some VIP', () => {
    for (const g of TAG_GROUPS) {
      for (const o of g.options) expect(products.some((p) => p.tags.some((t) => t.group === g.group && t.value === o.value)), `${g.group}:${o.value}`).toBe(true);
    }
    for (const p of products) {
      expect(p.sizes.filter((s) => s.isDefault)).toHaveLength(1);
      expect(p.tags.filter((t) => t.group === 'budget')).toEqual([{ group: 'budget', value: budgetFor(p.price) }]);
      expect(p.tags.filter((t) => t.group === 'design').map((t) => t.value)).toEqual(p.designs);
    }
    expect(products.filter((p) => p.sizes.length > 1 && new Set(p.sizes.map((s) => s.price)).size === p.sizes.length).length).toBeGreaterThan(150);
    expect(products.filter((p) => !p.inStock).length).toBeGreaterThan(3);
    expect(products.filter((p) => p.vipClass).length).toBeGreaterThanOrEqual(10);
    expect(new Set(products.map((p) => p.relevanceOrder)).size).toBeGreaterThan(2);
  });

  it('has reviews on many products and featured lists per occasion and location', () => {
    const reviewed = new Set(catalog.reviews.map((r) => r.productId));
    expect(reviewed.size).toBeGreaterThan(products.length / 2);
    for (const r of catalog.reviews) expect(r.rating).toBeGreaterThanOrEqual(1);
    expect(catalog.featured.filter((l) => l.kind === 'location').map((l) => l.key)).toEqual(['lagos', 'abuja', 'other-locations']);
    expect(catalog.featured.filter((l) => l.key === 'valentines-day').map((l) => l.section)).toEqual(['flowers', 'forever-roses', 'gifts', 'scented-candles', 'champagne']);
    for (const l of catalog.featured) expect(l.productIds.length, l.id).toBeGreaterThanOrEqual(4);
  });

  it('is deterministic, and scales for a bench', () => {
    expect(JSON.stringify(generateProducts())).toBe(JSON.stringify(products));
    const big = generateProducts({ products: 1000 });
    expect(big).toHaveLength(1000);
    expect(new Set(big.map((p) => p.slug)).size).toBe(1000);
  });
});

describe('pictures', () => {
  const products = generateProducts();

  it('differ for every product and are stable', () => {
    const hashes = new Set(products.map((p) => createHash('sha1').update(renderArt(p.art, p.name)).digest('hex')));
    expect(hashes.size).toBe(products.length);
    const p = products[0]!;
    expect(renderArt(p.art, p.name)).toBe(renderArt(p.art, p.name));
  });

  it('draw every scene as one well-formed SVG with an escaped label', () => {
    const scenes = new Set(products.map((p) => p.art.scene));
    expect(scenes.size).toBeGreaterThanOrEqual(18);
    for (const p of products) {
      const svg = renderArt(p.art, p.name);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect((svg.match(/<svg/g) ?? []).length).toBe(1);
    }
    const spec: ArtSpec = { scene: 'bouquet', palette: ['#ff0000'], accent: '#00ff00', seed: 5 };
    expect(renderArt(spec, 'Tom & "Jerry" <3')).toContain('aria-label="Tom &#38; &#34;Jerry&#34; &#60;3"');
    expect(renderArt(spec, 'x', 'detail')).toContain('viewBox="90 60 220 220"');
  });

  it('get a new version when the drawing or the name changes', () => {
    expect(artVersion('{"a":1}', 'Roses')).toBe(artVersion('{"a":1}', 'Roses'));
    expect(artVersion('{"a":1}', 'Roses')).not.toBe(artVersion('{"a":2}', 'Roses'));
    expect(artVersion('{"a":1}', 'Roses')).not.toBe(artVersion('{"a":1}', 'Lilies'));
  });

  it('are cached for a year only when the URL names the current version', () => {
    expect(cacheControl('abc', 'abc')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl(undefined, 'abc')).toMatch(/^public, max-age=3600/);
    expect(cacheControl('old', 'abc')).toMatch(/^public, max-age=3600/);
    expect(etagMatches('"a-1", W/"a-2"', '"a-2"')).toBe(true);
    expect(etagMatches('"a-1"', '"a-2"')).toBe(false);
    expect(etagMatches(undefined, '"a-2"')).toBe(false);
  });
});
