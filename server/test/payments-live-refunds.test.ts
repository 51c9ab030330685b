import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flutterwaveAdapter, monnifyAdapter, paypalAdapter, paystackAdapter } from '../src/domains/payments/testing';

/**
 * The real adapters' refund calls (issue 39, item 4) against a fake provider on loopback: each asks
 * what its provider documents (path, method, body, auth, idempotency key) and reads the answer.
 */

let fake: FastifyInstance;
let base = '';
const seen: { method: string; url: string; body: unknown; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  fake = Fastify({ logger: false });
  fake.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  fake.addHook('onRequest', async (req) => {
    seen.push({ method: req.method, url: req.url, body: undefined, headers: req.headers as Record<string, unknown> });
  });
  fake.addHook('preHandler', async (req) => {
    seen[seen.length - 1]!.body = req.body;
  });
  // Paystack
  fake.post('/ps/refund', async () => ({ status: true, message: 'Refund has been queued for processing', data: { id: 4401, status: 'pending' } }));
  fake.get('/ps/refund/:id', async () => ({ status: true, message: 'Refund retrieved', data: { id: 4401, status: 'processed' } }));
  // Flutterwave
  fake.get('/fw/v3/transactions/verify_by_reference', async () => ({ status: 'success', data: { id: 908790, tx_ref: 'ABL1-REF' } }));
  fake.post('/fw/v3/transactions/:id/refund', async () => ({ status: 'success', message: 'Transaction refund initiated', data: { id: 75923, status: 'completed' } }));
  // Monnify
  fake.post('/mn/api/v1/auth/login', async () => ({ requestSuccessful: true, responseBody: { accessToken: 'tok', expiresIn: 3600 } }));
  fake.post('/mn/api/v1/refunds/initiate-refund', async () => ({ requestSuccessful: true, responseMessage: 'success', responseCode: '0', responseBody: { refundReference: 'rf-key-3', refundStatus: 'IN_PROGRESS' } }));
  fake.get('/mn/api/v1/refunds/:ref', async () => ({ requestSuccessful: true, responseMessage: 'success', responseCode: '0', responseBody: { refundReference: 'rf-key-3', refundStatus: 'COMPLETED' } }));
  // PayPal
  fake.post('/pp/v1/oauth2/token', async () => ({ access_token: 'pp-token', expires_in: 3600 }));
  fake.get('/pp/v2/checkout/orders/:id', async () => ({ id: 'ORDER-1', status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: 'CAP-9', status: 'COMPLETED' }] } }] }));
  fake.post('/pp/v2/payments/captures/:id/refund', async () => ({ id: 'RF-PP-1', status: 'COMPLETED' }));
  base = await fake.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => fake?.close());

const ask = (over: Record<string, unknown> = {}) => ({ key: 'rf-key-3', paymentReference: 'ABL1-REF', providerReference: null, amount: 69, currency: 'NGN', reason: 'out of stock', ...over });
const last = (pathStart: string) => [...seen].reverse().find((s) => s.url.startsWith(pathStart))!;

describe('live refund calls, as the providers document them', () => {
  it('Paystack: POST /refund {transaction, amount in kobo, currency, notes} with the secret key; GET /refund/:id', async () => {
    const adapter = paystackAdapter({ secretKey: 'sk_live_x', baseUrl: `${base}/ps` });
    expect(await adapter.refund!(ask())).toEqual({ status: 'pending', providerRefundId: '4401' });
    const call = last('/ps/refund');
    expect(call.method).toBe('POST');
    expect(call.headers.authorization).toBe('Bearer sk_live_x');
    expect(call.body).toMatchObject({ transaction: 'ABL1-REF', amount: 6900, currency: 'NGN', customer_note: 'out of stock' });
    expect(await adapter.refundStatus!(ask(), '4401')).toEqual({ status: 'processed', providerRefundId: '4401' });
    expect(last('/ps/refund/4401').method).toBe('GET');
  });

  it('Flutterwave: the transaction id from verify_by_reference, then POST /v3/transactions/:id/refund {amount, comments}', async () => {
    const adapter = flutterwaveAdapter({ secretKey: 'FLWSECK-x', secretHash: 'h', baseUrl: `${base}/fw` });
    expect(await adapter.refund!(ask())).toEqual({ status: 'processed', providerRefundId: '75923' });
    const call = last('/fw/v3/transactions/908790/refund');
    expect(call.method).toBe('POST');
    expect(call.headers.authorization).toBe('Bearer FLWSECK-x');
    expect(call.body).toMatchObject({ amount: 69 });
    // With the transaction id kept, no look-up first.
    const before = seen.length;
    await adapter.refund!(ask({ providerReference: '123456' }));
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/fw/v3/transactions/123456/refund']);
  });

  it('Monnify: POST /api/v1/refunds/initiate-refund with our key as refundReference (bearer from login); GET /api/v1/refunds/:refundReference', async () => {
    const adapter = monnifyAdapter({ apiKey: 'MK', secretKey: 'S', contractCode: '1', baseUrl: `${base}/mn` });
    expect(await adapter.refund!(ask({ providerReference: 'MNFY|20991010|000001' }))).toEqual({ status: 'pending', providerRefundId: 'rf-key-3' });
    const call = last('/mn/api/v1/refunds/initiate-refund');
    expect(call.headers.authorization).toBe('Bearer tok');
    expect(call.body).toEqual({ transactionReference: 'MNFY|20991010|000001', refundReference: 'rf-key-3', refundAmount: 69, refundReason: 'out of stock', customerNote: 'out of stock' });
    expect((await adapter.refundStatus!(ask(), null)).status).toBe('processed');
    expect(last('/mn/api/v1/refunds/rf-key-3').method).toBe('GET');
  });

  it("PayPal: the order's capture, then POST /v2/payments/captures/:id/refund with PayPal-Request-Id = our key", async () => {
    const adapter = paypalAdapter({ clientId: 'id', clientSecret: 'secret', webhookId: 'WH', baseUrl: `${base}/pp` });
    expect(await adapter.refund!(ask({ providerReference: 'ORDER-1', currency: 'USD', amount: 12.5 }))).toEqual({ status: 'processed', providerRefundId: 'RF-PP-1' });
    const call = last('/pp/v2/payments/captures/CAP-9/refund');
    expect(call.headers['paypal-request-id']).toBe('rf-key-3');
    expect(call.headers.authorization).toBe('Bearer pp-token');
    expect(call.body).toEqual({ amount: { value: '12.50', currency_code: 'USD' }, invoice_id: 'rf-key-3', note_to_payer: 'out of stock' });
  });
});
