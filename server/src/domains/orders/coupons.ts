import type { AppliedCoupon, CouponKind } from '@adire/contracts';
import { convertAmount, convertDiscount, formatAmount, orderTotal } from '@adire/domain';
import { formatShopDay } from '@adire/domain/formats';

/** Coupon rules, pure: the clock and the order's amounts are parameters. */

export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** Percent (1–100) or naira off. */
  amount: number;
  minOrderNgn: number;
  /** ISO instant, or null for never. */
  expiresAt: string | null;
  usageLimit: number | null;
  usedCount: number;
  active: boolean;
}

export const COUPON_CODE_MAX_LENGTH = 40;

/**
 * How long a usage-limited coupon stays held for an unpaid order: from the last time the order was
 * priced with it (applied, order updated, checked out, payment started). Paying counts the use; a hold
 * that lapsed is taken again when the coupon is still free, else the coupon comes off the order.
 */
export const COUPON_HOLD_MS = 30 * 60_000;

export const couponHeldUntil = (now: Date): string => new Date(now.getTime() + COUPON_HOLD_MS).toISOString();

/** Whether a hold running until `heldUntil` (null: none) is still live at `now`. */
export const holdIsLive = (heldUntil: string | null, now: Date): boolean => heldUntil !== null && Date.parse(heldUntil) > now.getTime();

/**
 * Whether one more order can be promised a use: the uses counted (paid) and the live holds of other
 * orders leave room under the limit.
 */
export function couponIsFree(coupon: Pick<CouponRule, 'usageLimit' | 'usedCount'>, heldByOthers: number): boolean {
  return coupon.usageLimit === null || coupon.usedCount + heldByOthers < coupon.usageLimit;
}

/**
 * An order is paid with the coupon (its use is counted whatever happened to its hold: the shop took
 * the money at that price). Over the limit when the uses counted, this one and the live holds of other
 * orders come to more than the limit: the order paid after its hold lapsed and someone else was
 * promised the use meanwhile. The shop's operator is told.
 */
export function paidUseOverLimit(coupon: Pick<CouponRule, 'usageLimit' | 'usedCount'>, heldByOthers: number): boolean {
  return coupon.usageLimit !== null && coupon.usedCount + 1 + heldByOthers > coupon.usageLimit;
}

/** What a shopper types, tidied: spaces dropped, upper case. '' when nothing usable. */
export function normaliseCouponCode(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const code = raw.replace(/\s+/g, '').toUpperCase();
  return code.length <= COUPON_CODE_MAX_LENGTH ? code : '';
}

const naira = (n: number) => formatAmount(n, 'NGN');

/** '31 Dec 2025' in Lagos. */
function lagosDay(iso: string): string {
  return formatShopDay(new Date(iso));
}

export const COUPON_MESSAGES = {
  unknown: (code: string) => `The coupon code '${code}' is not valid. Check the spelling and try again.`,
  expired: (c: CouponRule) => `Coupon ${c.code} expired on ${lagosDay(c.expiresAt!)}`,
  minimum: (c: CouponRule, itemsNgn: number) =>
    `Coupon ${c.code} needs an order of at least ${naira(c.minOrderNgn)} before delivery; this order comes to ${naira(itemsNgn)}`,
  usedUp: (c: CouponRule) => `Coupon ${c.code} has already been used as many times as it allows`,
  /** The order's hold on the coupon lapsed and the coupon was used up meanwhile; `total` as the shopper pays it. */
  lapsed: (code: string, total: string) =>
    `The coupon ${code} was held for ${COUPON_HOLD_MS / 60_000} minutes and has since been used up, so it was taken off this order: the total is now ${total}.`,
  emptyOrder: 'Your cart is empty: add something before applying a coupon',
} as const;

export type CouponProblem = { code: 'COUPON_UNKNOWN' | 'COUPON_EXPIRED' | 'COUPON_MINIMUM' | 'COUPON_USED_UP'; message: string };

/**
 * Why a coupon cannot go on an order whose items (designs included) come to `itemsNgn`, or null.
 * `heldByOthers`: live holds of other orders, when the usage limit is to be checked too (left out,
 * it is not: the hold decides, see `couponIsFree`).
 */
export function couponProblem(coupon: CouponRule | null, input: { code: string; itemsNgn: number; now: Date; heldByOthers?: number }): CouponProblem | null {
  if (!coupon || !coupon.active) return { code: 'COUPON_UNKNOWN', message: COUPON_MESSAGES.unknown(input.code) };
  if (coupon.expiresAt && Date.parse(coupon.expiresAt) <= input.now.getTime()) return { code: 'COUPON_EXPIRED', message: COUPON_MESSAGES.expired(coupon) };
  if (input.itemsNgn < coupon.minOrderNgn) return { code: 'COUPON_MINIMUM', message: COUPON_MESSAGES.minimum(coupon, input.itemsNgn) };
  if (input.heldByOthers !== undefined && !couponIsFree(coupon, input.heldByOthers)) return { code: 'COUPON_USED_UP', message: COUPON_MESSAGES.usedUp(coupon) };
  return null;
}

/**
 * The discount on items worth `itemsNgn` (naira) and `items` (order currency, each line converted):
 * a percentage of each, rounded down; a fixed naira amount converted ÷ rate and rounded down too (a
 * discount is never worth more than its naira). Never more than the items.
 */
export function couponDiscount(coupon: Pick<CouponRule, 'kind' | 'amount'>, amounts: { itemsNgn: number; items: number; rate: number }): { discountNgn: number; discount: number } {
  if (coupon.kind === 'percent') {
    const pct = Math.min(100, Math.max(0, coupon.amount));
    return { discountNgn: Math.floor((amounts.itemsNgn * pct) / 100), discount: Math.floor((amounts.items * pct) / 100) };
  }
  return {
    discountNgn: Math.min(amounts.itemsNgn, coupon.amount),
    discount: Math.min(amounts.items, convertDiscount(coupon.amount, amounts.rate)),
  };
}

export function describeCoupon(coupon: Pick<CouponRule, 'kind' | 'amount'>): string {
  return coupon.kind === 'percent' ? `${coupon.amount}% off` : `${naira(coupon.amount)} off`;
}

export function appliedCoupon(coupon: CouponRule, discount: { discountNgn: number; discount: number }): AppliedCoupon {
  return { code: coupon.code, kind: coupon.kind, amount: coupon.amount, minOrderNgn: coupon.minOrderNgn, ...discount };
}

/** What the shopper pays, in naira and in the order's currency. */
export function orderTotals(input: {
  itemsNgn: number;
  items: number;
  discountNgn: number;
  discount: number;
  feeNgn: number;
  rate: number;
}): { totalNgn: number; total: number; deliveryFee: number } {
  const deliveryFee = input.feeNgn > 0 ? convertAmount(input.feeNgn, input.rate) : 0;
  return {
    deliveryFee,
    totalNgn: orderTotal({ items: input.itemsNgn, discount: input.discountNgn, deliveryFee: input.feeNgn }),
    total: orderTotal({ items: input.items, discount: input.discount, deliveryFee }),
  };
}
