/** Product pages and their reviews, designs, the blog, the FAQ and the sitemap. */
import type { FastifyInstance } from 'fastify';
import { listDesigns } from './lookup';
import { etagMatches } from './media';
import type { CatalogIndexCache } from './index-cache';
import { paginate } from './query';
import { recommendationPeriod, seededRandom, seedOf } from './recommend';
import type { CatalogRouteContext } from './route-context';
import { business, slugParams } from './route-schemas';
import * as service from './service';
import { SITEMAP_CONTENT_TYPE, SitemapCache } from './sitemap';

export function registerPageRoutes(app: FastifyInstance, { db, ctx, media, indexFor, cached }: CatalogRouteContext, { indexes, publicUrl }: { indexes: CatalogIndexCache; publicUrl: string }): void {
  // Recommendations are picked per period (recommend.ts), so the page is cached within one.
  const productPage = { responseCache: { audience: 'public', extraVersion: () => `${media.signature()}.p${recommendationPeriod()}` } } as const;
  app.get('/v1/catalog/products/:slug', { schema: { params: slugParams, querystring: { type: 'object', properties: { business } } }, config: productPage }, async (request) => {
    const { slug } = request.params as { slug: string };
    const random = seededRandom(seedOf(`${slug}.${recommendationPeriod()}`));
    return { data: await service.productDetail(ctx, await indexFor(request), slug, random) };
  });

  app.get(
    '/v1/catalog/products/:slug/reviews',
    {
      schema: {
        params: slugParams,
        querystring: { type: 'object', properties: { business, page: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 1_000_000 } } },
      },
      config: cached,
    },
    async (request) => {
      const { slug } = request.params as { slug: string };
      const q = request.query as { page?: number; pageSize?: number };
      return { data: await service.productReviews(db, slug, paginate(q.page, q.pageSize, { default: 10, max: 50 })) };
    },
  );

  app.get('/v1/catalog/designs', { schema: { querystring: { type: 'object', properties: { business } } }, config: cached }, async () => ({ data: await listDesigns(db) }));

  app.get(
    '/v1/catalog/blog',
    { schema: { querystring: { type: 'object', properties: { business, page: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 1_000_000 } } } }, config: cached },
    async (request) => {
      const q = request.query as { page?: number; pageSize?: number };
      return { data: await service.blogList(ctx, paginate(q.page, q.pageSize, { default: 12, max: 50 })) };
    },
  );

  app.get('/v1/catalog/blog/:slug', { schema: { params: slugParams, querystring: { type: 'object', properties: { business } } }, config: cached }, async (request) => {
    const { slug } = request.params as { slug: string };
    return { data: await service.blogPost(ctx, slug) };
  });

  app.get('/v1/catalog/faq', { schema: { querystring: { type: 'object', properties: { business } } }, config: cached }, async () => ({ data: await service.faq(db) }));

  // ---- sitemap.xml: made once per catalogue version (sitemap.ts) -----------------------------
  const sitemaps = new SitemapCache(db, publicUrl);
  app.get('/sitemap.xml', async (request, reply) => {
    const sitemap = await sitemaps.get(await indexes.get());
    reply.header('cache-control', 'public, max-age=0, must-revalidate').header('etag', sitemap.etag);
    if (etagMatches(request.headers['if-none-match'], sitemap.etag)) return reply.code(304).send();
    return reply.header('content-type', SITEMAP_CONTENT_TYPE).send(sitemap.xml);
  });
}
