import type { IncomingHttpHeaders } from 'node:http';
import type { VerifiedTransaction } from '../logic';
import { hmacHex, verifyHmacSha512 } from '../signatures';
import { paystackRefund, paystackRefundStatus, readPaystackRefundWebhook } from './refunds';
import { randomDigits, type SandboxTx, type SandboxWire } from './sandbox-wire';
import { callProvider, num, obj, ProviderError, str, toSubunit, type PaymentAdapter, type WebhookEvent } from './types';

/**
 * The card provider (NGN, USD), Paystack's published API: amounts in subunits (kobo, cents); webhooks
 * signed with the hex HMAC-SHA512 of the raw body keyed with the secret key, in `x-paystack-signature`;
 * GET /transaction/verify/:reference says what happened.
 */

export interface PaystackConfig {
  secretKey: string;
  baseUrl: string;
}

export const verifyPaystackSignature = (secretKey: string, rawBody: Buffer, headers: IncomingHttpHeaders) =>
  verifyHmacSha512(secretKey, rawBody, headers['x-paystack-signature']);

export function readPaystackWebhook(body: unknown): WebhookEvent {
  const refund = readPaystackRefundWebhook(body);
  if (refund) return refund;
  const b = obj(body);
  const data = obj(b.data);
  const event = str(b.event) ?? '';
  const reference = str(data.reference);
  if (event !== 'charge.success') return { kind: 'ignore', event, reference };
  const amount = num(data.amount);
  return {
    kind: 'payment',
    event,
    reference,
    claim: reference ? { reference, ...(amount !== undefined ? { amount: amount / 100 } : {}), ...(str(data.currency) ? { currency: str(data.currency)! } : {}) } : undefined,
  };
}

/** 'abandoned' is Paystack's word for a payment page not completed yet. */
export function readPaystackVerification(json: unknown): VerifiedTransaction {
  const b = obj(json);
  const data = obj(b.data);
  const reference = str(data.reference);
  const currency = str(data.currency);
  const amount = num(data.amount);
  if (b.status !== true || !reference || !currency || amount === undefined) {
    throw new ProviderError('paystack', 200, `verification unreadable: ${String(b.message ?? 'no data').slice(0, 120)}`);
  }
  const s = str(data.status);
  const status = s === 'success' ? 'success' : s === 'failed' || s === 'reversed' ? 'failed' : 'pending';
  return { status, amount: amount / 100, currency, reference };
}

export function paystackAdapter(config: PaystackConfig): PaymentAdapter {
  const auth = { authorization: `Bearer ${config.secretKey}` };
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    provider: 'paystack',
    mode: 'live',
    async startPayment(input) {
      const json = await callProvider<{ status?: boolean; data?: { authorization_url?: string } }>('paystack', `${base}/transaction/initialize`, {
        headers: auth,
        body: {
          email: input.email,
          amount: toSubunit(input.amount),
          currency: input.currency,
          reference: input.reference,
          callback_url: input.returnUrl,
          metadata: { orderId: input.orderId, orderNumber: input.orderNumber, cancel_action: input.cancelUrl },
        },
      });
      const url = json.data?.authorization_url;
      if (!json.status || !url) throw new ProviderError('paystack', 200, 'initialize gave no authorization_url');
      return { url, providerReference: null };
    },
    async verifyWebhookSignature(rawBody, headers) {
      return verifyPaystackSignature(config.secretKey, rawBody, headers);
    },
    readWebhook: readPaystackWebhook,
    async verifyTransaction(reference) {
      return readPaystackVerification(await callProvider('paystack', `${base}/transaction/verify/${encodeURIComponent(reference)}`, { headers: auth }));
    },
    refund: (ask) => paystackRefund(base, auth, ask),
    refundStatus: (_ask, providerRefundId) => paystackRefundStatus(base, auth, providerRefundId),
  };
}

/** What the real Paystack would send and answer, from the sandbox's books. */
export const paystackSandboxWire: SandboxWire = {
  providerReference: () => randomDigits(10),
  webhook(tx: SandboxTx, now: Date) {
    // Paystack sends no webhook for a declined charge: the shop learns it by verifying.
    if (tx.status !== 'success') return null;
    return {
      event: 'charge.success',
      data: {
        id: Number(tx.provider_reference),
        domain: 'test',
        status: 'success',
        reference: tx.reference,
        amount: toSubunit(tx.amount_paid ?? tx.amount),
        currency: tx.currency,
        gateway_response: 'Successful',
        paid_at: now.toISOString(),
        channel: 'card',
        customer: { email: tx.email },
        metadata: { orderId: tx.order_id, orderNumber: tx.order_number },
      },
    };
  },
  sign: (rawBody, secret) => ({ 'x-paystack-signature': hmacHex('sha512', secret, rawBody) }),
  verification(tx) {
    return {
      status: true,
      message: 'Verification successful',
      data: {
        id: Number(tx.provider_reference),
        domain: 'test',
        status: tx.status === 'success' ? 'success' : tx.status === 'failed' ? 'failed' : 'abandoned',
        reference: tx.reference,
        amount: toSubunit(tx.status === 'success' ? (tx.amount_paid ?? tx.amount) : tx.amount),
        currency: tx.currency,
        gateway_response: tx.status === 'success' ? 'Successful' : tx.status === 'failed' ? 'Declined' : 'The transaction was not completed',
      },
    };
  },
};
