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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A stored item the drawer can show and the totals can add up: anything else is corrupt. */
export function isCartItem(value: unknown): value is CartItem {
  if (!isRecord(value)) return false;
  const { SKU, name, price, quantity, image, design } = value;
  if (typeof SKU !== 'string' || typeof name !== 'string' || !isAmount(price)) return false;
  if (!isAmount(quantity) || quantity < 1 || !isRecord(image) || typeof image.src !== 'string') return false;
  return design === undefined || design === null || (isRecord(design) && isAmount(design.price) && isAmount(design.quantity));
}

/**
 * Cart items read from local storage (or a stored user): what is not a list counts as absent, and
 * items that are not well formed are left out, so one corrupt entry never breaks the cart.
 */
export function storedCartItems(value: unknown): CartItem[] {
  return Array.isArray(value) ? value.filter(isCartItem) : [];
}
