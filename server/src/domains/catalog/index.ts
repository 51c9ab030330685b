/** What other domains use of the catalog domain: everything else in this folder is private. */
export { catalogRoutes } from './routes';
export { SearchCounts } from './search-counts';
export { CatalogIndexCache } from './index-cache';
export { findSellables, type Sellable } from './lookup';
export { bumpCatalogVersion, seedCatalogIfEmpty, writeCatalog } from './writer';
// What the seed's content (server/seed/catalog) is written in: the rows writeCatalog takes, and the art and vocabulary they name.
export type { SeedBlogPost, SeedCatalog, SeedFaq, SeedFeaturedList, SeedProduct, SeedReview, SeedSize, SeedTag } from './seed-types';
export type { ArtSpec, Extra, FlowerShape, Scene } from './image';
export { budgetFor, type DesignCode, type FlowerName } from './vocabulary';
export { productId } from './ids';
export { seededRandom } from './recommend';
export { catalogStaffRoutes } from './staff-routes';
export { lockLimitedProducts, returnUnits, setStock, stockMessage, takeUnits, type LimitedProduct } from './stock';
export { addOrderReviews, anonymiseOrderReviews, findProductsForStaff, productForStaff, reviewsForStaff, setReviewHidden, setSizePrices, type StaffProduct, type StaffReview } from './staff';
export { featuredListsForStaff, readDesigns, setDesignPrices, setFeaturedProducts, shopDesigns, setProductDesigns, MAX_FEATURED, type StaffFeaturedList, type StaffDesign } from './merchandising';
export { CATALOG_USAGE, CatalogCommandError, executeCatalogCommand, parseCatalogCommand, type CatalogCommand } from './operator';
// The media pipeline's encoder settings, for the orders domain's photos (issue 40).
export { encodeVariant } from './photos';
