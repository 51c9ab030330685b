import type { CartItem } from '@adire/contracts';

/** Subtotal: price × quantity, without designs (SPEC section 9). */
export function cartSubtotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

/** One line: price × quantity plus design price × design quantity. */
export function cartLineTotal(item: CartItem): number {
  return item.price * item.quantity + (item.design ? item.design.price * item.design.quantity : 0);
}

/** Total: subtotal plus design price × design quantity. */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + cartLineTotal(item), 0);
}

/** What the shopper pays: items less the discount plus delivery, never below zero (one currency throughout). */
export function orderTotal(amounts: { items: number; discount: number; deliveryFee: number }): number {
  return Math.max(0, amounts.items - amounts.discount + amounts.deliveryFee);
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((n, item) => n + item.quantity, 0);
}

/**
 * Server cart merged with the stored guest cart: same SKU → quantities summed (designs follow the
 * item quantity), otherwise appended. Items without an SKU are dropped.
 */
export function mergeCarts(server: readonly CartItem[], guest: readonly CartItem[]): CartItem[] {
  const merged = new Map<string, CartItem>();
  for (const item of [...server, ...guest]) {
    if (!item.SKU) continue;
    const existing = merged.get(item.SKU);
    if (!existing) {
      merged.set(item.SKU, { ...item, design: item.design ? { ...item.design } : undefined });
      continue;
    }
    const quantity = existing.quantity + item.quantity;
    merged.set(item.SKU, withQuantity(existing, quantity));
  }
  return [...merged.values()];
}

/** Put an item in the cart: the same SKU already there gets the quantities summed, otherwise it is appended. */
export function addCartItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const existing = items.find((i) => i.SKU === item.SKU);
  if (!existing) return [...items, withQuantity(item, item.quantity)];
  return items.map((i) => (i === existing ? withQuantity(i, i.quantity + item.quantity) : i));
}

/** Set an item's quantity (never below 1); its design quantity moves with it. */
export function withQuantity(item: CartItem, quantity: number): CartItem {
  const q = Math.max(1, Math.floor(quantity));
  return { ...item, quantity: q, design: item.design ? { ...item.design, quantity: q } : undefined };
}

/** Minus works only while the quantity is above 1 (SPEC section 4). */
export function decrementQuantity(item: CartItem): CartItem {
  return item.quantity > 1 ? withQuantity(item, item.quantity - 1) : item;
}

/** Plus always adds one. */
export function incrementQuantity(item: CartItem): CartItem {
  return withQuantity(item, item.quantity + 1);
}
