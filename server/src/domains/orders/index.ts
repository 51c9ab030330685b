/**
 * The orders domain's front door: what other domains (payments, the operator commands, later the back
 * office) use of orders. Everything else in this folder is private.
 */
export { orderRoutes } from './routes';
export { dayStaffRoutes } from './day-routes';
export { orderStaffRoutes, orderParams, orderState, staffOrderPage, type OrderStaffRoutesOptions, type PaymentSideOf } from './staff-routes';
export { accountOrderRoutes, accountOrdersPart } from './account-orders';
export {
  findOrder,
  findOrderByNumber,
  lockOrder,
  lockUnpaidOrder,
  orderFinished,
  orderItems,
  setPaymentStatus,
  toOrder,
  ORDER_FINISHED,
  ORDER_NOT_FOUND,
  type OrderRow,
  type CheckedOutFilter,
} from './store';
export { orderBoard, staffOrderView, type BoardEntry, type StaffOrderView } from './staff-view';
export { DELIVERY_STATUSES } from './tracker';
export { checkCurrency, checkOrderDateOpen, holdOrderStock, keepOrderCoupon, orderBecamePaid, orderTerms, switchOrderCurrency, type PaymentHoldKind } from './service';
export { couponLapsedNotice } from './store';
export type { CouponOverLimit } from './coupon-hold';
/**
 * The one booking rule (issue 38): `bookOrderDay(trx, dialect, orderId, {day, mode, now, settings, …})`
 * holds ('hold', 'renew') or takes ('take') the order's place on its day, giving the old one back, or
 * gives it back (`day: null`), in the caller's transaction with the order row locked: 409 DAY_FULL when
 * no place is left (a 'take' with `overbook` goes past it and answers the OverBooking). Every path that
 * gives an order a day or moves it calls it; `releaseHeldDay` is the shop giving a hold back.
 */
export {
  bookOrderDay,
  releaseDay,
  releaseHeldDay,
  loadDayHoldRules,
  DEFAULT_DAY_HOLD_RULES,
  DEFAULT_DAY_HOLDS,
  type DayBookingRequest,
  type DayHolder,
  type DayHoldRules,
  type DayHolds,
  type OverBooking,
} from './day-bookings';
export { dayLoads } from './day-sheet';
export { CHECKOUT_HOLD_MS, TRANSFER_HOLD_MS } from './stock';
export { normaliseOrderNumber, orderNumberArg } from './order-number';
export { seedCheckoutIfMissing } from './seed';
export { advanceOrder, executeOrdersCommand, orderStatus, parseOrdersCommand, OrdersCommandError, ORDERS_USAGE, type OrdersCommand } from './operator';
// Proof the flowers arrived (issue 40): an order's photos, their settings.
export { photoStaffRoutes, type PhotoStaffRoutesOptions } from './photo-routes';
export { loadProofConfig, DEFAULT_PROOF_CONFIG, type ProofConfig } from './proof-config';
export { riderStaffRoutes, type RiderStaffRoutesOptions } from './rider-routes';
// Substitutions (issue 40, item 4; the payments domain's, a refund being one outcome): a substitute's price, the order's photos, the proof mail.
export { priceSubstitute } from './substitute-price';
export { photosOfOrder } from './photo-store';
export { proofMail } from './photo-mail';
export { sweepOrderPhotos, photoKeepFrom } from './photo-retention';
export { readStaffOrder, takeStaffOrder, mailStaffOrder, type StaffOrderInput, type StaffOrderTaken, type ProblemSink } from './counter';
export { changeOrder, cancelOrder, readChange, OUT_FOR_DELIVERY, type ChangeContext, type ChangeInput, type ChangeOutcome, type WithinChange, type StaffActor } from './order-changes';
