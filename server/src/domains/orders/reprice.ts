import type { CurrencyName, DeliveryQuote, PickupLocationCode } from '@adire/contracts';
import { convertAmount, deliveryFee, UnknownZoneError, type DeliverySettings } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError } from '../../http/errors';
import { findSellables } from '../catalog';
import { couponRule, holdCoupon, releaseCoupon } from './coupon-hold';
import { couponDiscount, couponProblem, orderTotals } from './coupons';
import { priceCart, type IncomingCartItem, type PricedCart } from './pricing';
import { orderItems, type OrderRow } from './store';

type Fee = ReturnType<typeof deliveryFee>;

/**
 * The one repricing of an order: the rate of its currency, the catalogue's sellables, `priceCart`,
 * the coupon's discount, the delivery fee (computed once) and the money columns stored. Order
 * create, update, checkout, the currency switch and the coupon calls all come through here, and the
 * delivery quote the checkout shows is the one whose fee is stored.
 */

/** How the order reaches the shopper; `deliveryDate` '' when not chosen. */
export interface DeliveryChoice {
  method: 'delivery' | 'pickup' | null;
  state: string | null;
  zone: string | null;
  deliveryDate: string;
  pickupLocation?: PickupLocationCode | null;
}

export type MoneyColumns = Pick<
  OrderRow,
  | 'currency'
  | 'conversion_rate'
  | 'cart_items'
  | 'order_products'
  | 'subtotal_ngn'
  | 'designs_ngn'
  | 'total_ngn'
  | 'subtotal'
  | 'total'
  | 'items_total'
  | 'delivery_fee_ngn'
  | 'delivery_fee'
  | 'coupon_code'
  | 'coupon_lapsed'
  | 'discount_ngn'
  | 'discount'
>;

export interface RepriceInput {
  /** The database's dialect: the coupon's row is locked while its hold is taken. */
  dialect: Dialect;
  currency: CurrencyName;
  /** The lines to price from the catalogue now, or 'kept': the order's own lines at their stored prices and rate. */
  items: readonly IncomingCartItem[] | 'kept';
  delivery: DeliveryChoice;
  /** The coupon to price with, when it differs from the order's (being put on or taken off). */
  couponCode?: string | null;
  /** The delivery settings the caller already checked the choice against; read here otherwise. */
  deliverySettings?: DeliverySettings | null;
  now?: Date;
}

export interface Repriced {
  columns: MoneyColumns;
  priced: PricedCart;
  rate: number;
  /** What delivery costs, as the checkout shows it (null without a delivery method): the fee stored. */
  quote: DeliveryQuote | null;
  /** The coupon that could not be held (used up by other orders meanwhile), so the order is priced without it. */
  couponLost: string | null;
}

/** The delivery choice an order was last checked out with. */
export const deliveryOf = (row: OrderRow, deliveryDate: string = row.delivery_date): DeliveryChoice => ({
  method: row.delivery_method as DeliveryChoice['method'],
  state: row.delivery_state,
  zone: row.delivery_zone,
  deliveryDate,
  pickupLocation: row.pickup_location as PickupLocationCode | null,
});

export async function rateOf(q: Kysely<Database>, currency: CurrencyName): Promise<number> {
  const row = await q.selectFrom('currency').select('conversion_rate').where('name', '=', currency).executeTakeFirst();
  const rate = Number(row?.conversion_rate);
  if (!(rate > 0)) throw new AppError(503, 'RATE_UNAVAILABLE', `Prices in ${currency} are not available right now`);
  return rate;
}

/** The order's prices as stored: for changes that leave the items alone. */
function storedPricing(row: OrderRow): PricedCart {
  return {
    cartItems: orderItems(row),
    orderProducts: parseJson(row.order_products, []),
    subtotalNgn: Number(row.subtotal_ngn),
    designsNgn: Number(row.designs_ngn),
    totalNgn: Number(row.subtotal_ngn) + Number(row.designs_ngn),
    subtotal: Number(row.subtotal),
    total: Number(row.items_total),
  };
}

/** The items' prices: from the catalogue now at the currency's rate, or as stored ('kept'). */
async function priceItems(trx: Kysely<Database>, order: OrderRow | null, input: RepriceInput): Promise<{ rate: number; priced: PricedCart }> {
  if (input.items === 'kept' && order) return { rate: Number(order.conversion_rate), priced: storedPricing(order) };
  const items = input.items === 'kept' ? [] : input.items;
  const rate = await rateOf(trx, input.currency);
  const catalogue = await findSellables({ kysely: trx }, items.map((i) => (typeof i.SKU === 'string' ? i.SKU.trim() : '')));
  return { rate, priced: priceCart(items, catalogue, rate) };
}

interface CouponOutcome {
  coupon_code: string | null;
  coupon_lapsed: string | null;
  couponLost: string | null;
  discount: { discountNgn: number; discount: number };
}

/**
 * The coupon: one being put on or taken off (`couponCode` given), else the order's own. A usage-
 * limited one is held for the order (renewed each time it is priced with it); one that can no
 * longer be held (its hold lapsed and others used it up) comes off and the shopper is told.
 */
async function priceCoupon(trx: Kysely<Database>, order: OrderRow | null, input: RepriceInput, sums: { itemsNgn: number; items: number; rate: number; now: Date }): Promise<CouponOutcome> {
  const given = input.couponCode !== undefined;
  const code = given ? input.couponCode! : (order?.coupon_code ?? null);
  const lapsed = given ? null : (order?.coupon_lapsed ?? null);
  const none = { discountNgn: 0, discount: 0 };
  if (!code || !order) return { coupon_code: null, coupon_lapsed: lapsed, couponLost: null, discount: none };
  const { itemsNgn, items, rate, now } = sums;
  const row = await trx.selectFrom('coupon').selectAll().where('code', '=', code).executeTakeFirst();
  const rule = row ? couponRule(row) : null;
  // Expiry was checked when the coupon went on; the minimum follows the cart.
  const problem = rule && itemsNgn > 0 ? couponProblem({ ...rule, expiresAt: null }, { code, itemsNgn, now }) : { code: 'COUPON_MINIMUM' };
  if (problem || !rule) {
    await releaseCoupon(trx, order.id);
    return { coupon_code: null, coupon_lapsed: lapsed, couponLost: null, discount: none };
  }
  if (!(await holdCoupon(trx, input.dialect, order.id, code, now))) {
    await releaseCoupon(trx, order.id);
    return { coupon_code: null, coupon_lapsed: code, couponLost: code, discount: none };
  }
  return { coupon_code: code, coupon_lapsed: null, couponLost: null, discount: couponDiscount(rule, { itemsNgn, items, rate }) };
}

/**
 * The delivery fee of the day and zone (free above the threshold; none without a method or while the
 * cart is empty; kept as it was when the settings no longer know the zone).
 */
async function priceDelivery(trx: Kysely<Database>, order: OrderRow | null, input: RepriceInput, itemsNgn: number): Promise<{ feeNgn: number; fee: Fee | null }> {
  const { delivery } = input;
  if (!delivery.method || !(itemsNgn > 0)) return { feeNgn: 0, fee: null };
  const settings = input.deliverySettings !== undefined ? input.deliverySettings : await readSetting<DeliverySettings>(trx, 'deliverySettings');
  let fee: Fee | null = null;
  try {
    if (settings) fee = deliveryFee(settings, { method: delivery.method, state: delivery.state, zone: delivery.zone, deliveryDate: delivery.deliveryDate, itemsNgn });
  } catch (err) {
    if (!(err instanceof UnknownZoneError)) throw err;
  }
  return { feeNgn: fee ? fee.feeNgn : Number(order?.delivery_fee_ngn ?? 0), fee };
}

/**
 * Every amount of an order (`order` null: a new one), inside the caller's transaction: the items
 * priced, the coupon's discount on them (a coupon whose minimum is no longer met is taken off and its
 * use given back), the delivery fee of the day and zone (free above the threshold; none while the cart
 * is empty; kept as it was when the settings no longer know the zone), and the total the shopper pays.
 */
export async function repriceOrder(trx: Kysely<Database>, order: OrderRow | null, input: RepriceInput): Promise<Repriced> {
  const now = input.now ?? new Date();
  const { rate, priced } = await priceItems(trx, order, input);
  const itemsNgn = priced.totalNgn;
  const items = priced.total;
  const { coupon_code, coupon_lapsed, couponLost, discount } = await priceCoupon(trx, order, input, { itemsNgn, items, rate, now });
  const { feeNgn, fee } = await priceDelivery(trx, order, input, itemsNgn);
  const totals = orderTotals({ itemsNgn, items, ...discount, feeNgn, rate });
  const { delivery } = input;
  const method = delivery.method;
  const quote = method
    ? deliveryQuote({ ...delivery, method }, fee ?? { feeNgn, free: feeNgn === 0, configName: null, freeFromNgn: null }, input.currency, rate)
    : null;
  return {
    rate,
    priced,
    quote,
    couponLost,
    columns: {
      currency: input.currency,
      conversion_rate: rate,
      cart_items: JSON.stringify(priced.cartItems),
      order_products: JSON.stringify(priced.orderProducts),
      subtotal_ngn: priced.subtotalNgn,
      designs_ngn: priced.designsNgn,
      subtotal: priced.subtotal,
      items_total: items,
      coupon_code,
      coupon_lapsed,
      discount_ngn: discount.discountNgn,
      discount: discount.discount,
      delivery_fee_ngn: feeNgn,
      delivery_fee: totals.deliveryFee,
      total_ngn: totals.totalNgn,
      total: totals.total,
    },
  };
}

/** The delivery quote the checkout shows for a fee (in the order's currency: amount ÷ rate, rounded up). */
export function deliveryQuote(
  choice: Pick<DeliveryChoice, 'state' | 'zone' | 'pickupLocation'> & { method: 'delivery' | 'pickup' },
  fee: Fee,
  currency: CurrencyName,
  rate: number,
): DeliveryQuote {
  return {
    method: choice.method,
    state: choice.state,
    zone: choice.zone,
    pickupLocation: choice.pickupLocation ?? null,
    configName: fee.configName,
    freeFromNgn: fee.freeFromNgn,
    free: fee.free,
    feeNgn: fee.feeNgn,
    fee: fee.feeNgn > 0 ? convertAmount(fee.feeNgn, rate) : 0,
    currency,
  };
}
