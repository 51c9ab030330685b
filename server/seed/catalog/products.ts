/**
 * The demo catalogue's products: every family's share, the eight originals' drafts, and the finishing
 * of a draft into the rows the catalog domain writes (its SeedProduct).
 */
import { createHash } from 'node:crypto';
import { budgetFor, productId, seededRandom, type SeedProduct, type SeedSize, type SeedTag } from '../../src/domains/catalog';
import { PRODUCTS } from '../../src/db/seed-data';
import { chance, pick, type Rng, slugify } from './random';
import { type ColourKey, COLOURS, FATHERS, FUNERAL, JUST, LOVE, MOTHERS, PLACES, S, SIZES, VALENTINE, WELL } from './words';
import { accessories, bridal, bundles, cascading, dried, events, forever, funeral, luxury } from './arrangements';
import type { Draft, Maker } from './drafts';
import { carnations, chrysanthemums, gerberas, lilies, millionStars, mixed, roses } from './fresh';
import { balloons, cakes, candles, chocolates, drinks, giftPacks, perfumes, plants, teddies } from './gifts';

export type { SeedFeaturedList, SeedProduct, SeedReview, SeedSize, SeedTag } from '../../src/domains/catalog';

// ---------------------------------------------------------------- families and their share
export interface Family { key: string; count: number; make: Maker }
/** Counts of the seed (sum ≈ 290); a bigger catalogue scales them. */
export const FAMILIES: Family[] = [
  { key: 'roses', count: 30, make: roses },
  { key: 'lilies', count: 15, make: lilies },
  { key: 'chrysanthemums', count: 12, make: chrysanthemums },
  { key: 'million-stars', count: 10, make: millionStars },
  { key: 'gerberas', count: 12, make: gerberas },
  { key: 'carnations', count: 12, make: carnations },
  { key: 'mixed', count: 20, make: mixed },
  { key: 'forever', count: 14, make: forever },
  { key: 'dried', count: 5, make: dried },
  { key: 'bridal', count: 8, make: bridal },
  { key: 'cascading', count: 5, make: cascading },
  { key: 'accessories', count: 8, make: accessories },
  { key: 'funeral', count: 10, make: funeral },
  { key: 'events', count: 8, make: events },
  { key: 'bundles', count: 16, make: bundles },
  { key: 'luxury', count: 10, make: luxury },
  { key: 'chocolates', count: 12, make: chocolates },
  { key: 'cakes', count: 12, make: cakes },
  { key: 'teddies', count: 10, make: teddies },
  { key: 'balloons', count: 10, make: balloons },
  { key: 'drinks', count: 14, make: drinks },
  { key: 'perfumes', count: 12, make: perfumes },
  { key: 'gift-packs', count: 8, make: giftPacks },
  { key: 'candles', count: 10, make: candles },
  { key: 'plants', count: 14, make: plants },
];

/** The eight foundation products keep their slug, name, price, category and SKU (AB-1001…). */
export const ORIGINALS: Record<string, { family: string; colour: ColourKey; draft: (r: Rng) => Partial<Draft> }> = {
  'ruby-romance-red-roses': { family: 'roses', colour: 'red', draft: () => ({ sizes: SIZES.stems, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [LOVE, VALENTINE], flowerNames: ['roses'], art: { scene: 'bouquet', palette: COLOURS.red.hues, accent: '#f4d3d8', flowers: ['rose', 'rose', 'rose'] } }) },
  'ikoyi-sunrise-gerberas': { family: 'gerberas', colour: 'orange', draft: () => ({ sizes: SIZES.bouquet, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [WELL, JUST], flowerNames: ['gerberas'], art: { scene: 'bouquet', palette: ['#f28c28', '#f7c948', '#e06c00'], accent: '#c8a27a', flowers: ['gerbera'] } }) },
  'white-grace-lilies': { family: 'lilies', colour: 'white', draft: () => ({ sizes: SIZES.bouquet, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [FUNERAL, MOTHERS], flowerNames: ['lilies'], art: { scene: 'bouquet', palette: COLOURS.white.hues, accent: '#b7c9a8', flowers: ['lily'] } }) },
  'pink-whisper-carnations': { family: 'carnations', colour: 'pink', draft: () => ({ sizes: SIZES.stems, designs: ['wrapped-bouquet', 'in-vase', 'in-large-vase'], presentation: 'wrapped', occasions: [MOTHERS, JUST], flowerNames: ['carnations', 'million-stars'], art: { scene: 'bouquet', palette: COLOURS.pink.hues, accent: '#f4d3d8', flowers: ['carnation', 'millionstar'] } }) },
  'forever-red-rose-dome': { family: 'forever', colour: 'red', draft: () => ({ sizes: SIZES.single, designs: [], presentation: 'other', occasions: [VALENTINE, LOVE], flowerNames: ['roses'], art: { scene: 'dome', palette: COLOURS.red.hues, accent: '#8a5d3e', flowers: ['rose'] } }) },
  'lekki-luxe-chocolate-box': { family: 'chocolates', colour: 'burgundy', draft: () => ({ sizes: [S('20 pieces', '', 1), S('40 pieces', '40', 1.9)], designs: [], presentation: 'other', occasions: [LOVE, VALENTINE], flowerNames: [], art: { scene: 'chocolate', palette: ['#5a3311', '#7b4a21', '#d9b48a', '#3b1f0c'], accent: '#6d0f2c' } }) },
  'cuddle-me-teddy': { family: 'teddies', colour: 'ivory', draft: () => ({ sizes: SIZES.teddy, designs: [], presentation: 'other', occasions: [VALENTINE, LOVE], flowerNames: [], art: { scene: 'teddy', palette: ['#efe0c4'], accent: '#b3123a' } }) },
  'moet-imperial-brut': { family: 'drinks', colour: 'ivory', draft: () => ({ sizes: SIZES.champagne, designs: [], presentation: 'other', occasions: [LOVE, VALENTINE, FATHERS], flowerNames: [], art: { scene: 'bottle', palette: ['#f5f0e3'], accent: '#f5f0e3', variant: 'champagne' } }) },
};

export const roundPrice = (p: number) => Math.max(500, Math.round(p / 500) * 500);

export function vipFor(price: number): SeedProduct['vipClass'] {
  if (price >= 500_000) return 'diamond';
  if (price >= 300_000) return 'platinum';
  if (price >= 150_000) return 'gold';
  return null;
}

export function finish(d: Draft, slug: string, sku: string, position: number, r: Rng, original: boolean): SeedProduct {
  const sizes: SeedSize[] = d.sizes.map((s, i) => ({
    sku: s.code ? `${sku}-${s.code}` : sku,
    label: s.label,
    price: s.code ? roundPrice(d.price * s.factor) : d.price,
    isDefault: !s.code,
    position: i,
  }));
  const tags: SeedTag[] = [{ group: 'budget', value: budgetFor(d.price) }];
  if (d.flowerType) tags.push({ group: 'flowerType', value: d.flowerType });
  for (const code of d.designs) tags.push({ group: 'design', value: code });
  tags.push({ group: 'packages', value: d.packages });
  for (const v of d.delivery) tags.push({ group: 'delivery', value: v });
  for (const f of new Set(d.flowerNames)) tags.push({ group: 'flowerName', value: f });
  const wrapped = d.presentation === 'wrapped' || d.designs[0] === 'wrapped-bouquet';
  const boxed = d.presentation === 'box' || d.designs.includes('box');
  if (wrapped) tags.push({ group: 'shopBy', value: 'wrapped-bouquet' });
  if (boxed) tags.push({ group: 'shopBy', value: 'box-arrangements' });
  if (!wrapped && !boxed) tags.push({ group: 'shopBy', value: 'others' });
  if (d.flowerType === 'fresh') tags.push({ group: 'shopBy', value: 'fresh-flowers' });
  if (d.delivery.includes('same-day')) tags.push({ group: 'shopBy', value: 'same-day-delivery' });

  const categories = new Set([d.primary, ...d.occasions]);
  if (d.flowerType === 'fresh' || d.flowerType === 'preserved' || d.flowerType === 'dried') categories.add('all');
  if (d.packages !== 'flowers-only') categories.add('gifts');
  const seed = parseInt(createHash('sha1').update(slug).digest('hex').slice(0, 8), 16);
  const id = productId(slug);
  return {
    id,
    slug,
    sku,
    name: d.name,
    description: d.description,
    price: d.price,
    category: d.primary,
    categories: [...categories],
    relevanceOrder: original ? 0 : pick(r, [0, 1, 1, 1, 2, 2, 2, 3, 3, 4]),
    inStock: original || !chance(r, 0.07),
    vipClass: vipFor(d.price),
    keywords: [...new Set(d.keywords)].join(' '),
    art: { ...d.art, seed },
    images: [
      { path: `/media/products/${slug}.svg`, alt: d.name },
      { path: `/media/products/${slug}--detail.svg`, alt: `${d.name}, close-up` },
    ],
    sizes,
    designs: d.designs,
    tags,
    position,
  };
}

/** Scale the family counts to `total` (largest remainders), or the seed's own counts. */
export function familyCounts(total?: number): number[] {
  const base = FAMILIES.map((f) => f.count);
  if (total === undefined) return base;
  const sum = base.reduce((a, b) => a + b, 0);
  const exact = base.map((c) => (c * total) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i]!++;
  }
  return counts;
}

/**
 * The products: the eight originals first, then every family in turn. Names are unique; when a
 * family's vocabulary runs dry (only in catalogues far bigger than the seed) a place name is added.
 */
export function generateProducts(options: { products?: number; seed?: number } = {}): SeedProduct[] {
  const r = seededRandom(options.seed ?? 20240214);
  const counts = familyCounts(options.products);
  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  const out: SeedProduct[] = [];
  let skuNumber = 1001;

  const originalsByFamily = new Map<string, number>();
  for (const [i, p] of PRODUCTS.entries()) {
    const o = ORIGINALS[p.slug]!;
    const family = FAMILIES.find((f) => f.key === o.family)!;
    const generated = family.make(seededRandom(i + 1), 0);
    const draft: Draft = {
      ...generated,
      ...o.draft(r),
      name: p.name,
      description: p.description,
      primary: p.category,
      price: p.price,
    } as Draft;
    if (o.family === 'forever') draft.delivery = ['same-day', 'nationwide'];
    usedNames.add(p.name.toLowerCase());
    usedSlugs.add(p.slug);
    out.push(finish(draft, p.slug, `AB-${skuNumber++}`, out.length, r, true));
    originalsByFamily.set(o.family, (originalsByFamily.get(o.family) ?? 0) + 1);
  }

  for (const [fi, family] of FAMILIES.entries()) {
    const want = Math.max(0, counts[fi]! - (originalsByFamily.get(family.key) ?? 0));
    let made = 0;
    let attempt = 0;
    while (made < want) {
      let draft = family.make(r, attempt);
      attempt++;
      let slug = slugify(draft.name);
      if (usedNames.has(draft.name.toLowerCase()) || usedSlugs.has(slug)) {
        if (attempt < want * 8 + 40) continue;
        // Vocabulary exhausted: only reached by large generated catalogues, never by the seed.
        const place = PLACES[attempt % PLACES.length]!;
        draft = { ...draft, name: `${draft.name} (${place} ${Math.floor(attempt / PLACES.length) + 1})` };
        slug = slugify(draft.name);
        if (usedSlugs.has(slug)) continue;
      }
      usedNames.add(draft.name.toLowerCase());
      usedSlugs.add(slug);
      out.push(finish(draft, slug, `AB-${skuNumber++}`, out.length, r, false));
      made++;
    }
  }
  return out;
}
