// Catalog API shapes (issue 4): what /v1/catalog/* answers inside `{ data }`.
import type { Category, ImageVariants } from './entities';
import type { DeliveryLocation } from './names';

/** The delivery locations live in names.ts (below entities.ts); still exported from here. */
export { DELIVERY_LOCATIONS, DELIVERY_STATE_LABELS, type DeliveryLocation } from './names';

export const CATALOG_PATHS = {
  categories: '/v1/catalog/categories',
  /** Legacy flat list: `?category=&limit=`. */
  products: '/v1/catalog/products',
  categoryProducts: (slug: string) => `/v1/catalog/categories/${encodeURIComponent(slug)}/products`,
  product: (slug: string) => `/v1/catalog/products/${encodeURIComponent(slug)}`,
  productReviews: (slug: string) => `/v1/catalog/products/${encodeURIComponent(slug)}/reviews`,
  /** The /filters page: `?search=&shopBy=&<filter groups>&sort=&page=&pageSize=`. */
  filters: '/v1/catalog/filters',
  search: '/v1/catalog/search',
  featured: '/v1/catalog/featured',
  vip: '/v1/catalog/vip',
  blog: '/v1/catalog/blog',
  blogPost: (slug: string) => `/v1/catalog/blog/${encodeURIComponent(slug)}`,
  faq: '/v1/catalog/faq',
} as const;

/** SPEC section 9: the four sort options, in the order the product lists them. */
export const SORT_OPTIONS = [
  { value: 'name-desc', label: 'Name: Z to A' },
  { value: 'name-asc', label: 'Name: A to Z' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];
/** No (or an unknown) `sort`: the shop's own order (in stock first, then relevanceOrder; best match first when searching). */
export const DEFAULT_SORT = { value: 'default', label: 'Default sorting' } as const;
export type ListingSort = SortValue | typeof DEFAULT_SORT.value;

/** SPEC section 9: the product-filter groups, as query parameter names. */
export const FILTER_GROUPS = ['budget', 'flowerType', 'design', 'packages', 'delivery', 'flowerName'] as const;
export type FilterGroupName = (typeof FILTER_GROUPS)[number];

/** SPEC section 2: `/filters?shopBy={tag}`. The API accepts the value or the label ('same day delivery'). */
export const SHOP_BY_TAGS = [
  { value: 'wrapped-bouquet', label: 'Wrapped bouquet' },
  { value: 'box-arrangements', label: 'Box arrangements' },
  { value: 'others', label: 'Others' },
  { value: 'fresh-flowers', label: 'Fresh flowers' },
  { value: 'same-day-delivery', label: 'Same day delivery' },
] as const;
export type ShopByTag = (typeof SHOP_BY_TAGS)[number]['value'];

export const VIP_CLASSES = ['gold', 'platinum', 'diamond'] as const;
export type VipClass = (typeof VIP_CLASSES)[number];

/** Pagination limits of the listing endpoints. */
export const LISTING_PAGE_SIZE = { default: 24, max: 60 } as const;
/** Search text beyond this many characters is ignored. */
export const SEARCH_MAX_LENGTH = 100;

// IMAGE_FORMATS, ImageFormat and ImageVariants (a photo's sizes) live in entities.ts: a cart line carries them too.

export interface ProductImage {
  /** A photo: a JPEG variant of it (never the multi-megabyte original); art: the SVG. */
  src: string;
  alt: string;
  /** The picture's own size (a photo's, after its EXIF rotation; 800 × 800 for art). */
  width: number;
  height: number;
  variants?: ImageVariants;
}

/**
 * The picture a link to a page unfurls with (Open Graph, Twitter card): a JPEG of PREVIEW_SIZE made on
 * the server from the product's photo, or from its art, with the shop's name (issue 34). `src` is a
 * path on the store, versioned: a changed photo, name or layout gives a new URL.
 */
export interface PreviewImage {
  src: string;
  width: number;
  height: number;
  type: 'image/jpeg';
  alt: string;
}

/** 1200 × 630: the size every unfurler (WhatsApp, Facebook, X, Slack) shows large without cropping. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** The path of the feeds a catalogue service (Google Merchant Center, a Meta catalogue) fetches; `?currency=`. */
export const FEED_PATHS = { googleMerchant: '/feeds/google-merchant.xml', metaCatalog: '/feeds/meta-catalog.csv' } as const;

export interface RatingSummary {
  /** 1 decimal; 0 when there are no reviews. */
  average: number;
  count: number;
}

/** A product card. The first eight fields are the foundation's shape and stay. */
export interface ProductSummary {
  id: string;
  slug: string;
  /** SKU of the default size; the cart prices lines by SKU. */
  SKU: string;
  name: string;
  description: string;
  /** NGN, price of the default size. */
  price: number;
  /** `width`, `height` and `variants` as in ProductImage (older answers had only src and alt). */
  image: { src: string; alt: string; width?: number; height?: number; variants?: ImageVariants };
  /** Primary category slug. */
  category: string;
  inStock: boolean;
  vipClass: VipClass | null;
  /** Lowest price over the sizes (equals `price` when there is one size). */
  priceFrom: number;
  /** True when the shopper must or may choose a size or design on the product page. */
  hasOptions: boolean;
  rating: RatingSummary;
}

export interface CatalogCategory extends Category {
  description: string;
}

export interface ListingCategory {
  slug: string;
  name: string;
  description: string;
}

export interface FilterOption {
  value: string;
  label: string;
  /** Products that would match with this option chosen (other groups' choices applied). */
  count: number;
  selected: boolean;
}

export interface FilterGroup {
  group: FilterGroupName | 'shopBy';
  label: string;
  options: FilterOption[];
}

export interface SortChoice {
  value: ListingSort;
  label: string;
}

/** Category listing, /filters, VIP. */
export interface CatalogListing {
  /** null on /filters. */
  category: ListingCategory | null;
  products: ProductSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  filters: FilterGroup[];
  /** The sort applied (an unknown value falls back to the default) and the choices to offer. */
  sort: { value: ListingSort; options: SortChoice[] };
  /** The search text used (trimmed, length-limited), or ''. */
  search: string;
  /**
   * The search as corrected when some of its words matched nothing and were corrected (typo
   * tolerance: "Showing results for roses — search instead for rosses"); absent otherwise.
   */
  correctedSearch?: string;
  /**
   * When a search found nothing even with corrections: the shop's most popular products to offer
   * instead (the no-results page); absent otherwise.
   */
  popular?: ProductSummary[];
  /** The shopBy tags applied (normalised values). */
  shopBy: ShopByTag[];
  /** The picture a link to this listing unfurls with (a category's leading products; the shop's otherwise). */
  preview?: PreviewImage;
}

export interface ProductSize {
  SKU: string;
  /** The cart's `size`. */
  label: string;
  price: number;
  isDefault: boolean;
}

/** A design option; the cart's `design` carries `title`, `name` (same text) and `price`. */
export interface DesignOption {
  code: string;
  title: string;
  name: string;
  price: number;
}

export interface ProductReview {
  id: string;
  rating: number;
  comment: string;
  author: string;
  createdAt: string;
}

export interface ReviewSummary extends RatingSummary {
  /** Count per star, keys '1'…'5'. */
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
}

export interface TagRef {
  value: string;
  label: string;
}

export interface ProductDetail extends ProductSummary {
  images: ProductImage[];
  sizes: ProductSize[];
  /** Empty when the product comes one way only; the first is the default. */
  designs: DesignOption[];
  tags: Partial<Record<FilterGroupName | 'shopBy', TagRef[]>>;
  categories: { slug: string; name: string }[];
  relevanceOrder: number;
  deliveryNote: string;
  reviews: ReviewSummary & { latest: ProductReview[] };
  /** Random items grouped by relevanceOrder, lowest first (SPEC section 9). */
  recommendations: ProductSummary[];
  /** The picture a link to this product unfurls with. */
  preview?: PreviewImage;
}

export interface ReviewsPage {
  summary: ReviewSummary;
  reviews: ProductReview[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SearchResult {
  /** The text searched (trimmed, length-limited). */
  q: string;
  products: ProductSummary[];
  /** All matches, of which `products` are the best `limit`. */
  total: number;
  /** The text as corrected when some of its words matched nothing and were corrected; absent otherwise. */
  correctedSearch?: string;
}

export interface FeaturedList {
  kind: 'occasion' | 'location';
  /** Occasion key (e.g. 'valentines-day') or a delivery location. */
  key: string;
  /** A section of an occasion's showcase (e.g. 'forever-roses'), 'main' otherwise. */
  section: string;
  title: string;
  products: ProductSummary[];
}

export interface FeaturedResponse {
  occasion: string | null;
  location: DeliveryLocation | null;
  lists: FeaturedList[];
  /** The picture a link to the home page unfurls with (the shop's leading products and its name). */
  preview?: PreviewImage;
}

export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  image: ProductImage;
  tags: string[];
}

/** Rendered as text by the client (no HTML). */
export type BlogBlock = { type: 'heading'; text: string } | { type: 'paragraph'; text: string } | { type: 'list'; items: string[] };

export interface BlogPost extends BlogPostSummary {
  content: BlogBlock[];
}

export interface BlogList {
  posts: BlogPostSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface FaqEntry {
  id: string;
  group: string;
  question: string;
  answer: string;
}
