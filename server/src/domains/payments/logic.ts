import { randomBytes } from 'node:crypto';
import {
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  type CurrencyName,
  type PaymentMethod,
  type PaymentName,
  type PaymentProviderId,
} from '@adire/contracts';

/**
 * The pure rules of payments: which method takes which currency (SPEC section 9), how a verified
 * amount compares with what was asked, and what an order's payment status becomes. No I/O here.
 */

export type ProviderMethodName = keyof typeof PAYMENT_PROVIDERS;
export type ManualMethodName = Exclude<PaymentName, ProviderMethodName>;

export const PROVIDER_IDS: readonly PaymentProviderId[] = ['paystack', 'flutterwave', 'paypal', 'monnify'];

export function isProviderId(value: unknown): value is PaymentProviderId {
  return typeof value === 'string' && (PROVIDER_IDS as readonly string[]).includes(value);
}

export function findMethod(name: unknown): PaymentMethod | null {
  return PAYMENT_METHODS.find((m) => m.paymentName === name) ?? null;
}

/** The provider that takes a third-party method; null for a manual transfer. */
export function providerOf(name: PaymentName): PaymentProviderId | null {
  return (PAYMENT_PROVIDERS as Record<string, PaymentProviderId | undefined>)[name] ?? null;
}

export interface MethodProblem {
  code: 'UNKNOWN_PAYMENT_METHOD' | 'METHOD_CURRENCY';
  message: string;
  fields: Record<string, string>;
}

/** Null when the method exists and takes the currency; otherwise what to tell the shopper. */
export function methodCurrencyProblem(name: unknown, currency: CurrencyName): MethodProblem | null {
  const method = findMethod(name);
  if (!method) {
    const known = PAYMENT_METHODS.map((m) => m.paymentName).join(', ');
    return {
      code: 'UNKNOWN_PAYMENT_METHOD',
      message: `Unknown payment method '${String(name ?? '').slice(0, 40)}': use one of ${known}`,
      fields: { paymentMethod: 'is unknown' },
    };
  }
  if (method.supportedCurrencies.includes(currency)) return null;
  const others = PAYMENT_METHODS.filter((m) => m.supportedCurrencies.includes(currency)).map((m) => m.title);
  return {
    code: 'METHOD_CURRENCY',
    message: `${method.title} does not take ${currency}: pay in ${method.supportedCurrencies.join(' or ')}, or choose ${others.join(', ')}`,
    fields: { paymentMethod: `does not support ${currency}` },
  };
}

/** Amounts compared in hundredths (kobo, cents, pence) so float noise never decides. */
export const toMinor = (amount: number) => Math.round(amount * 100);
export const fromMinor = (minor: number) => minor / 100;

/** What a provider says about a transaction when asked (verifyTransaction). */
export interface VerifiedTransaction {
  status: 'success' | 'failed' | 'pending';
  /** What was actually paid, in the currency's main unit. */
  amount: number;
  currency: string;
  reference: string;
}

/** What the webhook body claims; absent fields are not compared. */
export interface WebhookClaim {
  reference: string;
  amount?: number;
  currency?: string;
}

export type AttemptOutcome = 'paid' | 'part payment' | 'failed' | 'pending';

/**
 * Why the verified transaction cannot be trusted for this attempt, or null. The provider's answer must
 * name our reference and the currency we asked for; a webhook body that disagrees with it (amount,
 * currency, reference) means someone or something is wrong, and nothing is recorded.
 */
export function verificationProblem(expected: { reference: string; currency: string }, verified: VerifiedTransaction, claim?: WebhookClaim): string | null {
  if (verified.reference !== expected.reference) return `the provider answered for reference '${verified.reference}', not '${expected.reference}'`;
  if (verified.currency.toUpperCase() !== expected.currency) return `the provider reports ${verified.currency}, the payment was asked in ${expected.currency}`;
  if (!Number.isFinite(verified.amount) || verified.amount < 0) return `the provider reports an invalid amount (${verified.amount})`;
  if (claim) {
    if (claim.reference !== verified.reference) return `the webhook names reference '${claim.reference}', the provider '${verified.reference}'`;
    if (claim.currency !== undefined && claim.currency.toUpperCase() !== verified.currency.toUpperCase()) {
      return `the webhook claims ${claim.currency}, the provider reports ${verified.currency}`;
    }
    if (claim.amount !== undefined && verified.status === 'success' && toMinor(claim.amount) !== toMinor(verified.amount)) {
      return `the webhook claims ${claim.amount} ${verified.currency}, the provider reports ${verified.amount}`;
    }
  }
  return null;
}

/** A trusted verification against the amount asked: paid in full, a short (part) payment, failed or still pending. */
export function attemptOutcome(expectedAmount: number, verified: VerifiedTransaction): AttemptOutcome {
  if (verified.status === 'pending') return 'pending';
  if (verified.status === 'failed') return 'failed';
  const paid = toMinor(verified.amount);
  if (paid <= 0) return 'failed';
  return paid >= toMinor(expectedAmount) ? 'paid' : 'part payment';
}

/**
 * The order's payment status once a payment is recorded: paid when everything received (in the order's
 * currency) covers the total, else a part payment. A paid order stays as it is.
 */
export function orderStatusAfterPayment(current: string, receivedInOrderCurrency: number, total: number, isPaid: (s: string) => boolean): string {
  if (isPaid(current)) return current;
  return toMinor(receivedInOrderCurrency) >= toMinor(total) ? 'paid' : 'part payment';
}

/** After a failed attempt: money already received keeps its status; otherwise 'payment failed'. */
export function orderStatusAfterFailure(current: string, isPaid: (s: string) => boolean): string {
  if (isPaid(current) || current === 'part payment') return current;
  return 'payment failed';
}

/** The payment status of an order whose shopper chose (or announced) a manual transfer. */
export const AWAITING_TRANSFER = 'awaiting transfer';

/**
 * The payment status once a bank transfer is chosen or announced: an order not yet paid (or whose
 * payment failed) awaits the transfer; money already received ('part payment') is never downgraded.
 */
export function orderStatusAwaitingTransfer(current: string, isPaid: (s: string) => boolean): string {
  if (isPaid(current)) return current;
  return current === 'not paid' || current === 'payment failed' ? AWAITING_TRANSFER : current;
}

/**
 * The time of a payment step that must sort after the order's last step of the other kind (a
 * transfer chosen after a provider payment began, or the other way round): now, or a millisecond
 * past it when the clock has not moved on (two steps in one millisecond, or this instance's clock
 * behind the one that wrote the step before). Which came last decides whether the order is still
 * being paid by transfer (chosenTransferMethod).
 */
export function stampAfter(now: string, previous: string | null | undefined): string {
  if (!previous || now > previous) return now;
  return new Date(Date.parse(previous) + 1).toISOString();
}

/** Transfer notices one order takes: enough to correct a mistake, not a channel to flood the shop. */
export const TRANSFER_NOTICE_LIMIT = 3;

/** A payment that arrived on an attempt voided by a currency switch: kept and flagged, never counted toward the order. */
export const VOIDED_ATTEMPT_PAYMENT = 'late - voided attempt';

/** What is left to pay, never below zero. */
export function amountDue(total: number, received: number): number {
  return fromMinor(Math.max(0, toMinor(total) - toMinor(received)));
}

/** The idempotency key of a payment: one provider reference is one payment. */
export const paymentKey = (provider: string, reference: string) => `${provider}:${reference}`;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Our reference for a payment: the order number and 10 random characters, e.g. 'ABL1042W-K3J9QX2MPA'. */
export function newPaymentReference(orderNumber: string, random: (n: number) => Buffer = randomBytes): string {
  const bytes = random(10);
  let tail = '';
  for (const b of bytes) tail += ALPHABET[b % ALPHABET.length];
  return `${orderNumber}-${tail}`;
}

/** The reference a shopper's return carries, whatever the provider calls it. */
export function returnReference(query: Record<string, unknown>): string | null {
  for (const key of ['reference', 'tx_ref', 'paymentReference', 'trxref']) {
    const v = query[key];
    if (typeof v === 'string' && v.length > 0 && v.length <= 120) return v;
  }
  return null;
}
