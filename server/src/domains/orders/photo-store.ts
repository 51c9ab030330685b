/** The only writer of `order_photo` (issue 40): an order's photos, kept in the database so every instance serves them. */
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, OrderPhotoTable } from '../../db/schema';

type Query = Pick<Db, 'kysely'> | { kysely: Kysely<Database> };

/** A photo's facts, without its pictures. */
export type PhotoRow = Omit<OrderPhotoTable, 'large' | 'small'>;

export interface NewPhoto extends PhotoRow {
  large: Buffer;
  small: Buffer;
}

const COLUMNS = ['id', 'order_id', 'kind', 'caption', 'taken_at', 'taken_by', 'width', 'height'] as const;

export async function insertPhoto(db: Query, photo: NewPhoto): Promise<void> {
  await db.kysely.insertInto('order_photo').values(photo).execute();
}

/** An order's photos without their bytes, oldest first. */
export async function photosOfOrder(db: Query, orderId: string): Promise<PhotoRow[]> {
  return db.kysely.selectFrom('order_photo').select(COLUMNS).where('order_id', '=', orderId).orderBy('taken_at').orderBy('id').execute();
}

/** The photos of several orders (the account's order list), oldest first. */
export async function photosOfOrders(db: Query, orderIds: readonly string[]): Promise<PhotoRow[]> {
  if (orderIds.length === 0) return [];
  return db.kysely.selectFrom('order_photo').select(COLUMNS).where('order_id', 'in', [...orderIds]).orderBy('taken_at').orderBy('id').execute();
}

/** One copy's bytes, or undefined when there is no such photo (never was, or deleted). */
export async function photoBytes(db: Query, id: string, size: 'large' | 'small'): Promise<Buffer | undefined> {
  const row =
    size === 'small'
      ? await db.kysely.selectFrom('order_photo').select('small as bytes').where('id', '=', id).executeTakeFirst()
      : await db.kysely.selectFrom('order_photo').select('large as bytes').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** Removes the photos of these orders (an erased account); how many went. */
export async function deleteOrderPhotos(db: Query, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db.kysely.deleteFrom('order_photo').where('order_id', 'in', [...orderIds]).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes these photos by id (the retention sweep); how many went. */
export async function deletePhotos(db: Query, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.kysely.deleteFrom('order_photo').where('id', 'in', [...ids]).executeTakeFirst();
  return Number(result.numDeletedRows);
}
