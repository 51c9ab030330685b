// The shop's counter (issue 39): orders the staff take by phone, WhatsApp, Instagram or at a branch,
// every change after checkout, and a cancellation. Shared by the server's staff routes (orders and
// payments) and mf-backoffice's "New order" page and order page.
import type { CurrencyName, Order } from './entities';
import { ORDER_CHANNELS, type OrderChange, type OrderChannel, type RefundMethod, type StaffOrderPage } from './backoffice';

// What an order's page shows of the counter (its channel, its changes) lives in backoffice.ts, beside the
// order's page, so that backoffice.ts never imports this file (issue 44); still exported from here.
export { ORDER_CHANNELS, type OrderChange, type OrderChangeField, type OrderChannel } from './backoffice';

/** The channels a member of staff takes an order from (the web store's orders come through its checkout). */
export const COUNTER_CHANNELS = ORDER_CHANNELS.filter((c): c is Exclude<OrderChannel, 'web'> => c !== 'web');
/** How each channel is named in the back office. */
export const CHANNEL_LABELS: Record<OrderChannel, string> = {
  web: 'Web store',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  'walk-in': 'Walk-in',
  other: 'Other',
};

/** How money was taken at the counter. */
export const COUNTER_METHODS = ['cash', 'pos', 'transfer'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];
export const COUNTER_METHOD_LABELS: Record<CounterMethod, string> = { cash: 'Cash', pos: 'POS (card machine)', transfer: 'Bank transfer' };

/**
 * How a staff order is to be paid: a payment link the customer opens (any method the checkout offers),
 * money taken at the counter (recorded with its reference), or pay on delivery (managers only).
 */
export type StaffOrderPayment = { kind: 'link' } | { kind: 'counter'; method: CounterMethod; reference: string } | { kind: 'on-delivery' };
export const STAFF_PAYMENT_KINDS = ['link', 'counter', 'on-delivery'] as const;

/** A manager books a day past its capacity, and says why (audited; the board shows the day over-booked). */
export interface Overbook {
  reason: string;
}

/**
 * POST /v1/backoffice/orders: a staff order. `cartItems`, `userData`, `orderData` and `currency` are the
 * checkout's (SPEC section 3; the sender's e-mail may be left out for a phone or walk-in order), read
 * by the checkout's one reader with the same rules and messages.
 */
export interface StaffOrderRequest {
  business?: string;
  channel: Exclude<OrderChannel, 'web'>;
  currency: CurrencyName;
  /** Each line by its size's SKU; a design by its code or title (as the catalogue's product answer gives it). */
  cartItems: { SKU: string; quantity: number; design?: { code?: string; title?: string } | null }[];
  userData: { name: string; email?: string; phone: string; phoneCountryCode?: string };
  orderData: Record<string, unknown>;
  payment: StaffOrderPayment;
  overbook?: Overbook;
}

/** A payment link as the back office shows it: the link, when it stops working, and a wa.me link with the text. */
export interface PaymentLink {
  url: string;
  amount: number;
  currency: CurrencyName;
  expiresAt: string;
  /** https://wa.me/<sender's number>?text=… (or without a number when the order has none). */
  whatsappUrl: string;
  /** Whether it was mailed to the sender (false: no address). */
  mailed: boolean;
}

/** 201 answer of POST /v1/backoffice/orders. */
export interface StaffOrderCreated {
  orderNumber: string;
  order: Order;
  paymentLink?: PaymentLink;
}

/**
 * POST /v1/backoffice/orders/:orderNumber/changes: any subset of the checkout's fields (`orderData`'s
 * fields replace the order's, `recipient` field by field; `cartItems` replaces the items), with the
 * reason. `preview: true` answers what would change (the price difference) and writes nothing.
 */
export interface OrderChangeRequest {
  business?: string;
  reason: string;
  orderData?: Record<string, unknown>;
  userData?: Record<string, unknown>;
  cartItems?: StaffOrderRequest['cartItems'];
  overbook?: Overbook;
  preview?: boolean;
}

/** 200 answer of the changes route. */
export interface OrderChangeResult {
  order: StaffOrderPage;
  change: OrderChange;
  /** More to pay after the change: a link for the difference. */
  paymentLink?: PaymentLink;
  /** Less to pay after the change: what is owed back to the customer (refunded through the refunds route). */
  toRefund?: number;
}

/** The reasons a manager picks from (or writes their own). */
export const CANCEL_REASONS = ['sender asked', 'out of stock', 'cannot deliver', 'duplicate', 'fraud'] as const;

/** POST /v1/backoffice/orders/:orderNumber/cancel (managers). */
export interface CancelOrderRequest {
  business?: string;
  reason: string;
  refund: 'full' | 'none' | { amount: number };
  /** How the money goes back (REFUND_METHODS): through the provider (default), or made by hand with its bank or till reference. */
  refundMethod?: RefundMethod;
  refundReference?: string;
}

/** 200 answer of the cancel route. */
export interface CancelOrderResult {
  message: string;
  order: StaffOrderPage;
}

/** POST /v1/backoffice/orders/:orderNumber/payment-link: a new link for what is still owed (the old ones stop working). */
export interface PaymentLinkResult {
  paymentLink: PaymentLink;
}

/** The public page a payment link opens: `${PAY_PATH}/<token>` on PUBLIC_URL. */
export const PAY_PATH = '/pay';

