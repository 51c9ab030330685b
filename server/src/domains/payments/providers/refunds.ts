import { randomUUID } from 'node:crypto';
import type { PaymentProviderId } from '@adire/contracts';
import type { Selectable } from 'kysely';
import type { SandboxRefundTable } from '../../../db/schema';
import { randomDigits, randomId } from './sandbox-wire';
import { callProvider, obj, ProviderError, str, toSubunit, type RefundAnswer, type RefundAsk, type WebhookEvent } from './types';

/**
 * Refunds as each provider documents them (issue 39, item 4): the call that asks for one, the status
 * check, the refund webhook, and how each sandbox answers in the same words. The live adapters and the
 * sandboxes read answers with the same readers, so the sandbox exercises the real parsing.
 *
 * - Paystack: `POST /refund {transaction, amount (subunits), currency, customer_note, merchant_note}`;
 *   `GET /refund/:id`; webhooks `refund.pending|processing|processed|failed` (data.transaction_reference).
 * - Flutterwave: `POST /v3/transactions/:id/refund {amount, comments}` (id: its transaction id);
 *   `GET /v3/refunds/:id`; webhook `refund.completed` (data.id: the refund).
 * - Monnify: `POST /api/v1/refunds/initiate-refund {transactionReference, refundReference, refundAmount,
 *   refundReason, customerNote}` (refundReference: our idempotency key); `GET /api/v1/refunds/:refundReference`;
 *   webhooks `SUCCESSFUL_REFUND` / `FAILED_REFUND` (eventData.refundReference).
 * - PayPal: `POST /v2/payments/captures/:captureId/refund {amount: {value, currency_code}, invoice_id,
 *   note_to_payer}` with `PayPal-Request-Id` (our key); `GET /v2/payments/refunds/:id`; webhooks
 *   `PAYMENT.CAPTURE.REFUNDED` and `PAYMENT.REFUND.FAILED` (resource: the refund).
 */

export type SandboxRefund = Selectable<SandboxRefundTable>;

const unreadable = (provider: PaymentProviderId, what: string, message: unknown) =>
  new ProviderError(provider, 200, `${what} unreadable: ${String(message ?? 'no data').slice(0, 120)}`);

// ---------------------------------------------------------------- Paystack

export function readPaystackRefund(json: unknown): RefundAnswer {
  const b = obj(json);
  const data = obj(b.data);
  if (b.status !== true || !Object.keys(data).length) throw unreadable('paystack', 'refund', b.message);
  const s = str(data.status);
  return { status: s === 'processed' ? 'processed' : s === 'failed' ? 'failed' : 'pending', providerRefundId: str(data.id) };
}

export function readPaystackRefundWebhook(body: unknown): WebhookEvent | null {
  const b = obj(body);
  const event = str(b.event) ?? '';
  if (!event.startsWith('refund.')) return null;
  const data = obj(b.data);
  return { kind: 'refund', event, reference: str(data.transaction_reference), refund: { providerRefundId: str(data.id) } };
}

export async function paystackRefund(base: string, headers: Record<string, string>, ask: RefundAsk): Promise<RefundAnswer> {
  return readPaystackRefund(
    await callProvider('paystack', `${base}/refund`, {
      headers,
      body: { transaction: ask.paymentReference, amount: toSubunit(ask.amount), currency: ask.currency, customer_note: ask.reason, merchant_note: `${ask.reason} [${ask.key}]` },
    }),
  );
}

export async function paystackRefundStatus(base: string, headers: Record<string, string>, providerRefundId: string | null): Promise<RefundAnswer> {
  if (!providerRefundId) throw new ProviderError('paystack', 0, 'no refund id to look up');
  return readPaystackRefund(await callProvider('paystack', `${base}/refund/${encodeURIComponent(providerRefundId)}`, { headers }));
}

// ---------------------------------------------------------------- Flutterwave

export function readFlutterwaveRefund(json: unknown): RefundAnswer {
  const b = obj(json);
  const data = obj(b.data);
  if (b.status !== 'success' || !Object.keys(data).length) throw unreadable('flutterwave', 'refund', b.message);
  const s = (str(data.status) ?? '').toLowerCase();
  return { status: s === 'completed' || s === 'successful' ? 'processed' : s === 'failed' ? 'failed' : 'pending', providerRefundId: str(data.id) };
}

export function readFlutterwaveRefundWebhook(body: unknown): WebhookEvent | null {
  const b = obj(body);
  const event = str(b.event) ?? '';
  if (!event.startsWith('refund.')) return null;
  const data = obj(b.data);
  return { kind: 'refund', event, reference: str(data.tx_ref), refund: { providerRefundId: str(data.id) } };
}

export async function flutterwaveRefund(base: string, headers: Record<string, string>, ask: RefundAsk): Promise<RefundAnswer> {
  // The refund names Flutterwave's transaction id; without it kept, the verify call gives it.
  let id = ask.providerReference && /^\d+$/.test(ask.providerReference) ? ask.providerReference : null;
  if (!id) {
    const json = await callProvider('flutterwave', `${base}/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(ask.paymentReference)}`, { headers });
    id = str(obj(obj(json).data).id);
    if (!id) throw new ProviderError('flutterwave', 200, 'the payment has no transaction id to refund');
  }
  return readFlutterwaveRefund(await callProvider('flutterwave', `${base}/v3/transactions/${encodeURIComponent(id)}/refund`, { headers, body: { amount: ask.amount, comments: `${ask.reason} [${ask.key}]` } }));
}

export async function flutterwaveRefundStatus(base: string, headers: Record<string, string>, providerRefundId: string | null): Promise<RefundAnswer> {
  if (!providerRefundId) throw new ProviderError('flutterwave', 0, 'no refund id to look up');
  return readFlutterwaveRefund(await callProvider('flutterwave', `${base}/v3/refunds/${encodeURIComponent(providerRefundId)}`, { headers }));
}

// ---------------------------------------------------------------- Monnify

export function readMonnifyRefund(json: unknown): RefundAnswer {
  const b = obj(json);
  const body = obj(b.responseBody);
  if (b.requestSuccessful !== true || !Object.keys(body).length) throw unreadable('monnify', 'refund', b.responseMessage);
  const s = (str(body.refundStatus) ?? '').toUpperCase();
  return { status: s === 'COMPLETED' ? 'processed' : s === 'FAILED' ? 'failed' : 'pending', providerRefundId: str(body.refundReference) };
}

export function readMonnifyRefundWebhook(body: unknown): WebhookEvent | null {
  const b = obj(body);
  const event = str(b.eventType) ?? '';
  if (event !== 'SUCCESSFUL_REFUND' && event !== 'FAILED_REFUND') return null;
  const data = obj(b.eventData);
  return { kind: 'refund', event, reference: str(data.paymentReference), refund: { key: str(data.refundReference), providerRefundId: str(data.refundReference) } };
}

export async function monnifyRefund(base: string, headers: Record<string, string>, ask: RefundAsk): Promise<RefundAnswer> {
  let transactionReference = ask.providerReference;
  if (!transactionReference) {
    const json = await callProvider('monnify', `${base}/api/v2/merchant/transactions/query?paymentReference=${encodeURIComponent(ask.paymentReference)}`, { headers });
    transactionReference = str(obj(obj(json).responseBody).transactionReference);
    if (!transactionReference) throw new ProviderError('monnify', 200, 'the payment has no transaction reference to refund');
  }
  return readMonnifyRefund(
    await callProvider('monnify', `${base}/api/v1/refunds/initiate-refund`, {
      headers,
      body: { transactionReference, refundReference: ask.key, refundAmount: ask.amount, refundReason: ask.reason, customerNote: ask.reason },
    }),
  );
}

export async function monnifyRefundStatus(base: string, headers: Record<string, string>, ask: RefundAsk): Promise<RefundAnswer> {
  return readMonnifyRefund(await callProvider('monnify', `${base}/api/v1/refunds/${encodeURIComponent(ask.key)}`, { headers }));
}

// ---------------------------------------------------------------- PayPal

export function readPaypalRefund(json: unknown): RefundAnswer {
  const b = obj(json);
  const id = str(b.id);
  const s = str(b.status);
  if (!id || !s) throw unreadable('paypal', 'refund', b.message);
  return { status: s === 'COMPLETED' ? 'processed' : s === 'FAILED' || s === 'CANCELLED' ? 'failed' : 'pending', providerRefundId: id };
}

export function readPaypalRefundWebhook(body: unknown): WebhookEvent | null {
  const b = obj(body);
  const event = str(b.event_type) ?? '';
  if (event !== 'PAYMENT.CAPTURE.REFUNDED' && event !== 'PAYMENT.REFUND.FAILED') return null;
  const resource = obj(b.resource);
  return { kind: 'refund', event, reference: str(resource.custom_id), refund: { key: str(resource.invoice_id), providerRefundId: str(resource.id) } };
}

/** The capture of a PayPal order (a refund goes back through the capture). */
function captureOf(order: unknown): string | null {
  const unit = obj(((obj(order).purchase_units as unknown[] | undefined) ?? [])[0]);
  const captures = ((obj(unit.payments).captures as unknown[] | undefined) ?? []).map(obj);
  return str(captures.find((c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED')?.id ?? captures[0]?.id);
}

export async function paypalRefund(base: string, headers: Record<string, string>, ask: RefundAsk): Promise<RefundAnswer> {
  if (!ask.providerReference) throw new ProviderError('paypal', 0, 'the payment has no PayPal order to refund');
  const capture = captureOf(await callProvider('paypal', `${base}/v2/checkout/orders/${encodeURIComponent(ask.providerReference)}`, { headers }));
  if (!capture) throw new ProviderError('paypal', 200, 'the PayPal order has no capture to refund');
  return readPaypalRefund(
    await callProvider('paypal', `${base}/v2/payments/captures/${encodeURIComponent(capture)}/refund`, {
      headers: { ...headers, 'paypal-request-id': ask.key },
      body: { amount: { value: ask.amount.toFixed(2), currency_code: ask.currency }, invoice_id: ask.key, note_to_payer: ask.reason.slice(0, 255) },
    }),
  );
}

export async function paypalRefundStatus(base: string, headers: Record<string, string>, providerRefundId: string | null): Promise<RefundAnswer> {
  if (!providerRefundId) throw new ProviderError('paypal', 0, 'no refund id to look up');
  return readPaypalRefund(await callProvider('paypal', `${base}/v2/payments/refunds/${encodeURIComponent(providerRefundId)}`, { headers }));
}

// ---------------------------------------------------------------- readers by provider

/** Each provider's refund answer and refund webhook readers (the sandbox reads its own answers with them). */
export const REFUND_READERS: Record<PaymentProviderId, { answer(json: unknown): RefundAnswer; webhook(body: unknown): WebhookEvent | null }> = {
  paystack: { answer: readPaystackRefund, webhook: readPaystackRefundWebhook },
  flutterwave: { answer: readFlutterwaveRefund, webhook: readFlutterwaveRefundWebhook },
  monnify: { answer: readMonnifyRefund, webhook: readMonnifyRefundWebhook },
  paypal: { answer: readPaypalRefund, webhook: readPaypalRefundWebhook },
};

// ---------------------------------------------------------------- the sandboxes' words

/** How one provider speaks of a refund, for its sandbox: a new refund id, its answers, its webhook. */
export interface SandboxRefundWire {
  refundId(): string;
  /** The answer to the refund call (Paystack queues every refund: 'pending' until processed). */
  created(r: SandboxRefund): unknown;
  /** The answer to the status check. */
  status(r: SandboxRefund): unknown;
  /** The webhook sent once the refund is processed or failed. */
  webhook(r: SandboxRefund, now: Date): object;
}

const amountOf = (r: SandboxRefund) => Number(r.amount);

export const SANDBOX_REFUND_WIRES: Record<PaymentProviderId, SandboxRefundWire> = {
  paystack: {
    refundId: () => randomDigits(8),
    created: (r) => ({ status: true, message: 'Refund has been queued for processing', data: { id: Number(r.provider_refund_id), transaction: { reference: r.reference }, amount: toSubunit(amountOf(r)), currency: r.currency, status: 'pending', merchant_note: `[${r.refund_key}]` } }),
    status: (r) => ({ status: true, message: 'Refund retrieved', data: { id: Number(r.provider_refund_id), amount: toSubunit(amountOf(r)), currency: r.currency, status: r.status } }),
    webhook: (r) => ({ event: `refund.${r.status}`, data: { id: Number(r.provider_refund_id), status: r.status, transaction_reference: r.reference, refund_reference: null, amount: String(toSubunit(amountOf(r))), currency: r.currency, domain: 'test' } }),
  },
  flutterwave: {
    refundId: () => randomDigits(6),
    created: (r) => ({ status: 'success', message: 'Transaction refund initiated', data: { id: Number(r.provider_refund_id), tx_ref: r.reference, amount_refunded: amountOf(r), status: flwStatus(r), destination: 'payment_source' } }),
    status: (r) => ({ status: 'success', message: 'Refund fetched', data: { id: Number(r.provider_refund_id), tx_ref: r.reference, amount_refunded: amountOf(r), status: flwStatus(r) } }),
    webhook: (r) => ({ event: 'refund.completed', data: { id: Number(r.provider_refund_id), tx_ref: r.reference, AmountRefunded: amountOf(r), status: flwStatus(r), comments: `[${r.refund_key}]` } }),
  },
  monnify: {
    refundId: () => `MNFY|RFD|${randomDigits(10)}`,
    created: (r) => monnifyBody(r),
    status: (r) => monnifyBody(r),
    webhook: (r, now) => ({
      eventType: r.status === 'failed' ? 'FAILED_REFUND' : 'SUCCESSFUL_REFUND',
      eventData: { refundReference: r.refund_key, paymentReference: r.reference, refundAmount: amountOf(r), refundStatus: monnifyStatus(r), completedOn: now.toISOString() },
    }),
  },
  paypal: {
    refundId: () => randomId(17),
    created: (r) => paypalBody(r),
    status: (r) => paypalBody(r),
    webhook: (r, now) => ({
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: now.toISOString(),
      resource_type: 'refund',
      event_type: r.status === 'failed' ? 'PAYMENT.REFUND.FAILED' : 'PAYMENT.CAPTURE.REFUNDED',
      resource: paypalBody(r),
    }),
  },
};

function flwStatus(r: SandboxRefund) {
  return r.status === 'processed' ? 'completed' : r.status === 'failed' ? 'failed' : 'pending';
}
function monnifyStatus(r: SandboxRefund) {
  return r.status === 'processed' ? 'COMPLETED' : r.status === 'failed' ? 'FAILED' : 'IN_PROGRESS';
}
function monnifyBody(r: SandboxRefund) {
  return {
    requestSuccessful: true,
    responseMessage: 'success',
    responseCode: '0',
    responseBody: { refundReference: r.refund_key, paymentReference: r.reference, refundAmount: amountOf(r), refundStatus: monnifyStatus(r), refundReason: 'refund' },
  };
}
function paypalBody(r: SandboxRefund) {
  return {
    id: r.provider_refund_id,
    status: r.status === 'processed' ? 'COMPLETED' : r.status === 'failed' ? 'FAILED' : 'PENDING',
    amount: { value: amountOf(r).toFixed(2), currency_code: r.currency },
    invoice_id: r.refund_key,
    custom_id: r.reference,
  };
}
