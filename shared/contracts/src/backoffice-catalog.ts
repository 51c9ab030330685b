// The back office's catalogue and reviews (the catalog domain): products found, a product's prices,
// stock and designs, the designs' prices, the featured lists, reviews hidden or shown. Paths: BACKOFFICE_PATHS.

/** GET products' query: a name, SKU or address to find (the first products when empty); at most 200 (30 by default). */
export interface ProductSearchQuery {
  search?: string;
  limit?: number;
}

/** GET reviews' query: one product's (by address), hidden ones only; at most 200. */
export interface ReviewsQuery {
  product?: string;
  hidden?: boolean;
  limit?: number;
}

/** GET searches' query: the last 7 days (default) or 30. */
export interface SearchesQuery {
  days?: 7 | 30;
}

/** The days the Searches page offers. */
export const SEARCH_REPORT_DAYS = [7, 30] as const;

/** One search on the Searches page: its words (folded), how often it was searched, what it found. */
export interface SearchReportRow {
  query: string;
  searches: number;
  /** Products it found (the most on any day of the period; 0 in the no-results list). */
  results: number;
  /** The last day it was searched (YYYY-MM-DD, Lagos). */
  lastDay: string;
}

/** What shoppers searched for over the last `days` days (from … to, Lagos days): the top searches, and the top ones that found nothing. */
export interface SearchReport {
  days: 7 | 30;
  from: string;
  to: string;
  top: SearchReportRow[];
  noResults: SearchReportRow[];
}

/** A product found by the back office's search. */
export interface FoundProduct {
  slug: string;
  sku: string;
  name: string;
  inStock: boolean;
}

/** A design as a product's page shows it. */
export interface StaffDesign {
  code: string;
  title: string;
  /** What the design adds to the price, shop-wide (₦0 for a wrapped bouquet or a box). */
  priceNgn: number;
  /** Offered for this product; the first offered is its default. */
  offered: boolean;
}

export interface StaffProduct {
  id: string;
  slug: string;
  sku: string;
  name: string;
  inStock: boolean;
  /** Units left of a limited product; null = not limited. */
  stock: number | null;
  sizes: { sku: string; label: string; priceNgn: number; isDefault: boolean }[];
  /** Every design of the shop: the offered ones first, in the product's order (the first is its default). */
  designs: StaffDesign[];
}

/** PUT products/:slug: any of its prices (by size SKU), stock (null: not limited) and designs (by code, in order). */
export interface ProductChangeRequest {
  prices?: Record<string, number | string>;
  stock?: number | null;
  designs?: string[];
}

export interface ProductChangeResult {
  messages: string[];
  product: StaffProduct;
}

/** A design of the shop and what it adds to a product's price. */
export interface ShopDesign {
  code: string;
  title: string;
  priceNgn: number;
}

/** PUT designs: what designs add to a product's price, by code. */
export interface DesignPricesRequest {
  prices: Record<string, number | string>;
}

export interface DesignPricesResult {
  message: string;
  designs: ShopDesign[];
}

export interface StaffFeaturedList {
  /** `kind:key:section`, e.g. `occasion:valentines-day:flowers`. */
  id: string;
  kind: 'occasion' | 'location';
  key: string;
  section: string;
  title: string;
  products: FoundProduct[];
}

/** GET featured. */
export interface FeaturedAnswer {
  lists: StaffFeaturedList[];
  max: number;
}

/** PUT featured/:list: the products in order, by address (slug) or SKU. */
export interface FeaturedListRequest {
  products: string[];
}

export interface FeaturedListResult {
  message: string;
  list: StaffFeaturedList;
}

export interface StaffReview {
  id: string;
  productSlug: string;
  productName: string;
  rating: number;
  comment: string;
  author: string;
  createdAt: string;
  hidden: boolean;
  hiddenReason: string | null;
}

/** PUT reviews/:id. */
export interface ReviewVisibilityRequest {
  hidden: boolean;
  reason?: string;
}
