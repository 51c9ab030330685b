/**
 * The front door of the orders domain for tests only (.dependency-cruiser.cjs allows server/test, bench,
 * scale and e2e to import it): the inner parts the unit tests check one by one. Nothing in server/src
 * imports this file; the domain's other rooms use its index.ts.
 */
export { itemsToKeep } from './cart';
export { readCheckout, readNotes, readSenderInfo } from './checkout-payload';
export { FieldProblems } from './fields';
export { COUPON_HOLD_MS, COUPON_MESSAGES, couponDiscount, couponHeldUntil, couponIsFree, couponProblem, type CouponRule, holdIsLive, orderTotals, paidUseOverLimit } from './coupons';
export { formatOrderNumber, ORDER_NUMBER_PATTERN, zoneLetter } from './order-number';
export { priceCart, type Sellable } from './pricing';
export { readReview, reviewAuthor } from './reviews';
export { checkDeliveryDate } from './service';
export { noteColumns, orderNotes } from './store';
export { buildTimeline, phoneMatches, TRACKER_LOOKUP_LIMIT, TRACKER_VERIFY_LIMIT } from './tracker';
export { sendConfirmation } from './checkout-mail';
