import fs from 'node:fs/promises';
import path from 'node:path';
import { DELIVERY_LOCATIONS, FILTER_GROUPS, LISTING_PAGE_SIZE, VIP_CLASSES, type DeliveryLocation, type FilterGroupName, type VipClass } from '@adire/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ROOT } from '../../paths';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import type { ListingScope } from './catalog-index';
import { CatalogIndexCache } from './index-cache';
import { artVersion, parseArt, renderArt, type ImageView } from './image';
import { listDesigns } from './lookup';
import { recommendationPeriod, seededRandom, seedOf } from './recommend';
import { ArtRasters } from './art-rasters';
import { ART_FORMAT, ART_WIDTHS, cacheControl, CONTENT_TYPES, etagMatches, MediaStore, type MediaKind } from './media';
import { registerFeedRoutes } from './feed-routes';
import { PhotoVariants, VARIANT_CONTENT_TYPES } from './photos';
import { registerPreviewRoutes } from './preview-routes';
import { cleanSearchText, normaliseTagValue, paginate, parseFilters, parseShopBy, resolveSort, type RawParam } from './query';
import * as service from './service';
import { SITEMAP_CONTENT_TYPE, SitemapCache } from './sitemap';
import { VIP_LISTING } from './vocabulary';

export interface CatalogOptions {
  db: Db;
  /** Drop-in photos: `<mediaDir>/products/<slug>.(webp|jpg|png|svg)`. Default MEDIA_DIR or server/media. */
  mediaDir?: string;
  /** Where photos' variants are kept (made once, across restarts). Default MEDIA_CACHE_DIR or var/media-cache. */
  mediaCacheDir?: string;
  /** Where shoppers reach the store: the sitemap's URLs start with it. */
  publicUrl?: string;
}

const str = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const multi = { type: 'array', items: str(100), maxItems: 20 } as const;
const business = str(100);

const listingQuery = {
  type: 'object',
  properties: {
    business,
    sort: str(40),
    page: { type: 'integer', minimum: 1, maximum: 100_000 },
    // Capped at LISTING_PAGE_SIZE.max in code: a bigger number gives the biggest page, not an error.
    pageSize: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    search: str(2000),
    shopBy: multi,
    ...Object.fromEntries(FILTER_GROUPS.map((g) => [g, multi])),
  },
} as const;

const slugParams = { type: 'object', required: ['slug'], properties: { slug: str(200) } } as const;
const fileParams = { type: 'object', required: ['file'], properties: { file: str(220) } } as const;

type ListingQuery = { sort?: string; page?: number; pageSize?: number; search?: string; shopBy?: RawParam } & Partial<Record<FilterGroupName, RawParam>>;

/** Catalog domain: categories (the menu is built from them), listings, search, product pages, content. */
export const catalogRoutes: FastifyPluginAsync<CatalogOptions> = async (app, { db, mediaDir, mediaCacheDir, publicUrl = 'http://127.0.0.1:8080' }) => {
  const indexes = new CatalogIndexCache(db);
  app.addHook('onClose', async () => indexes.dispose());
  // MEDIA_WARM=0: variants only on request (tests that count encodes); default: new photos warmed in the background.
  const cacheDir = mediaCacheDir ?? process.env.MEDIA_CACHE_DIR ?? path.join(ROOT, 'var', 'media-cache');
  const photos = new PhotoVariants(cacheDir, app.log, process.env.MEDIA_WARM !== '0');
  app.addHook('onClose', async () => photos.close());
  const media = new MediaStore(mediaDir ?? process.env.MEDIA_DIR ?? path.join(ROOT, 'server', 'media'), photos);
  const ctx: service.CatalogContext = { db, media };
  // Every read below is the same for every shopper: kept and tagged by the response cache
  // (src/http/response-cache.ts), keyed also by the dropped-in photos their image URLs point at.
  const cached = { responseCache: { audience: 'public', extraVersion: () => media.signature() } } as const;
  // The index for this request: at least the catalogue version the response cache read for it.
  const indexFor = (request: FastifyRequest) => indexes.get(request.dataStamp?.catalog);

  const listingArgs = (q: ListingQuery) => ({
    filters: parseFilters(q),
    shopBy: parseShopBy(q.shopBy),
    search: cleanSearchText(q.search),
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

  // ---- link previews and product feeds (issue 34) ---------------------------------------------
  registerPreviewRoutes(app, { ctx, indexes, cacheDir });
  registerFeedRoutes(app, { ctx, indexes, publicUrl, extraVersion: () => media.signature() });

  // ---- pictures -----------------------------------------------------------------------------
  const rendered = new Map<string, string>();
  const artRasters = new ArtRasters();
  const remember = (key: string, svg: string) => {
    if (rendered.size >= 1000) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, svg);
  };

  /** A responsive variant of a photo (photos.ts): `<base>.w<width>.<avif|webp|jpeg>`, made once and kept. */
  const VARIANT_FILE = /^([a-z0-9-]+?)(--detail)?\.w(\d{1,5})\.(avif|webp|jpeg)$/;
  const FALLBACK_CACHE = 'public, max-age=300';

  async function serveImage(kind: MediaKind, request: FastifyRequest, reply: FastifyReply) {
    const { file } = request.params as { file: string };
    const v = (request.query as { v?: unknown }).v;
    const variant = VARIANT_FILE.exec(file);
    if (variant) {
      const [, slug, detail, width, format] = variant as unknown as [string, string, string | undefined, string, 'avif' | 'webp' | 'jpeg'];
      const base = `${slug}${detail ?? ''}`;
      const drop = media.photoOf(kind, base);
      // No picture dropped in (or one that cannot be read): the art, at a width and format it is offered in.
      if (!drop && (!media.find(kind, base) || media.isBroken(kind, base)) && format === ART_FORMAT && ART_WIDTHS.includes(Number(width))) {
        return serveArtRaster(kind, slug, detail, Number(width), v, request, reply);
      }
      const made = drop ? await photos.variant(kind, base, drop, Number(width), format) : null;
      if (!drop || !made) {
        // The photo is gone, unreadable, or has no such width: the generated picture, never a 500.
        if (drop && !media.isBroken(kind, base)) throw notFound('We could not find that image');
        return serveArt(kind, slug, detail, v, request, reply, FALLBACK_CACHE);
      }
      const etag = `"p-${drop.version}-${width}-${format}"`;
      reply.header('etag', etag).header('cache-control', cacheControl(v, drop.version)).header('x-content-type-options', 'nosniff');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('content-type', VARIANT_CONTENT_TYPES[format]).send(await fs.readFile(made));
    }
    const m = /^([a-z0-9-]+?)(--detail)?\.(svg|webp|jpe?g|png)$/.exec(file);
    if (!m) throw notFound('We could not find that image');
    const [, slug, detail, ext] = m as unknown as [string, string, string | undefined, string];
    const base = `${slug}${detail ?? ''}`;
    const drop = media.find(kind, base);
    if (drop && media.isBroken(kind, base)) return serveArt(kind, slug, detail, v, request, reply, FALLBACK_CACHE);
    // The stored address (`.svg`, kept in carts and orders and shown as a 56–64 px thumbnail) of a
    // photo: its smallest JPEG variant, not the multi-megabyte original (which stays at its own address).
    const photo = ext === 'svg' ? media.photoOf(kind, base) : undefined;
    const info = photo ? await photos.info(kind, base, photo) : null;
    if (photo && info) {
      reply.header('cache-control', 'public, max-age=300');
      return reply.redirect(`/media/${kind}/${base}.w${info.widths[0]}.jpeg?v=${photo.version}`, 302);
    }
    if (drop) {
      const etag = `"d-${drop.version}"`;
      reply.header('etag', etag).header('cache-control', cacheControl(v, drop.version)).header('x-content-type-options', 'nosniff');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('content-type', CONTENT_TYPES[drop.ext]!).send(await fs.readFile(drop.file));
    }
    if (ext !== 'svg') throw notFound('We could not find that image');
    return serveArt(kind, slug, detail, v, request, reply);
  }

  /** The generated SVG of a product or post, and its version; null when there is no such product or post. */
  async function artOf(kind: MediaKind, slug: string, detail: string | undefined): Promise<{ version: string; svg: () => string } | null> {
    const row =
      kind === 'products'
        ? await db.kysely.selectFrom('product').select(['name as label', 'art']).where('slug', '=', slug).executeTakeFirst()
        : await db.kysely.selectFrom('blog_post').select(['title as label', 'art']).where('slug', '=', slug).executeTakeFirst();
    if (!row) return null;
    const version = artVersion(row.art, row.label);
    const key = `${kind}|${slug}${detail ?? ''}|${version}`;
    const svg = () => {
      let text = rendered.get(key);
      if (!text) {
        const view: ImageView = detail ? 'detail' : 'main';
        text = renderArt(parseArt(row.art, slug), view === 'detail' ? `${row.label}, close-up` : row.label, view);
        remember(key, text);
      }
      return text;
    };
    return { version, svg };
  }

  /** The generated SVG of a product or post; `cache` overrides the caching of a fallback. */
  async function serveArt(kind: MediaKind, slug: string, detail: string | undefined, v: unknown, request: FastifyRequest, reply: FastifyReply, cache?: string) {
    const art = await artOf(kind, slug, detail);
    if (!art) throw notFound('We could not find that image');
    const etag = `"a-${art.version}"`;
    reply.header('etag', etag).header('cache-control', cache ?? cacheControl(v, art.version)).header('x-content-type-options', 'nosniff');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.header('content-type', CONTENT_TYPES.svg!).send(art.svg());
  }

  /** The generated art as WebP at one of ART_WIDTHS (media.ts): what a page's `srcset` offers for art. */
  async function serveArtRaster(kind: MediaKind, slug: string, detail: string | undefined, width: number, v: unknown, request: FastifyRequest, reply: FastifyReply) {
    const art = await artOf(kind, slug, detail);
    if (!art) throw notFound('We could not find that image');
    const etag = `"a-${art.version}-w${width}"`;
    reply.header('etag', etag).header('cache-control', cacheControl(v, art.version)).header('x-content-type-options', 'nosniff');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const webp = await artRasters.webp(`${kind}|${slug}${detail ?? ''}|${art.version}`, art.svg(), width);
    return reply.header('content-type', VARIANT_CONTENT_TYPES[ART_FORMAT]).send(webp);
  }

  app.get('/media/products/:file', { schema: { params: fileParams } }, (request, reply) => serveImage('products', request, reply));
  app.get('/media/blog/:file', { schema: { params: fileParams } }, (request, reply) => serveImage('blog', request, reply));
};
