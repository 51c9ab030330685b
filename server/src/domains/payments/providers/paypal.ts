import { randomUUID } from 'node:crypto';
import type { VerifiedTransaction } from '../logic';
import { paypalSignedString, paypalTransmission, sandboxPaypalSignature, safeEqual, hmacHex } from '../signatures';
import { paypalRefund, paypalRefundStatus, readPaypalRefundWebhook } from './refunds';
import { randomId, type SandboxTx, type SandboxWire } from './sandbox-wire';
import { callProvider, num, obj, ProviderError, str, type PaymentAdapter, type StartPaymentInput, type WebhookEvent } from './types';

/**
 * PayPal (USD, GBP), its published REST API: an order created with intent CAPTURE, the shopper approves
 * it on PayPal, the shop captures it; webhooks carry transmission headers that only PayPal can check
 * (POST /v1/notifications/verify-webhook-signature); GET /v2/checkout/orders/:id says what was captured.
 * Our reference travels as the purchase unit's custom_id and invoice_id.
 */

export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  baseUrl: string;
}

/** The body of PayPal's verify-webhook-signature call. */
export interface PaypalVerifyRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

export function paypalVerifyRequest(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, webhookId: string): PaypalVerifyRequest | null {
  const t = paypalTransmission(headers);
  if (!t) return null;
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  return {
    auth_algo: t.authAlgo,
    cert_url: t.certUrl,
    transmission_id: t.transmissionId,
    transmission_sig: t.transmissionSig,
    transmission_time: t.transmissionTime,
    webhook_id: webhookId,
    webhook_event: event,
  };
}

export function readPaypalWebhook(body: unknown): WebhookEvent {
  const refund = readPaypalRefundWebhook(body);
  if (refund) return refund;
  const b = obj(body);
  const event = str(b.event_type) ?? '';
  const resource = obj(b.resource);
  if (event === 'CHECKOUT.ORDER.APPROVED') {
    const unit = obj((resource.purchase_units as unknown[] | undefined)?.[0]);
    // Approved is not paid: the shop captures, then verifies. No amount is claimed yet.
    return { kind: 'payment', event, reference: str(unit.custom_id) ?? str(unit.reference_id), providerReference: str(resource.id) };
  }
  if (event === 'PAYMENT.CAPTURE.COMPLETED' || event === 'PAYMENT.CAPTURE.DENIED' || event === 'PAYMENT.CAPTURE.DECLINED') {
    const reference = str(resource.custom_id) ?? str(resource.invoice_id);
    const amount = obj(resource.amount);
    const value = num(amount.value);
    const currency = str(amount.currency_code);
    const orderId = str(obj(obj(resource.supplementary_data).related_ids).order_id);
    return {
      kind: 'payment',
      event,
      reference,
      providerReference: orderId,
      claim:
        reference && event === 'PAYMENT.CAPTURE.COMPLETED'
          ? { reference, ...(value !== undefined ? { amount: value } : {}), ...(currency ? { currency } : {}) }
          : reference
            ? { reference }
            : undefined,
    };
  }
  return { kind: 'ignore', event, reference: null };
}

/** A PayPal order: paid is the sum of its completed captures. */
export function readPaypalOrder(json: unknown): VerifiedTransaction {
  const order = obj(json);
  const unit = obj((order.purchase_units as unknown[] | undefined)?.[0]);
  const reference = str(unit.custom_id) ?? str(unit.reference_id);
  const captures = ((obj(unit.payments).captures as unknown[] | undefined) ?? []).map(obj);
  const completed = captures.filter((c) => c.status === 'COMPLETED');
  const currency = str(obj(completed[0]?.amount).currency_code) ?? str(obj(unit.amount).currency_code);
  if (!reference || !currency) throw new ProviderError('paypal', 200, 'order unreadable: no custom_id or currency');
  const amount = completed.reduce((sum, c) => sum + (num(obj(c.amount).value) ?? 0), 0);
  const failed = order.status === 'VOIDED' || (captures.length > 0 && completed.length === 0 && captures.every((c) => c.status === 'DECLINED' || c.status === 'FAILED'));
  const status = completed.length > 0 ? 'success' : failed ? 'failed' : 'pending';
  return { status, amount: Math.round(amount * 100) / 100, currency, reference };
}

/** The authorization header of PayPal calls: an OAuth2 token, kept until a minute before it expires. */
function paypalBearer(config: PaypalConfig, base: string): () => Promise<Record<string, string>> {
  let token: { value: string; until: number } | null = null;
  return async () => {
    if (!token || token.until < Date.now()) {
      const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
      const json = await callProvider<{ access_token?: string; expires_in?: number }>('paypal', `${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      if (!json.access_token) throw new ProviderError('paypal', 200, 'oauth2 gave no access_token');
      token = { value: json.access_token, until: Date.now() + Math.max(60, (json.expires_in ?? 3000) - 60) * 1000 };
    }
    return { authorization: `Bearer ${token.value}` };
  };
}

/** The order PayPal is asked to create: one purchase unit carrying our reference, captured on approval. */
function paypalOrderRequest(input: StartPaymentInput) {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: input.orderNumber,
        custom_id: input.reference,
        invoice_id: input.reference,
        description: input.description,
        amount: { currency_code: input.currency, value: input.amount.toFixed(2) },
      },
    ],
    payment_source: {
      paypal: { experience_context: { brand_name: 'Adire Blooms', user_action: 'PAY_NOW', return_url: input.returnUrl, cancel_url: input.cancelUrl } },
    },
  };
}

export function paypalAdapter(config: PaypalConfig): PaymentAdapter {
  const base = config.baseUrl.replace(/\/+$/, '');
  const bearer = paypalBearer(config, base);
  const getOrder = async (id: string) => callProvider('paypal', `${base}/v2/checkout/orders/${encodeURIComponent(id)}`, { headers: await bearer() });

  return {
    provider: 'paypal',
    mode: 'live',
    async startPayment(input) {
      const json = await callProvider<{ id?: string; links?: { rel?: string; href?: string }[] }>('paypal', `${base}/v2/checkout/orders`, {
        headers: { ...(await bearer()), 'paypal-request-id': input.reference },
        body: paypalOrderRequest(input),
      });
      const link = json.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!json.id || !link) throw new ProviderError('paypal', 200, 'order creation gave no approval link');
      return { url: link, providerReference: json.id };
    },
    async verifyWebhookSignature(rawBody, headers) {
      const request = paypalVerifyRequest(rawBody, headers, config.webhookId);
      if (!request || !config.webhookId) return false;
      const json = await callProvider<{ verification_status?: string }>('paypal', `${base}/v1/notifications/verify-webhook-signature`, {
        headers: await bearer(),
        body: request,
      });
      return json.verification_status === 'SUCCESS';
    },
    readWebhook: readPaypalWebhook,
    async verifyTransaction(reference, providerReference) {
      if (!providerReference) throw new ProviderError('paypal', 0, `no PayPal order id is known for ${reference}`);
      return readPaypalOrder(await getOrder(providerReference));
    },
    /** An approved order is captured once (PayPal-Request-Id makes a retried capture harmless). */
    async complete(reference, providerReference) {
      if (!providerReference) return;
      const order = obj(await getOrder(providerReference));
      if (order.status !== 'APPROVED') return;
      try {
        await callProvider('paypal', `${base}/v2/checkout/orders/${encodeURIComponent(providerReference)}/capture`, {
          headers: { ...(await bearer()), 'paypal-request-id': `${reference}-capture` },
          body: {},
        });
      } catch (err) {
        // 422: captured meanwhile (the webhook and the shopper's return race); verification tells.
        if (!(err instanceof ProviderError && err.status === 422)) throw err;
      }
    },
    refund: async (ask) => paypalRefund(base, await bearer(), ask),
    refundStatus: async (_ask, providerRefundId) => paypalRefundStatus(base, await bearer(), providerRefundId),
    // The same PayPal-Request-Id answers the refund it made.
    refundRecovery: 'resend',
  };
}

// --- sandbox -------------------------------------------------------------------------------------

/** The sandbox's webhook id and signing key, both derived from its secret. */
export const paypalSandboxWebhookId = (secret: string) => `WH-SBX-${hmacHex('sha256', secret, 'webhook-id').slice(0, 17).toUpperCase()}`;
const signingKey = (secret: string) => hmacHex('sha256', secret, 'signing-key');
export const PAYPAL_SANDBOX_ALGO = 'HMAC-SHA256';

/**
 * The sandbox's verify-webhook-signature: the same request PayPal's endpoint takes, the same signed
 * string (transmission id | time | webhook id | CRC32 of the event), checked with the sandbox's key.
 */
export function sandboxVerifyWebhookSignature(secret: string, request: PaypalVerifyRequest): { verification_status: 'SUCCESS' | 'FAILURE' } {
  const ok =
    request.auth_algo === PAYPAL_SANDBOX_ALGO &&
    request.webhook_id === paypalSandboxWebhookId(secret) &&
    safeEqual(
      sandboxPaypalSignature(signingKey(secret), paypalSignedString(request.transmission_id, request.transmission_time, request.webhook_id, JSON.stringify(request.webhook_event))),
      request.transmission_sig,
    );
  return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
}

/** The webhook PayPal sends once a capture completes or is denied. */
function sandboxCaptureEvent(tx: SandboxTx, now: Date): object | null {
  if (tx.status === 'pending') return null;
  const paid = tx.status === 'success';
  const event = paid ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED';
  return {
    id: `WH-${randomUUID()}`,
    event_version: '1.0',
    create_time: now.toISOString(),
    resource_type: 'capture',
    event_type: event,
    summary: paid ? `Payment completed for ${tx.currency} ${(tx.amount_paid ?? tx.amount).toFixed(2)}` : 'Payment denied',
    resource: {
      id: `CAP${tx.provider_reference.slice(3)}`,
      status: paid ? 'COMPLETED' : 'DECLINED',
      amount: { currency_code: tx.currency, value: (paid ? (tx.amount_paid ?? tx.amount) : tx.amount).toFixed(2) },
      custom_id: tx.reference,
      invoice_id: tx.reference,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: tx.provider_reference } },
      create_time: now.toISOString(),
    },
  };
}

/** PayPal's GET /v2/checkout/orders/:id for a sandbox transaction. */
function sandboxPaypalOrder(tx: SandboxTx): unknown {
  const paid = tx.status === 'success';
  const amount = { currency_code: tx.currency, value: tx.amount.toFixed(2) };
  return {
    id: tx.provider_reference,
    intent: 'CAPTURE',
    status: paid ? 'COMPLETED' : tx.status === 'failed' ? 'VOIDED' : 'PAYER_ACTION_REQUIRED',
    purchase_units: [
      {
        reference_id: tx.order_number,
        custom_id: tx.reference,
        invoice_id: tx.reference,
        amount,
        ...(paid
          ? {
              payments: {
                captures: [
                  {
                    id: `CAP${tx.provider_reference.slice(3)}`,
                    status: 'COMPLETED',
                    amount: { currency_code: tx.currency, value: (tx.amount_paid ?? tx.amount).toFixed(2) },
                  },
                ],
              },
            }
          : {}),
      },
    ],
  };
}

export function paypalSandboxWire(publicUrl: string): SandboxWire {
  return {
    providerReference: () => randomId(17),
    webhook: sandboxCaptureEvent,
    sign(rawBody, secret, now) {
      const id = randomUUID();
      const time = now.toISOString();
      const signed = paypalSignedString(id, time, paypalSandboxWebhookId(secret), rawBody);
      return {
        'paypal-auth-algo': PAYPAL_SANDBOX_ALGO,
        'paypal-cert-url': `${publicUrl}/sandbox/paypal/cert`,
        'paypal-transmission-id': id,
        'paypal-transmission-sig': sandboxPaypalSignature(signingKey(secret), signed),
        'paypal-transmission-time': time,
      };
    },
    verification: sandboxPaypalOrder,
  };
}
