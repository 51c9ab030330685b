import type { CurrencyName, DeliveryQuote, Order } from '@adire/contracts';
import { currencySign } from '@adire/domain';

/** An amount already in the order's currency (the server computed it), e.g. '₦49,500' or '$71'. */
export function formatOrderAmount(amount: number, currency: CurrencyName): string {
  return `${currencySign(currency)}${amount.toLocaleString('en-NG')}`;
}

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
    total: Math.max(0, items - discount + (deliveryFee ?? 0)),
    freeDelivery: quoted ? quoted.free : checkedOut && (order.deliveryFee ?? 0) === 0,
  };
}
