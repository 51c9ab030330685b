import { randomBytes, randomUUID } from 'node:crypto';
import { CHECKOUT_NOTES, type CartItem, type CheckoutNoteKey, type CheckoutNotes, type CheckoutNoteSpec, type CurrencyName, type DeliveryDetails, type Order, type OrderProduct, type PaymentStatus, type PickupLocationCode } from '@adire/contracts';
import { formatAmount, isPaid } from '@adire/domain';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Database, OrderStatusEventTable, ShopOrderTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { eraseOrderChanges } from './change-log';
import { COUPON_MESSAGES } from './coupons';
import { normaliseOrderNumber } from './order-number';

/**
 * The order store: the one module that reads and writes `shop_order` and `order_status_event` (lock,
 * load, the guarded write of an unpaid order, the narrow status writes of payments and the operator,
 * the timeline's steps) and maps a row to an `Order`.
 * Everything else in the server reaches orders through these functions.
 */

export type OrderRow = Selectable<ShopOrderTable>;
export type OrderChanges = Omit<Updateable<ShopOrderTable>, 'id' | 'business' | 'created_at'>;
type Query = Pick<Db, 'kysely'>;

export const ORDER_NOT_FOUND = 'We could not find that order';
export const ORDER_FINISHED = 'This order has been paid and can no longer be changed';

export const orderFinished = () => new AppError(409, 'ORDER_FINISHED', ORDER_FINISHED);
export const orderNotFound = () => new AppError(404, 'NOT_FOUND', ORDER_NOT_FOUND);

/** Unguessable order ids: 128 random bits. */
export const newOrderId = () => randomBytes(16).toString('base64url');

/** The order's cart as stored (names and naira prices from the catalogue at the last pricing). */
export const orderItems = (row: Pick<OrderRow, 'cart_items'>): CartItem[] => {
  const items = parseJson<unknown>(row.cart_items, []);
  return Array.isArray(items) ? (items as CartItem[]) : [];
};

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
  coupon_lapsed: null,
  discount_ngn: 0,
  discount: 0,
  delivery_status: 'new',
  checked_out_at: null,
  reviewed_at: null,
  checkout_notes: '{}',
  florist_note: null,
} satisfies Partial<OrderRow>;

/** What the shopper is told about a coupon taken off the order because its hold lapsed and it was used up meanwhile. */
export const couponLapsedNotice = (row: Pick<OrderRow, 'coupon_lapsed' | 'total' | 'currency'>): string | null =>
  row.coupon_lapsed ? COUPON_MESSAGES.lapsed(row.coupon_lapsed, formatAmount(Number(row.total), row.currency as CurrencyName)) : null;

/** The checkout notes of SPEC section 3 keep the columns they had; every other note is in `checkout_notes`. */
const NOTE_COLUMNS = {
  deliveryMessage: 'delivery_message',
  purpose: 'purpose',
  deliveryInstruction: 'delivery_instruction',
  adminNotes: 'admin_notes',
} as const satisfies Partial<Record<CheckoutNoteKey, keyof OrderRow>>;

type NoteTable = Readonly<Record<string, Pick<CheckoutNoteSpec, 'key'>>>;
type NoteColumn = (typeof NOTE_COLUMNS)[keyof typeof NOTE_COLUMNS] | 'checkout_notes';

/** The column a note is stored in. */
export const noteColumn = (key: CheckoutNoteKey): NoteColumn => (NOTE_COLUMNS as Partial<Record<CheckoutNoteKey, NoteColumn>>)[key] ?? 'checkout_notes';

/**
 * The columns that store these notes (blank ones as null; a note outside the table is not kept).
 * `table`: the note table (a test may bring its own).
 */
export function noteColumns(notes: Readonly<Record<string, string | undefined>>, table: NoteTable = CHECKOUT_NOTES): Pick<OrderChanges, NoteColumn> {
  const changes: Pick<OrderChanges, NoteColumn> = {};
  const json: Record<string, string> = {};
  for (const { key } of Object.values(table)) {
    const value = notes[key] || null;
    const column = noteColumn(key as CheckoutNoteKey);
    if (column !== 'checkout_notes') changes[column] = value;
    else if (value) json[key] = value;
  }
  changes.checkout_notes = JSON.stringify(json);
  return changes;
}

/** The notes of a stored order, by their names in the payload; blank ones, and any the table no longer has, left out. */
export function orderNotes(row: OrderRow, table: NoteTable = CHECKOUT_NOTES): CheckoutNotes {
  const json = parseJson<Record<string, unknown> | null>(row.checkout_notes ?? '{}', {});
  const notes: Record<string, string> = {};
  for (const { key } of Object.values(table)) {
    const column = noteColumn(key as CheckoutNoteKey);
    const value = column === 'checkout_notes' ? json?.[key] : row[column];
    if (typeof value === 'string' && value !== '') notes[key] = value;
  }
  return notes as CheckoutNotes;
}

const present = <T>(key: string, value: T | null | undefined) => (value === null || value === undefined || value === '' ? {} : { [key]: value });

/** A row as the storefront sees it (SPEC section 3). */
export function toOrder(row: OrderRow): Order {
  const cartItems = orderItems(row);
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
    ...orderNotes(row),
    ...present('despatchLocation', row.despatch_location),
    ...present('pickupState', row.pickup_state),
    ...present('deliveryZone', row.delivery_zone),
    ...(row.delivery_method ? { deliveryMethod: row.delivery_method as 'delivery' | 'pickup' } : {}),
    ...present('pickupLocation', row.pickup_location as PickupLocationCode | null),
    paymentStatus: row.payment_status as PaymentStatus,
    coupon: row.coupon_code ?? null,
    ...present('couponNotice', couponLapsedNotice(row)),
    subtotal: Number(row.subtotal),
    itemsTotal: Number(row.items_total),
    discount: Number(row.discount),
    deliveryFee: Number(row.delivery_fee),
    total: Number(row.total),
    ...present('cancelledAt', row.cancelled_at),
  };
}

// --- reads ------------------------------------------------------------------------------------

/** The order by id, or a 404. */
export async function findOrder(db: Query, id: string): Promise<OrderRow> {
  const row = await db.kysely.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}

/** The order by its number as a shopper or operator types it ('abl 1042w' finds ABL1042W). */
export async function findOrderByNumber(db: Query, raw: string): Promise<OrderRow | undefined> {
  return db.kysely.selectFrom('shop_order').selectAll().where('order_number', '=', normaliseOrderNumber(raw)).executeTakeFirst();
}

/** The order row, locked for the rest of the transaction on PostgreSQL (SQLite has one writer); 404 when unknown. */
export async function lockOrder(trx: Kysely<Database>, dialect: Db['dialect'], id: string): Promise<OrderRow> {
  const row = await trx.selectFrom('shop_order').selectAll().where('id', '=', id).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}

/** The locked order row, which must not be paid (409 ORDER_FINISHED) nor cancelled (409 ORDER_CANCELLED). */
export async function lockUnpaidOrder(trx: Kysely<Database>, dialect: Db['dialect'], id: string): Promise<OrderRow> {
  const row = await lockOrder(trx, dialect, id);
  if (isPaid(row.payment_status)) throw orderFinished();
  if (row.cancelled_at) throw orderCancelled(row);
  return row;
}

/** A cancelled order takes no payment and no change (issue 39). */
export const orderCancelled = (row: Pick<OrderRow, 'order_number'>) =>
  new AppError(409, 'ORDER_CANCELLED', `${row.order_number ? `Order ${row.order_number}` : 'This order'} was cancelled: it can no longer be changed or paid. Call us if this is a mistake.`);

/** Whether the order was ever paid (its timeline has the 'paid' step): its stock and coupon were taken then. */
export async function wasPaid(q: Kysely<Database>, orderId: string): Promise<boolean> {
  const row = await q.selectFrom('order_status_event').select('id').where('order_id', '=', orderId).where('step', '=', 'paid').executeTakeFirst();
  return !!row;
}

// --- writes -----------------------------------------------------------------------------------

export async function insertOrder(db: Query, row: OrderRow): Promise<void> {
  await db.kysely.insertInto('shop_order').values(row).execute();
}

/**
 * Change an unpaid order read (and locked) as `current`. The paid check is part of the write: the row
 * changes only while its payment status is still the one read, so a payment landing in between wins
 * (409 ORDER_FINISHED). Answers the row as it now is.
 */
export async function writeUnpaidOrder(trx: Kysely<Database>, current: OrderRow, changes: OrderChanges): Promise<OrderRow> {
  if (isPaid(current.payment_status)) throw orderFinished();
  if (!(await setOrderIf(trx, current, changes))) throw orderFinished();
  return { ...current, ...changes } as OrderRow;
}

/** The payment status moves from the one read in `current` to `next`; false when it had moved meanwhile. */
export async function setPaymentStatus(trx: Kysely<Database>, current: OrderRow, next: string, at: string): Promise<boolean> {
  return setOrderIf(trx, current, { payment_status: next, updated_at: at });
}

/** The delivery status moves from the one read in `current` to `step`; false when it had moved meanwhile. */
export async function setDeliveryStatus(trx: Kysely<Database>, current: OrderRow, step: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('shop_order')
    .set({ delivery_status: step, updated_at: at })
    .where('id', '=', current.id)
    .where('delivery_status', '=', current.delivery_status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The staff's own note on the order (the florist's note; null: none). Never part of the shopper's `Order`. */
export async function setFloristNote(db: Query, orderId: string, note: string | null): Promise<void> {
  await db.kysely.updateTable('shop_order').set({ florist_note: note }).where('id', '=', orderId).execute();
}

/** The order's one review is taken (a conditional write: two submits racing cannot both get it). */
export async function claimReview(trx: Kysely<Database>, orderId: string, at: string): Promise<boolean> {
  const result = await trx.updateTable('shop_order').set({ reviewed_at: at }).where('id', '=', orderId).where('reviewed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Steps of the order's timeline reached at `at` (received at checkout, paid, then the delivery steps). */
export async function addStatusEvents(trx: Kysely<Database>, orderId: string, steps: readonly string[], at: string, source: OrderStatusEventTable['source']): Promise<void> {
  if (!steps.length) return;
  await trx
    .insertInto('order_status_event')
    .values(steps.map((step) => ({ id: randomUUID(), order_id: orderId, step, at, source })))
    .execute();
}

/** The steps the order's timeline has reached, with when. */
export async function statusEvents(db: Query, orderId: string): Promise<{ step: string; at: string }[]> {
  return db.kysely.selectFrom('order_status_event').select(['step', 'at']).where('order_id', '=', orderId).execute();
}

/** The order changed meanwhile (another change, a payment): the staff's change is not written. */
export const orderChangedMeanwhile = () => new AppError(409, 'ORDER_CHANGED', 'This order changed while you were editing it: open it again and repeat the change.');

/**
 * A change after checkout (issue 39), paid or not, written only while the order is as it was read
 * (same `updated_at`, same payment status, not cancelled): a payment or another change landing in
 * between wins (409 ORDER_CHANGED). Answers the row as it now is.
 */
export async function writeOrderChange(trx: Kysely<Database>, current: OrderRow, changes: OrderChanges): Promise<OrderRow> {
  const result = await trx
    .updateTable('shop_order')
    .set(changes)
    .where('id', '=', current.id)
    .where('updated_at', '=', current.updated_at)
    .where('payment_status', '=', current.payment_status)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw orderChangedMeanwhile();
  return { ...current, ...changes } as OrderRow;
}

/** A checked-out order written whole in one insert (a staff order, issue 39): inside the caller's transaction. */
export async function insertCheckedOutOrder(trx: Kysely<Database>, row: OrderRow): Promise<void> {
  await trx.insertInto('shop_order').values(row).execute();
}

async function setOrderIf(trx: Kysely<Database>, current: OrderRow, changes: OrderChanges): Promise<boolean> {
  const result = await trx.updateTable('shop_order').set(changes).where('id', '=', current.id).where('payment_status', '=', current.payment_status).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- the staff's board ------------------------------------------------------------------------

export interface CheckedOutFilter {
  /** Delivery dates from (YYYY-MM-DD, inclusive). */
  from?: string;
  /** Delivery dates up to (inclusive). */
  to?: string;
  /** A delivery status ('received', 'arranged', …). */
  deliveryStatus?: string;
  /** A delivery zone or a pick-up branch code. */
  place?: string;
  /** An order number, the sender's e-mail, or a phone number (its last nine digits or more). */
  search?: string;
  /** Where the orders came from (ORDER_CHANNELS). */
  channel?: string;
  limit: number;
}

/** Checked-out orders by delivery date (then checkout time), for the back office's board and search. */
export async function listCheckedOutOrders(db: Query, filter: CheckedOutFilter): Promise<OrderRow[]> {
  const search = filter.search?.trim() ?? '';
  const digits = search.replace(/\D/g, '').replace(/^0+/, '');
  return db.kysely
    .selectFrom('shop_order')
    .selectAll()
    .where('checked_out_at', 'is not', null)
    .$if(!search && !!filter.from, (q) => q.where('delivery_date', '>=', filter.from!))
    .$if(!search && !!filter.to, (q) => q.where('delivery_date', '<=', filter.to!))
    .$if(!!filter.deliveryStatus, (q) => q.where('delivery_status', '=', filter.deliveryStatus!))
    .$if(!!filter.channel, (q) => q.where('channel', '=', filter.channel!))
    .$if(!!filter.place, (q) => q.where((eb) => eb.or([eb('delivery_zone', '=', filter.place!), eb('pickup_location', '=', filter.place!)])))
    .$if(!!search, (q) =>
      q.where((eb) =>
        eb.or([
          eb('order_number', '=', normaliseOrderNumber(search)),
          eb('client_email', '=', search.toLowerCase()),
          ...(digits.length >= 9 ? [eb('client_phone', 'like', `%${digits}`)] : []),
        ]),
      ),
    )
    .orderBy('delivery_date')
    .orderBy('checked_out_at', 'desc')
    .limit(filter.limit)
    .execute();
}

/** Days after its delivery day that an order kept for its delivery is erased whatever became of it (a refund is settled by then). */
export const KEEP_FOR_DELIVERY_DAYS = 30;

/** A paid order not yet delivered: its delivery (or a refund) still needs the recipient, address, message and contact. */
const awaitsDelivery = (row: Pick<OrderRow, 'payment_status' | 'delivery_status'>) => isPaid(row.payment_status) && row.delivery_status !== 'delivered';

/**
 * A deleted account's orders stay for the shop's accounts (numbers, amounts, dates) with the personal
 * data replaced: the sender's name by `name`, contact, recipient, messages and notes (the florist's too)
 * erased. A paid order not yet delivered loses only its link to the account: it keeps what its delivery
 * and a refund need until it is delivered or refunded (`eraseKeptForDelivery`; issue 38, item 4).
 * Answers the ids of the orders erased now.
 */
export async function eraseOrdersOf(trx: Kysely<Database>, userId: string, name: string, at: string): Promise<string[]> {
  const rows = await trx.selectFrom('shop_order').select(['id', 'payment_status', 'delivery_status']).where('user_id', '=', userId).execute();
  const kept = rows.filter(awaitsDelivery).map((r) => r.id);
  if (kept.length) await trx.updateTable('shop_order').set({ user_id: null, erase_after_delivery: at }).where('id', 'in', kept).execute();
  return eraseOrders(
    trx,
    rows.filter((r) => !awaitsDelivery(r)).map((r) => r.id),
    name,
    at,
  );
}

/**
 * The orders a deleted account left for their delivery, erased now that nothing needs their personal
 * data: delivered, no longer paid (refunded), or KEEP_FOR_DELIVERY_DAYS past their day. Answers their ids.
 */
export async function eraseKeptForDelivery(trx: Kysely<Database>, name: string, now: Date): Promise<string[]> {
  const lastDay = new Date(now.getTime() - KEEP_FOR_DELIVERY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await trx.selectFrom('shop_order').select(['id', 'payment_status', 'delivery_status', 'delivery_date']).where('erase_after_delivery', 'is not', null).execute();
  return eraseOrders(
    trx,
    rows.filter((r) => !awaitsDelivery(r) || r.delivery_date < lastDay).map((r) => r.id),
    name,
    now.toISOString(),
  );
}

/** These orders' personal data replaced or emptied (see eraseOrdersOf). */
async function eraseOrders(trx: Kysely<Database>, ids: string[], name: string, at: string): Promise<string[]> {
  if (!ids.length) return ids;
  await trx
    .updateTable('shop_order')
    .set({
      user_id: null,
      client_name: name,
      client_email: null,
      client_phone: null,
      client_phone_country_code: null,
      delivery_details: '{}',
      delivery_message: null,
      delivery_instruction: null,
      purpose: null,
      admin_notes: null,
      checkout_notes: '{}',
      florist_note: null,
      erase_after_delivery: null,
      updated_at: at,
    })
    .where('id', 'in', ids)
    .execute();
  await eraseOrderChanges(trx, ids);
  return ids;
}

