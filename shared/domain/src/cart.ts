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

/** What a cart line's design is called: its title, or its name (SPEC section 4: "title or name"). */
export function designLabel(design: unknown): string | null {
  if (!design || typeof design !== 'object') return null;
  const { title, name } = design as { title?: unknown; name?: unknown };
  const label = typeof title === 'string' && title.trim() ? title : typeof name === 'string' ? name : null;
  return label && label.trim() ? label.trim() : null;
}

/**
 * "The same cart line": the same SKU in the same design (or both without one; design names compared
 * without case). The one rule for the drawer, the saved cart, the merge at login and the server's
 * pricing: two lines with the same key are one line with the quantities summed.
 */
export function cartLineKey(item: { SKU?: unknown; design?: unknown }): string {
  const sku = typeof item.SKU === 'string' ? item.SKU.trim() : '';
  return `${sku}|${(designLabel(item.design) ?? '').toLowerCase()}`;
}

export const sameCartLine = (a: { SKU?: unknown; design?: unknown }, b: { SKU?: unknown; design?: unknown }): boolean => cartLineKey(a) === cartLineKey(b);

/**
 * Lines with the same cart line key combined, in the order they first appear; quantities summed
 * (designs follow the item quantity). Items without an SKU are dropped.
 */
export function combineCartLines(items: readonly CartItem[]): CartItem[] {
  const merged = new Map<string, CartItem>();
  for (const item of items) {
    if (!item.SKU) continue;
    const key = cartLineKey(item);
    const existing = merged.get(key);
    merged.set(key, existing ? withQuantity(existing, existing.quantity + item.quantity) : withQuantity(item, item.quantity));
  }
  return [...merged.values()];
}

/** Server cart merged with the stored guest cart at login: the same cart line → quantities summed, otherwise appended. */
export function mergeCarts(server: readonly CartItem[], guest: readonly CartItem[]): CartItem[] {
  return combineCartLines([...server, ...guest]);
}

/** Put an item in the cart: the same cart line already there gets the quantities summed, otherwise it is appended. */
export function addCartItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const existing = items.find((i) => sameCartLine(i, item));
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
