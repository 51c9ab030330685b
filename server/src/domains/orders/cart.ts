import type { CartItem } from '@adire/contracts';
import type { Sellable } from '../catalog';
import { MAX_CART_LINES, MAX_QUANTITY, type IncomingCartItem } from './pricing';

/**
 * A logged-in shopper's saved cart: only items the catalogue sells (items without a known SKU are
 * dropped, SPEC section 4), quantities clamped to 1–99, names and prices from the catalogue.
 */
export function itemsToKeep(items: readonly IncomingCartItem[], catalogue: ReadonlyMap<string, Sellable>): CartItem[] {
  const kept: CartItem[] = [];
  for (const raw of items.slice(0, MAX_CART_LINES)) {
    const sellable = typeof raw.SKU === 'string' ? catalogue.get(raw.SKU) : undefined;
    if (!sellable) continue;
    const q = typeof raw.quantity === 'number' && Number.isFinite(raw.quantity) ? Math.min(MAX_QUANTITY, Math.max(1, Math.floor(raw.quantity))) : 1;
    const d = raw.design && typeof raw.design === 'object' ? (raw.design as { title?: unknown; name?: unknown }) : null;
    const wanted = d ? String(d.title ?? d.name ?? '').toLowerCase() : '';
    const design = wanted ? sellable.designs.get(wanted) : undefined;
    kept.push({
      SKU: sellable.sku,
      productId: sellable.productId,
      name: sellable.name,
      description: sellable.description,
      image: { src: sellable.image, alt: sellable.name },
      price: sellable.priceNgn,
      quantity: q,
      ...(sellable.size ? { size: sellable.size } : {}),
      ...(design ? { design: { title: design.name, price: design.priceNgn, quantity: q } } : {}),
    });
  }
  return kept;
}
