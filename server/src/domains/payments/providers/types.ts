import type { IncomingHttpHeaders } from 'node:http';
import type { CurrencyName, PaymentProviderId } from '@adire/contracts';
import type { VerifiedTransaction, WebhookClaim } from '../logic';

/** What the shop asks a provider to collect. Amounts in the currency's main unit. */
export interface StartPaymentInput {
  reference: string;
  amount: number;
  currency: CurrencyName;
  orderId: string;
  orderNumber: string;
  email: string;
  customerName: string | null;
  description: string;
  /** Where the provider sends the shopper back (our /payments/return/<provider>?reference=…). */
  returnUrl: string;
  /** Where the shopper lands on cancelling (PayPal); the same return address, marked. */
  cancelUrl: string;
}

export interface StartedPayment {
  /** The provider's hosted payment page. */
  url: string;
  /** The provider's own id for this payment, when it has one we need later (a PayPal order id). */
  providerReference: string | null;
}

/** A refund asked of a provider (issue 39). Amounts in the currency's main unit. */
export interface RefundAsk {
  /** The shop's idempotency key of this refund (sent where the provider takes one). */
  key: string;
  /** Our reference of the payment the money goes back from (the attempt's). */
  paymentReference: string;
  /** The provider's own id of that payment when we have it (a Flutterwave transaction id, a PayPal order id, a Monnify transaction reference). */
  providerReference: string | null;
  amount: number;
  currency: string;
  reason: string;
}

/** What a provider says of a refund: done, refused, or still on its way; and its own id for it. */
export interface RefundAnswer {
  status: 'pending' | 'processed' | 'failed';
  providerRefundId: string | null;
}

/** A refund the provider tells of in a webhook: which one (any of these may be missing). */
export interface RefundNotice {
  key?: string | null;
  providerRefundId?: string | null;
}

/** A webhook body read in the provider's words. */
export interface WebhookEvent {
  /** 'payment': verify this reference; 'refund': check this refund's status; 'ignore': an event we do not act on. */
  kind: 'payment' | 'refund' | 'ignore';
  event: string;
  /** The payment's reference (for a refund: the payment it returns money from, when the body says). */
  reference: string | null;
  /** For a refund event: which refund. */
  refund?: RefundNotice;
  /** What the body claims (compared with what verification says). */
  claim?: WebhookClaim;
  providerReference?: string | null;
}

/**
 * One payment provider, real or sandbox. The service never trusts a webhook body: it checks the
 * signature on the raw bytes, then asks the provider itself (verifyTransaction) before anything changes.
 */
export interface PaymentAdapter {
  readonly provider: PaymentProviderId;
  readonly mode: 'sandbox' | 'live';
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /** Is this raw body signed by the provider? (PayPal asks its verification endpoint.) */
  verifyWebhookSignature(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<boolean>;
  readWebhook(body: unknown): WebhookEvent;
  /** Ask the provider what happened to this payment. Throws ProviderError when it cannot say. */
  verifyTransaction(reference: string, providerReference?: string | null): Promise<VerifiedTransaction>;
  /** Finish what the shopper approved before verifying (PayPal captures an approved order). */
  complete?(reference: string, providerReference: string | null): Promise<void>;
  /** Give money back through this provider (its refund call). Throws ProviderError when it cannot be asked. */
  refund?(ask: RefundAsk): Promise<RefundAnswer>;
  /** Ask the provider where a refund stands (its status check). */
  refundStatus?(ask: RefundAsk, providerRefundId: string | null): Promise<RefundAnswer>;
  /**
   * How a refund whose answer was lost (so its refund id is unknown) can be asked about again by the
   * recheck without making it twice: 'status' — the status check finds it by our key, and a 404 there
   * means the call never arrived, so it is sent again (Monnify's refundReference, the sandboxes);
   * 'resend' — the refund call sent again with the same key answers the refund that key made (PayPal's
   * PayPal-Request-Id). Absent: neither is safe (Paystack's and Flutterwave's refund calls take no
   * idempotency key): such a refund waits for the provider's webhook, or for the staff (refunds.ts).
   */
  readonly refundRecovery?: 'status' | 'resend';
}

/** The provider could not be reached or gave an answer we cannot read; nothing is concluded from it. */
export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderId,
    readonly status: number,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** JSON body (an object) or a ready string (form bodies). */
  body?: unknown;
  timeoutMs?: number;
}

/** One JSON call to a provider's API; a non-2xx answer or a network failure is a ProviderError. */
export async function callProvider<T>(provider: PaymentProviderId, url: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  } catch (err) {
    throw new ProviderError(provider, 0, `could not reach ${new URL(url).host}: ${(err as Error).message}`);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ProviderError(provider, res.status, `answered ${res.status} with a body that is not JSON`);
  }
  if (!res.ok) {
    const message = (json as { message?: unknown } | null)?.message;
    throw new ProviderError(provider, res.status, `answered ${res.status}${typeof message === 'string' ? `: ${message.slice(0, 200)}` : ''}`);
  }
  return json as T;
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : null);
export const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
/** Main unit → subunit (kobo, cents) and back. */
export const toSubunit = (amount: number) => Math.round(amount * 100);
