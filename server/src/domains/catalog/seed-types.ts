/**
 * What the catalog domain writes when it is seeded (writeCatalog): the rows of a catalogue, its blog
 * and FAQ. The demo shop's content that fills them lives outside the domain, in server/seed/catalog.
 */
import type { BlogBlock } from '@adire/contracts';
import type { ArtSpec } from './image';
import type { DesignCode } from './vocabulary';

export interface SeedSize { sku: string; label: string; price: number; isDefault: boolean; position: number }
export interface SeedTag { group: 'budget' | 'flowerType' | 'design' | 'packages' | 'delivery' | 'flowerName' | 'shopBy'; value: string }

export interface SeedProduct {
  id: string;
  slug: string;
  sku: string;
  name: string;
  description: string;
  price: number;
  category: string;
  categories: string[];
  relevanceOrder: number;
  inStock: boolean;
  vipClass: 'gold' | 'platinum' | 'diamond' | null;
  keywords: string;
  art: ArtSpec;
  images: { path: string; alt: string }[];
  sizes: SeedSize[];
  designs: DesignCode[];
  tags: SeedTag[];
  position: number;
}

export interface SeedReview { id: string; productId: string; rating: number; comment: string; author: string; createdAt: string }
export interface SeedFeaturedList { id: string; kind: 'occasion' | 'location'; key: string; section: string; title: string; position: number; productIds: string[] }

export interface SeedCatalog {
  products: SeedProduct[];
  reviews: SeedReview[];
  featured: SeedFeaturedList[];
}

export interface SeedBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  tags: string[];
  art: ArtSpec;
  content: BlogBlock[];
}

export interface SeedFaq {
  group: string;
  question: string;
  answer: string;
}
