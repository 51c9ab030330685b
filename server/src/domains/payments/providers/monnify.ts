import type { IncomingHttpHeaders } from 'node:http';
import type { VerifiedTransaction } from '../logic';
import { hmacHex, verifyHmacSha512 } from '../signatures';
import { monnifyRefund, monnifyRefundStatus, readMonnifyRefundWebhook } from './refunds';
import { randomDigits, type SandboxWire } from './sandbox-wire';
import { callProvider, num, obj, ProviderError, str, type PaymentAdapter, type WebhookEvent } from './types';

/**
 * The bank-transfer provider (NGN), Monnify's published API: a one-time account per payment; webhooks
 * signed with the hex HMAC-SHA512 of the raw body keyed with the secret key, in `monnify-signature`;
 * GET /api/v2/merchant/transactions/query?paymentReference= says what happened (a bearer token from
 * /api/v1/auth/login with the API key and secret key).
 */

export interface MonnifyConfig {
  apiKey: string;
  secretKey: string;
  contractCode: string;
  baseUrl: string;
}

export const verifyMonnifySignature = (secretKey: string, rawBody: Buffer, headers: IncomingHttpHeaders) =>
  verifyHmacSha512(secretKey, rawBody, headers['monnify-signature']);

export function readMonnifyWebhook(body: unknown): WebhookEvent {
  const refund = readMonnifyRefundWebhook(body);
  if (refund) return refund;
  const b = obj(body);
  const data = obj(b.eventData);
  const event = str(b.eventType) ?? '';
  const reference = str(data.paymentReference);
  if (event !== 'SUCCESSFUL_TRANSACTION') return { kind: 'ignore', event, reference };
  const amount = num(data.amountPaid);
  const currency = str(data.currency) ?? str(data.currencyCode);
  return {
    kind: 'payment',
    event,
    reference,
    providerReference: str(data.transactionReference),
    claim: reference ? { reference, ...(amount !== undefined ? { amount } : {}), ...(currency ? { currency } : {}) } : undefined,
  };
}

const PAID = ['PAID', 'OVERPAID', 'PARTIALLY_PAID'];
const FAILED = ['FAILED', 'CANCELLED', 'EXPIRED', 'REVERSED', 'ABANDONED'];

export function readMonnifyVerification(json: unknown): VerifiedTransaction {
  const b = obj(json);
  const body = obj(b.responseBody);
  const reference = str(body.paymentReference);
  const currency = str(body.currency) ?? str(body.currencyCode);
  const amount = num(body.amountPaid) ?? 0;
  if (b.requestSuccessful !== true || !reference || !currency) {
    throw new ProviderError('monnify', 200, `verification unreadable: ${String(b.responseMessage ?? 'no data').slice(0, 120)}`);
  }
  const s = str(body.paymentStatus) ?? '';
  const status = PAID.includes(s) ? 'success' : FAILED.includes(s) ? 'failed' : 'pending';
  return { status, amount, currency, reference };
}

/** The authorization header of Monnify calls: a login token, kept until a minute before it expires. */
function monnifyBearer(config: MonnifyConfig, base: string): () => Promise<Record<string, string>> {
  let token: { value: string; until: number } | null = null;
  return async () => {
    if (!token || token.until < Date.now()) {
      const basic = Buffer.from(`${config.apiKey}:${config.secretKey}`).toString('base64');
      const json = await callProvider<{ responseBody?: { accessToken?: string; expiresIn?: number } }>('monnify', `${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}` },
        body: {},
      });
      const value = json.responseBody?.accessToken;
      if (!value) throw new ProviderError('monnify', 200, 'login gave no access token');
      token = { value, until: Date.now() + Math.max(60, (json.responseBody?.expiresIn ?? 3000) - 60) * 1000 };
    }
    return { authorization: `Bearer ${token.value}` };
  };
}

export function monnifyAdapter(config: MonnifyConfig): PaymentAdapter {
  const base = config.baseUrl.replace(/\/+$/, '');
  const bearer = monnifyBearer(config, base);
  return {
    provider: 'monnify',
    mode: 'live',
    async startPayment(input) {
      const json = await callProvider<{ requestSuccessful?: boolean; responseBody?: { checkoutUrl?: string; transactionReference?: string } }>(
        'monnify',
        `${base}/api/v1/merchant/transactions/init-transaction`,
        {
          headers: await bearer(),
          body: {
            amount: input.amount,
            customerName: input.customerName ?? input.email,
            customerEmail: input.email,
            paymentReference: input.reference,
            paymentDescription: input.description,
            currencyCode: input.currency,
            contractCode: config.contractCode,
            redirectUrl: input.returnUrl,
            paymentMethods: ['ACCOUNT_TRANSFER'],
            metaData: { orderId: input.orderId, orderNumber: input.orderNumber },
          },
        },
      );
      const url = json.responseBody?.checkoutUrl;
      if (!json.requestSuccessful || !url) throw new ProviderError('monnify', 200, 'init-transaction gave no checkoutUrl');
      return { url, providerReference: json.responseBody?.transactionReference ?? null };
    },
    async verifyWebhookSignature(rawBody, headers) {
      return verifyMonnifySignature(config.secretKey, rawBody, headers);
    },
    readWebhook: readMonnifyWebhook,
    async verifyTransaction(reference) {
      return readMonnifyVerification(
        await callProvider('monnify', `${base}/api/v2/merchant/transactions/query?paymentReference=${encodeURIComponent(reference)}`, { headers: await bearer() }),
      );
    },
    refund: async (ask) => monnifyRefund(base, await bearer(), ask),
    refundStatus: async (ask) => monnifyRefundStatus(base, await bearer(), ask),
    // The status check finds a refund by its refundReference (our key).
    refundRecovery: 'status',
  };
}

export const monnifySandboxWire: SandboxWire = {
  providerReference: () => `MNFY|SBX|${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}|${randomDigits(6)}`,
  webhook(tx, now) {
    // Monnify reports money that arrived; a transfer that never came sends nothing.
    if (tx.status !== 'success') return null;
    const paid = tx.amount_paid ?? tx.amount;
    return {
      eventType: 'SUCCESSFUL_TRANSACTION',
      eventData: {
        transactionReference: tx.provider_reference,
        paymentReference: tx.reference,
        paidOn: now.toISOString(),
        paymentDescription: `Adire Blooms order ${tx.order_number}`,
        amountPaid: paid,
        totalPayable: tx.amount,
        paymentMethod: 'ACCOUNT_TRANSFER',
        currency: tx.currency,
        paymentStatus: paid >= tx.amount ? 'PAID' : 'PARTIALLY_PAID',
        customer: { email: tx.email },
      },
    };
  },
  sign: (rawBody, secret) => ({ 'monnify-signature': hmacHex('sha512', secret, rawBody) }),
  verification(tx) {
    const paid = tx.amount_paid ?? tx.amount;
    const status = tx.status === 'success' ? (paid >= tx.amount ? 'PAID' : 'PARTIALLY_PAID') : tx.status === 'failed' ? 'CANCELLED' : 'PENDING';
    return {
      requestSuccessful: true,
      responseMessage: 'success',
      responseCode: '0',
      responseBody: {
        transactionReference: tx.provider_reference,
        paymentReference: tx.reference,
        amountPaid: tx.status === 'success' ? paid.toFixed(2) : '0.00',
        totalPayable: tx.amount.toFixed(2),
        paymentStatus: status,
        currency: tx.currency,
      },
    };
  },
};
