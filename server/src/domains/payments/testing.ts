/**
 * The front door of the payments domain for tests only (.dependency-cruiser.cjs allows server/test, bench,
 * scale and e2e to import it): the inner parts the unit tests check one by one. Nothing in server/src
 * imports this file; the domain's other rooms use its index.ts.
 */
export { amountDue, attemptOutcome, methodCurrencyProblem, newPaymentReference, orderStatusAfterFailure, orderStatusAfterPayment, paymentKey, providerOf, returnReference, stampAfter, verificationProblem } from './logic';
export { readFlutterwaveVerification, readFlutterwaveWebhook } from './providers/flutterwave';
export { readMonnifyVerification, readMonnifyWebhook } from './providers/monnify';
export { paypalSandboxWebhookId, readPaypalOrder, readPaypalWebhook } from './providers/paypal';
export { readPaystackVerification, readPaystackWebhook } from './providers/paystack';
export { sandboxRootSecret, sandboxSecret } from './sandbox';
export { hmacHex, paypalSignedString, safeEqual, sandboxPaypalSignature, verifyHmacSha512, verifySecretHash } from './signatures';
export { DEFAULT_TRANSFER_ACCOUNTS, transferInstructions } from './transfers';
export { createSandbox, keptRootSecret } from './sandbox';
export { allocateRefund, refundAmountProblem, statusAfterRefunds, summaryStatus } from './refund-logic';
export { REFUND_READERS, SANDBOX_REFUND_WIRES } from './providers/refunds';
export { ProviderError } from './providers/types';
export { recheckPendingRefunds, refundAttention } from './refunds';
export { lagosDayRange, ORDERS_CSV_COLUMNS } from './orders-csv';
export { flutterwaveAdapter } from './providers/flutterwave';
export { monnifyAdapter } from './providers/monnify';
export { paypalAdapter } from './providers/paypal';
export { paystackAdapter } from './providers/paystack';
export { cheaperThan, effectiveStatus, hashToken, orderDispatched } from './substitutions';
