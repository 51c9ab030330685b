import type { CartItem, CurrencyName } from '@adire/contracts';

/** Body of order/create and order/{id} (SPEC section 7). */
export interface OrderBody {
  deliveryDate: string;
  cartItems: CartItem[] | null;
  currency: CurrencyName;
}

/** The server keeps only items it can price: those with an SKU (SPEC section 4). */
export function itemsWithSku(items: readonly CartItem[]): CartItem[] {
  return items.filter((i) => typeof i.SKU === 'string' && i.SKU.length > 0);
}

/**
 * What the cart sends for an order. A guest's delivery date goes as an empty string (SPEC section 6);
 * an emptied cart goes as null so the order is updated with no items.
 */
export function orderBody(items: readonly CartItem[], deliveryDate: string | null, currency: CurrencyName, loggedIn: boolean): OrderBody {
  const kept = itemsWithSku(items);
  return {
    deliveryDate: loggedIn && deliveryDate ? deliveryDate : '',
    cartItems: kept.length ? kept : null,
    currency,
  };
}

/** Where the shopper goes after the order was created or updated. */
export function checkoutPath(orderId: string): string {
  return `/checkout?orderId=${encodeURIComponent(orderId)}`;
}

/** Today in Lagos as YYYY-MM-DD: the first day the date picker offers. */
export function lagosToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A picked date is usable when it is a real YYYY-MM-DD day, today or later (in Lagos). */
export function isSelectableDate(date: string, now: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return false;
  return date >= lagosToday(now);
}
