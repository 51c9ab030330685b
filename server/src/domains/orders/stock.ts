import type { CartItem } from '@adire/contracts';
import type { Kysely } from 'kysely';
import { bumpCatalogVersion } from '../catalog';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { outOfStockMessage } from './pricing';

/**
 * Limited stock. A product with a `stock` count (most have none: not limited) can only be sold that
 * many times. Checking out holds the order's units for a while; starting a payment renews the hold;
 * the payment takes the units off the shelf. Every step runs inside the caller's transaction with
 * the order row locked first and then the product rows (in id order, FOR UPDATE on PostgreSQL;
 * SQLite has one writer), so shoppers racing for the last unit get one answer each.
 */

/** From checkout to payment. */
export const CHECKOUT_HOLD_MS = 30 * 60_000;
/** A manual transfer takes a few days to arrive and be confirmed. */
export const TRANSFER_HOLD_MS = 3 * 24 * 3_600_000;

/** Units per product of a cart (sizes of one product share its stock). Pure. */
export function unitsByProduct(items: readonly Pick<CartItem, 'productId' | 'quantity'>[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of items) {
    if (typeof item.productId !== 'string' || !item.productId) continue;
    const q = Number(item.quantity);
    if (Number.isInteger(q) && q > 0) units.set(item.productId, (units.get(item.productId) ?? 0) + q);
  }
  return units;
}

interface LimitedProduct {
  id: string;
  name: string;
  stock: number;
}

/** The limited products among these ids, locked for the rest of the transaction, in id order. */
async function lockLimited(trx: Kysely<Database>, dialect: Db['dialect'], productIds: string[]): Promise<LimitedProduct[]> {
  if (!productIds.length) return [];
  const rows = await trx
    .selectFrom('product')
    .select(['id', 'name', 'stock'])
    .where('id', 'in', [...productIds].sort())
    .where('stock', 'is not', null)
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, stock: Number(r.stock) }));
}

/** Units of a product held by other orders whose hold has not lapsed. */
async function heldByOthers(trx: Kysely<Database>, productId: string, orderId: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('stock_reservation')
    .select((eb) => eb.fn.sum<number | string | null>('quantity').as('held'))
    .where('product_id', '=', productId)
    .where('order_id', '!=', orderId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(row?.held ?? 0);
}

/**
 * Hold this order's units of its limited products until `until` (replacing its earlier holds), or
 * refuse with 409 OUT_OF_STOCK naming the product and what is left. The order row must be locked.
 */
export async function reserveStock(
  trx: Kysely<Database>,
  dialect: Db['dialect'],
  orderId: string,
  items: readonly Pick<CartItem, 'productId' | 'quantity'>[],
  until: Date,
  now: Date = new Date(),
): Promise<void> {
  const wanted = unitsByProduct(items);
  const limited = await lockLimited(trx, dialect, [...wanted.keys()]);
  for (const product of limited) {
    const available = product.stock - (await heldByOthers(trx, product.id, orderId, now));
    if (wanted.get(product.id)! > available) {
      throw new AppError(409, 'OUT_OF_STOCK', outOfStockMessage(product.name, available), { cartItems: available > 0 ? `only ${available} left of ${product.name}` : `${product.name} is out of stock` });
    }
  }
  await trx.deleteFrom('stock_reservation').where('order_id', '=', orderId).execute();
  if (limited.length) {
    await trx
      .insertInto('stock_reservation')
      .values(limited.map((p) => ({ order_id: orderId, product_id: p.id, quantity: wanted.get(p.id)!, expires_at: until.toISOString(), created_at: now.toISOString() })))
      .execute();
  }
}

/** The order's cart changed: its holds no longer match it (the next checkout or payment holds again). */
export async function releaseStock(trx: Kysely<Database>, orderId: string): Promise<void> {
  await trx.deleteFrom('stock_reservation').where('order_id', '=', orderId).execute();
}

/**
 * The order is paid: its units of limited products leave the shelf and its holds end; a product that
 * reaches 0 is marked sold out in the catalogue. Units the order no longer held and that others hold
 * are oversold: they are returned (for the audit trail) and the stock stops at 0.
 */
export async function sellStock(
  trx: Kysely<Database>,
  dialect: Db['dialect'],
  orderId: string,
  items: readonly Pick<CartItem, 'productId' | 'quantity'>[],
  now: Date = new Date(),
): Promise<{ oversold: { productId: string; name: string; quantity: number }[] }> {
  const wanted = unitsByProduct(items);
  const limited = await lockLimited(trx, dialect, [...wanted.keys()]);
  const oversold: { productId: string; name: string; quantity: number }[] = [];
  let soldOut = false;
  for (const product of limited) {
    const quantity = wanted.get(product.id)!;
    const available = Math.max(0, product.stock - (await heldByOthers(trx, product.id, orderId, now)));
    if (quantity > available) oversold.push({ productId: product.id, name: product.name, quantity: quantity - available });
    const left = Math.max(0, product.stock - quantity);
    await trx
      .updateTable('product')
      .set(left === 0 ? { stock: 0, in_stock: 0 } : { stock: left })
      .where('id', '=', product.id)
      .execute();
    if (left === 0) soldOut = true;
  }
  await releaseStock(trx, orderId);
  if (soldOut) await bumpCatalogVersion(trx);
  return { oversold };
}

/** The operator's restock: a count (0 = sold out) or null (not limited, on sale). */
export async function setStock(db: Db, sku: string, stock: number | null): Promise<{ name: string; stock: number | null }> {
  return db.kysely.transaction().execute(async (trx) => {
    const variant = await trx.selectFrom('product_variant').select('product_id').where('sku', '=', sku).executeTakeFirst();
    const product = await trx
      .selectFrom('product')
      .select(['id', 'name'])
      .where((eb) => (variant ? eb('id', '=', variant.product_id) : eb('sku', '=', sku)))
      .executeTakeFirst();
    if (!product) throw new AppError(404, 'NOT_FOUND', `No product has the SKU ${sku}`);
    await trx
      .updateTable('product')
      .set({ stock, in_stock: stock === null || stock > 0 ? 1 : 0 })
      .where('id', '=', product.id)
      .execute();
    await bumpCatalogVersion(trx);
    return { name: product.name, stock };
  });
}
