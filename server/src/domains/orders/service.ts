import { CURRENCY_NAMES, type CheckoutSettings, type CurrencyName, type DeliveryMethod, type Order } from '@adire/contracts';
import { deliveryDateProblem, isApiDate, isApiDateShape, isPaid, orderDateProblem } from '@adire/domain';
import { dayPlace } from '@adire/domain/days';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError, badRequest } from '../../http/errors';
import { saveCart } from '../account';
import { readCheckoutSettings } from '../site';
import { bookingsChanged, bookOrderDay, DEFAULT_DAY_HOLDS, holdsPlace, maxHoldFor, orderHolder, type DayHolds } from './day-bookings';
import type { IncomingCartItem } from './pricing';
import { countCouponUse, couponHoldLapsed } from './coupon-hold';
import { deliveryOf, repriceOrder } from './reprice';
import { CHECKOUT_HOLD_MS, releaseStock, reserveStock, sellStock, unitsByProduct } from './stock';
import { addStatusEvents, wasPaid, findOrder, insertOrder, lockOrder, lockUnpaidOrder, newOrderId, NOT_CHECKED_OUT, orderItems, toOrder, writeUnpaidOrder, type OrderRow } from './store';

export interface OrderInput {
  deliveryDate?: unknown;
  cartItems?: unknown;
  currency?: unknown;
}

/**
 * '' (not chosen) or a real day open by the checkout's rules: not in the past, and today only before
 * the same-day cutoff of the method (21:00 Lagos for delivery by default). Without a method yet (an
 * order from the cart) the later pick-up cutoff applies; the checkout then applies the method's own.
 */
export function checkDeliveryDate(value: unknown, now: Date = new Date(), method: DeliveryMethod | null = null, settings?: CheckoutSettings | null): string {
  if (value === undefined || value === null || value === '') return '';
  checkDateShape(value);
  const problem = deliveryDateProblem(value, method ?? 'pickup', now, settings ?? undefined);
  if (problem) throw badRequest(problem.message, { deliveryDate: problem.reason });
  return value;
}

/** A real day written YYYY-MM-DD (400 otherwise): the shape alone, before the day is judged by the clock and the settings. */
function checkDateShape(value: unknown): asserts value is string {
  if (!isApiDateShape(value)) throw badRequest('Delivery date must be a day written YYYY-MM-DD', { deliveryDate: 'is invalid' });
  if (!isApiDate(value)) throw badRequest(`${value} is not a real day`, { deliveryDate: 'is invalid' });
}

const checkoutSettingsOf = (db: Db) => readSetting<CheckoutSettings>(db.kysely, 'checkoutSettings');

/**
 * Before money is taken: the order's day must still be open (the checkout's rules, re-checked), else a
 * 409 DELIVERY_DATE_PASSED asking for a new date.
 */
export async function checkOrderDateOpen(db: Db, row: OrderRow, now: Date = new Date()): Promise<void> {
  const problem = orderDateProblem({ deliveryDate: row.delivery_date, deliveryMethod: row.delivery_method as DeliveryMethod | null }, now, (await checkoutSettingsOf(db)) ?? undefined);
  if (!problem) return;
  // Checked out before the day's order-by time and paid after it (issue 38, P12): the place it still holds
  // was granted before that time, so it may be paid within that hold (never extended: holdOrderStock).
  if (problem.reason === 'is past its order-by time' && (await heldBeforeOrderBy(db.kysely, row, now))) return;
  throw new AppError(409, 'DELIVERY_DATE_PASSED', problem.message, { deliveryDate: problem.reason });
}

/** The order still holds a live place on its day (granted before the order-by time, which the checkout enforces). */
async function heldBeforeOrderBy(q: Kysely<Database>, row: OrderRow, now: Date): Promise<boolean> {
  const day = row.checked_out_at ? orderDayPlace(row) : null;
  return !!day && (await holdsPlace(q, row.id, day.date, day.place, now));
}

/** Past the day's order-by time: a payment may use the hold the order has, never lengthen it. */
async function pastOrderBy(q: Kysely<Database>, row: OrderRow, now: Date): Promise<boolean> {
  return orderDateProblem({ deliveryDate: row.delivery_date, deliveryMethod: row.delivery_method as DeliveryMethod | null }, now, await readCheckoutSettings(q))?.reason === 'is past its order-by time';
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

export async function createOrder(db: Db, input: OrderInput, userId: string | null, business: string, at: Date = new Date()): Promise<Order> {
  const currency = checkCurrency(input.currency);
  const deliveryDate = input.deliveryDate ? checkDeliveryDate(input.deliveryDate, at, null, await checkoutSettingsOf(db)) : checkDeliveryDate(input.deliveryDate);
  const items = checkCartItems(input.cartItems, false);
  const { columns } = await repriceOrder(db.kysely, null, { dialect: db.dialect, currency, items, delivery: { method: null, state: null, zone: null, deliveryDate } });
  const now = at.toISOString();
  const row: OrderRow = {
    id: newOrderId(),
    business,
    user_id: userId,
    delivery_date: deliveryDate,
    payment_status: 'not paid',
    order_number: null,
    created_at: now,
    updated_at: now,
    channel: 'web',
    cancelled_at: null,
    cancel_reason: null,
    erase_after_delivery: null,
    ...NOT_CHECKED_OUT,
    ...columns,
  };
  await insertOrder(db, row);
  return toOrder(row);
}

/**
 * Replace an unfinished order's items, date and currency; a paid order is a 409. Without `cartItems`
 * (absent, not null) it is a currency-only update: the order keeps its items, re-priced in the currency
 * (the checkout's currency switch; the cart is the one sender of items). A date sent is checked by the
 * checkout's rules for the order's method; none, or '' (what the cart sends for a guest, SPEC 6), keeps
 * the order's own date, so an update never wipes a date the checkout took.
 */
export async function updateOrder(db: Db, id: string, input: OrderInput, userId: string | null, now: Date = new Date(), holds: DayHolds = DEFAULT_DAY_HOLDS, ip?: string): Promise<Order> {
  const currency = checkCurrency(input.currency);
  const given = input.deliveryDate;
  // The shape first, before any lock; the day itself is judged below, by the injected clock and the shop's own
  // settings (judging it here by the machine's clock and the default cutoffs refused today between 23:50 and
  // midnight with the pick-up's sentence: issue 32, item 9).
  if (given !== undefined && given !== null && given !== '') checkDateShape(given);
  const settings = given ? await checkoutSettingsOf(db) : null;
  const keepItems = input.cartItems === undefined;
  const items = keepItems ? null : checkCartItems(input.cartItems, true);
  return db.kysely.transaction().execute(async (trx) => {
    // Locked but not yet refused when paid: a cart the catalogue does not sell is a 400 whatever the
    // order's state; the guarded write below is the 409 (and rolls back what repricing did).
    const current = await lockOrder(trx, db.dialect, id);
    const date = given ? checkDeliveryDate(given, now, current.delivery_method as DeliveryMethod | null, settings) : current.delivery_date;
    const { columns, priced } = await repriceOrder(trx, current, { dialect: db.dialect, currency, items: items ?? orderItems(current), delivery: deliveryOf(current, date || current.delivery_date) });
    const after = await writeUnpaidOrder(trx, current, {
      user_id: current.user_id ?? userId,
      delivery_date: date,
      ...columns,
      updated_at: now.toISOString(),
    });
    // Held units follow the cart: other items or quantities end the hold (checkout or payment holds again).
    if (!sameUnits(unitsByProduct(orderItems(current)), unitsByProduct(priced.cartItems))) await releaseStock(trx, id);
    // Moved to another day: a checked-out order holds a place on the new day through the one booking rule
    // (409 DAY_FULL, nothing written, when none is left) and gives the old one back, in this transaction.
    if (date !== current.delivery_date) await moveDay(trx, db.dialect, after, now, holds, ip);
    return toOrder(after);
  }).finally(bookingsChanged);
}

/**
 * The payment stage's currency switch: the order's own items re-priced in `currency`, nothing else
 * changed. `check` runs with the order locked, before the write (payments refuses once money arrived).
 */
export async function switchOrderCurrency(
  db: Db,
  id: string,
  currency: CurrencyName,
  check?: (trx: Kysely<Database>, current: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  return db.kysely.transaction().execute(async (trx) => {
    const current = await lockUnpaidOrder(trx, db.dialect, id);
    await check?.(trx, current);
    const { columns } = await repriceOrder(trx, current, { dialect: db.dialect, currency, items: orderItems(current), delivery: deliveryOf(current) });
    return writeUnpaidOrder(trx, current, { ...columns, updated_at: new Date().toISOString() });
  });
}

/**
 * An unpaid order's day changed (the order update): a checked-out order holds a place on its new day, as
 * long as a checkout would (the holder's limits apply), and the old place is given back; an order not yet
 * checked out holds nothing (its checkout will).
 */
async function moveDay(trx: Kysely<Database>, dialect: Db['dialect'], after: OrderRow, now: Date, holds: DayHolds, ip?: string): Promise<void> {
  const day = after.checked_out_at ? orderDayPlace(after) : null;
  const maxHoldMs = await maxHoldFor(trx, after, holds);
  await bookOrderDay(trx, dialect, after.id, {
    day,
    mode: 'hold',
    until: new Date(now.getTime() + CHECKOUT_HOLD_MS),
    maxHoldMs,
    now,
    settings: await readCheckoutSettings(trx),
    holder: orderHolder(after, ip),
    rules: holds.rules,
    startedAt: after.created_at,
  });
}

/**
 * What a payment is started for: the order's day, place, total and currency. A payment attempt keeps
 * them; a payment of an attempt whose order changed since (moved, re-priced) is kept aside by payments,
 * never counted toward the order (issue 38, item 2). Pure.
 */
export function orderTerms(row: Pick<OrderRow, 'delivery_date' | 'delivery_method' | 'delivery_state' | 'pickup_location' | 'total' | 'currency'>): string {
  return JSON.stringify([row.delivery_date, orderDayPlace(row)?.place ?? null, Number(row.total), row.currency]);
}

/** Where an order's place is counted: its day and its place, or null before it is checked out. */
export function orderDayPlace(row: Pick<OrderRow, 'delivery_date' | 'delivery_method' | 'delivery_state' | 'pickup_location'>) {
  const place = dayPlace(row.delivery_method as DeliveryMethod | null, row.delivery_state, row.pickup_location);
  return row.delivery_date && place ? { date: row.delivery_date, place } : null;
}

/** How a payment is made: by a provider's page (the checkout's 30 minutes) or by a manual transfer (the holder's long hold). */
export type PaymentHoldKind = 'card' | 'transfer';

/**
 * Limited items, and the order's place on its delivery day, stay held for an unpaid order while it is
 * paid: 30 minutes for a provider's page, the holder's transfer hold for a manual transfer (3 days for a
 * verified account, 12 hours for a guest by default), never past the first grant's limit (409
 * OUT_OF_STOCK when gone; 409 DAY_FULL when its day hold lapsed and the day filled meanwhile; 409
 * DAY_HOLD_RELEASED / DAY_HOLD_ENDED when the shop released it or it has run its course: check out again).
 * Answers when the hold ends.
 */
export async function holdOrderStock(db: Db, id: string, kind: PaymentHoldKind, now: Date = new Date(), holds: DayHolds = DEFAULT_DAY_HOLDS): Promise<Date> {
  return db.kysely
    .transaction()
    .execute(async (trx) => {
      const current = await lockUnpaidOrder(trx, db.dialect, id);
      const maxHoldMs = await maxHoldFor(trx, current, holds);
      const until = new Date(now.getTime() + (kind === 'card' ? CHECKOUT_HOLD_MS : maxHoldMs));
      await reserveStock(trx, db.dialect, id, orderItems(current), until, now);
      const day = orderDayPlace(current);
      if (day && current.checked_out_at) {
        const extend = !(await pastOrderBy(trx, current, now));
        await bookOrderDay(trx, db.dialect, id, { day, mode: 'renew', until, maxHoldMs, now, settings: await readCheckoutSettings(trx), rules: holds.rules, startedAt: current.created_at, extend });
      }
      return until;
    })
    .finally(bookingsChanged);
}

/**
 * The order has just become paid (its status written by the caller, in the same transaction): its
 * 'paid' timeline step, and its limited units leave the shelf. Units another order held meanwhile
 * (this order's hold had lapsed) are oversold: returned for the caller's audit trail. The shopper's
 * saved cart is emptied (SPEC 4: a finished order clears the cart), so no device brings it back.
 */
export async function orderBecamePaid(trx: Kysely<Database>, dialect: Db['dialect'], order: OrderRow, at: string, source: 'payment' | 'operator') {
  // Paid once already (a change after payment left more to pay, issue 39): its stock and coupon were
  // taken then, and the change took what it added; only the day's place is taken again below.
  const paidBefore = await wasPaid(trx, order.id);
  await addStatusEvents(trx, order.id, ['paid'], at, source);
  if (paidBefore) {
    const day = orderDayPlace(order);
    const overbooked = day ? await bookOrderDay(trx, dialect, order.id, { day, mode: 'take', overbook: true, now: new Date(at), settings: await readCheckoutSettings(trx) }) : null;
    return { oversold: [], couponOverLimit: null, overbooked };
  }
  if (order.user_id) await saveCart({ kysely: trx }, order.user_id, []);
  // Its coupon's use is counted now, even when its hold had lapsed (the price was paid): beyond the
  // limit, the caller flags it for the operator.
  const couponOverLimit = await countCouponUse(trx, dialect, order, at);
  const { oversold } = await sellStock(trx, dialect, order.id, orderItems(order));
  // Its place on its day is taken for good, even past the day's capacity (the money arrived): the caller
  // flags that. The day's row is locked after the products', as the checkout and payment holds lock them.
  const day = orderDayPlace(order);
  const overbooked = day ? await bookOrderDay(trx, dialect, order.id, { day, mode: 'take', overbook: true, now: new Date(at), settings: await readCheckoutSettings(trx) }) : null;
  return { oversold, couponOverLimit, overbooked };
}

/**
 * The order for GET order/{id}: when its coupon's hold has lapsed, the order is priced again through
 * the one repricing first (the coupon held again when still free, else taken off and the shopper told).
 */
export async function readOrder(db: Db, id: string, now: Date = new Date()): Promise<OrderRow> {
  const row = await findOrder(db, id);
  if (isPaid(row.payment_status) || !(await couponHoldLapsed(db.kysely, row, now))) return row;
  return (await keepOrderCoupon(db, id, now)).row;
}

/**
 * Before money is taken: the order's coupon must still be held for it. A live hold is renewed; a
 * lapsed one is taken again when the coupon is still free; otherwise the order is priced without it
 * (`lost`: the coupon's code), so no payment is ever started at a discount the order no longer has.
 */
export async function keepOrderCoupon(db: Db, id: string, now: Date = new Date()): Promise<{ row: OrderRow; lost: string | null }> {
  return db.kysely.transaction().execute(async (trx) => {
    const current = await lockOrder(trx, db.dialect, id);
    if (isPaid(current.payment_status) || !current.coupon_code) return { row: current, lost: null };
    const { columns, couponLost } = await repriceOrder(trx, current, { dialect: db.dialect, currency: current.currency as CurrencyName, items: 'kept', delivery: deliveryOf(current), now });
    return { row: await writeUnpaidOrder(trx, current, { ...columns, updated_at: now.toISOString() }), lost: couponLost };
  });
}

function sameUnits(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([product, units]) => b.get(product) === units);
}
