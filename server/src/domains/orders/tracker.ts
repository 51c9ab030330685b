import { DELIVERY_STATUSES, TRACKING_STEPS, type DeliveryStatus, type OrderTrackerResponse, type PaymentStatus, type TimelineEntry, type TrackingStep } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import type { AttemptLog, RateLimit } from '../account';
import { normaliseOrderNumber } from './order-number';
import { trackedDelivery, trackedPhotos } from './proof-read';
import { findOrderByNumber, statusEvents, toOrder } from './store';
import type { AccountPaymentRecord } from '@adire/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The payments' records of orders, given at the composition root (orders never imports payments). */
export type TrackerPaymentRecords = (q: Kysely<Database>, orderIds: readonly string[]) => Promise<ReadonlyMap<string, readonly AccountPaymentRecord[]>>;

/** The order's refunds for its sender's tracker (issue 39): amount, currency, where it stands, when. */
async function trackedRefunds(db: Db, orderId: string, records?: TrackerPaymentRecords): Promise<{ refunds?: { amount: number; currency: string; status: string; at: string }[] }> {
  if (!records) return {};
  const refunds = ((await records(db.kysely, [orderId])).get(orderId) ?? []).filter((r) => r.kind === 'refunded');
  return refunds.length ? { refunds: refunds.map((r) => ({ amount: r.amount, currency: r.currency, status: r.state, at: r.createdAt })) } : {};
}

/** Where a delivery status stands among DELIVERY_STATUSES (declared once, in the contracts). */
export { DELIVERY_STATUSES };
export const deliveryStatusIndex = (status: string) => DELIVERY_STATUSES.indexOf(status as DeliveryStatus);

export interface TimelineInput {
  deliveryStatus: string;
  paymentStatus: string;
  checkedOutAt: string | null;
  /** Recorded steps with their times (the latest of each step counts). */
  events: { step: string; at: string }[];
}

/** The five steps with done/at, pure. Received, arranged, despatched, delivered follow the delivery status; paid the payment status. */
export function buildTimeline(input: TimelineInput): { timeline: TimelineEntry[]; status: TrackingStep } {
  const at = new Map<string, string>();
  for (const e of [...input.events].sort((a, b) => a.at.localeCompare(b.at))) at.set(e.step, e.at);
  const reached = deliveryStatusIndex(input.deliveryStatus);
  const timeline = TRACKING_STEPS.map((step): TimelineEntry => {
    const done = step === 'paid' ? isPaid(input.paymentStatus) : reached >= deliveryStatusIndex(step);
    const when = step === 'received' ? (at.get(step) ?? input.checkedOutAt) : at.get(step);
    return { step, done, at: done ? (when ?? null) : null };
  });
  const last = [...timeline].reverse().find((t) => t.done);
  return { timeline, status: last?.step ?? 'received' };
}

/** Digits a shopper may type for a phone: '+234 803…', '0803…', '803…' all match '+234803…'. */
export function phoneMatches(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const a = stored.replace(/\D/g, '');
  const b = given.replace(/\D/g, '').replace(/^0+/, '');
  // A whole national number at least (9+ digits), so a short tail cannot be guessed.
  return b.length >= 9 && a.endsWith(b);
}

export const trackerNotFound = (number: string) =>
  `We could not find an order with the number ${number.slice(0, 30)}. Check the number in your confirmation e-mail.`;


/** Phone or e-mail checks that did not match, per client (never per order: a stranger would lock the sender out). */
export const TRACKER_VERIFY_LIMIT: RateLimit = { max: 20, windowMs: 10 * 60_000 };
/** Look-ups that did not prove the sender (no phone or e-mail, or one that did not match), per client. */
export const TRACKER_LOOKUP_LIMIT: RateLimit = { max: 60, windowMs: 10 * 60_000 };

/**
 * The tracker. Anyone with the number sees only the order's stage (one word a shopper reads, e.g.
 * "Out for delivery"): order numbers follow each other, so nothing more is said without proof. With
 * the sender's phone or e-mail: the dates, payment, timeline and details. Look-ups without that proof
 * are limited per client, and so are wrong checks: a stranger's wrong guesses never lock the sender out
 * of their own order.
 */
export async function trackOrder(
  db: Db,
  rawNumber: string,
  contact: { phone?: string; email?: string },
  guard?: { attempts: AttemptLog; ip: string },
  paymentRecords?: TrackerPaymentRecords,
): Promise<OrderTrackerResponse> {
  const number = normaliseOrderNumber(rawNumber);
  // A look-up counts until it proves the sender; a check that does not match stays counted.
  const checking = !!(contact.phone || contact.email);
  const reservation = guard
    ? await guard.attempts.reserve(
        checking
          ? [
              { bucket: `tracker:ip:${guard.ip}`, limit: TRACKER_VERIFY_LIMIT },
              { bucket: `tracker-lookup:ip:${guard.ip}`, limit: TRACKER_LOOKUP_LIMIT },
            ]
          : [{ bucket: `tracker-lookup:ip:${guard.ip}`, limit: TRACKER_LOOKUP_LIMIT }],
      )
    : null;
  const row = await findOrderByNumber(db, number);
  if (!row) throw notFound(trackerNotFound(number));
  const events = await statusEvents(db, row.id);
  const { timeline, status } = buildTimeline({
    deliveryStatus: row.delivery_status,
    paymentStatus: row.payment_status,
    checkedOutAt: row.checked_out_at,
    events,
  });
  const email = contact.email?.trim().toLowerCase();
  const verified =
    (!!email && !!row.client_email && email === row.client_email.toLowerCase()) || (!!contact.phone && phoneMatches(row.client_phone, contact.phone));
  const cancelled = row.cancelled_at ? { cancelled: true } : {};
  if (!verified) return { orderNumber: row.order_number!, status, ...cancelled, verified: false };
  await reservation?.release();
  const order = toOrder(row);
  return {
    orderNumber: row.order_number!,
    status,
    ...cancelled,
    paymentStatus: row.payment_status as PaymentStatus,
    deliveryDate: row.delivery_date,
    deliveryMethod: (row.delivery_method as 'delivery' | 'pickup' | null) ?? null,
    timeline,
    verified,
    details: {
      client: order.client ?? {},
      deliveryDetails: order.deliveryDetails ?? {},
      ...(order.recipientAddress ? { recipientAddress: order.recipientAddress } : {}),
      ...(order.deliveryMessage ? { deliveryMessage: order.deliveryMessage } : {}),
      ...(order.pickupLocation ? { pickupLocation: order.pickupLocation } : {}),
      orderProducts: order.orderProducts,
      currency: order.currency,
      total: order.total,
    },
    // Photos of the arrangement and the door (issue 40): personal data, to the proven sender only.
    photos: await trackedPhotos(db, row.id),
    delivery: await trackedDelivery(db, row.id),
    ...(await trackedRefunds(db, row.id, paymentRecords)),
  };
}
