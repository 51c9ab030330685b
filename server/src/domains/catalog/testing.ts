/**
 * The front door of the catalog domain for tests only (.dependency-cruiser.cjs allows server/test, bench,
 * scale and e2e to import it): the inner parts the unit tests check one by one. Nothing in server/src
 * imports this file; the domain's other rooms use its index.ts.
 */
export * as bits from './bitset';
export { CatalogIndex } from './catalog-index';
export { readCatalogRows } from './index-build';
export { artVersion, renderArt } from './image';
export { cacheControl, type DropIn, etagMatches } from './media';
export { PhotoVariants, widthsFor } from './photos';
export { cleanSearchText, normaliseTagValue, pageCount, paginate, parseFilters, parseShopBy, parseTagValues, resolveSort } from './query';
export { pickRecommendations, RECOMMENDATIONS_ROTATE_MS, shuffle } from './recommend';
export { foldText, indexTokens, prefixSpan, queryTerms, stem, tokenize, words } from './search-text';
export { PostingsCollector } from './search-postings';
export { countedSearch, holdsPersonalData, searchOfRequest } from './search-counts';
export { bestCorrection, correctedQuery, corrections, editDistanceWithin, typoBudget } from './search-typos';
export { absoluteUrl, escapeXml, lastmodOf, sitemapXml } from './sitemap';
export { TAG_GROUPS, type TagGroup, tagLabel, VIP_LABELS } from './vocabulary';
export { PREVIEW_DRAWS_AT_ONCE, PreviewStore } from './previews';
