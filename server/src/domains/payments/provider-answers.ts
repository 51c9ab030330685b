import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderId } from '@adire/contracts';
import type { PaymentsContext, SettleResult } from './context';
import { findAttempt } from './ledger';
import { returnReference } from './logic';
import type { PaymentAdapter, WebhookEvent } from './providers/types';
import { settleRefundWebhook } from './refunds';
import { settle } from './settle';

/**
 * A provider's answer arriving: its webhook (signature on the raw body, then the provider's own word)
 * or the shopper coming back from its page. Both settle through `settle.ts`, safely in either order.
 */

export interface WebhookAnswer {
  status: number;
  body: unknown;
}

/** POST /webhooks/<provider>: signature on the raw body, then the provider's own word, then one record. */
export async function handleWebhook(ctx: PaymentsContext, provider: PaymentProviderId, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookAnswer> {
  const adapter = ctx.adapters[provider];
  if (!adapter) return { status: 404, body: { message: `Payments by ${provider} are not enabled`, code: 'NOT_FOUND' } };
  const read = await readSignedWebhook(ctx, provider, adapter, rawBody, headers);
  if ('status' in read) return read;
  const { event } = read;
  if (event.kind === 'ignore') return { status: 200, body: { data: { outcome: 'ignored', event: event.event } } };
  // A refund's news: checked at the provider, ended once (refunds.ts).
  if (event.kind === 'refund') return settleRefundWebhook(ctx, provider, event);
  if (!event.reference) return { status: 400, body: { message: 'The webhook names no payment reference', code: 'NO_REFERENCE' } };
  const attempt = await findAttempt(ctx.db, provider, event.reference);
  // Not a payment of this shop (the provider account may serve others): acknowledged, not acted on.
  if (!attempt) return { status: 200, body: { data: { outcome: 'unknown reference' } } };
  if (adapter.complete && !event.claim) {
    try {
      await adapter.complete(attempt.reference, attempt.provider_reference ?? event.providerReference ?? null);
    } catch (err) {
      ctx.log?.warn({ err, provider, reference: attempt.reference }, 'approved payment could not be completed');
      return { status: 502, body: { message: 'The payment could not be completed right now', code: 'PROVIDER_UNAVAILABLE' } };
    }
  }
  const result = await settle(ctx, adapter, attempt, event.claim, 'webhook');
  if (result.outcome === 'duplicate') ctx.tally?.webhookReplayed(provider);
  if (result.outcome === 'mismatch') return { status: 400, body: { message: `Payment not verified: ${result.message}`, code: 'VERIFICATION_MISMATCH' } };
  if (result.outcome === 'unavailable') return { status: 502, body: { message: 'The payment could not be verified right now', code: 'VERIFY_UNAVAILABLE' } };
  return { status: 200, body: { data: result } };
}

/** The webhook's event when its signature holds and its body is JSON; otherwise the answer to send. */
async function readSignedWebhook(
  ctx: PaymentsContext,
  provider: PaymentProviderId,
  adapter: PaymentAdapter,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<{ event: WebhookEvent } | WebhookAnswer> {
  let signed = false;
  try {
    signed = await adapter.verifyWebhookSignature(rawBody, headers);
  } catch (err) {
    // PayPal's verification endpoint did not answer: the provider retries later.
    ctx.log?.warn({ err, provider }, 'webhook signature could not be checked');
    return { status: 502, body: { message: 'The signature could not be checked right now', code: 'SIGNATURE_UNAVAILABLE' } };
  }
  if (!signed) {
    ctx.tally?.webhookRefused(provider);
    return { status: 401, body: { message: 'The webhook signature is not valid', code: 'BAD_SIGNATURE' } };
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { status: 400, body: { message: 'The webhook body is not valid JSON', code: 'MALFORMED_JSON' } };
  }
  return { event: adapter.readWebhook(body) };
}

/** GET /payments/return/<provider>: the shopper is back; verify too (racing the webhook safely). */
export async function handleReturn(ctx: PaymentsContext, provider: PaymentProviderId, query: Record<string, unknown>): Promise<{ location: string; result?: SettleResult } | null> {
  const reference = returnReference(query);
  const adapter = ctx.adapters[provider];
  if (!reference || !adapter) return null;
  const attempt = await findAttempt(ctx.db, provider, reference);
  if (!attempt) return null;
  const location = `/checkout?orderId=${encodeURIComponent(attempt.order_id)}`;
  try {
    await adapter.complete?.(attempt.reference, attempt.provider_reference);
    return { location, result: await settle(ctx, adapter, attempt, undefined, 'return') };
  } catch (err) {
    // The checkout shows the order as it stands; the webhook will settle it.
    ctx.log?.error({ err, provider, reference }, 'payment return could not be settled');
    return { location };
  }
}
