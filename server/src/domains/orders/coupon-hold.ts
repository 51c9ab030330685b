import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { couponHeldUntil, couponIsFree, holdIsLive, paidUseOverLimit, type CouponRule } from './coupons';

/**
 * Holds and uses of usage-limited coupons (issue 19, item 4), inside the caller's transaction. A
 * coupon on an unpaid order is held for it (`coupon_redemption.held_until`), which counts against the
 * limit while live, so two shoppers cannot both be promised the last use; the use is counted
 * (`coupon.used_count`) when the order is paid. The coupon row is locked first (FOR UPDATE on
 * PostgreSQL; SQLite has one writer), so orders racing for the last use get one answer each.
 */

export type CouponRow = Selectable<Database['coupon']>;

export function couponRule(row: CouponRow): CouponRule {
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

export async function lockCoupon(trx: Kysely<Database>, dialect: Dialect, code: string): Promise<CouponRow | undefined> {
  return trx.selectFrom('coupon').selectAll().where('code', '=', code).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
}

/** Live holds of a coupon by orders other than `orderId` (a paid order's row is a use, not a hold). */
export async function heldByOthers(trx: Kysely<Database>, code: string, orderId: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('coupon_redemption')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('coupon_code', '=', code)
    .where('order_id', '!=', orderId)
    .where('paid_at', 'is', null)
    .where('held_until', '>', now.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Hold `code` for the order for the next 30 minutes (a hold it had is renewed), replacing any other
 * coupon it held; false, holding nothing new, when the uses counted and other orders' live holds
 * leave no room. The order row must be locked.
 */
export async function holdCoupon(trx: Kysely<Database>, dialect: Dialect, orderId: string, code: string, now: Date): Promise<boolean> {
  const row = await lockCoupon(trx, dialect, code);
  if (!row) return false;
  if (!couponIsFree(couponRule(row), await heldByOthers(trx, code, orderId, now))) return false;
  await trx.deleteFrom('coupon_redemption').where('order_id', '=', orderId).execute();
  await trx.insertInto('coupon_redemption').values({ order_id: orderId, coupon_code: code, created_at: now.toISOString(), held_until: couponHeldUntil(now), paid_at: null }).execute();
  return true;
}

/** The order no longer holds a coupon (taken off, replaced, no longer applying). */
export async function releaseCoupon(trx: Kysely<Database>, orderId: string): Promise<void> {
  await trx.deleteFrom('coupon_redemption').where('order_id', '=', orderId).where('paid_at', 'is', null).execute();
}

/** Whether the order's hold on its coupon has lapsed at `now` (false when it has no coupon or it is counted). */
export async function couponHoldLapsed(q: Kysely<Database>, order: { id: string; coupon_code: string | null }, now: Date): Promise<boolean> {
  if (!order.coupon_code) return false;
  const row = await q.selectFrom('coupon_redemption').select(['held_until', 'paid_at']).where('order_id', '=', order.id).executeTakeFirst();
  return !row || (row.paid_at === null && !holdIsLive(row.held_until, now));
}

/** A paid order's use of a coupon beyond its limit, for the operator. */
export interface CouponOverLimit {
  coupon: string;
  usageLimit: number;
  /** Uses counted, this one included. */
  used: number;
  /** Other orders still holding it. */
  heldByOthers: number;
}

/**
 * The order is paid: its coupon's use is counted, whatever happened to its hold (the shop took the
 * money at that price). Answers the overrun when that use goes beyond the limit (see `paidUseOverLimit`).
 */
export async function countCouponUse(trx: Kysely<Database>, dialect: Dialect, order: { id: string; coupon_code: string | null }, at: string): Promise<CouponOverLimit | null> {
  if (!order.coupon_code) return null;
  const row = await lockCoupon(trx, dialect, order.coupon_code);
  if (!row) return null;
  const counted = await trx.selectFrom('coupon_redemption').select('paid_at').where('order_id', '=', order.id).executeTakeFirst();
  if (counted?.paid_at) return null;
  const rule = couponRule(row);
  const others = await heldByOthers(trx, rule.code, order.id, new Date(at));
  const over = paidUseOverLimit(rule, others);
  if (counted) await trx.updateTable('coupon_redemption').set({ coupon_code: rule.code, held_until: null, paid_at: at }).where('order_id', '=', order.id).execute();
  else await trx.insertInto('coupon_redemption').values({ order_id: order.id, coupon_code: rule.code, created_at: at, held_until: null, paid_at: at }).execute();
  await trx
    .updateTable('coupon')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('code', '=', rule.code)
    .execute();
  return over ? { coupon: rule.code, usageLimit: rule.usageLimit!, used: rule.usedCount + 1, heldByOthers: others } : null;
}

/**
 * A cancelled order (issue 39) gives its coupon back: its hold ends and, when its use was counted
 * (it was paid), the count goes down by one.
 */
export async function returnCouponUse(trx: Kysely<Database>, dialect: Dialect, order: { id: string; coupon_code: string | null }): Promise<void> {
  const counted = await trx.selectFrom('coupon_redemption').select(['paid_at', 'coupon_code']).where('order_id', '=', order.id).executeTakeFirst();
  if (counted?.paid_at) {
    await lockCoupon(trx, dialect, counted.coupon_code);
    await trx
      .updateTable('coupon')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('code', '=', counted.coupon_code)
      .where('used_count', '>', 0)
      .execute();
  }
  await trx.deleteFrom('coupon_redemption').where('order_id', '=', order.id).execute();
}
