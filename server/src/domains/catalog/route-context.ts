import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { CatalogIndex } from './catalog-index';
import type { MediaStore } from './media';
import type * as service from './service';

/** What the catalog's route groups share: the database, the media, and the listing index of a request. */
export interface CatalogRouteContext {
  db: Db;
  ctx: service.CatalogContext;
  media: MediaStore;
  /** The index for this request: at least the catalogue version the response cache read for it. */
  indexFor: (request: FastifyRequest) => Promise<CatalogIndex>;
  /** Every read is the same for every shopper: kept and tagged by the response cache, keyed also by the dropped-in photos. */
  cached: { responseCache: { audience: 'public'; extraVersion: () => string } };
}

export type { FastifyInstance };
