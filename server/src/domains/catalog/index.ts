/** What other domains use of the catalog domain: everything else in this folder is private. */
export { catalogRoutes } from './routes';
export { findSellables, type Sellable } from './lookup';
export { bumpCatalogVersion, seedCatalogIfEmpty, writeCatalog } from './writer';
export { generateCatalog, generateProducts, slugify, type SeedCatalog } from './generator';
export { lockLimitedProducts, setStock, takeUnits, type LimitedProduct } from './stock';
export { findProductsForStaff, productForStaff, reviewsForStaff, setReviewHidden, setSizePrices, type StaffProduct, type StaffReview } from './staff';
export { featuredListsForStaff, readDesigns, setDesignPrices, setFeaturedProducts, shopDesigns, setProductDesigns, MAX_FEATURED, type StaffFeaturedList, type StaffDesign } from './merchandising';
export { CATALOG_USAGE, CatalogCommandError, executeCatalogCommand, parseCatalogCommand, type CatalogCommand } from './operator';
