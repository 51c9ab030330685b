/**
 * Riders (issue 40): a florist or manager gives an order to a rider; the rider sees only their own
 * deliveries of a day, in a route order they change, takes each out ("Out for delivery") and says what
 * happened at the door — delivered (to whom, with a photo) or not (why, with a photo). The sender is
 * mailed each outcome. Every call is checked on the server: another rider's order is a 404 to a rider.
 */
import { randomUUID } from 'node:crypto';
import {
  DELIVERY_FAILURE_LABELS,
  DELIVERY_FAILURE_REASONS,
  RECEIVED_BY_MAX,
  RIDERS_ORDERS_MAX,
  orderNotesFor,
  type RidersAnswer,
  type DeliveryFailureReason,
  type OrderPhotoKind,
  type RiderDelivery,
} from '@adire/contracts';
import { isPaid, telLink } from '@adire/domain';
import { formatShopClockTime } from '@adire/domain/formats';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { activeMembersOf, findMember, isActive, recordAction, type Actor } from '../staff';
import { advanceOrder, OrdersCommandError } from './operator';
import { proofMail } from './photo-mail';
import { toAttempt } from './proof-read';
import { assignRider, attemptsOf, insertAttempt, riderOf, riderOrderIds, ridersOfOrders, setRoutePositions, unassignRider, type AttemptRow } from './rider-store';
import { findOrderByNumber, toOrder, type OrderRow } from './store';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isFailureReason = (value: unknown): value is DeliveryFailureReason => typeof value === 'string' && (DELIVERY_FAILURE_REASONS as readonly string[]).includes(value);

/** "2:32pm" in Lagos (the one home of the shop's time formats). */
export const lagosTime = (iso: string): string => formatShopClockTime(new Date(iso));

/** Who received the flowers, as kept: one line, trimmed; a problem sentence when it is missing or too long. */
export function receivedByProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return 'is required: who took the flowers ("Mum", "security at the gate")';
  return raw.trim().length > RECEIVED_BY_MAX ? `must be ${RECEIVED_BY_MAX} characters at most` : null;
}
export const cleanReceivedBy = (raw: string) => raw.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();

/** What happens next after a failed attempt, said to the sender. */
export const NEXT_AFTER_FAILURE: Readonly<Record<DeliveryFailureReason, string>> = {
  'nobody-home': 'Nobody was home. We will call the recipient and bring the flowers again today or on the next delivery day, at no extra cost.',
  'wrong-address': 'The address could not be found. We will call you to confirm it, then deliver again at no extra cost.',
  refused: 'The recipient refused the flowers. We will call you to agree what to do: deliver to someone else, or keep them for you.',
};

const notFound = (orderNumber: string) => new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);

/** A rider's own order by its number: another rider's (or one given to nobody) is a 404, as if it did not exist. */
export async function ridersOrder(db: Pick<Db, 'kysely'>, rider: string, orderNumber: string): Promise<OrderRow> {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row || !row.order_number) throw notFound(orderNumber);
  const given = await riderOf(db, row.id);
  if (given?.rider_email !== rider) throw notFound(orderNumber);
  return row;
}

/** Gives an order to a rider (an active member whose role is rider) or takes it back (null); audited as 'order.rider'. */
export async function assignOrderRider(db: Db, actor: Actor, orderNumber: string, raw: unknown, now: Date): Promise<{ message: string; rider: string | null }> {
  if (raw !== null && (typeof raw !== 'string' || !EMAIL.test(raw.trim()))) throw new AppError(400, 'INVALID_RIDER', "The rider must be a rider's e-mail address, or null to take the order back.", { rider: 'must be an e-mail address or null' });
  const rider = typeof raw === 'string' ? raw.trim().toLowerCase() : null;
  const order = await findOrderByNumber(db, orderNumber);
  if (!order || !order.order_number) throw notFound(orderNumber);
  if (rider) {
    const member = await findMember(db.kysely, rider);
    if (!member || member.role !== 'rider' || !isActive(member)) {
      throw new AppError(400, 'NOT_A_RIDER', `${rider} is not an active rider: invite them as a rider on the Staff page first.`, { rider: 'is not an active rider' });
    }
  }
  const before = (await riderOf(db, order.id))?.rider_email ?? null;
  const number = order.order_number;
  if (before === rider) return { message: rider ? `Order ${number} is already given to ${rider}.` : `Order ${number} has no rider.`, rider };
  const at = now.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    if (rider) await assignRider({ kysely: trx }, order.id, order.delivery_date, rider, actor.email, at);
    else await unassignRider({ kysely: trx }, order.id);
    await recordAction(trx, actor, 'order.rider', number, { before: { rider: before }, after: { rider } }, at);
  });
  return { message: rider ? `Gave order ${number} to ${rider}.` : `Took order ${number} back from ${before}.`, rider };
}

/** The order numbers a board asks the riders of ('A,B,C'): trimmed, upper-cased, each once; a 400 past RIDERS_ORDERS_MAX. */
export function askedOrderNumbers(raw: unknown): string[] {
  const numbers = [...new Set((typeof raw === 'string' ? raw.split(',') : []).map((n) => n.trim().toUpperCase()).filter(Boolean))];
  if (numbers.length > RIDERS_ORDERS_MAX) throw new AppError(400, 'INVALID_ORDERS', `Ask about ${RIDERS_ORDERS_MAX} orders at most.`, { orders: `must list ${RIDERS_ORDERS_MAX} order numbers at most` });
  return numbers;
}

/** The shop's active riders, and who carries each of the orders asked about (florists and managers give orders to them). */
export async function shopRiders(db: Pick<Db, 'kysely'>, orders: unknown): Promise<RidersAnswer> {
  const riders = await activeMembersOf(db.kysely, 'rider');
  const carrying = await ridersOfOrders(db, askedOrderNumbers(orders));
  return { riders: riders.map((r) => ({ email: r.email, name: r.name })), carrying: carrying.map((c) => ({ orderNumber: c.order_number!, rider: c.rider_email })) };
}

function deliveryOf(row: OrderRow, position: number, attempts: AttemptRow[]): RiderDelivery {
  const order = toOrder(row);
  const details = order.deliveryDetails ?? {};
  // Kept with its country code ('+234…') by the checkout; an older one without it gets the order's code.
  const phone = details.recipientPhone ? (details.recipientPhone.startsWith('+') ? details.recipientPhone : `${details.recipientPhoneCountryCode ?? ''}${details.recipientPhone}`) : null;
  const address = order.recipientAddress ?? details.recipientAddress ?? null;
  const place = [address, row.delivery_zone, details.state].filter(Boolean).join(', ');
  const delivered = attempts.find((a) => a.outcome === 'delivered');
  return {
    orderNumber: row.order_number!,
    position,
    deliveryStatus: row.delivery_status,
    recipientName: details.recipientName ?? null,
    recipientPhone: phone ? telLink(phone).slice('tel:'.length) : null,
    address,
    zone: row.delivery_zone,
    mapsUrl: place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}` : null,
    cardMessage: order.deliveryMessage ?? null,
    notes: orderNotesFor(order, 'sheet')
      .filter((n) => n.name !== 'message')
      .map((n) => `${n.label}: ${n.text}`),
    toCollect: isPaid(row.payment_status) ? null : { amount: Number(row.total), currency: row.currency },
    receivedBy: delivered?.received_by ?? null,
    deliveredAt: delivered?.at ?? null,
    attempts: attempts.filter((a) => a.outcome === 'not-delivered').map(toAttempt),
  };
}

/** The rider's own deliveries of a day, in their route order. */
export async function riderDeliveries(db: Pick<Db, 'kysely'>, rider: string, date: string): Promise<RiderDelivery[]> {
  const ids = await riderOrderIds(db, rider, date);
  if (ids.length === 0) return [];
  const rows = await db.kysely.selectFrom('shop_order').selectAll().where('id', 'in', ids.map((i) => i.order_id)).execute();
  const attempts = await attemptsOf(db, ids.map((i) => i.order_id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap(({ order_id }, i) => {
    const row = byId.get(order_id);
    return row ? [deliveryOf(row, i + 1, attempts.filter((a) => a.order_id === order_id))] : [];
  });
}

/** The rider's new route order: exactly their deliveries of that day, each once (400 otherwise). */
export async function reorderRoute(db: Db, rider: string, date: unknown, orderNumbers: unknown): Promise<void> {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new AppError(400, 'INVALID_ROUTE', 'Say which day the route is for (YYYY-MM-DD).', { date: 'must be a date YYYY-MM-DD' });
  if (!Array.isArray(orderNumbers) || orderNumbers.length > 200) throw new AppError(400, 'INVALID_ROUTE', 'List your deliveries of the day by their order numbers.', { orderNumbers: 'must be a list of order numbers' });
  const ids = await riderOrderIds(db, rider, date);
  const rows = ids.length ? await db.kysely.selectFrom('shop_order').select(['id', 'order_number']).where('id', 'in', ids.map((i) => i.order_id)).execute() : [];
  const idOf = new Map(rows.map((r) => [r.order_number, r.id]));
  const given = Array.isArray(orderNumbers) ? orderNumbers.map((n) => (typeof n === 'string' ? n.trim().toUpperCase() : '')) : [];
  if (given.length !== idOf.size || new Set(given).size !== given.length || given.some((n) => !idOf.has(n))) {
    throw new AppError(400, 'INVALID_ROUTE', `List each of your ${idOf.size} deliveries of ${date} once, in the order you will take them.`, { orderNumbers: 'must be your deliveries of that day, each once' });
  }
  await db.kysely.transaction().execute((trx) => setRoutePositions({ kysely: trx }, given.map((n) => idOf.get(n)!)));
}

/** "Out for delivery": the rider's order moves to despatched (audited as 'order.out'); 409 with the reason when it cannot. */
export async function takeOut(db: Db, actor: Actor, order: OrderRow, now: Date): Promise<void> {
  if (order.delivery_status === 'despatched') return;
  try {
    await advanceOrder(db, order.order_number!, 'despatched', now);
  } catch (err) {
    if (err instanceof OrdersCommandError) throw new AppError(409, 'REFUSED', err.message);
    throw err;
  }
  await recordAction(db.kysely, actor, 'order.out', order.order_number!, { before: { deliveryStatus: order.delivery_status }, after: { deliveryStatus: 'despatched' } }, now.toISOString());
}

/** What the door photo form says besides the photo: who received it, or why not. */
export interface DoorFacts {
  receivedBy?: unknown;
  reason?: unknown;
}

/** Checks the door facts for a kind (before any file is read): 400 beside `receivedBy` or `reason`. */
export function checkDoorFacts(kind: OrderPhotoKind, facts: DoorFacts): { receivedBy: string | null; reason: DeliveryFailureReason | null } {
  if (kind === 'delivered') {
    const problem = receivedByProblem(facts.receivedBy);
    if (problem) throw new AppError(400, 'INVALID_PHOTO', `Who received the flowers ${problem}.`, { receivedBy: problem });
    return { receivedBy: cleanReceivedBy(facts.receivedBy as string), reason: null };
  }
  if (kind === 'not-delivered') {
    if (!isFailureReason(facts.reason)) {
      const problem = `must be one of ${DELIVERY_FAILURE_REASONS.join(', ')}`;
      throw new AppError(400, 'INVALID_PHOTO', `The reason ${problem}.`, { reason: problem });
    }
    return { receivedBy: null, reason: facts.reason };
  }
  return { receivedBy: null, reason: null };
}

/** Delivered: the order moves to delivered (unless it is already); 409 with the reason when it cannot (nothing written). */
export async function markDelivered(db: Db, order: OrderRow, now: Date): Promise<void> {
  if (order.delivery_status === 'delivered') return;
  try {
    await advanceOrder(db, order.order_number!, 'delivered', now);
  } catch (err) {
    if (err instanceof OrdersCommandError) throw new AppError(409, 'REFUSED', err.message);
    throw err;
  }
}

export const attemptRow = (order: OrderRow, actor: Actor, outcome: 'delivered' | 'not-delivered', facts: { receivedBy: string | null; reason: string | null }, photoId: string, at: string): AttemptRow => ({
  id: randomUUID(),
  order_id: order.id,
  rider_email: actor.email,
  outcome,
  reason: facts.reason,
  received_by: facts.receivedBy,
  photo_id: photoId,
  at,
});

export { insertAttempt };

/** The sender's mail of what happened at the door, with the photo. */
export async function mailDoorOutcome(
  mailer: Mailer,
  publicUrl: string,
  order: OrderRow,
  facts: { receivedBy: string | null; reason: DeliveryFailureReason | null },
  photo: { id: string; caption: string | null },
  at: string,
): Promise<void> {
  if (!order.client_email) return;
  const number = order.order_number!;
  const delivered = !facts.reason;
  const subject = delivered ? `Delivered to ${facts.receivedBy} at ${lagosTime(at)}` : 'We could not deliver your flowers';
  const paragraphs = delivered
    ? [`${subject}. Your order ${number} has reached the door: here is the photo our rider took.`]
    : [`Our rider could not deliver order ${number} at ${lagosTime(at)}: ${DELIVERY_FAILURE_LABELS[facts.reason!].toLowerCase()}.`, NEXT_AFTER_FAILURE[facts.reason!]];
  await mailer.send(proofMail({ to: order.client_email, clientName: order.client_name, orderNumber: number, publicUrl, subject, paragraphs, photo }), { deferred: true });
}
