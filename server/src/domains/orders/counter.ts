import { BUSINESS, COUNTER_CHANNELS, type CartItem, type CurrencyName, type DayPlace, type OrderChannel } from '@adire/contracts';
import { dayPlace } from '@adire/domain/days';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { settings, type CheckoutConfig } from './checkout';
import { checkoutColumns } from './checkout-columns';
import { mailConfirmation } from './checkout-mail';
import { readCheckout, type CheckoutData } from './checkout-payload';
import { bookingsChanged, bookOrderDay } from './day-bookings';
import { FieldProblems, isObject, text } from './fields';
import { formatOrderNumber, nextSequence, zoneLetter } from './order-number';
import type { IncomingCartItem } from './pricing';
import { repriceOrder } from './reprice';
import { reserveStock } from './stock';
import { addStatusEvents, insertCheckedOutOrder, newOrderId, NOT_CHECKED_OUT, type OrderRow } from './store';

/**
 * The shop's counter (issue 39, item 1): an order a member of staff takes for a customer by phone,
 * WhatsApp, Instagram or at a branch. Its payload is the checkout's (`cartItems`, `userData`,
 * `orderData`, `currency`), read by the checkout's one reader with the same rules and messages (the
 * sender's e-mail may be left out); its items are priced by the one repricing; its limited units and
 * its day's place are held like a web checkout's (409 OUT_OF_STOCK, 409 DAY_FULL), unless a manager
 * over-books the day with a reason. Everything is written in one transaction, in which the payments
 * domain records money taken at the counter (`paid`): orders never imports payments.
 */

/** Where staff orders may come from (not 'web'). */
export type CounterChannel = Exclude<OrderChannel, 'web'>;

/** A field-problem sink the payments domain adds its own fields' problems to (one 400 for the whole body). */
export interface ProblemSink {
  add(path: string, reason: string, sentence?: string): void;
}

export interface StaffOrderInput {
  channel: CounterChannel;
  data: CheckoutData;
  items: IncomingCartItem[];
  /** A manager's reason to book the day past its capacity. */
  overbook: string | null;
  config: CheckoutConfig;
}

const invalid = (p: FieldProblems) => new AppError(400, 'ORDER_INVALID', p.summary(), p.fields);

/** `cartItems`: a list of lines, each with a SKU and a quantity (the prices are the catalogue's). */
export function readCartItems(p: ProblemSink, value: unknown, required: boolean): IncomingCartItem[] | null {
  if (value === undefined || value === null) {
    if (required) p.add('cartItems', 'is required', 'Add at least one item to the order');
    return null;
  }
  if (!Array.isArray(value) || value.some((i) => !isObject(i))) {
    p.add('cartItems', 'must be a list of items');
    return null;
  }
  if (value.length === 0) {
    p.add('cartItems', 'is empty', 'Add at least one item to the order');
    return null;
  }
  return value as IncomingCartItem[];
}

/** `overbook`: absent, or `{reason}` (a manager's, checked by the route). */
export function readOverbook(p: FieldProblems, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    p.add('overbook', 'must be an object with a reason');
    return null;
  }
  return text(p, 'overbook.reason', value.reason, 300, true);
}

/**
 * The whole body read first, pure but for the settings: every wrong field named at once (the payments
 * domain's `payment` too, through `more`), nothing written. 400 ORDER_INVALID.
 */
export async function readStaffOrder(db: Db, body: unknown, now: Date, more?: (p: ProblemSink) => void): Promise<StaffOrderInput> {
  const config = await settings(db);
  const root = isObject(body) ? body : {};
  const p = new FieldProblems();
  const channel = root.channel;
  if (!(COUNTER_CHANNELS as readonly unknown[]).includes(channel)) {
    p.add('channel', channel === undefined ? 'is required' : 'is not a channel', `Channel must be one of ${COUNTER_CHANNELS.join(', ')}`);
  }
  const items = readCartItems(p, root.cartItems, true);
  const read = readCheckout(root, { deliverySettings: config.delivery, checkoutSettings: config.checkout, now, loggedIn: true, senderEmailOptional: true }, p);
  const overbook = readOverbook(p, root.overbook);
  more?.(p);
  if (!read.ok || p.count > 0) throw invalid(p);
  return { channel: channel as CounterChannel, data: read.data, items: items!, overbook, config };
}

/** What the order's transaction leaves for the answer, the audit and the mail. */
export interface StaffOrderTaken {
  row: OrderRow;
  /** The day was full and a manager booked it anyway. */
  overbooked: boolean;
}

/**
 * Book the order's place on its day through the one booking rule: held until `until` (an unpaid
 * order, at most `holdMs` from its first hold) or taken for good (`take`: money taken, or a paid
 * order's new day); 409 DAY_FULL when no place is left, unless a manager over-books (answers true
 * when the day went past its capacity). Staff give no holder: their holds are not limited per client.
 */
export async function bookPlace(
  trx: Kysely<Database>,
  dialect: Db['dialect'],
  orderId: string,
  day: { date: string; place: DayPlace },
  how: { take: boolean; overbook: boolean; until: Date; holdMs: number; now: Date; config: CheckoutConfig },
): Promise<boolean> {
  const { now, config } = how;
  if (how.take || how.overbook) return !!(await bookOrderDay(trx, dialect, orderId, { day, mode: 'take', overbook: how.overbook, now, settings: config.checkout }));
  await bookOrderDay(trx, dialect, orderId, { day, mode: 'hold', until: how.until, maxHoldMs: how.holdMs, now, settings: config.checkout });
  return false;
}

export interface TakeStaffOrderOptions {
  db: Db;
  now: Date;
  /** How long its limited units and its day's place stay held while it waits for its money (a payment link's life). */
  holdMs: number;
  /** In the order's transaction, once it is written: the payments domain records money taken, or makes a payment link (answers the row after). */
  paid?: (trx: Kysely<Database>, row: OrderRow) => Promise<OrderRow>;
  /** Money taken (at the counter, or pay on delivery approved): the day's place is taken for good, not held. */
  takesPlace?: boolean;
}

/** The staff order written, checked out, its units and its day's place held, in one transaction. */
export async function takeStaffOrder({ db, now, holdMs, paid, takesPlace = false }: TakeStaffOrderOptions, input: StaffOrderInput): Promise<StaffOrderTaken> {
  const { data, config, items, channel } = input;
  const stamp = now.toISOString();
  const until = new Date(now.getTime() + holdMs);
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const id = newOrderId();
      const delivery = { method: data.method, state: data.state, zone: data.zone, deliveryDate: data.deliveryDate, pickupLocation: data.pickupLocation };
      const { columns, priced } = await repriceOrder(trx, null, { dialect: db.dialect, currency: data.currency as CurrencyName, items, delivery, deliverySettings: config.delivery, now });
      const orderNumber = formatOrderNumber(zoneLetter(data.method, data.state, data.pickupLocation), await nextSequence(trx));
      let row: OrderRow = {
        ...NOT_CHECKED_OUT,
        ...columns,
        ...checkoutColumns(data),
        id,
        business: BUSINESS,
        user_id: null,
        delivery_date: data.deliveryDate,
        payment_status: 'not paid',
        order_number: orderNumber,
        delivery_status: 'received',
        checked_out_at: stamp,
        created_at: stamp,
        updated_at: stamp,
        channel,
        cancelled_at: null,
        cancel_reason: null,
        florist_note: null,
        reviewed_at: null,
      } as OrderRow;
      await insertCheckedOutOrder(trx, row);
      await addStatusEvents(trx, id, ['received'], stamp, 'checkout');
      await reserveStock(trx, db.dialect, id, priced.cartItems as CartItem[], until, now);
      const place = dayPlace(data.method, data.state, data.pickupLocation);
      const overbooked = place ? await bookPlace(trx, db.dialect, id, { date: data.deliveryDate, place }, { take: takesPlace, overbook: !!input.overbook, until, holdMs, now, config }) : false;
      if (paid) row = await paid(trx, row);
      return { row, overbooked };
    });
  } finally {
    bookingsChanged();
  }
}

/** The sender's confirmation mail, as a web checkout's (none without an address). */
export async function mailStaffOrder(ctx: { db: Db; mailer: Mailer; publicUrl: string; log?: { error(obj: unknown, msg: string): void } }, row: OrderRow): Promise<void> {
  if (row.client_email) await mailConfirmation(ctx, row, true, row.client_email);
}
