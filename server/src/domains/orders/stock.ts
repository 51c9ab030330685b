import type { CartItem } from '@adire/contracts';
import type { Kysely } from 'kysely';
import { lockLimitedProducts, returnUnits, takeUnits, type LimitedProduct } from '../catalog';
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
  const limited = await lockLimitedProducts(trx, dialect, [...wanted.keys()]);
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
  const limited = await lockLimitedProducts(trx, dialect, [...wanted.keys()]);
  const oversold: { productId: string; name: string; quantity: number }[] = [];
  const sold: { product: LimitedProduct; quantity: number }[] = [];
  for (const product of limited) {
    const quantity = wanted.get(product.id)!;
    const available = Math.max(0, product.stock - (await heldByOthers(trx, product.id, orderId, now)));
    if (quantity > available) oversold.push({ productId: product.id, name: product.name, quantity: quantity - available });
    sold.push({ product, quantity });
  }
  await takeUnits(trx, sold);
  await releaseStock(trx, orderId);
  return { oversold };
}

/**
 * Units a paid order took off the shelf go back (issue 39: a cancellation, or fewer items after a
 * change); only limited products count.
 */
export async function returnStock(trx: Kysely<Database>, dialect: Db['dialect'], items: readonly Pick<CartItem, 'productId' | 'quantity'>[]): Promise<void> {
  const units = unitsByProduct(items);
  const limited = await lockLimitedProducts(trx, dialect, [...units.keys()]);
  await returnUnits(trx, limited.map((product) => ({ product, quantity: units.get(product.id)! })));
}

/** Units per product of `after` beyond `before` (added), and of `before` beyond `after` (removed). Pure. */
export function unitsDelta(before: Map<string, number>, after: Map<string, number>): { added: { productId: string; quantity: number }[]; removed: { productId: string; quantity: number }[] } {
  const added: { productId: string; quantity: number }[] = [];
  const removed: { productId: string; quantity: number }[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const d = (after.get(id) ?? 0) - (before.get(id) ?? 0);
    if (d > 0) added.push({ productId: id, quantity: d });
    if (d < 0) removed.push({ productId: id, quantity: -d });
  }
  return { added, removed };
}
