import type { Db } from '../../db/database';
import { findSellables } from '../catalog';
import { priceCart } from './pricing';

/**
 * A substitute's price (issue 40, item 4), by the one pricing of a cart: the catalogue's sellable for
 * the SKU, `quantity` of it, in the order's currency at its rate (no design). null: no such SKU.
 */
export async function priceSubstitute(db: Pick<Db, 'kysely'>, sku: string, quantity: number, conversionRate: number): Promise<{ sku: string; name: string; amount: number } | null> {
  const catalogue = await findSellables(db, [sku]);
  if (!catalogue.has(sku)) return null;
  const line = priceCart([{ SKU: sku, quantity }], catalogue, conversionRate).orderProducts[0];
  if (!line) return null;
  return { sku, name: line.size ? `${line.name} (${line.size})` : line.name, amount: Math.round(line.price * line.quantity * 100) / 100 };
}
