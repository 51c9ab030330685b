/**
 * The catalogue, generated in code from vocabularies (names, colours, flowers, occasions) with a seeded
 * random source: the same input always gives the same shop. `generateCatalog()` is the seed (about 290
 * products with unique names); `generateCatalog({ products: 20_000 })` feeds the bench.
 */
import type { Scene } from '../image';
import { DESIGNS } from '../vocabulary';
import { generateProducts, type SeedFeaturedList, type SeedProduct, type SeedReview } from './products';
import { generateFeatured, generateReviews } from './reviews';

export interface SeedCatalog {
  products: SeedProduct[];
  reviews: SeedReview[];
  featured: SeedFeaturedList[];
}

export function generateCatalog(options: { products?: number; seed?: number; reviews?: boolean } = {}): SeedCatalog {
  const products = generateProducts(options);
  return {
    products,
    reviews: options.reviews === false ? [] : generateReviews(products),
    featured: generateFeatured(products),
  };
}

export const DESIGN_ROWS = DESIGNS.map((d, position) => ({ code: d.code, title: d.title, price_ngn: d.price, position }));

export type { Scene };
export { generateProducts, type SeedProduct, type SeedReview, type SeedFeaturedList, type SeedSize, type SeedTag } from './products';
export { productId, slugify } from './random';
