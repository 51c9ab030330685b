import { DEFAULT_CHECKOUT_SETTINGS, type CartItem, type CheckoutSettings, type CurrencyName } from '@adire/contracts';
import { closedDay, earliestDate, isApiDate, orderByPassed } from '@adire/domain';

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
 * What the cart sends for an order: the day chosen in the drawer, a guest's too, so the order carries
 * it and the checkout's link opened on another device keeps it (issue 44, item 5; SPEC section 6 had a
 * guest's date sent as an empty string, which lost the day); no day chosen is an empty string. An
 * emptied cart goes as null so the order is updated with no items.
 */
export function orderBody(items: readonly CartItem[], deliveryDate: string | null, currency: CurrencyName): OrderBody {
  const kept = itemsWithSku(items);
  return {
    deliveryDate: deliveryDate ?? '',
    cartItems: kept.length ? kept : null,
    currency,
  };
}

/** Where the shopper goes after the order was created or updated. */
export function checkoutPath(orderId: string): string {
  return `/checkout?orderId=${encodeURIComponent(orderId)}`;
}

/**
 * The drawer's first day: the checkout's, from the one same-day cutoff rule (@adire/domain): today
 * in Lagos before the delivery cutoff (21:00 by default), tomorrow after it.
 */
export function firstDeliveryDate(now: Date = new Date(), settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): string {
  return earliestDate(now, 'delivery', settings);
}

/** A picked date is usable when it is a real YYYY-MM-DD day, on or after the first delivery day, and not a closed day. */
export function isSelectableDate(date: string, now: Date = new Date(), settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): boolean {
  return isApiDate(date) && date >= firstDeliveryDate(now, settings) && !closedDay(date, settings) && !orderByPassed(date, now, settings);
}

// The stored cart's reader is the contracts' (the shell counts the stored cart with it too).
export { isCartItem, storedCartItems } from '@adire/contracts';
