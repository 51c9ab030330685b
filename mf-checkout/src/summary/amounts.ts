import type { CartItem, Currency, CurrencyName, DeliveryQuote, Order } from '@adire/contracts';
import { convertAmount, DEFAULT_CURRENCIES, orderTotal } from '@adire/domain';

export interface SummaryAmounts {
  currency: CurrencyName;
  /** Items without their designs (SPEC section 9, as the drawer shows it). */
  subtotal: number;
  /** The designs' cost: items − subtotal. */
  designs: number;
  /** Items with their designs. */
  items: number;
  discount: number;
  /** null: not known yet (no delivery method or zone chosen). */
  deliveryFee: number | null;
  total: number;
  freeDelivery: boolean;
}

/**
 * The summary's amounts, all from the server in the order's currency. Before the delivery stage is
 * submitted the order has no fee yet: the quote for the chosen method, zone and day stands in for it.
 */
export function summaryAmounts(order: Order, quote: DeliveryQuote | null): SummaryAmounts {
  const items = order.itemsTotal ?? order.total ?? 0;
  const subtotal = Math.min(order.subtotal ?? items, items);
  const discount = order.discount ?? 0;
  const quoted = quote && quote.currency === order.currency ? quote : null;
  const checkedOut = !!order.deliveryMethod;
  const deliveryFee = quoted ? quoted.fee : checkedOut ? (order.deliveryFee ?? 0) : null;
  return {
    currency: order.currency,
    subtotal,
    designs: items - subtotal,
    items,
    discount,
    deliveryFee,
    total: orderTotal({ items, discount, deliveryFee: deliveryFee ?? 0 }),
    freeDelivery: quoted ? quoted.free : checkedOut && (order.deliveryFee ?? 0) === 0,
  };
}

export interface SummaryLine {
  /** The line with its design, in the order's currency (as the server priced it). */
  total: number;
  /** One design's price in the order's currency, when the line has a priced design. */
  designEach: number | null;
}

/**
 * A cart line's amounts in the order's currency, so a paid USD order never shows a naira line while
 * its totals are in dollars. The line total is the server's (orderProducts follow cartItems line by
 * line); the design's unit price is converted at the shop's rate for that currency.
 */
export function summaryLine(order: Order, index: number, item: CartItem, currencies: readonly Currency[] = DEFAULT_CURRENCIES): SummaryLine {
  const rate = (currencies.find((c) => c.name === order.currency) ?? DEFAULT_CURRENCIES.find((c) => c.name === order.currency))?.conversionRate ?? 1;
  const product = order.orderProducts[index];
  const designEach = item.design && item.design.price > 0 ? convertAmount(item.design.price, rate) : null;
  const total =
    product && product.SKU === item.SKU
      ? product.price * product.quantity
      : convertAmount(item.price, rate) * item.quantity + (designEach ?? 0) * (item.design?.quantity ?? 0);
  return { total, designEach };
}
