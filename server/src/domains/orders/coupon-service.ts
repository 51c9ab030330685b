import type { CouponValidateResponse, Order } from '@adire/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { FieldProblems } from './fields';
import { appliedCoupon, COUPON_MESSAGES, couponDiscount, couponProblem, describeCoupon, normaliseCouponCode } from './coupons';
import { couponRule, heldByOthers, lockCoupon, releaseCoupon } from './coupon-hold';
import { deliveryOf, repriceOrder } from './reprice';
import { lockUnpaidOrder, orderItems, toOrder, writeUnpaidOrder } from './store';

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Coupons on orders. Putting a coupon on holds one use of its usage limit for the order for 30
 * minutes (the coupon row locked, so two orders racing for the last use cannot both get it: see
 * `coupon-hold.ts`); the use is counted when the order is paid. Taking it off, or replacing it, ends
 * the hold. The discount and totals are computed here, never by the client.
 */
export function createCouponService(db: Db) {
  return {
    async apply(body: { code?: unknown; order?: unknown }, now: Date = new Date()): Promise<CouponValidateResponse> {
      const p = new FieldProblems();
      const code = normaliseCouponCode(body.code);
      if (!code) p.add('code', body.code === undefined || body.code === '' ? 'is required' : 'is not a valid code', 'Enter a coupon code');
      const orderId = typeof body.order === 'string' ? body.order : '';
      if (!ORDER_ID.test(orderId)) p.add('order', orderId ? 'is not a valid order id' : 'is required', 'Create an order before applying a coupon');
      if (p.count) throw new AppError(400, 'BAD_REQUEST', p.summary(), p.fields);

      return db.kysely.transaction().execute(async (trx) => {
        const row = await lockUnpaidOrder(trx, db.dialect, orderId);
        const itemsNgn = Number(row.subtotal_ngn) + Number(row.designs_ngn);
        if (!orderItems(row).length) throw new AppError(400, 'ORDER_EMPTY', COUPON_MESSAGES.emptyOrder, { order: 'has no items' });
        const couponRow = await lockCoupon(trx, db.dialect, code);
        const rule = couponRow ? couponRule(couponRow) : null;
        const problem = couponProblem(rule, { code, itemsNgn, now, heldByOthers: await heldByOthers(trx, code, row.id, now) });
        if (problem) throw new AppError(400, problem.code, problem.message, { code: problem.code === 'COUPON_UNKNOWN' ? 'is not valid' : problem.code === 'COUPON_EXPIRED' ? 'has expired' : problem.code === 'COUPON_MINIMUM' ? 'needs a larger order' : 'has been used up' });
        if (row.coupon_code !== code) await releaseCoupon(trx, row.id);
        // The one repricing holds the coupon for this order (or renews its hold).
        const { columns, couponLost } = await repriceOrder(trx, row, { dialect: db.dialect, currency: row.currency as Order['currency'], items: 'kept', delivery: deliveryOf(row), couponCode: code, now });
        if (couponLost) throw new AppError(400, 'COUPON_USED_UP', COUPON_MESSAGES.usedUp(rule!), { code: 'has been used up' });
        const after = await writeUnpaidOrder(trx, row, { ...columns, updated_at: now.toISOString() });
        const discount = couponDiscount(rule!, { itemsNgn, items: Number(row.items_total), rate: Number(row.conversion_rate) });
        return {
          coupon: appliedCoupon(rule!, discount),
          order: toOrder(after),
          message: `Coupon ${code} applied: ${describeCoupon(rule!)}`,
        };
      });
    },

    /** DELETE delete-coupon/{id}: idempotent; the order's totals without the discount. */
    async remove(orderId: string, now: Date = new Date()): Promise<Order> {
      return db.kysely.transaction().execute(async (trx) => {
        const row = await lockUnpaidOrder(trx, db.dialect, orderId);
        await releaseCoupon(trx, row.id);
        const { columns } = await repriceOrder(trx, row, { dialect: db.dialect, currency: row.currency as Order['currency'], items: 'kept', delivery: deliveryOf(row), couponCode: null, now });
        return toOrder(await writeUnpaidOrder(trx, row, { ...columns, updated_at: now.toISOString() }));
      });
    },
  };
}
