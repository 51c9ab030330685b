/**
 * Pictures: `/media/products/:file` and `/media/blog/:file` — a photo dropped into the media folder (or
 * one of its responsive variants, photos.ts), else the generated art (image.ts) as SVG or WebP.
 */
import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import { ArtRasters } from './art-rasters';
import { artVersion, parseArt, renderArt, type ImageView } from './image';
import { ART_FORMAT, ART_WIDTHS, cacheControl, CONTENT_TYPES, etagMatches, type MediaKind, type MediaStore } from './media';
import { VARIANT_CONTENT_TYPES, type PhotoVariants } from './photos';
import { fileParams } from './route-schemas';
/** The generated pictures: SVG (the last 1,000 kept) and WebP rasters, with their ETags. */
function createArtServer(db: Db) {
  const rendered = new Map<string, string>();
  const artRasters = new ArtRasters();
  const remember = (key: string, svg: string) => {
    if (rendered.size >= 1000) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, svg);
  };

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

  return { serveArt, serveArtRaster };
}

export function registerPictureRoutes(app: FastifyInstance, { db, media, photos }: { db: Db; media: MediaStore; photos: PhotoVariants }): void {
  const { serveArt, serveArtRaster } = createArtServer(db);

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

  app.get('/media/products/:file', { schema: { params: fileParams } }, (request, reply) => serveImage('products', request, reply));
  app.get('/media/blog/:file', { schema: { params: fileParams } }, (request, reply) => serveImage('blog', request, reply));
}
