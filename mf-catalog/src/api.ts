import { api } from '@adire/api-client';
import {
  API_PATHS,
  CATALOG_PATHS,
  type ApiResult,
  type BlogList,
  type BlogPost,
  type CatalogListing,
  type Category,
  type DeliveryLocation,
  type FaqEntry,
  type FeaturedResponse,
  type ProductDetail,
  type ShopContact,
} from '@adire/contracts';

/** What a listing call sends beyond the path: filter groups (comma-joined), sort, page, search, shopBy. */
export type ListingQuery = Record<string, string | number>;

/** A call not made yet: useApi decides when (and whether) to make it. */
export type Load<T> = () => Promise<ApiResult<T>>;

/** Every call of the catalog: one line each, shapes from the contracts package. */
export const catalogApi = {
  categories: (): Load<Category[]> => () => api.get(CATALOG_PATHS.categories),
  categoryListing:
    (slug: string, query: ListingQuery): Load<CatalogListing> =>
    () =>
      api.get(CATALOG_PATHS.categoryProducts(slug), { query }),
  filtersListing:
    (query: ListingQuery): Load<CatalogListing> =>
    () =>
      api.get(CATALOG_PATHS.filters, { query }),
  vipListing:
    (query: ListingQuery): Load<CatalogListing> =>
    () =>
      api.get(CATALOG_PATHS.vip, { query }),
  product:
    (slug: string): Load<ProductDetail> =>
    () =>
      api.get(CATALOG_PATHS.product(slug)),
  featured:
    (query: { occasion?: string; location?: DeliveryLocation }): Load<FeaturedResponse> =>
    () =>
      api.get(CATALOG_PATHS.featured, { query }),
  blog:
    (page: number): Load<BlogList> =>
    () =>
      api.get(CATALOG_PATHS.blog, { query: page > 1 ? { page } : {} }),
  blogPost:
    (slug: string): Load<BlogPost> =>
    () =>
      api.get(CATALOG_PATHS.blogPost(slug)),
  faq: (): Load<FaqEntry[]> => () => api.get(CATALOG_PATHS.faq),
  shopContact: (): Load<ShopContact> => () => api.get(API_PATHS.shopContact),
};
