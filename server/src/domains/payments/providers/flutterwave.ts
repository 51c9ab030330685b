import type { IncomingHttpHeaders } from 'node:http';
import type { VerifiedTransaction } from '../logic';
import { verifySecretHash } from '../signatures';
import { flutterwaveRefund, flutterwaveRefundStatus, readFlutterwaveRefundWebhook } from './refunds';
import { randomDigits, type SandboxWire } from './sandbox-wire';
import { callProvider, num, obj, ProviderError, str, type PaymentAdapter, type WebhookEvent } from './types';

/**
 * The card and bank provider (NGN), Flutterwave's published v3 API: amounts in the main unit; webhooks
 * carry the secret hash set on the dashboard in `verif-hash`; GET
 * /v3/transactions/verify_by_reference?tx_ref= says what happened.
 */

export interface FlutterwaveConfig {
  secretKey: string;
  secretHash: string;
  baseUrl: string;
}

export const verifyFlutterwaveSignature = (secretHash: string, headers: IncomingHttpHeaders) => verifySecretHash(secretHash, headers['verif-hash']);

export function readFlutterwaveWebhook(body: unknown): WebhookEvent {
  const refund = readFlutterwaveRefundWebhook(body);
  if (refund) return refund;
  const b = obj(body);
  const data = obj(b.data);
  const event = str(b.event) ?? '';
  const reference = str(data.tx_ref);
  if (event !== 'charge.completed') return { kind: 'ignore', event, reference };
  const amount = num(data.amount);
  const currency = str(data.currency);
  return {
    kind: 'payment',
    event,
    reference,
    providerReference: str(data.id),
    claim: reference ? { reference, ...(amount !== undefined ? { amount } : {}), ...(currency ? { currency } : {}) } : undefined,
  };
}

export function readFlutterwaveVerification(json: unknown): VerifiedTransaction {
  const b = obj(json);
  const data = obj(b.data);
  const reference = str(data.tx_ref);
  const currency = str(data.currency);
  const amount = num(data.amount);
  if (b.status !== 'success' || !reference || !currency || amount === undefined) {
    throw new ProviderError('flutterwave', 200, `verification unreadable: ${String(b.message ?? 'no data').slice(0, 120)}`);
  }
  const s = str(data.status);
  const status = s === 'successful' ? 'success' : s === 'failed' || s === 'cancelled' ? 'failed' : 'pending';
  return { status, amount, currency, reference };
}

export function flutterwaveAdapter(config: FlutterwaveConfig): PaymentAdapter {
  const auth = { authorization: `Bearer ${config.secretKey}` };
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    provider: 'flutterwave',
    mode: 'live',
    async startPayment(input) {
      const json = await callProvider<{ status?: string; data?: { link?: string } }>('flutterwave', `${base}/v3/payments`, {
        headers: auth,
        body: {
          tx_ref: input.reference,
          amount: input.amount,
          currency: input.currency,
          redirect_url: input.returnUrl,
          customer: { email: input.email, ...(input.customerName ? { name: input.customerName } : {}) },
          customizations: { title: 'Adire Blooms', description: input.description },
          meta: { orderId: input.orderId, orderNumber: input.orderNumber },
        },
      });
      const url = json.data?.link;
      if (json.status !== 'success' || !url) throw new ProviderError('flutterwave', 200, 'payments gave no link');
      return { url, providerReference: null };
    },
    async verifyWebhookSignature(_rawBody, headers) {
      return verifyFlutterwaveSignature(config.secretHash, headers);
    },
    readWebhook: readFlutterwaveWebhook,
    async verifyTransaction(reference) {
      return readFlutterwaveVerification(
        await callProvider('flutterwave', `${base}/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`, { headers: auth }),
      );
    },
    refund: (ask) => flutterwaveRefund(base, auth, ask),
    refundStatus: (_ask, providerRefundId) => flutterwaveRefundStatus(base, auth, providerRefundId),
  };
}

export const flutterwaveSandboxWire: SandboxWire = {
  providerReference: () => randomDigits(7),
  webhook(tx) {
    if (tx.status === 'pending') return null;
    const paid = tx.status === 'success';
    return {
      event: 'charge.completed',
      data: {
        id: Number(tx.provider_reference),
        tx_ref: tx.reference,
        flw_ref: `FLW-MOCK-${tx.provider_reference}`,
        amount: paid ? (tx.amount_paid ?? tx.amount) : tx.amount,
        currency: tx.currency,
        charged_amount: paid ? (tx.amount_paid ?? tx.amount) : 0,
        processor_response: paid ? 'Approved by Financial Institution' : 'Declined',
        status: paid ? 'successful' : 'failed',
        payment_type: 'card',
        customer: { email: tx.email },
      },
    };
  },
  sign: (_rawBody, secret) => ({ 'verif-hash': secret }),
  verification(tx) {
    const paid = tx.status === 'success';
    return {
      status: 'success',
      message: 'Transaction fetched successfully',
      data: {
        id: Number(tx.provider_reference),
        tx_ref: tx.reference,
        amount: paid ? (tx.amount_paid ?? tx.amount) : tx.amount,
        currency: tx.currency,
        charged_amount: paid ? (tx.amount_paid ?? tx.amount) : 0,
        status: paid ? 'successful' : tx.status === 'failed' ? 'failed' : 'pending',
      },
    };
  },
};
