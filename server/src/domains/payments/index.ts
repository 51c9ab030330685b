/** What other domains use of the payments domain. */
export { paymentRoutes, type PaymentRoutesOptions } from './routes';
export { buildAdapters, offeredPaymentMethods, refundAskableWithoutId } from './adapters';
export { loadPaymentsConfig, type PaymentsConfig } from './config';
export { executePaymentsCommand, paymentHistory, paymentTrail, parsePaymentsCommand, PaymentsCommandError, PAYMENTS_USAGE, type PaymentsCommand } from './operator';
export { recordPaymentEvent } from './trail';
export { sendPaymentReceipt } from './receipt';
export { receivedFor, refundedFor } from './ledger';
export { AWAITING_TRANSFER } from './logic';
export { confirmTransfer, decideTransfer, rejectTransfer, MANUAL_PAYMENT_STATUS, type ReceiptOptions, type TransferDecision } from './transfer-decisions';
export { orderPaymentSide, orderPaymentSideAt, transferStaffRoutes, type TransferStaffRoutesOptions } from './staff-routes';
export { orderPaymentRecords } from './account-payments';
export { refundOrder, refundsOfOrders, REFUND_MESSAGES, type RefundContext, type RefundOrderInput, type RefundOutcome } from './refunds';
export { createRefunder, refundContext, refundStaffRoutes, type RefundRoutesOptions } from './refund-routes';
export { counterStaffRoutes, PAY_ON_DELIVERY_STATUS, PART_PAYMENT_STATUS, type CounterStaffRoutesOptions, type CancelRefund } from './counter-routes';
export { substitutionRoutes, substitutionStaffRoutes, type SubstitutionRoutesOptions } from './substitution-routes';
