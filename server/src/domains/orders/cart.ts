import type { CartItem } from '@adire/contracts';
import { combineCartLines } from '@adire/domain';
import type { Sellable } from '../catalog';
import { cartLine, MAX_CART_LINES, MAX_QUANTITY, wantedDesign, type IncomingCartItem } from './pricing';

/**
 * A logged-in shopper's saved cart: only items the catalogue sells (items without a known SKU are
 * dropped, an unknown design too, SPEC section 4), quantities clamped to 1–99, names and prices from
 * the catalogue, the same cart line (SKU + design) kept once with the quantities summed.
 */
export function itemsToKeep(items: readonly IncomingCartItem[], catalogue: ReadonlyMap<string, Sellable>): CartItem[] {
  const kept: CartItem[] = [];
  for (const raw of items.slice(0, MAX_CART_LINES)) {
    const sellable = typeof raw.SKU === 'string' ? catalogue.get(raw.SKU.trim()) : undefined;
    if (!sellable) continue;
    const q = typeof raw.quantity === 'number' && Number.isFinite(raw.quantity) ? Math.min(MAX_QUANTITY, Math.max(1, Math.floor(raw.quantity))) : 1;
    const wanted = wantedDesign(raw.design)?.toLowerCase();
    kept.push(cartLine(sellable, q, wanted ? sellable.designs.get(wanted) : undefined));
  }
  return combineCartLines(kept).map((line) => (line.quantity > MAX_QUANTITY ? { ...line, quantity: MAX_QUANTITY, ...(line.design ? { design: { ...line.design, quantity: MAX_QUANTITY } } : {}) } : line));
}
