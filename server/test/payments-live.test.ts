import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order, PaymentDetailsResponse } from '@adire/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { PaymentsConfig } from '../src/domains/payments';
import { startTestShop, type TestShop } from './helpers';

/**
 * The real adapters, enabled by keys, against a fake provider on loopback: a small server that answers
 * the calls the real Paystack, Flutterwave, PayPal and Monnify APIs answer (initialize, verify, OAuth,
 * orders and capture, verify-webhook-signature, login and transaction query), from books the test sets.
 */

const business = 'adire-blooms';
const KEYS = {
  paystack: 'sk_live_fake_paystack',
  flutterwaveKey: 'FLWSECK-fake',
  flutterwaveHash: 'fw-secret-hash-live',
  paypalId: 'paypal-client',
  paypalSecret: 'paypal-secret',
  paypalWebhookId: 'WH-LIVE-1',
  paypalGoodSig: 'signature-only-paypal-can-check',
  monnifyApiKey: 'MK_PROD_FAKE',
  monnifySecret: 'MONNIFY_SECRET_FAKE',
  monnifyContract: '4934121686',
};

interface FakeTx {
  amount: number;
  currency: string;
  status: 'pending' | 'success' | 'failed';
  paid: number;
  /** Make the verification answer in another currency than asked. */
  reportCurrency?: string;
}

let shop: TestShop;
let fake: FastifyInstance;
let live: FastifyInstance;
let fakeUrl: string;
let tmp: string;
let sku: string;
const books = new Map<string, FakeTx>();
const calls: { name: string; body?: unknown; headers?: Record<string, unknown> }[] = [];
let verifyDown = false;
const paypalOrders = new Map<string, { reference: string; status: string; captures: number }>();

function fakeProvider(): FastifyInstance {
  const f = Fastify({ logger: false });
  const bearer = (expected: string) => (req: { headers: Record<string, unknown> }) => req.headers.authorization === `Bearer ${expected}`;
  f.addHook('onRequest', async (req, reply) => {
    if (verifyDown && req.method === 'GET') return reply.status(503).send({ message: 'Service unavailable' });
  });

  // --- Paystack
  f.post('/paystack/transaction/initialize', async (req, reply) => {
    if (!bearer(KEYS.paystack)(req)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const b = req.body as { reference: string; amount: number; currency: string };
    calls.push({ name: 'paystack.initialize', body: b });
    books.set(b.reference, { amount: b.amount / 100, currency: b.currency, status: 'pending', paid: 0 });
    return { status: true, message: 'Authorization URL created', data: { authorization_url: `https://checkout.paystack.test/${b.reference}`, reference: b.reference } };
  });
  f.get('/paystack/transaction/verify/:reference', async (req, reply) => {
    if (!bearer(KEYS.paystack)(req)) return reply.status(401).send({ status: false, message: 'Invalid key' });
    const { reference } = req.params as { reference: string };
    calls.push({ name: 'paystack.verify' });
    const tx = books.get(reference);
    if (!tx) return reply.status(400).send({ status: false, message: 'Transaction reference not found' });
    return {
      status: true,
      message: 'Verification successful',
      data: { status: tx.status === 'pending' ? 'abandoned' : tx.status, reference, amount: Math.round(tx.paid * 100), currency: tx.reportCurrency ?? tx.currency },
    };
  });

  // --- Flutterwave
  f.post('/flutterwave/v3/payments', async (req, reply) => {
    if (!bearer(KEYS.flutterwaveKey)(req)) return reply.status(401).send({ status: 'error', message: 'Invalid authorization key' });
    const b = req.body as { tx_ref: string; amount: number; currency: string };
    calls.push({ name: 'flutterwave.payments', body: b });
    books.set(b.tx_ref, { amount: b.amount, currency: b.currency, status: 'pending', paid: 0 });
    return { status: 'success', message: 'Hosted Link', data: { link: `https://checkout.flutterwave.test/v3/hosted/pay/${b.tx_ref}` } };
  });
  f.get('/flutterwave/v3/transactions/verify_by_reference', async (req, reply) => {
    if (!bearer(KEYS.flutterwaveKey)(req)) return reply.status(401).send({ status: 'error', message: 'Invalid authorization key' });
    const { tx_ref } = req.query as { tx_ref: string };
    calls.push({ name: 'flutterwave.verify' });
    const tx = books.get(tx_ref);
    if (!tx) return reply.status(400).send({ status: 'error', message: 'No transaction was found for this id', data: null });
    return {
      status: 'success',
      message: 'Transaction fetched successfully',
      data: { id: 4242, tx_ref, amount: tx.status === 'success' ? tx.paid : tx.amount, currency: tx.reportCurrency ?? tx.currency, status: tx.status === 'success' ? 'successful' : tx.status === 'failed' ? 'failed' : 'pending' },
    };
  });

  // --- PayPal
  f.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  f.post('/paypal/v1/oauth2/token', async (req, reply) => {
    const basic = Buffer.from(`${KEYS.paypalId}:${KEYS.paypalSecret}`).toString('base64');
    if (req.headers.authorization !== `Basic ${basic}` || req.body !== 'grant_type=client_credentials') return reply.status(401).send({ error: 'invalid_client' });
    calls.push({ name: 'paypal.token' });
    return { access_token: 'A21-fake-token', token_type: 'Bearer', expires_in: 32400 };
  });
  f.post('/paypal/v2/checkout/orders', async (req, reply) => {
    if (!bearer('A21-fake-token')(req)) return reply.status(401).send({ name: 'AUTHENTICATION_FAILURE' });
    const b = req.body as { intent: string; purchase_units: { custom_id: string; amount: { currency_code: string; value: string } }[] };
    calls.push({ name: 'paypal.create', body: b, headers: req.headers });
    const unit = b.purchase_units[0]!;
    const id = `PP${String(paypalOrders.size + 1).padStart(15, '0')}`;
    paypalOrders.set(id, { reference: unit.custom_id, status: 'PAYER_ACTION_REQUIRED', captures: 0 });
    books.set(unit.custom_id, { amount: Number(unit.amount.value), currency: unit.amount.currency_code, status: 'pending', paid: 0 });
    return reply.status(200).send({ id, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'self', href: `x/${id}` }, { rel: 'payer-action', href: `https://www.paypal.test/checkoutnow?token=${id}` }] });
  });
  const paypalOrderJson = (id: string) => {
    const o = paypalOrders.get(id)!;
    const tx = books.get(o.reference)!;
    return {
      id,
      status: o.status,
      purchase_units: [
        {
          custom_id: o.reference,
          amount: { currency_code: tx.currency, value: tx.amount.toFixed(2) },
          ...(o.status === 'COMPLETED' ? { payments: { captures: [{ id: `CAP-${id}`, status: 'COMPLETED', amount: { currency_code: tx.reportCurrency ?? tx.currency, value: tx.paid.toFixed(2) } }] } } : {}),
        },
      ],
    };
  };
  f.get('/paypal/v2/checkout/orders/:id', async (req, reply) => {
    if (!bearer('A21-fake-token')(req)) return reply.status(401).send({ name: 'AUTHENTICATION_FAILURE' });
    const { id } = req.params as { id: string };
    calls.push({ name: 'paypal.get' });
    if (!paypalOrders.has(id)) return reply.status(404).send({ name: 'RESOURCE_NOT_FOUND' });
    return paypalOrderJson(id);
  });
  f.post('/paypal/v2/checkout/orders/:id/capture', async (req, reply) => {
    const { id } = req.params as { id: string };
    calls.push({ name: 'paypal.capture', headers: req.headers });
    const o = paypalOrders.get(id);
    if (!o) return reply.status(404).send({ name: 'RESOURCE_NOT_FOUND' });
    if (o.status !== 'APPROVED') return reply.status(422).send({ name: 'UNPROCESSABLE_ENTITY', message: 'ORDER_ALREADY_CAPTURED' });
    o.status = 'COMPLETED';
    o.captures += 1;
    const tx = books.get(o.reference)!;
    tx.status = 'success';
    tx.paid = tx.amount;
    return reply.status(201).send(paypalOrderJson(id));
  });
  f.post('/paypal/v1/notifications/verify-webhook-signature', async (req, reply) => {
    if (!bearer('A21-fake-token')(req)) return reply.status(401).send({ name: 'AUTHENTICATION_FAILURE' });
    const b = req.body as Record<string, unknown>;
    calls.push({ name: 'paypal.verify-signature', body: b });
    const ok = b.transmission_sig === KEYS.paypalGoodSig && b.webhook_id === KEYS.paypalWebhookId && b.auth_algo === 'SHA256withRSA';
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  });

  // --- Monnify
  f.post('/monnify/api/v1/auth/login', async (req, reply) => {
    const basic = Buffer.from(`${KEYS.monnifyApiKey}:${KEYS.monnifySecret}`).toString('base64');
    if (req.headers.authorization !== `Basic ${basic}`) return reply.status(401).send({ requestSuccessful: false, responseMessage: 'Invalid client' });
    calls.push({ name: 'monnify.login' });
    return { requestSuccessful: true, responseMessage: 'success', responseBody: { accessToken: 'mnfy-token', expiresIn: 3600 } };
  });
  f.post('/monnify/api/v1/merchant/transactions/init-transaction', async (req, reply) => {
    if (!bearer('mnfy-token')(req)) return reply.status(401).send({ requestSuccessful: false });
    const b = req.body as { paymentReference: string; amount: number; currencyCode: string; contractCode: string };
    calls.push({ name: 'monnify.init', body: b });
    books.set(b.paymentReference, { amount: b.amount, currency: b.currencyCode, status: 'pending', paid: 0 });
    return { requestSuccessful: true, responseBody: { transactionReference: `MNFY|LIVE|${books.size}`, paymentReference: b.paymentReference, checkoutUrl: `https://sandbox.sdk.monnify.test/checkout/${books.size}` } };
  });
  f.get('/monnify/api/v2/merchant/transactions/query', async (req, reply) => {
    if (!bearer('mnfy-token')(req)) return reply.status(401).send({ requestSuccessful: false });
    const { paymentReference } = req.query as { paymentReference: string };
    calls.push({ name: 'monnify.query' });
    const tx = books.get(paymentReference);
    if (!tx) return reply.status(404).send({ requestSuccessful: false, responseMessage: 'Transaction not found' });
    const status = tx.status === 'success' ? (tx.paid >= tx.amount ? 'PAID' : 'PARTIALLY_PAID') : tx.status === 'failed' ? 'FAILED' : 'PENDING';
    return { requestSuccessful: true, responseBody: { paymentReference, amountPaid: tx.paid.toFixed(2), totalPayable: tx.amount.toFixed(2), paymentStatus: status, currencyCode: tx.reportCurrency ?? tx.currency } };
  });
  return f;
}

beforeAll(async () => {
  shop = await startTestShop();
  fake = fakeProvider();
  fakeUrl = await fake.listen({ host: '127.0.0.1', port: 0 });
  const payments: PaymentsConfig = {
    sandbox: false,
    paystack: { secretKey: KEYS.paystack, baseUrl: `${fakeUrl}/paystack` },
    flutterwave: { secretKey: KEYS.flutterwaveKey, secretHash: KEYS.flutterwaveHash, baseUrl: `${fakeUrl}/flutterwave` },
    paypal: { clientId: KEYS.paypalId, clientSecret: KEYS.paypalSecret, webhookId: KEYS.paypalWebhookId, baseUrl: `${fakeUrl}/paypal` },
    monnify: { apiKey: KEYS.monnifyApiKey, secretKey: KEYS.monnifySecret, contractCode: KEYS.monnifyContract, baseUrl: `${fakeUrl}/monnify` },
  };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-live-'));
  live = await buildApp({
    db: shop.db,
    config: { shellDir: path.join(tmp, 'shell'), releasesDir: path.join(tmp, 'releases'), bodyLimitBytes: 16 * 1024, logLevel: 'silent', publicUrl: 'https://adireblooms.test', payments },
    logger: false,
  });
  const variant = await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>=', 20_000).orderBy('price_ngn').executeTakeFirstOrThrow();
  sku = variant.sku;
});
afterAll(async () => {
  await live?.close();
  await fake?.close();
  await shop.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  calls.length = 0;
  verifyDown = false;
});

async function checkedOut(currency: 'NGN' | 'USD' | 'GBP'): Promise<Order> {
  const order = (await live.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency, cartItems: [{ SKU: sku, quantity: 1 }] } })).json().data as Order;
  const res = await live.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: { business, currency, userData: { name: 'Kunle Ade', email: `kunle-${order.id}@example.com`, phone: '08039998888' }, orderData: { deliveryDate: '2099-04-01', pickupLocation: 'Abuja APA', recipient: { method: 'pick-up' } } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order as Order;
}

async function start(order: Order, method: string): Promise<PaymentDetailsResponse> {
  const res = await live.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: order.currency, paymentMethod: method } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PaymentDetailsResponse;
}

const status = async (id: string) => (await shop.db.kysely.selectFrom('shop_order').select('payment_status').where('id', '=', id).executeTakeFirstOrThrow()).payment_status;
const payments = (id: string) => shop.db.kysely.selectFrom('payment').selectAll().where('order_id', '=', id).execute();
const post = (provider: string, raw: string, headers: Record<string, string>) =>
  live.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: { 'content-type': 'application/json', ...headers }, payload: raw });
const paid = (reference: string, amount?: number) => {
  const tx = books.get(reference)!;
  tx.status = 'success';
  tx.paid = amount ?? tx.amount;
};

describe('real adapters against a fake provider on loopback', () => {
  it('Paystack: initialize in kobo, HMAC-SHA512 webhook, verify before paying; disagreements and outages change nothing', async () => {
    const order = await checkedOut('NGN');
    const data = await start(order, 'cardProvider');
    expect(data.url).toBe(`https://checkout.paystack.test/${data.reference}`);
    const init = calls.find((c) => c.name === 'paystack.initialize')!.body as Record<string, unknown>;
    expect(init).toMatchObject({ amount: order.total! * 100, currency: 'NGN', reference: data.reference, email: `kunle-${order.id}@example.com`.toLowerCase(), callback_url: `https://adireblooms.test/payments/return/paystack?reference=${data.reference}` });

    const sign = (raw: string, key = KEYS.paystack) => ({ 'x-paystack-signature': createHmac('sha512', key).update(raw).digest('hex') });
    const body = (amount: number, currency = 'NGN') => JSON.stringify({ event: 'charge.success', data: { reference: data.reference, amount: amount * 100, currency, status: 'success' } });

    // Paid at the provider, but the webhook claims more than the provider says: not paid.
    paid(data.reference!, order.total! - 500);
    const inflated = await post('paystack', body(order.total!), sign(body(order.total!)));
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json().code).toBe('VERIFICATION_MISMATCH');
    expect(calls.filter((c) => c.name === 'paystack.verify')).toHaveLength(1);
    expect(await status(order.id)).toBe('not paid');

    // The provider cannot be asked: 502 so it retries; nothing written.
    paid(data.reference!);
    verifyDown = true;
    const down = await post('paystack', body(order.total!), sign(body(order.total!)));
    expect(down.statusCode).toBe(502);
    verifyDown = false;
    expect(await payments(order.id)).toHaveLength(0);

    // Signed with the wrong key: refused before the provider is even asked.
    calls.length = 0;
    expect((await post('paystack', body(order.total!), sign(body(order.total!), 'sk_live_other'))).statusCode).toBe(401);
    expect(calls).toHaveLength(0);

    const ok = await post('paystack', body(order.total!), sign(body(order.total!)));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ outcome: 'paid', paymentStatus: 'paid' });
    expect((await payments(order.id)).map((p) => [p.provider, Number(p.amount), p.currency])).toEqual([['paystack', order.total, 'NGN']]);

    // The shopper's return verifies too and lands on the checkout.
    const back = await live.inject(`/payments/return/paystack?reference=${data.reference}&trxref=${data.reference}`);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/checkout?orderId=${order.id}`);
    expect(await payments(order.id)).toHaveLength(1);
  });

  it('Paystack in USD: a verification in another currency than asked is not a payment', async () => {
    const order = await checkedOut('USD');
    const data = await start(order, 'cardProvider');
    paid(data.reference!);
    books.get(data.reference!)!.reportCurrency = 'NGN';
    const back = await live.inject(`/payments/return/paystack?reference=${data.reference}`);
    expect(back.statusCode).toBe(303);
    expect(await status(order.id)).toBe('not paid');
    expect(await payments(order.id)).toHaveLength(0);
  });

  it('Flutterwave: verif-hash, then verify_by_reference; a short payment is a part payment', async () => {
    const order = await checkedOut('NGN');
    const data = await start(order, 'cardAndBankProvider');
    expect(data.url).toBe(`https://checkout.flutterwave.test/v3/hosted/pay/${data.reference}`);
    expect(calls.find((c) => c.name === 'flutterwave.payments')!.body).toMatchObject({ tx_ref: data.reference, amount: order.total, currency: 'NGN' });
    const short = order.total! - 1000;
    paid(data.reference!, short);
    const raw = JSON.stringify({ event: 'charge.completed', data: { id: 4242, tx_ref: data.reference, amount: short, currency: 'NGN', status: 'successful' } });
    expect((await post('flutterwave', raw, { 'verif-hash': 'not-the-hash' })).statusCode).toBe(401);
    const res = await post('flutterwave', raw, { 'verif-hash': KEYS.flutterwaveHash });
    expect(res.json().data).toEqual({ outcome: 'part payment', paymentStatus: 'part payment' });
    expect(await status(order.id)).toBe('part payment');
  });

  it('PayPal: signature checked by the verification endpoint, approved order captured once, then verified', async () => {
    const order = await checkedOut('GBP');
    const data = await start(order, 'paypal');
    const id = data.url!.split('token=')[1]!;
    expect(data.url).toBe(`https://www.paypal.test/checkoutnow?token=${id}`);
    const created = calls.find((c) => c.name === 'paypal.create')!;
    expect(created.body).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ custom_id: data.reference, amount: { currency_code: 'GBP', value: `${order.total}.00` } }] });
    expect(created.headers?.['paypal-request-id']).toBe(data.reference);

    // The shopper approved on PayPal; PayPal sends CHECKOUT.ORDER.APPROVED.
    paypalOrders.get(id)!.status = 'APPROVED';
    const raw = JSON.stringify({ id: 'WH-EVT-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id, status: 'APPROVED', purchase_units: [{ custom_id: data.reference }] } });
    const headers = (sig: string) => ({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42',
      'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      'paypal-transmission-sig': sig,
      'paypal-transmission-time': '2026-02-13T20:10:01Z',
    });
    const forged = await post('paypal', raw, headers('forged'));
    expect(forged.statusCode).toBe(401);
    expect(calls.filter((c) => c.name === 'paypal.capture')).toHaveLength(0);

    const res = await post('paypal', raw, headers(KEYS.paypalGoodSig));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'paid', paymentStatus: 'paid' });
    const check = calls.filter((c) => c.name === 'paypal.verify-signature').at(-1)!.body as Record<string, unknown>;
    expect(check).toMatchObject({ webhook_id: KEYS.paypalWebhookId, transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55', webhook_event: JSON.parse(raw) });
    expect(paypalOrders.get(id)!.captures).toBe(1);
    expect(calls.find((c) => c.name === 'paypal.capture')!.headers?.['paypal-request-id']).toBe(`${data.reference}-capture`);

    // The shopper's return (PayPal adds token and PayerID) races in later: no second capture, no second payment.
    const back = await live.inject(`/payments/return/paypal?reference=${data.reference}&token=${id}&PayerID=PAYER1`);
    expect(back.headers.location).toBe(`/checkout?orderId=${order.id}`);
    expect(paypalOrders.get(id)!.captures).toBe(1);
    expect(await payments(order.id)).toHaveLength(1);
    expect(await status(order.id)).toBe('paid');
  });

  it('Monnify: login, init-transaction, HMAC-SHA512 monnify-signature, then the transaction query', async () => {
    const order = await checkedOut('NGN');
    const data = await start(order, 'bankTransferProvider');
    expect(data.url).toMatch(/^https:\/\/sandbox\.sdk\.monnify\.test\/checkout\//);
    expect(calls.map((c) => c.name)).toEqual(['monnify.login', 'monnify.init']);
    expect(calls[1]!.body).toMatchObject({ paymentReference: data.reference, amount: order.total, currencyCode: 'NGN', contractCode: KEYS.monnifyContract });
    paid(data.reference!);
    const raw = JSON.stringify({ eventType: 'SUCCESSFUL_TRANSACTION', eventData: { paymentReference: data.reference, amountPaid: order.total, currency: 'NGN', paymentStatus: 'PAID' } });
    const sig = createHmac('sha512', KEYS.monnifySecret).update(raw).digest('hex');
    expect((await post('monnify', raw, { 'monnify-signature': createHmac('sha512', 'nope').update(raw).digest('hex') })).statusCode).toBe(401);
    const res = await post('monnify', raw, { 'monnify-signature': sig });
    expect(res.json().data).toEqual({ outcome: 'paid', paymentStatus: 'paid' });
    // The token was reused, not fetched per call.
    expect(calls.filter((c) => c.name === 'monnify.login')).toHaveLength(1);
  });

  it('a provider that refuses to start a payment is a 502 with a clear message, and the attempt is closed', async () => {
    const order = await checkedOut('NGN');
    await fake.close();
    try {
      const res = await live.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'cardProvider' } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'The payment service did not answer. Please try again, or choose another payment method.', code: 'PROVIDER_UNAVAILABLE' });
      const attempt = await shop.db.kysely.selectFrom('payment_attempt').select('status').where('order_id', '=', order.id).executeTakeFirstOrThrow();
      expect(attempt.status).toBe('failed');
    } finally {
      fake = fakeProvider();
      const again = new URL(fakeUrl);
      await fake.listen({ host: '127.0.0.1', port: Number(again.port) });
    }
  });
});
