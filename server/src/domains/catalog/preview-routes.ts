/**
 * `GET /media/previews/products/<slug>.jpg`, `/media/previews/categories/<slug>.jpg` and
 * `/media/previews/home.jpg` (`?v=<version>`): the link previews (previews.ts), made on first request
 * and kept in the media cache. The URL the pages name carries the current version and is cached for a
 * year (immutable); any other gets an hour, and every answer has an ETag (304 on `If-None-Match`).
 */
import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import type { CatalogIndexCache } from './index-cache';
import { cacheControl, etagMatches } from './media';
import { categoryPreviewSpec, homePreviewSpec, plainPictureSpec, productPreviewSpec } from './preview-specs';
import { previewVersion, PreviewStore, type PreviewSpec } from './previews';
import type { CatalogContext } from './service';

const FILE = /^([a-z0-9-]{1,200})\.jpg$/;
/** A product's picture alone: `<slug>.jpg` or `<slug>--detail.jpg`. */
const PLAIN_FILE = /^([a-z0-9-]{1,200}?)(--detail)?\.jpg$/;

export function registerPreviewRoutes(app: FastifyInstance, { ctx, indexes, cacheDir }: { ctx: CatalogContext; indexes: CatalogIndexCache; cacheDir: string }): PreviewStore {
  const store = new PreviewStore(cacheDir);

  async function send(spec: PreviewSpec | null, request: FastifyRequest, reply: FastifyReply) {
    if (!spec) throw notFound('We could not find that picture');
    const version = previewVersion(spec);
    const etag = `"og-${version}"`;
    reply.header('etag', etag).header('cache-control', cacheControl((request.query as { v?: unknown }).v, version)).header('x-content-type-options', 'nosniff');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const file = await store.file(spec);
    return reply.header('content-type', 'image/jpeg').send(await fs.readFile(file));
  }

  app.get('/media/previews/home.jpg', async (request, reply) => send(homePreviewSpec(ctx, await indexes.get()), request, reply));

  app.get(
    '/media/previews/:kind/:file',
    { schema: { params: { type: 'object', required: ['kind', 'file'], properties: { kind: { type: 'string', enum: ['products', 'categories', 'plain'] }, file: { type: 'string', maxLength: 220 } } } } },
    async (request, reply) => {
      const { kind, file } = request.params as { kind: 'products' | 'categories' | 'plain'; file: string };
      const index = await indexes.get();
      if (kind === 'plain') {
        const [, slug, detail] = PLAIN_FILE.exec(file) ?? [];
        const position = slug ? index.bySlug.get(slug) : undefined;
        return send(position === undefined ? null : plainPictureSpec(ctx, index.products[position]!, `${slug}${detail ?? ''}`), request, reply);
      }
      const slug = FILE.exec(file)?.[1];
      if (!slug) throw notFound('We could not find that picture');
      if (kind === 'categories') return send(categoryPreviewSpec(ctx, index, slug), request, reply);
      const position = index.bySlug.get(slug);
      return send(position === undefined ? null : productPreviewSpec(ctx, index.products[position]!), request, reply);
    },
  );
  return store;
}
