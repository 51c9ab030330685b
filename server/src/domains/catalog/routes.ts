import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ROOT } from '../../paths';
import type { Db } from '../../db/database';
import { CatalogIndexCache } from './index-cache';
import { MediaStore } from './media';
import { registerFeedRoutes } from './feed-routes';
import { PhotoVariants } from './photos';
import { registerPreviewRoutes } from './preview-routes';
import * as service from './service';
import { registerListingRoutes, registerSearchRoutes } from './listing-routes';
import { registerPageRoutes } from './page-routes';
import { registerPictureRoutes } from './picture-routes';
import type { CatalogRouteContext } from './route-context';
import type { SearchCounts } from './search-counts';

export interface CatalogOptions {
  db: Db;
  /** Drop-in photos: `<mediaDir>/products/<slug>.(webp|jpg|png|svg)`. Default MEDIA_DIR or server/media. */
  mediaDir?: string;
  /** Where photos' variants are kept (made once, across restarts). Default MEDIA_CACHE_DIR or var/media-cache. */
  mediaCacheDir?: string;
  /** Where shoppers reach the store: the sitemap's URLs start with it. */
  publicUrl?: string;
  /** Shoppers' searches counted (issue 43): each search's result count is read from this domain's listing index. */
  searches?: SearchCounts;
  /** The listing index, shared with the back office's product finder (made here when not given). */
  indexes?: CatalogIndexCache;
}

/** Catalog domain: categories (the menu is built from them), listings, search, product pages, content. */
export const catalogRoutes: FastifyPluginAsync<CatalogOptions> = async (app, { db, mediaDir, mediaCacheDir, publicUrl = 'http://127.0.0.1:8080', searches, indexes = new CatalogIndexCache(db) }) => {
  app.addHook('onClose', async () => indexes.dispose());
  searches?.measureWith(async (query) => (await indexes.get()).search(query, 0).total);
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

  const routes: CatalogRouteContext = { db, ctx, media, indexFor, cached };
  registerListingRoutes(app, routes);
  registerSearchRoutes(app, routes);
  registerPageRoutes(app, routes, { indexes, publicUrl });

  // ---- link previews and product feeds (issue 34) ---------------------------------------------
  registerPreviewRoutes(app, { ctx, indexes, cacheDir });
  registerFeedRoutes(app, { ctx, indexes, publicUrl, extraVersion: () => media.signature() });

  registerPictureRoutes(app, { db, media, photos });
};
