import type { CurrencyName, DeliveryQuote, Order } from '@adire/contracts';
import { orderTotal } from '@adire/domain';

export interface SummaryAmounts {
  currency: CurrencyName;
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
  const discount = order.discount ?? 0;
  const quoted = quote && quote.currency === order.currency ? quote : null;
  const checkedOut = !!order.deliveryMethod;
  const deliveryFee = quoted ? quoted.fee : checkedOut ? (order.deliveryFee ?? 0) : null;
  return {
    currency: order.currency,
    items,
    discount,
    deliveryFee,
    total: orderTotal({ items, discount, deliveryFee: deliveryFee ?? 0 }),
    freeDelivery: quoted ? quoted.free : checkedOut && (order.deliveryFee ?? 0) === 0,
  };
}
