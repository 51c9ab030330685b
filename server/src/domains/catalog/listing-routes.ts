/** The listings: categories, the flat list, a category's products, the /filters page, VIP, search and the featured lists. */
import { DELIVERY_LOCATIONS, VIP_CLASSES, type DeliveryLocation, type VipClass } from '@adire/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import type { ListingScope } from './catalog-index';
import { cleanSearchText, normaliseTagValue, paginate, parseFilters, parseShopBy, resolveSort } from './query';
import type { CatalogRouteContext } from './route-context';
import { business, listingQuery, slugParams, str, type ListingQuery } from './route-schemas';
import * as service from './service';
import { VIP_LISTING } from './vocabulary';

export function registerListingRoutes(app: FastifyInstance, { db, ctx, indexFor, cached }: CatalogRouteContext): void {
const listingArgs = (q: ListingQuery) => ({
    filters: parseFilters(q),
    shopBy: parseShopBy(q.shopBy),
    search: cleanSearchText(q.search),
    exact: q.exact === '1',
    sort: resolveSort(q.sort),
    page: paginate(q.page, q.pageSize),
  });

  app.get('/v1/catalog/categories', { schema: { querystring: { type: 'object', properties: { business } } }, config: cached }, async (request) => {
    return { data: service.categories(await indexFor(request)) };
  });

  // The foundation's flat list (home grid, simple category grid): default order, `limit` at most 100.
  app.get(
    '/v1/catalog/products',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            business,
            category: { type: 'string', maxLength: 120, pattern: '^[a-z0-9-]+$' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 24 },
          },
        },
      },
      config: cached,
    },
    async (request) => {
      const { category, limit } = request.query as { category?: string; limit: number };
      const index = await indexFor(request);
      const set = category ? index.categories.get(category)?.members : index.all;
      const positions = set ? index.window(set, 'default', 0, limit) : [];
      return { data: await service.summaries(ctx, index, positions) };
    },
  );

  app.get('/v1/catalog/categories/:slug/products', { schema: { params: slugParams, querystring: listingQuery }, config: cached }, async (request) => {
    const { slug } = request.params as { slug: string };
    const index = await indexFor(request);
    const category = index.categories.get(slug);
    if (!category) throw notFound('We could not find that category');
    const args = listingArgs(request.query as ListingQuery);
    const scope: ListingScope = { kind: 'category', slug };
    return { data: await service.listing(ctx, index, { ...args, scope, category: { slug, name: category.name, description: category.description } }) };
  });

  // The /filters page: search text and shopBy tags across the whole catalogue.
  app.get('/v1/catalog/filters', { schema: { querystring: listingQuery }, config: cached }, async (request) => {
    const index = await indexFor(request);
    const args = listingArgs(request.query as ListingQuery);
    return { data: await service.listing(ctx, index, { ...args, scope: { kind: 'all' }, category: null }) };
  });

  app.get(
    '/v1/catalog/vip',
    { schema: { querystring: { ...listingQuery, properties: { ...listingQuery.properties, class: str(40) } } }, config: cached },
    async (request) => {
      const index = await indexFor(request);
      const q = request.query as ListingQuery & { class?: string };
      const cls = normaliseTagValue(q.class ?? '').replace(/^vip-/, '');
      const vipClass = (VIP_CLASSES as readonly string[]).includes(cls) ? (cls as VipClass) : undefined;
      const args = listingArgs(q);
      return { data: await service.listing(ctx, index, { ...args, scope: { kind: 'vip', vipClass }, category: { ...VIP_LISTING } }) };
    },
  );
}

/** Search (the header's box) and the featured lists of an occasion or a place. */
export function registerSearchRoutes(app: FastifyInstance, { db, ctx, indexFor, cached }: CatalogRouteContext): void {
  app.get(
    '/v1/catalog/search',
    { schema: { querystring: { type: 'object', properties: { business, q: str(2000), limit: { type: 'integer', minimum: 1, maximum: 1_000_000 } } } }, config: cached },
    async (request) => {
      const q = request.query as { q?: string; limit?: number };
      const text = cleanSearchText(q.q);
      const limit = Math.min(q.limit ?? 20, 50);
      return { data: await service.search(ctx, await indexFor(request), text, limit) };
    },
  );

  app.get(
    '/v1/catalog/featured',
    { schema: { querystring: { type: 'object', properties: { business, occasion: str(100), location: str(100) } } }, config: cached },
    async (request) => {
      const q = request.query as { occasion?: string; location?: string };
      const occasionKey = q.occasion ? normaliseTagValue(q.occasion) : '';
      const occasion = occasionKey && (await service.featuredOccasions(db)).has(occasionKey) ? occasionKey : null;
      const locationKey = q.location ? normaliseTagValue(q.location) : '';
      const location = (DELIVERY_LOCATIONS as readonly string[]).includes(locationKey) ? (locationKey as DeliveryLocation) : null;
      return { data: await service.featured(ctx, await indexFor(request), { occasion, location }) };
    },
  );
}
