import { CHECKOUT_NOTES, type CartItem, type CurrencyName, type DeliveryDetails, type OrderChange, type OrderChangeField } from '@adire/contracts';
import { formatAmount, formatDrawerDate, isPaid } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { addOrderChange } from './change-log';
import { settings } from './checkout';
import { checkoutColumns } from './checkout-columns';
import { mailConfirmation } from './checkout-mail';
import { readCheckout } from './checkout-payload';
import { releaseCoupon, returnCouponUse } from './coupon-hold';
import { bookPlace, readCartItems, readOverbook } from './counter';
import { bookingsChanged, bookOrderDay } from './day-bookings';
import { readCheckoutSettings } from '../site';
import { FieldProblems, isObject, text } from './fields';
import type { IncomingCartItem } from './pricing';
import { repriceOrder } from './reprice';
import { orderDayPlace } from './service';
import { releaseStock, reserveStock, returnStock, sellStock, unitsByProduct, unitsDelta } from './stock';
import { findOrderByNumber, lockOrder, orderCancelled, orderItems, orderNotes, wasPaid, writeOrderChange, type OrderRow } from './store';
import { deliveryStatusIndex } from './tracker';

/**
 * Changes after checkout (issue 39, items 2 and 3), by the staff: the date and place (the old day's
 * place given back and the new one taken in the same transaction, 409 DAY_FULL unless a manager
 * over-books with a reason), the sender, the recipient and address, the card message and the other
 * notes, the items (priced by the one repricing); and a cancellation. The change is read by the
 * checkout's one reader, over the order as it stands; each is an order-change entry (who, when, why,
 * each field before → after), and the sender is mailed. Money owed or owed back is the payments
 * domain's (`within`, in the same transaction).
 */

export interface StaffActor {
  email: string;
  role: string;
}

export interface ChangeContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  actor: StaffActor;
  /** A manager: may change an order out for delivery and over-book a day. */
  manager: boolean;
  /** How long an unpaid order's units and day stay held after a change (a payment link's life). */
  holdMs: number;
  log?: { error(obj: unknown, msg: string): void };
}

export interface ChangeInput {
  reason: string;
  orderData: Record<string, unknown> | null;
  userData: Record<string, unknown> | null;
  items: IncomingCartItem[] | null;
  overbook: string | null;
  preview: boolean;
}

export const OUT_FOR_DELIVERY = (number: string) =>
  `Order ${number} is already out for delivery, so it can no longer be changed. A manager can still correct it, with a reason.`;

const invalid = (p: FieldProblems) => new AppError(400, 'CHANGE_INVALID', p.summary(), p.fields);

/** The change's body read first: the reason, what to change, nothing written. */
export function readChange(body: unknown): ChangeInput {
  const root = isObject(body) ? body : {};
  const p = new FieldProblems();
  const reason = text(p, 'reason', root.reason, 300, true);
  const orderData = root.orderData === undefined ? null : isObject(root.orderData) ? root.orderData : (p.add('orderData', 'must be an object'), null);
  const userData = root.userData === undefined ? null : isObject(root.userData) ? root.userData : (p.add('userData', 'must be an object'), null);
  const items = readCartItems(p, root.cartItems, false);
  const overbook = readOverbook(p, root.overbook);
  if (root.preview !== undefined && typeof root.preview !== 'boolean') p.add('preview', 'must be true or false');
  if (p.count === 0 && !orderData && !userData && !items) p.add('orderData', 'is required', 'Say what to change: the order data, the sender or the items');
  if (p.count > 0) throw invalid(p);
  return { reason: reason!, orderData, userData, items, overbook, preview: root.preview === true };
}

/** The order as a checkout payload (SPEC section 3): what a change is read over. */
export function payloadOf(row: OrderRow): { currency: string; userData: Record<string, unknown>; orderData: Record<string, unknown> } {
  const d = parseJson<DeliveryDetails & { recidenceType?: string }>(row.delivery_details ?? '{}', {});
  const recipient: Record<string, unknown> = {
    method: row.delivery_method,
    ...(d.recipientName ? { name: d.recipientName } : {}),
    ...(d.recipientPhone ? { phone: d.recipientPhone } : {}),
    ...(d.recipientPhoneCountryCode ? { phoneCountryCode: d.recipientPhoneCountryCode } : {}),
    ...(d.recipientAltPhone ? { phoneAlt: d.recipientAltPhone } : {}),
    ...(d.recipientAltPhoneCountryCode ? { altPhoneCountryCode: d.recipientAltPhoneCountryCode } : {}),
    ...(d.recipientAddress ? { address: d.recipientAddress } : {}),
    ...(row.delivery_state ? { state: row.delivery_state } : {}),
    ...(d.recidenceType ? { residenceType: d.recidenceType } : {}),
  };
  return {
    currency: row.currency,
    userData: {
      ...(row.client_name ? { name: row.client_name } : {}),
      ...(row.client_email ? { email: row.client_email } : {}),
      ...(row.client_phone ? { phone: row.client_phone } : {}),
      ...(row.client_phone_country_code ? { phoneCountryCode: row.client_phone_country_code } : {}),
    },
    orderData: {
      deliveryDate: row.delivery_date,
      ...(row.delivery_zone ? { deliveryZone: row.delivery_zone } : {}),
      ...(row.pickup_location ? { pickupLocation: row.pickup_location } : {}),
      ...(row.despatch_location && row.delivery_method === 'delivery' ? { despatchLocation: row.despatch_location } : {}),
      ...orderNotes(row),
      recipient,
    },
  };
}

/** The change's payload: the order's, with the change's fields over it (the recipient field by field). Pure. */
export function mergedPayload(row: OrderRow, change: Pick<ChangeInput, 'orderData' | 'userData'>): Record<string, unknown> {
  const base = payloadOf(row);
  const given = change.orderData ?? {};
  const recipient = { ...(base.orderData.recipient as Record<string, unknown>), ...(isObject(given.recipient) ? given.recipient : {}) };
  // A pick-up chosen without a branch keeps none of the delivery's branch; a delivery keeps no pick-up branch.
  const orderData: Record<string, unknown> = { ...base.orderData, ...given, recipient };
  if (recipient.method === 'delivery' && given.pickupLocation === undefined) delete orderData.pickupLocation;
  return { currency: base.currency, userData: { ...base.userData, ...(change.userData ?? {}) }, orderData };
}

/** Where an order goes, as a person reads it. */
function placeWords(row: OrderRow): string {
  if (row.delivery_method === 'pickup') return `Pick-up at ${row.pickup_location ?? ''}`;
  return `Delivery to ${[row.delivery_zone, row.delivery_state].filter(Boolean).join(', ')}`;
}

function recipientWords(row: OrderRow): string {
  const d = parseJson<DeliveryDetails>(row.delivery_details ?? '{}', {});
  return [d.recipientName, d.recipientPhone, d.recipientAddress].filter(Boolean).join(', ');
}

function itemsWords(row: OrderRow): string {
  return orderItems(row)
    .map((i: CartItem) => `${i.quantity} × ${i.name}${i.size ? ` (${i.size})` : ''}${i.design?.name ? `, ${i.design.name}` : ''}`)
    .join('; ');
}

/** Each field a person reads, before → after, of the ones that differ. Pure. */
export function changedFields(before: OrderRow, after: OrderRow): OrderChangeField[] {
  const money = (row: OrderRow) => formatAmount(Number(row.total), row.currency as CurrencyName);
  const notesBefore = orderNotes(before);
  const notesAfter = orderNotes(after);
  const pairs: [string, string, string][] = [
    ['Delivery date', before.delivery_date ? formatDrawerDate(before.delivery_date) : '', after.delivery_date ? formatDrawerDate(after.delivery_date) : ''],
    ['Delivery or pick-up', placeWords(before), placeWords(after)],
    ['Recipient', recipientWords(before), recipientWords(after)],
    ['Sender', [before.client_name, before.client_email, before.client_phone].filter(Boolean).join(', '), [after.client_name, after.client_email, after.client_phone].filter(Boolean).join(', ')],
    ...Object.values(CHECKOUT_NOTES).map((note): [string, string, string] => [note.label, notesBefore[note.key] ?? '', notesAfter[note.key] ?? '']),
    ['Items', itemsWords(before), itemsWords(after)],
    ['Total', money(before), money(after)],
  ];
  return pairs.filter(([, b, a]) => b !== a).map(([field, b, a]) => ({ field, before: b, after: a }));
}

/** What a change leaves: the order before and after, the entry, and whether a full day was over-booked. */
export interface ChangeOutcome {
  before: OrderRow;
  row: OrderRow;
  change: OrderChange;
  overbooked: boolean;
}

/** Money owed or owed back after a change (the payments domain's, in the change's transaction): answers the row after. */
export type WithinChange = (trx: Kysely<Database>, before: OrderRow, after: OrderRow) => Promise<OrderRow>;

class Preview extends Error {
  constructor(readonly outcome: ChangeOutcome) {
    super('preview');
  }
}

/** The order by its number, checked out and standing: 404, 409 otherwise. */
async function standingOrder(db: Db, orderNumber: string): Promise<OrderRow> {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row) throw new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);
  if (row.cancelled_at) throw orderCancelled(row);
  if (!row.checked_out_at) throw new AppError(409, 'REFUSED', `Order ${row.order_number ?? ''} has not been checked out yet.`);
  return row;
}

/** Limited units follow the new items: a paid order's added units leave the shelf and removed ones go back; an unpaid one's are held again. */
async function followUnits(trx: Kysely<Database>, dialect: Db['dialect'], before: OrderRow, after: OrderRow, paid: boolean, until: Date, now: Date): Promise<void> {
  const { added, removed } = unitsDelta(unitsByProduct(orderItems(before)), unitsByProduct(orderItems(after)));
  if (!added.length && !removed.length) return;
  if (!paid) {
    await reserveStock(trx, dialect, after.id, orderItems(after), until, now);
    return;
  }
  if (added.length) await sellStock(trx, dialect, after.id, added, now);
  if (removed.length) await returnStock(trx, dialect, removed);
}

/**
 * POST …/changes: the change read over the order (the checkout's reader and messages; the order's own
 * day is kept even when its rules would no longer take it), priced (`cartItems` from the catalogue
 * now; otherwise its lines as they were sold), its day and units moved, written, entered, and mailed.
 * `preview`: the same, rolled back (the difference shown before saving).
 */
export async function changeOrder(ctx: ChangeContext, orderNumber: string, input: ChangeInput, within?: WithinChange): Promise<ChangeOutcome> {
  const { db, now } = ctx;
  const found = await standingOrder(db, orderNumber);
  const number = found.order_number!;
  if (deliveryStatusIndex(found.delivery_status) >= deliveryStatusIndex('despatched') && !ctx.manager) throw new AppError(409, 'OUT_FOR_DELIVERY', OUT_FOR_DELIVERY(number));
  if (input.overbook && !ctx.manager) throw new AppError(403, 'FORBIDDEN', 'Only a manager can book a full day. Choose another day, or ask a manager.');
  const config = await settings(db);
  const p = new FieldProblems();
  const read = readCheckout(mergedPayload(found, input), { deliverySettings: config.delivery, checkoutSettings: config.checkout, now, loggedIn: true, senderEmailOptional: !found.client_email, keepDate: found.delivery_date }, p);
  if (!read.ok) throw invalid(p);
  const data = read.data;
  const stamp = now.toISOString();
  const until = new Date(now.getTime() + ctx.holdMs);
  let outcome: ChangeOutcome;
  try {
    outcome = await db.kysely.transaction().execute(async (trx) => {
      const before = await lockOrder(trx, db.dialect, found.id);
      if (before.cancelled_at) throw orderCancelled(before);
      const paid = isPaid(before.payment_status) || (await wasPaid(trx, before.id));
      const delivery = { method: data.method, state: data.state, zone: data.zone, deliveryDate: data.deliveryDate, pickupLocation: data.pickupLocation };
      const { columns } = await repriceOrder(trx, before, { dialect: db.dialect, currency: before.currency as CurrencyName, items: input.items ?? 'kept', delivery, deliverySettings: config.delivery, now });
      const changes = { ...checkoutColumns(data), ...columns, delivery_date: data.deliveryDate, updated_at: stamp };
      const fields = changedFields(before, { ...before, ...changes } as OrderRow);
      if (!fields.length) throw new AppError(400, 'CHANGE_INVALID', 'This changes nothing on the order: say what is to change.', { orderData: 'changes nothing' });
      let after = await writeOrderChange(trx, before, changes);
      await followUnits(trx, db.dialect, before, after, paid, until, now);
      // Its day and place moved: the old place is given back and the new one taken (or refused) here.
      const was = orderDayPlace(before);
      const is = orderDayPlace(after);
      let overbooked = false;
      if (was?.date !== is?.date || was?.place !== is?.place) {
        if (is) overbooked = await bookPlace(trx, db.dialect, after.id, is, { take: paid, overbook: !!input.overbook, until, holdMs: ctx.holdMs, now, config });
        else await bookOrderDay(trx, db.dialect, after.id, { day: null, mode: 'hold', now, settings: config.checkout });
      }
      if (within) after = await within(trx, before, after);
      const change = await addOrderChange(trx, {
        orderId: after.id,
        kind: 'change',
        actor: ctx.actor,
        reason: input.reason + (overbooked && input.overbook ? ` (day over-booked: ${input.overbook})` : ''),
        fields,
        difference: Number(after.total) - Number(before.total),
        currency: after.currency,
        at: stamp,
      });
      const result = { before, row: after, change, overbooked };
      if (input.preview) throw new Preview(result);
      return result;
    });
  } catch (err) {
    if (err instanceof Preview) return err.outcome;
    throw err;
  } finally {
    bookingsChanged();
  }
  if (outcome.row.client_email) await mailConfirmation(ctx, outcome.row, false, outcome.row.client_email, { changed: outcome.change.fields });
  return outcome;
}

/** The reason a cancellation gives: one of CANCEL_REASONS or free text. */
export function readCancelReason(p: { add(path: string, reason: string, sentence?: string): void }, value: unknown): string | null {
  const fp = new FieldProblems();
  const reason = text(fp, 'reason', value, 300, true);
  for (const [path, why] of Object.entries(fp.fields)) p.add(path, why);
  return reason;
}

/**
 * POST …/cancel (managers): the order stands no more. Its day's place, its held units, its coupon
 * (and, when it was paid, its units and the coupon's use) are given back; it is marked cancelled
 * with the reason, entered, and the sender is mailed. A delivered order is not cancelled. Refunds are
 * the payments domain's (after this).
 */
export async function cancelOrder(ctx: ChangeContext, orderNumber: string, reason: string): Promise<ChangeOutcome> {
  const { db, now } = ctx;
  const found = await standingOrder(db, orderNumber);
  if (found.delivery_status === 'delivered') throw new AppError(409, 'REFUSED', `Order ${found.order_number} was delivered: it can no longer be cancelled.`);
  const stamp = now.toISOString();
  let outcome: ChangeOutcome;
  try {
    outcome = await db.kysely.transaction().execute(async (trx) => {
      const before = await lockOrder(trx, db.dialect, found.id);
      if (before.cancelled_at) throw orderCancelled(before);
      const paid = isPaid(before.payment_status) || (await wasPaid(trx, before.id));
      await bookOrderDay(trx, db.dialect, before.id, { day: null, mode: 'hold', now, settings: await readCheckoutSettings(trx) });
      await releaseStock(trx, before.id);
      if (paid) await returnStock(trx, db.dialect, orderItems(before));
      await releaseCoupon(trx, before.id);
      await returnCouponUse(trx, db.dialect, before);
      const after = await writeOrderChange(trx, before, { cancelled_at: stamp, cancel_reason: reason, updated_at: stamp });
      const change = await addOrderChange(trx, {
        orderId: after.id,
        kind: 'cancel',
        actor: ctx.actor,
        reason,
        fields: [{ field: 'Status', before: 'Standing', after: 'Cancelled' }],
        difference: 0,
        currency: after.currency,
        at: stamp,
      });
      return { before, row: after, change, overbooked: false };
    });
  } finally {
    bookingsChanged();
  }
  if (outcome.row.client_email) await mailConfirmation(ctx, outcome.row, false, outcome.row.client_email, { cancelled: true });
  return outcome;
}
