/**
 * `sitemap.xml` (issue 16, item 5): home, every category and product, the VIP page, the blog and its
 * posts, and the FAQ, as absolute URLs under PUBLIC_URL. `lastmod` is the time the catalogue last
 * moved (`catalog_state.updated_at`: products have no time of their own) and a post's publication
 * date. Made once per catalogue version and kept: every catalogue write moves the version (on any
 * instance), and the next request rebuilds it.
 */
import { createHash } from 'node:crypto';
import { FAQ_PATH } from '@adire/contracts';
import type { Db } from '../../db/database';
import type { CatalogIndex } from './catalog-index';

export interface SitemapEntry {
  /** A path on the store (`/product/ruby-romance`), or an absolute URL. */
  path: string;
  /** ISO date or date-time. */
  lastmod?: string;
}

export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element or attribute; characters XML 1.0 cannot carry at all are dropped. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** An absolute URL for a store path: each segment percent-encoded once (slugs are already safe). */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = publicUrl.replace(/\/+$/, '');
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(decodeURIComponentSafe(segment)))
    .join('/');
  return `${base}${encoded.startsWith('/') ? '' : '/'}${encoded}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A W3C datetime for `<lastmod>` (sitemaps.org), or nothing when the value is not a date. */
export function lastmodOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const e of entries) {
    const lastmod = lastmodOf(e.lastmod);
    lines.push(`<url><loc>${escapeXml(absoluteUrl(publicUrl, e.path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** Every page of the store worth finding, in menu order: home, categories, products, VIP, blog, FAQ. */
export async function sitemapEntries(db: Db, index: CatalogIndex): Promise<SitemapEntry[]> {
  const [state, posts] = await Promise.all([
    db.kysely.selectFrom('catalog_state').select('updated_at').where('id', '=', 'catalog').executeTakeFirst(),
    db.kysely.selectFrom('blog_post').select(['slug', 'published_at']).orderBy('published_at', 'desc').orderBy('slug').execute(),
  ]);
  const catalogTime = state?.updated_at;
  const categories = [...index.categories.values()].sort((a, b) => a.position - b.position);
  const products = [...index.products].sort((a, b) => a.position - b.position);
  const newestPost = posts[0]?.published_at;
  return [
    { path: '/', lastmod: catalogTime },
    ...categories.map((c) => ({ path: `/product-category/${c.slug}`, lastmod: catalogTime })),
    ...products.map((p) => ({ path: `/product/${p.slug}`, lastmod: catalogTime })),
    { path: '/vip', lastmod: catalogTime },
    { path: '/blog', lastmod: newestPost ?? catalogTime },
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.published_at })),
    { path: FAQ_PATH, lastmod: catalogTime },
  ];
}

export interface Sitemap {
  xml: string;
  etag: string;
  /** The catalogue version it lists. */
  version: number;
}

/** The sitemap of one catalogue version, kept until the version moves; concurrent requests build it once. */
export class SitemapCache {
  private current: Sitemap | undefined;
  private building: { version: number; promise: Promise<Sitemap> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  get(index: CatalogIndex): Promise<Sitemap> {
    const version = index.version;
    if (this.current?.version === version) return Promise.resolve(this.current);
    if (this.building?.version === version) return this.building.promise;
    const promise = sitemapEntries(this.db, index).then((entries) => {
      const xml = sitemapXml(this.publicUrl, entries);
      const sitemap: Sitemap = { xml, etag: `"sm-${createHash('sha256').update(xml).digest('base64url').slice(0, 22)}"`, version };
      if (!this.current || version >= this.current.version) this.current = sitemap;
      return sitemap;
    });
    this.building = { version, promise };
    const done = () => {
      if (this.building?.promise === promise) this.building = undefined;
    };
    promise.then(done, done);
    return promise;
  }
}
