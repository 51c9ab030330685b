import type { Db } from '../../db/database';
import type { MediaStore } from './media';

/** What the catalogue's answers are made from: the database and the pictures. */
export interface CatalogContext {
  db: Db;
  media: MediaStore;
}
