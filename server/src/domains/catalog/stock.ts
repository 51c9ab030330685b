import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { bumpCatalogVersion, setProductStock } from './writer';

/**
 * A product's stock count: most products have none (not limited); a limited one can be sold that many
 * times. The catalogue owns the count and its "sold out" mark; the orders domain holds units for its
 * orders and asks here to take them off the shelf when an order is paid.
 */

export interface LimitedProduct {
  id: string;
  name: string;
  stock: number;
}

/** The limited products among these ids, locked for the rest of the transaction, in id order (FOR UPDATE on PostgreSQL). */
export async function lockLimitedProducts(trx: Kysely<Database>, dialect: Db['dialect'], productIds: readonly string[]): Promise<LimitedProduct[]> {
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

/**
 * Units sold off locked limited products: the count goes down (never below 0); a product that reaches
 * 0 is marked sold out and the catalogue's version moves so listings show it.
 */
export async function takeUnits(trx: Kysely<Database>, sold: readonly { product: LimitedProduct; quantity: number }[]): Promise<void> {
  let soldOut = false;
  for (const { product, quantity } of sold) {
    const left = Math.max(0, product.stock - quantity);
    await setProductStock(trx, product.id, left === 0 ? { stock: 0, in_stock: 0 } : { stock: left });
    if (left === 0) soldOut = true;
  }
  if (soldOut) await bumpCatalogVersion(trx);
}

/**
 * Units of a cancelled order back on the shelf (issue 39) of locked limited products: the count goes
 * up; a product that was sold out is on sale again and the catalogue's version moves.
 */
export async function returnUnits(trx: Kysely<Database>, returned: readonly { product: LimitedProduct; quantity: number }[]): Promise<void> {
  let backOnSale = false;
  for (const { product, quantity } of returned) {
    if (quantity <= 0) continue;
    await setProductStock(trx, product.id, { stock: product.stock + quantity, in_stock: 1 });
    if (product.stock === 0) backOnSale = true;
  }
  if (backOnSale) await bumpCatalogVersion(trx);
}

/** What a restock says (`pnpm orders set-stock`, the back office's product page). */
export const stockMessage = (sku: string, { name, stock }: { name: string; stock: number | null }): string =>
  stock === null ? `${name} (${sku}) is no longer limited.` : `${name} (${sku}) now has ${stock} ${stock === 1 ? 'unit' : 'units'} left${stock === 0 ? ': sold out' : ''}.`;

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
    await setProductStock(trx, product.id, { stock, in_stock: stock === null || stock > 0 ? 1 : 0 });
    await bumpCatalogVersion(trx);
    return { name: product.name, stock };
  });
}
