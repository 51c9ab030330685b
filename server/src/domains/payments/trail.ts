import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { orderBecamePaid, type CouponOverLimit, type OrderRow, type OverBooking } from '../orders';
import type { PaymentsLog } from './context';

/** The order's payment audit trail (`payment_event`): what happened, and what the operator must hear of. */

export const DAY_OVERBOOKED = 'day over its capacity';
export const COUPON_OVER_LIMIT = 'coupon over its limit';

/** Keep one payment event in the order's audit trail. */
export async function recordPaymentEvent(
  q: Kysely<Database>,
  e: { orderId: string; provider: string; reference: string | null; kind: string; detail?: Record<string, unknown>; at?: string },
): Promise<void> {
  await q
    .insertInto('payment_event')
    .values({ id: randomUUID(), order_id: e.orderId, provider: e.provider, reference: e.reference, kind: e.kind, detail: JSON.stringify(e.detail ?? {}), created_at: e.at ?? new Date().toISOString() })
    .execute();
}

/**
 * Units a paid order took that another order held meanwhile (this order's hold had lapsed) are
 * oversold: kept in the audit trail for the shop.
 */
async function recordOversold(trx: Kysely<Database>, orderId: string, oversold: readonly unknown[], provider: string, reference: string | null, at: string): Promise<void> {
  if (oversold.length) await recordPaymentEvent(trx, { orderId, provider, reference, kind: 'oversold', detail: { oversold }, at });
}

/**
 * A paid order took a place its delivery day no longer had (its hold had lapsed and other orders
 * filled the day): the place is kept (the money arrived) and the operator told, in the trail and the log.
 */
async function recordOverbooked(
  trx: Kysely<Database>,
  orderId: string,
  over: OverBooking | null,
  provider: string,
  reference: string | null,
  at: string,
  log?: PaymentsLog,
): Promise<void> {
  if (!over) return;
  const operator = `paid after its hold on ${over.date} (${over.place}) lapsed: the day now has ${over.bookedByOthers + 1} orders for a capacity of ${over.capacity}`;
  await recordPaymentEvent(trx, { orderId, provider, reference, kind: DAY_OVERBOOKED, detail: { ...over, operator }, at });
  log?.warn({ orderId, date: over.date, place: over.place }, 'a day took an order past its capacity by a late payment: flagged for the operator');
}

/**
 * An order paid at a coupon's price after its hold lapsed, when others were promised the coupon's
 * uses meanwhile: the use counts (the money was taken at that price) and the operator is told, in the
 * trail (`pnpm payments history`) and the log.
 */
async function recordCouponOverLimit(
  trx: Kysely<Database>,
  orderId: string,
  over: CouponOverLimit | null,
  provider: string,
  reference: string | null,
  at: string,
  log?: PaymentsLog,
): Promise<void> {
  if (!over) return;
  await recordPaymentEvent(trx, {
    orderId,
    provider,
    reference,
    kind: COUPON_OVER_LIMIT,
    detail: {
      ...over,
      operator: `paid at the coupon's price after its hold lapsed: ${over.coupon} now has ${over.used} uses counted and ${over.heldByOthers} other orders holding it, for a limit of ${over.usageLimit}`,
    },
    at,
  });
  log?.warn({ orderId, coupon: over.coupon }, 'coupon used beyond its limit by a late payment: flagged for the operator');
}

/**
 * The order just became paid, whoever paid it (a provider's verified payment, a confirmed transfer):
 * the orders domain takes its stock, day and coupon for good, and what went past a limit meanwhile is
 * kept in the trail for the operator.
 */
export async function recordBecamePaid(
  trx: Kysely<Database>,
  dialect: Dialect,
  order: OrderRow,
  paid: { by: 'payment' | 'operator'; provider: string; reference: string; at: string },
  log?: PaymentsLog,
): Promise<void> {
  const { provider, reference, at } = paid;
  const { oversold, couponOverLimit, overbooked } = await orderBecamePaid(trx, dialect, order, at, paid.by);
  await recordOversold(trx, order.id, oversold, provider, reference, at);
  await recordOverbooked(trx, order.id, overbooked, provider, reference, at, log);
  await recordCouponOverLimit(trx, order.id, couponOverLimit, provider, reference, at, log);
}
