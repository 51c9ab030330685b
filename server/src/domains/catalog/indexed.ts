import type { VipClass } from '@adire/contracts';
import type { Bitset } from './bitset';

/** What the listing index (catalog-index.ts) keeps of each product and category; index-build.ts makes them from the rows. */
export interface IndexedProduct {
  id: string;
  slug: string;
  sku: string;
  name: string;
  description: string;
  price: number;
  priceFrom: number;
  hasOptions: boolean;
  /** Path of the main image (unversioned). */
  image: string;
  category: string;
  relevanceOrder: number;
  inStock: boolean;
  vipClass: VipClass | null;
  /** Version of the generated picture (changes with its composition). */
  artVersion: string;
  position: number;
}

export interface IndexedCategory {
  slug: string;
  name: string;
  description: string;
  group: 'occasions' | 'flowers' | 'gifts' | 'plants';
  position: number;
  members: Bitset;
  count: number;
}
