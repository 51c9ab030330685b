import { randomBytes } from 'node:crypto';
import {
  CURRENCY_NAMES,
  type CartItem,
  type CurrencyName,
  type DeliveryDetails,
  type Order,
  type OrderProduct,
  type PaymentStatus,
  type PickupLocationCode,
} from '@adire/contracts';
import { deliveryFee, isApiDate, isApiDateShape, isPaid, shopDate, UnknownZoneError, type DeliverySettings } from '@adire/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, ShopOrderTable } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError, badRequest, notFound } from '../../http/errors';
import { loadSellables } from './catalogue';
import { couponDiscount, couponProblem, orderTotals } from './coupons';
import { priceCart, type IncomingCartItem, type PricedCart } from './pricing';
import { releaseStock, unitsByProduct } from './stock';

export type OrderRow = Selectable<ShopOrderTable>;

export interface OrderInput {
  deliveryDate?: unknown;
  cartItems?: unknown;
  currency?: unknown;
}

export const ORDER_NOT_FOUND = 'We could not find that order';
export const ORDER_FINISHED = 'This order has been paid and can no longer be changed';

/** Unguessable order ids: 128 random bits. */
export const newOrderId = () => randomBytes(16).toString('base64url');

/** '' (not chosen) or a real day, today or later in Lagos. */
export function checkDeliveryDate(value: unknown, now: Date = new Date()): string {
  if (value === undefined || value === null || value === '') return '';
  if (!isApiDateShape(value)) throw badRequest('Delivery date must be a day written YYYY-MM-DD', { deliveryDate: 'is invalid' });
  if (!isApiDate(value)) throw badRequest(`${value} is not a real day`, { deliveryDate: 'is invalid' });
  if (value < shopDate(now)) throw badRequest('Delivery date is in the past: choose today or a later day', { deliveryDate: 'is in the past' });
  return value;
}

export function checkCurrency(value: unknown): CurrencyName {
  if (typeof value === 'string' && (CURRENCY_NAMES as readonly string[]).includes(value)) return value as CurrencyName;
  throw badRequest(`Unknown currency '${String(value ?? '').slice(0, 10)}': use one of ${CURRENCY_NAMES.join(', ')}`, { currency: 'is unknown' });
}

function checkCartItems(value: unknown, allowEmpty: boolean): IncomingCartItem[] {
  if (value === null || value === undefined) {
    if (allowEmpty) return [];
    throw badRequest('Your cart is empty: add something before checking out', { cartItems: 'is required' });
  }
  if (!Array.isArray(value) || value.some((i) => !i || typeof i !== 'object' || Array.isArray(i))) {
    throw badRequest('cartItems must be a list of cart items', { cartItems: 'is invalid' });
  }
  if (!allowEmpty && value.length === 0) throw badRequest('Your cart is empty: add something before checking out', { cartItems: 'is required' });
  return value as IncomingCartItem[];
}

export async function rateOf(db: Pick<Db, 'kysely'>, currency: CurrencyName): Promise<number> {
  const row = await db.kysely.selectFrom('currency').select('conversion_rate').where('name', '=', currency).executeTakeFirst();
  const rate = Number(row?.conversion_rate);
  if (!(rate > 0)) throw new AppError(503, 'RATE_UNAVAILABLE', `Prices in ${currency} are not available right now`);
  return rate;
}

export async function price(db: Pick<Db, 'kysely'>, items: IncomingCartItem[], currency: CurrencyName) {
  const rate = await rateOf(db, currency);
  const catalogue = await loadSellables(db as Db, items.map((i) => (typeof i.SKU === 'string' ? i.SKU.trim() : '')));
  return { rate, priced: priceCart(items, catalogue, rate) };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const present = <T>(key: string, value: T | null | undefined) => (value === null || value === undefined || value === '' ? {} : { [key]: value });

export function toOrder(row: OrderRow): Order {
  const cartItems = parseJson<CartItem[]>(row.cart_items, []);
  const details = parseJson<DeliveryDetails>(row.delivery_details ?? '{}', {});
  const client = {
    ...present('name', row.client_name),
    ...present('email', row.client_email),
    ...present('phone', row.client_phone),
    ...present('phoneCountryCode', row.client_phone_country_code),
  };
  return {
    id: row.id,
    ...(row.order_number ? { orderNumber: row.order_number } : {}),
    deliveryDate: row.delivery_date,
    orderProducts: parseJson<OrderProduct[]>(row.order_products, []),
    cartItems: cartItems.length ? cartItems : null,
    currency: row.currency as CurrencyName,
    ...(Object.keys(client).length ? { client } : {}),
    ...(Object.keys(details).length ? { deliveryDetails: details } : {}),
    ...present('recipientAddress', details.recipientAddress),
    ...present('deliveryMessage', row.delivery_message),
    ...present('purpose', row.purpose),
    ...present('adminNotes', row.admin_notes),
    ...present('despatchLocation', row.despatch_location),
    ...present('deliveryInstruction', row.delivery_instruction),
    ...present('pickupState', row.pickup_state),
    ...present('deliveryZone', row.delivery_zone),
    ...(row.delivery_method ? { deliveryMethod: row.delivery_method as 'delivery' | 'pickup' } : {}),
    ...present('pickupLocation', row.pickup_location as PickupLocationCode | null),
    paymentStatus: row.payment_status as PaymentStatus,
    coupon: row.coupon_code ?? null,
    subtotal: Number(row.subtotal),
    itemsTotal: Number(row.items_total),
    discount: Number(row.discount),
    deliveryFee: Number(row.delivery_fee),
    total: Number(row.total),
  };
}

/** The checkout columns of an order that has not been checked out (migration 0007 defaults). */
export const NOT_CHECKED_OUT = {
  client_name: null,
  client_email: null,
  client_phone: null,
  client_phone_country_code: null,
  delivery_method: null,
  delivery_details: '{}',
  delivery_state: null,
  delivery_zone: null,
  pickup_location: null,
  pickup_state: null,
  despatch_location: null,
  delivery_message: null,
  purpose: null,
  delivery_instruction: null,
  admin_notes: null,
  items_total: 0,
  delivery_fee_ngn: 0,
  delivery_fee: 0,
  coupon_code: null,
  discount_ngn: 0,
  discount: 0,
  delivery_status: 'new',
  checked_out_at: null,
  reviewed_at: null,
} satisfies Partial<OrderRow>;

/** Give a coupon's use back (the order no longer holds it), inside the caller's transaction. */
export async function releaseCoupon(trx: Kysely<Database>, orderId: string): Promise<void> {
  const held = await trx.selectFrom('coupon_redemption').select('coupon_code').where('order_id', '=', orderId).executeTakeFirst();
  if (!held) return;
  await trx.deleteFrom('coupon_redemption').where('order_id', '=', orderId).execute();
  await trx
    .updateTable('coupon')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('code', '=', held.coupon_code)
    .where('used_count', '>', 0)
    .execute();
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
  | 'discount_ngn'
  | 'discount'
>;

/**
 * Every amount of an order after its items, currency, date or delivery choice changed, inside the
 * caller's transaction: the coupon's discount on the new items (a coupon whose minimum is no longer
 * met is taken off and its use given back), the delivery fee of the day and zone (free above the
 * threshold; none while the cart is empty; kept as it was when the settings no longer know the
 * zone), and the total the shopper pays.
 */
export async function moneyColumns(
  trx: Kysely<Database>,
  order: Pick<OrderRow, 'id' | 'coupon_code' | 'delivery_fee_ngn'>,
  delivery: { method: 'delivery' | 'pickup' | null; state: string | null; zone: string | null; deliveryDate: string },
  priced: PricedCart,
  currency: CurrencyName,
  rate: number,
  now: Date = new Date(),
): Promise<MoneyColumns> {
  const itemsNgn = priced.totalNgn;
  const items = priced.total;
  let coupon_code = order.coupon_code;
  let discount = { discountNgn: 0, discount: 0 };
  if (coupon_code) {
    const row = await trx.selectFrom('coupon').selectAll().where('code', '=', coupon_code).executeTakeFirst();
    const rule = row ? couponRule(row) : null;
    // Expiry and the usage limit were checked when the coupon went on; the minimum follows the cart.
    const problem = rule && itemsNgn > 0 ? couponProblem({ ...rule, expiresAt: null }, { code: coupon_code, itemsNgn, now, alreadyHeld: true }) : { code: 'COUPON_MINIMUM' };
    if (problem || !rule) {
      await releaseCoupon(trx, order.id);
      coupon_code = null;
    } else discount = couponDiscount(rule, { itemsNgn, items, rate });
  }
  let feeNgn = 0;
  if (delivery.method && itemsNgn > 0) {
    const settings = await readSetting<DeliverySettings>(trx, 'deliverySettings');
    try {
      feeNgn = settings ? deliveryFee(settings, { method: delivery.method, state: delivery.state, zone: delivery.zone, deliveryDate: delivery.deliveryDate, itemsNgn }).feeNgn : Number(order.delivery_fee_ngn);
    } catch (err) {
      if (!(err instanceof UnknownZoneError)) throw err;
      feeNgn = Number(order.delivery_fee_ngn);
    }
  }
  const totals = orderTotals({ itemsNgn, items, ...discount, feeNgn, rate });
  return {
    currency,
    conversion_rate: rate,
    cart_items: JSON.stringify(priced.cartItems),
    order_products: JSON.stringify(priced.orderProducts),
    subtotal_ngn: priced.subtotalNgn,
    designs_ngn: priced.designsNgn,
    subtotal: priced.subtotal,
    items_total: items,
    coupon_code,
    discount_ngn: discount.discountNgn,
    discount: discount.discount,
    delivery_fee_ngn: feeNgn,
    delivery_fee: totals.deliveryFee,
    total_ngn: totals.totalNgn,
    total: totals.total,
  };
}

export function couponRule(row: Selectable<Database['coupon']>) {
  return {
    code: row.code,
    kind: row.kind,
    amount: Number(row.amount),
    minOrderNgn: Number(row.min_order_ngn),
    expiresAt: row.expires_at,
    usageLimit: row.usage_limit === null ? null : Number(row.usage_limit),
    usedCount: Number(row.used_count),
    active: Number(row.active) === 1,
  };
}

export async function createOrder(db: Db, input: OrderInput, userId: string | null, business: string): Promise<Order> {
  const currency = checkCurrency(input.currency);
  const deliveryDate = checkDeliveryDate(input.deliveryDate);
  const items = checkCartItems(input.cartItems, false);
  const { rate, priced } = await price(db, items, currency);
  const now = new Date().toISOString();
  const row: OrderRow = {
    id: newOrderId(),
    business,
    user_id: userId,
    currency,
    conversion_rate: rate,
    delivery_date: deliveryDate,
    cart_items: JSON.stringify(priced.cartItems),
    order_products: JSON.stringify(priced.orderProducts),
    subtotal_ngn: priced.subtotalNgn,
    designs_ngn: priced.designsNgn,
    total_ngn: priced.totalNgn,
    subtotal: priced.subtotal,
    total: priced.total,
    payment_status: 'not paid',
    order_number: null,
    created_at: now,
    updated_at: now,
    ...NOT_CHECKED_OUT,
    items_total: priced.total,
  };
  await db.kysely.insertInto('shop_order').values(row).execute();
  return toOrder(row);
}

export async function findOrder(db: Db, id: string): Promise<OrderRow> {
  const row = await db.kysely.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** Replace an unfinished order's items, date and currency; a paid order is a 409. */
export async function updateOrder(db: Db, id: string, input: OrderInput, userId: string | null): Promise<Order> {
  const currency = checkCurrency(input.currency);
  const deliveryDate = checkDeliveryDate(input.deliveryDate);
  const items = checkCartItems(input.cartItems, true);
  const { rate, priced } = await price(db, items, currency);
  return db.kysely.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('shop_order').selectAll().where('id', '=', id).$if(db.dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
    if (!current) throw notFound(ORDER_NOT_FOUND);
    if (isPaid(current.payment_status)) throw new AppError(409, 'ORDER_FINISHED', ORDER_FINISHED);
    const delivery = {
      method: current.delivery_method as 'delivery' | 'pickup' | null,
      state: current.delivery_state,
      zone: current.delivery_zone,
      deliveryDate: deliveryDate || current.delivery_date,
    };
    const changes = {
      user_id: current.user_id ?? userId,
      delivery_date: deliveryDate,
      ...(await moneyColumns(trx, current, delivery, priced, currency, rate)),
      updated_at: new Date().toISOString(),
    };
    // The paid check is part of the write: a payment landing in between wins.
    const result = await trx
      .updateTable('shop_order')
      .set(changes)
      .where('id', '=', id)
      .where('payment_status', '=', current.payment_status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError(409, 'ORDER_FINISHED', ORDER_FINISHED);
    // Held units follow the cart: other items or quantities end the hold (checkout or payment holds again).
    if (!sameUnits(unitsByProduct(parseJson<CartItem[]>(current.cart_items, [])), unitsByProduct(priced.cartItems))) await releaseStock(trx, id);
    return toOrder({ ...current, ...changes });
  });
}

function sameUnits(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([product, units]) => b.get(product) === units);
}
