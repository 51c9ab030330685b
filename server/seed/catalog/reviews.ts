/** Reviews and the featured lists of the generated catalogue. */
import { seededRandom } from '../../src/domains/catalog';
import { chance, pick, productId, type Rng } from './random';
import { FATHERS, FUNERAL, LOVE, MOTHERS, VALENTINE, WELL } from './words';
import type { SeedFeaturedList, SeedProduct, SeedReview } from '../../src/domains/catalog';

// ---------------------------------------------------------------- reviews
export const AUTHORS = [
  'Tolu A.', 'Chiamaka O.', 'Emeka N.', 'Aisha B.', 'Funke O.', 'Ngozi E.', 'Ibrahim M.', 'Kemi A.', 'Segun F.', 'Zainab Y.', 'Chidi U.',
  'Bukola S.', 'Yemi D.', 'Hauwa K.', 'Tunde B.', 'Amaka I.', 'Femi O.', 'Halima S.', 'Dayo A.', 'Nkechi C.', 'Seun T.', 'Efe O.', 'Uche N.',
  'Sade W.', 'James P. (London)', 'Sarah K. (Houston)', 'Bola J. (Toronto)', 'Ify M. (Manchester)', 'Kunle R.', 'Adaeze V.',
];
export const OPENERS_GOOD = [
  'Ordered from London for my mum in Surulere and it arrived the same afternoon.',
  'Delivered right on time for our anniversary dinner.',
  'The rider called ahead and was very polite.',
  'I placed the order at lunchtime and it was at her office in Victoria Island by four.',
  'Second time ordering and just as good as the first.',
  'Paid in pounds without any hassle and got updates on WhatsApp.',
  'Arrived in Abuja exactly on the day I chose.',
];
export const BODY_GOOD: Record<string, string[]> = {
  flowers: ['The flowers were fresh and lasted well over a week.', 'Even more beautiful than the picture.', 'Beautifully wrapped, and the blooms opened up over the next days.', 'Every stem was perfect.'],
  gift: ['Exactly as pictured, nicely wrapped with the card.', 'Great quality and well packaged.', 'The presentation was lovely.', 'It was a big hit.'],
};
export const CLOSERS_GOOD = ['She was over the moon!', 'Will definitely order again.', 'Thank you, Adire Blooms!', 'Highly recommended.', 'Made her whole week.', ''];
export const MIXED = [
  'The delivery came later than the slot I picked, but the team apologised and the flowers were still lovely.',
  'Nice, though a little smaller than I expected from the photo.',
  'Good overall; the card message had a typo, which customer service fixed the next day.',
];
export const POOR = ['Arrived a day late and one stem was bruised. Customer service offered a partial refund.', 'Not quite what I expected from the picture.'];

export function reviewText(r: Rng, rating: number, isFlower: boolean): string {
  if (rating <= 2) return pick(r, POOR);
  if (rating === 3) return pick(r, MIXED);
  return [pick(r, OPENERS_GOOD), pick(r, BODY_GOOD[isFlower ? 'flowers' : 'gift']!), pick(r, CLOSERS_GOOD)].filter(Boolean).join(' ');
}

export function generateReviews(products: SeedProduct[], seed = 777): SeedReview[] {
  const r = seededRandom(seed);
  const out: SeedReview[] = [];
  const start = Date.UTC(2024, 0, 5);
  const span = Date.UTC(2025, 11, 20) - start;
  for (const p of products) {
    const original = p.relevanceOrder === 0 && p.position < 8;
    if (!original && !chance(r, 0.65)) continue;
    const count = original ? 4 + Math.floor(r() * 6) : 1 + Math.floor(r() * 8);
    const isFlower = p.tags.some((t) => t.group === 'flowerType');
    for (let k = 0; k < count; k++) {
      const x = r();
      const rating = x < 0.6 ? 5 : x < 0.88 ? 4 : x < 0.96 ? 3 : x < 0.99 ? 2 : 1;
      out.push({
        id: productId(`${p.slug}#review-${k}`),
        productId: p.id,
        rating,
        comment: reviewText(r, rating, isFlower),
        author: pick(r, AUTHORS),
        createdAt: new Date(start + Math.floor(r() * span)).toISOString(),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- featured lists
export function generateFeatured(products: SeedProduct[], seed = 99): SeedFeaturedList[] {
  const r = seededRandom(seed);
  const inStock = products.filter((p) => p.inStock);
  const take = (filter: (p: SeedProduct) => boolean, count = 8) => {
    const pool = inStock.filter(filter);
    // originals first (the shop's bestsellers), then a deterministic shuffle of the rest
    const first = pool.filter((p) => p.position < 8);
    const rest = pool.filter((p) => p.position >= 8).map((p) => [r(), p] as const).sort((a, b) => a[0] - b[0]).map(([, p]) => p);
    return [...first, ...rest].slice(0, count).map((p) => p.id);
  };
  const inCat = (slug: string) => (p: SeedProduct) => p.categories.includes(slug);
  const lists: Omit<SeedFeaturedList, 'id' | 'position'>[] = [
    { kind: 'occasion', key: 'valentines-day', section: 'flowers', title: "Valentine's flowers", productIds: take((p) => inCat(VALENTINE)(p) && p.tags.some((t) => t.value === 'fresh')) },
    { kind: 'occasion', key: 'valentines-day', section: 'forever-roses', title: 'Forever roses', productIds: take(inCat('forever-roses-preserved-roses')) },
    { kind: 'occasion', key: 'valentines-day', section: 'gifts', title: "Valentine's gifts", productIds: take((p) => inCat(VALENTINE)(p) && inCat('gifts')(p)) },
    { kind: 'occasion', key: 'valentines-day', section: 'scented-candles', title: 'Scented candles', productIds: take(inCat('scented-candles')) },
    { kind: 'occasion', key: 'valentines-day', section: 'champagne', title: 'Champagne', productIds: take((p) => inCat('wine-and-champagne')(p) && p.keywords.includes('champagne')) },
    { kind: 'occasion', key: 'birthday', section: 'main', title: 'Birthday favourites', productIds: take((p) => inCat(LOVE)(p) && /birthday|cake|balloon/i.test(`${p.name} ${p.keywords}`)) },
    { kind: 'occasion', key: 'anniversary', section: 'main', title: 'For your anniversary', productIds: take((p) => inCat(LOVE)(p) && p.tags.some((t) => t.value === 'roses')) },
    { kind: 'occasion', key: 'mothers-day', section: 'main', title: "Mother's Day", productIds: take(inCat(MOTHERS)) },
    { kind: 'occasion', key: 'fathers-day', section: 'main', title: "Father's Day", productIds: take(inCat(FATHERS)) },
    { kind: 'occasion', key: 'get-well-soon', section: 'main', title: 'Get well soon', productIds: take(inCat(WELL)) },
    { kind: 'occasion', key: 'sympathy', section: 'main', title: 'With sympathy', productIds: take(inCat(FUNERAL)) },
    { kind: 'occasion', key: 'wedding', section: 'main', title: 'For the wedding', productIds: take((p) => inCat('bridal-bouquets')(p) || inCat('cascading-bridal-bouquets')(p)) },
    { kind: 'location', key: 'lagos', section: 'main', title: 'Popular in Lagos', productIds: take((p) => p.tags.some((t) => t.value === 'same-day')) },
    { kind: 'location', key: 'abuja', section: 'main', title: 'Popular in Abuja', productIds: take((p) => p.tags.some((t) => t.value === 'same-day') && p.relevanceOrder <= 2) },
    { kind: 'location', key: 'other-locations', section: 'main', title: 'Delivered nationwide', productIds: take((p) => p.tags.some((t) => t.value === 'nationwide')) },
  ];
  return lists.map((l, position) => ({ ...l, id: `${l.kind}:${l.key}:${l.section}`, position }));
}

