/**
 * The demo shop's catalogue, generated in code from vocabularies (names, colours, flowers, occasions)
 * with a seeded random source: the same input always gives the same shop. `generateCatalog()` is the
 * seed (about 290 products with unique names); `generateCatalog({ products: 20_000 })` feeds the bench.
 * The catalog domain writes what this makes (writeCatalog); it does not import it.
 */
import type { SeedCatalog } from '../../src/domains/catalog';
import { BLOG_POSTS, FAQ_ENTRIES } from './content';
import { generateProducts } from './products';
import { generateFeatured, generateReviews } from './reviews';

export function generateCatalog(options: { products?: number; seed?: number; reviews?: boolean } = {}): SeedCatalog {
  const products = generateProducts(options);
  return {
    products,
    reviews: options.reviews === false ? [] : generateReviews(products),
    featured: generateFeatured(products),
  };
}

/** What the seed writes into an empty catalogue: the generated products, the blog and the FAQ. */
export function demoCatalog() {
  return { catalog: generateCatalog(), content: { blog: BLOG_POSTS, faq: FAQ_ENTRIES } };
}

export { BLOG_POSTS, FAQ_ENTRIES } from './content';
export { generateProducts, type SeedProduct, type SeedReview, type SeedFeaturedList, type SeedSize, type SeedTag } from './products';
export { productId, slugify } from './random';
export type { SeedCatalog } from '../../src/domains/catalog';
