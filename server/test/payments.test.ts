import { createHmac } from 'node:crypto';
import type { Order, PaymentDetailsResponse } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { sandboxRootSecret, sandboxSecret } from '../src/domains/payments/testing';
import { paypalSandboxWebhookId } from '../src/domains/payments/testing';
import { paypalSignedString, sandboxPaypalSignature } from '../src/domains/payments/testing';
import { paymentHistory, rejectTransfer } from '../src/domains/payments';
import { startTestShop, type TestShop } from './helpers';

let shop: TestShop;
const business = 'adire-blooms';
let product: { sku: string; price: number };

beforeAll(async () => {
  shop = await startTestShop();
  const row = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select(['product_variant.sku', 'product_variant.price_ngn'])
    .where('product.in_stock', '=', 1)
    .where('product_variant.price_ngn', '>=', 20_000)
    .orderBy('product_variant.price_ngn')
    .executeTakeFirstOrThrow();
  product = { sku: row.sku, price: Number(row.price_ngn) };
});
afterAll(() => shop.close());

let emails = 0;
const freshEmail = () => `payer${++emails}-${Date.now()}@example.com`;

/** An order through the API, checked out for pick-up (no delivery fee) in the given currency. */
async function checkedOut(currency: 'NGN' | 'USD' | 'GBP' = 'NGN', email = freshEmail()): Promise<Order> {
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency, deliveryDate: '', cartItems: [{ SKU: product.sku, quantity: 1 }] } });
  expect(created.statusCode).toBe(201);
  const order = created.json().data as Order;
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: {
      business,
      currency,
      userData: { name: 'Adaeze Obi', email, phone: '08031234567' },
      orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const done = res.json().data.order as Order;
  expect(done.orderNumber).toBeTruthy();
  expect(done.total).toBeGreaterThan(0);
  return done;
}

const choose = (orderId: string, paymentMethod: string, currency: string, extra: Record<string, unknown> = { business }) =>
  shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${orderId}`, payload: { currency, paymentMethod, ...extra } });

const orderRow = (id: string) => shop.db.kysely.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentsOf = (id: string) => shop.db.kysely.selectFrom('payment').selectAll().where('order_id', '=', id).execute();
const eventsOf = (id: string) => shop.db.kysely.selectFrom('payment_event').selectAll().where('order_id', '=', id).orderBy('created_at').execute();
const paidSteps = (id: string) => shop.db.kysely.selectFrom('order_status_event').selectAll().where('order_id', '=', id).where('step', '=', 'paid').execute();
const mailsTo = (to: string) => shop.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();
const pathOf = (location: string) => {
  const u = new URL(location, 'http://shop.test');
  return `${u.pathname}${u.search}`;
};

/** Start a provider payment; returns the answer and the sandbox page's path. */
async function start(order: Order, method: string, currency = order.currency) {
  const res = await choose(order.id, method, currency);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as PaymentDetailsResponse;
  expect(data.action).toBe('redirect');
  expect(data.redirectUrl).toBe(data.url);
  return { data, page: pathOf(data.url!), reference: data.reference! };
}

/** Press Pay or Decline on the sandbox page, then follow the provider's redirect back to the shop. */
async function decide(page: string, outcome: 'pay' | 'decline', amount?: number) {
  const form = new URLSearchParams({ outcome, ...(amount !== undefined ? { amount: String(amount) } : {}) });
  const pressed = await shop.app.inject({ method: 'POST', url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
  expect(pressed.statusCode, pressed.body).toBe(303);
  const back = pathOf(pressed.headers.location as string);
  expect(back).toMatch(/^\/payments\/return\/(paystack|flutterwave|paypal|monnify)\?reference=/);
  const returned = await shop.app.inject({ method: 'GET', url: back });
  expect(returned.statusCode).toBe(303);
  return { back, checkout: returned.headers.location as string };
}

async function secretOf(provider: 'paystack' | 'flutterwave' | 'paypal' | 'monnify') {
  return sandboxSecret(await sandboxRootSecret(shop.db), provider);
}

/** A Paystack charge.success webhook for a reference, signed with the sandbox's secret key (or another). */
async function paystackWebhook(reference: string, amountMajor: number, currency: string, key?: string) {
  const raw = JSON.stringify({ event: 'charge.success', data: { status: 'success', reference, amount: Math.round(amountMajor * 100), currency } });
  const signature = createHmac('sha512', key ?? (await secretOf('paystack'))).update(raw).digest('hex');
  return { raw, headers: { 'content-type': 'application/json', 'x-paystack-signature': signature } };
}
const deliver = (provider: string, hook: { raw: string; headers: Record<string, string> }): Promise<LightMyRequestResponse> =>
  shop.app.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: hook.headers, payload: hook.raw });

/** Mark the sandbox's own books as paid, as if the shopper had paid on the page (no webhook sent). */
const sandboxPaid = (reference: string, amount: number) =>
  shop.db.kysely.updateTable('sandbox_transaction').set({ status: 'success', amount_paid: amount }).where('reference', '=', reference).execute();

describe('update-payment-details: methods and currencies (SPEC section 9)', () => {
  const TABLE: Record<string, string[]> = {
    cardProvider: ['NGN', 'USD'],
    cardAndBankProvider: ['NGN'],
    paypal: ['USD', 'GBP'],
    gtbTransfer: ['NGN'],
    leadBankTransfer: ['USD'],
    bitcoinTransfer: ['USD'],
    natwestTransfer: ['GBP'],
    bankTransferProvider: ['NGN'],
  };
  const MANUAL = ['gtbTransfer', 'leadBankTransfer', 'bitcoinTransfer', 'natwestTransfer'];

  it('accepts each method in each of its currencies and refuses every other currency', async () => {
    for (const currency of ['NGN', 'USD', 'GBP'] as const) {
      const order = await checkedOut(currency);
      for (const [method, currencies] of Object.entries(TABLE)) {
        const res = await choose(order.id, method, currency);
        if (currencies.includes(currency)) {
          expect(res.statusCode, `${method} ${currency}: ${res.body}`).toBe(200);
          const data = res.json().data as PaymentDetailsResponse;
          expect(data.currency).toBe(currency);
          expect(data.amount).toBe(order.total);
          if (MANUAL.includes(method)) {
            expect(data.action).toBe('transfer');
            expect(data.instructions).toMatchObject({ method, amount: order.total, currency, reference: order.orderNumber });
            expect(data.order?.paymentStatus).toBe('awaiting transfer');
          } else {
            expect(data.action).toBe('redirect');
            expect(data.url).toMatch(/\/sandbox\/(paystack|flutterwave|paypal|monnify)\/pay\//);
          }
        } else {
          expect(res.statusCode, `${method} ${currency}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'METHOD_CURRENCY', fields: { paymentMethod: `does not support ${currency}` } });
        }
      }
    }
  });

  it('shows the account details of the currency for manual transfers and marks the order awaiting transfer', async () => {
    const ngn = await checkedOut('NGN');
    const gtb = (await choose(ngn.id, 'gtbTransfer', 'NGN')).json().data as PaymentDetailsResponse;
    expect(gtb.instructions).toMatchObject({ bankName: 'Guaranty Trust Bank', accountNumber: '0123456789', accountName: 'Adire Blooms Ltd', amount: ngn.total, currency: 'NGN', reference: ngn.orderNumber });
    expect((await orderRow(ngn.id)).payment_status).toBe('awaiting transfer');
    const usd = await checkedOut('USD');
    const btc = (await choose(usd.id, 'bitcoinTransfer', 'USD')).json().data as PaymentDetailsResponse;
    expect(btc.instructions?.bitcoinAddress).toMatch(/^bc1q/);
    const gbp = await checkedOut('GBP');
    const natwest = (await choose(gbp.id, 'natwestTransfer', 'GBP')).json().data as PaymentDetailsResponse;
    expect(natwest.instructions).toMatchObject({ bankName: 'NatWest', sortCode: expect.any(String), currency: 'GBP' });
    const events = await eventsOf(ngn.id);
    expect(events.map((e) => e.kind)).toEqual(['transfer chosen']);
  });

  it('switching currency at the payment stage re-prices the order in it', async () => {
    const order = await checkedOut('NGN');
    const { data } = await start(order, 'paypal', 'GBP');
    const row = await orderRow(order.id);
    expect(row.currency).toBe('GBP');
    expect(Number(row.total)).toBe(Math.ceil(product.price / 890));
    expect(data.amount).toBe(Number(row.total));
    expect(data.order?.currency).toBe('GBP');
  });

  it('refuses unknown methods, unknown orders, orders not checked out, paid orders and calls for another business', async () => {
    const order = await checkedOut('NGN');
    const unknown = await choose(order.id, 'stripe', 'NGN');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_PAYMENT_METHOD', fields: { paymentMethod: 'is unknown' } });
    const badCurrency = await choose(order.id, 'paypal', 'EUR');
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json().fields).toEqual({ currency: 'is unknown' });
    expect((await choose('no-such-order', 'gtbTransfer', 'NGN')).statusCode).toBe(404);
    expect((await choose(order.id, 'gtbTransfer', 'NGN', { business: 'someone-else' })).json().code).toBe('UNKNOWN_BUSINESS');

    const bare = (await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', cartItems: [{ SKU: product.sku, quantity: 1 }] } })).json().data as Order;
    const notCheckedOut = await choose(bare.id, 'cardProvider', 'NGN');
    expect(notCheckedOut.statusCode).toBe(400);
    expect(notCheckedOut.json()).toMatchObject({ code: 'CHECKOUT_REQUIRED', message: expect.stringMatching(/^Complete your delivery details first/) });

    await shop.db.kysely.updateTable('shop_order').set({ payment_status: 'paid' }).where('id', '=', order.id).execute();
    const paid = await choose(order.id, 'cardProvider', 'NGN');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('ORDER_FINISHED');
    expect(await shop.db.kysely.selectFrom('payment_attempt').select('id').where('order_id', 'in', [order.id, bare.id]).execute()).toHaveLength(0);
  });
});

describe('sandboxes end to end: start → hosted page → pay → signed webhook → order paid', () => {
  const cases = [
    { provider: 'paystack', method: 'cardProvider', currency: 'NGN', button: 'Pay' },
    { provider: 'paystack', method: 'cardProvider', currency: 'USD', button: 'Pay' },
    { provider: 'flutterwave', method: 'cardAndBankProvider', currency: 'NGN', button: 'Pay' },
    { provider: 'paypal', method: 'paypal', currency: 'GBP', button: 'Pay with PayPal' },
    { provider: 'paypal', method: 'paypal', currency: 'USD', button: 'Pay with PayPal' },
    { provider: 'monnify', method: 'bankTransferProvider', currency: 'NGN', button: 'I have sent the money' },
  ] as const;

  for (const c of cases) {
    it(`${c.provider} (${c.method}, ${c.currency})`, async () => {
      const email = freshEmail();
      const order = await checkedOut(c.currency, email);
      const { page, reference, data } = await start(order, c.method);
      expect(page).toBe(`/sandbox/${c.provider}/pay/${encodeURIComponent(reference)}`);
      expect(data.provider).toBe(c.provider);
      expect(reference.startsWith(`${order.orderNumber}-`)).toBe(true);

      const html = await shop.app.inject(page);
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      const sign = { NGN: '₦', USD: '$', GBP: '£' }[c.currency];
      expect(html.body).toContain(`${sign}${order.total!.toLocaleString('en-NG')}`);
      expect(html.body).toContain(order.orderNumber!);
      expect(html.body).toContain(`>${c.button}</button>`);
      expect(html.body).toContain('>Decline</button>');
      expect(html.body).toContain('name="amount"');

      const { checkout } = await decide(page, 'pay');
      expect(checkout).toBe(`/checkout?orderId=${encodeURIComponent(order.id)}`);

      const row = await orderRow(order.id);
      expect(row.payment_status).toBe('paid');
      const payments = await paymentsOf(order.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ provider: c.provider, method: c.method, reference, currency: c.currency, status: 'paid' });
      expect(Number(payments[0]!.amount)).toBe(order.total);
      expect(await paidSteps(order.id)).toHaveLength(1);
      const kinds = (await eventsOf(order.id)).map((e) => e.kind);
      expect(kinds).toEqual(['started', 'paid']);
      // The sandbox's webhook settled it before the shopper came back; the return found it settled.
      expect(JSON.parse((await eventsOf(order.id))[1]!.detail).source).toBe('webhook');
      const mails = await mailsTo(email);
      const receipt = mails.find((m) => m.subject.startsWith('Payment received'));
      expect(receipt?.subject).toBe(`Payment received: Adire Blooms order ${order.orderNumber}`);
      expect(receipt?.text_body).toContain(reference);

      // The order API and the tracker now say paid; the page shows it is done.
      const fetched = (await shop.app.inject(`/v1/orders/order/${order.id}?business=${business}`)).json();
      expect(isPaid(fetched.status)).toBe(true);
      expect((await shop.app.inject(page)).body).toContain('Paid ');
      // A second press changes nothing.
      await decide(page, 'decline');
      expect((await orderRow(order.id)).payment_status).toBe('paid');
      expect(await paymentsOf(order.id)).toHaveLength(1);
    });
  }

  for (const provider of ['paystack', 'flutterwave', 'paypal', 'monnify'] as const) {
    it(`${provider}: Decline → 'payment failed', not paid, nothing recorded as a payment; paying again works`, async () => {
      const method = { paystack: 'cardProvider', flutterwave: 'cardAndBankProvider', paypal: 'paypal', monnify: 'bankTransferProvider' }[provider];
      const order = await checkedOut(provider === 'paypal' ? 'USD' : 'NGN');
      const first = await start(order, method);
      await decide(first.page, 'decline');
      const row = await orderRow(order.id);
      expect(row.payment_status).toBe('payment failed');
      expect(isPaid(row.payment_status)).toBe(false);
      expect(await paymentsOf(order.id)).toHaveLength(0);
      expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['started', 'failed']);

      const retry = await start(order, method);
      expect(retry.reference).not.toBe(first.reference);
      await decide(retry.page, 'pay');
      expect((await orderRow(order.id)).payment_status).toBe('paid');
    });
  }
});

describe("a paid order empties the shopper's saved cart (SPEC 4: a finished order clears the cart)", () => {
  /** A shopper with an account and a saved cart, who checks out logged in (pick-up, NGN). */
  async function loggedInOrder() {
    const email = freshEmail();
    const password = 'Petals-2026!';
    const signup = await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email, password } });
    expect(signup.statusCode, signup.body).toBe(201);
    const headers = { authorization: `Bearer ${signup.json().data.authToken as string}` };
    const cart = await shop.app.inject({ method: 'PUT', url: `/v1/cart-item/update?business=${business}`, headers, payload: { cartItems: [{ SKU: product.sku, name: 'x', price: 1, quantity: 1, image: { src: '' }, productId: 'p', description: '' }] } });
    expect(cart.statusCode, cart.body).toBe(200);
    const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', headers, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: product.sku, quantity: 1 }] } });
    const id = (created.json().data as Order).id;
    const res = await shop.app.inject({
      method: 'PUT',
      url: `/v1/orders/order/checkout-order/${id}`,
      headers,
      payload: { business, currency: 'NGN', userData: { name: 'Adaeze Obi', email, phone: '08031234567' }, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const savedCart = async () => {
      const login = await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/login', payload: { business, email, password } });
      return (login.json().data.cartItems ?? []) as unknown[];
    };
    expect(await savedCart()).toHaveLength(1);
    return { order: res.json().data.order as Order, savedCart };
  }

  it('paid through a provider: the saved cart is empty; an unpaid (declined) order leaves it', async () => {
    const { order, savedCart } = await loggedInOrder();
    const declined = await start(order, 'cardProvider');
    await decide(declined.page, 'decline');
    expect(await savedCart()).toHaveLength(1);
    const paid = await start(order, 'cardProvider');
    await decide(paid.page, 'pay');
    expect((await orderRow(order.id)).payment_status).toBe('paid');
    expect(await savedCart()).toEqual([]);
  });

  it("paid by a transfer the operator confirms: the saved cart is empty", async () => {
    const { order, savedCart } = await loggedInOrder();
    await choose(order.id, 'gtbTransfer', 'NGN');
    await markPaid(shop.db, order.orderNumber!);
    expect(await savedCart()).toEqual([]);
  });
});

describe('webhooks never trust what they are told', () => {
  it('a bad signature is refused (401) and nothing changes, even though the provider would say paid', async () => {
    const order = await checkedOut('NGN');
    const { reference } = await start(order, 'cardProvider');
    await sandboxPaid(reference, order.total!);
    const before = { events: (await eventsOf(order.id)).length, status: (await orderRow(order.id)).payment_status };

    const forged = await paystackWebhook(reference, order.total!, 'NGN', 'sk_test_not_the_key');
    const res = await deliver('paystack', forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'The webhook signature is not valid', code: 'BAD_SIGNATURE' });
    // A genuine signature over a body that was then changed.
    const genuine = await paystackWebhook(reference, order.total!, 'NGN');
    expect((await deliver('paystack', { ...genuine, raw: genuine.raw.replace('"status":"success"', '"status":"success" ') })).statusCode).toBe(401);
    expect((await deliver('paystack', { raw: genuine.raw, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);

    // The other providers' headers.
    const fw = await checkedOut('NGN');
    const fwStart = await start(fw, 'cardAndBankProvider');
    await sandboxPaid(fwStart.reference, fw.total!);
    const fwBody = JSON.stringify({ event: 'charge.completed', data: { tx_ref: fwStart.reference, amount: fw.total, currency: 'NGN', status: 'successful' } });
    expect((await deliver('flutterwave', { raw: fwBody, headers: { 'content-type': 'application/json', 'verif-hash': 'guess' } })).statusCode).toBe(401);
    const mo = await checkedOut('NGN');
    const moStart = await start(mo, 'bankTransferProvider');
    await sandboxPaid(moStart.reference, mo.total!);
    const moBody = JSON.stringify({ eventType: 'SUCCESSFUL_TRANSACTION', eventData: { paymentReference: moStart.reference, amountPaid: mo.total, currency: 'NGN', paymentStatus: 'PAID' } });
    const moSig = createHmac('sha512', 'wrong').update(moBody).digest('hex');
    expect((await deliver('monnify', { raw: moBody, headers: { 'content-type': 'application/json', 'monnify-signature': moSig } })).statusCode).toBe(401);
    const pp = await checkedOut('USD');
    const ppStart = await start(pp, 'paypal');
    await sandboxPaid(ppStart.reference, pp.total!);
    const ppBody = JSON.stringify({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { custom_id: ppStart.reference, amount: { value: `${pp.total}.00`, currency_code: 'USD' } } });
    const key = await secretOf('paypal');
    const time = new Date().toISOString();
    const signed = paypalSignedString('t-1', time, paypalSandboxWebhookId(key), ppBody);
    const ppHeaders = { 'content-type': 'application/json', 'paypal-auth-algo': 'HMAC-SHA256', 'paypal-cert-url': 'http://x/cert', 'paypal-transmission-id': 't-1', 'paypal-transmission-time': time };
    expect((await deliver('paypal', { raw: ppBody, headers: { ...ppHeaders, 'paypal-transmission-sig': sandboxPaypalSignature('not-the-key', signed) } })).statusCode).toBe(401);
    expect((await deliver('paypal', { raw: ppBody.replace('USD', 'GBP'), headers: { ...ppHeaders, 'paypal-transmission-sig': 'x' } })).statusCode).toBe(401);

    for (const o of [order, fw, mo, pp]) {
      expect(await paymentsOf(o.id)).toHaveLength(0);
      expect(isPaid((await orderRow(o.id)).payment_status)).toBe(false);
    }
    expect((await orderRow(order.id)).payment_status).toBe(before.status);
    expect(await eventsOf(order.id)).toHaveLength(before.events);

    // The same PayPal body properly signed is accepted: the refusals above were the signatures.
    const good = await deliver('paypal', { raw: ppBody, headers: { ...ppHeaders, 'paypal-transmission-sig': sandboxPaypalSignature(createHmac('sha256', key).update('signing-key').digest('hex'), signed) } });
    expect(good.statusCode, good.body).toBe(200);
    expect((await orderRow(pp.id)).payment_status).toBe('paid');
  });

  it('a replayed webhook records one payment', async () => {
    const email = freshEmail();
    const order = await checkedOut('NGN', email);
    const { reference } = await start(order, 'cardProvider');
    await sandboxPaid(reference, order.total!);
    const hook = await paystackWebhook(reference, order.total!, 'NGN');
    const first = await deliver('paystack', hook);
    expect(first.json()).toEqual({ data: { outcome: 'paid', paymentStatus: 'paid' } });
    const replay = await deliver('paystack', hook);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ data: { outcome: 'duplicate', paymentStatus: 'paid' } });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  });

  it('20 concurrent deliveries of the same webhook, racing the shopper’s return, record one payment', async () => {
    const email = freshEmail();
    const order = await checkedOut('NGN', email);
    const { reference } = await start(order, 'cardProvider');
    await sandboxPaid(reference, order.total!);
    const hook = await paystackWebhook(reference, order.total!, 'NGN');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver('paystack', hook)),
      shop.app.inject(`/payments/return/paystack?reference=${encodeURIComponent(reference)}&trxref=${encodeURIComponent(reference)}`),
      shop.app.inject(`/payments/return/paystack?reference=${encodeURIComponent(reference)}`),
    ]);
    const hooks = answers.slice(0, 20).map((a) => a.json().data.outcome);
    expect(answers.slice(0, 20).every((a) => a.statusCode === 200)).toBe(true);
    expect(hooks.filter((o) => o === 'paid').length).toBeLessThanOrEqual(1);
    expect(hooks.filter((o) => o !== 'paid').every((o) => o === 'duplicate')).toBe(true);
    expect(answers[20]!.statusCode).toBe(303);
    const payments = await paymentsOf(order.id);
    expect(payments).toHaveLength(1);
    expect((await eventsOf(order.id)).filter((e) => e.kind === 'paid')).toHaveLength(1);
    expect(await paidSteps(order.id)).toHaveLength(1);
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
    expect((await orderRow(order.id)).payment_status).toBe('paid');
  });

  it('a short payment is a part payment, never paid; paying the rest makes it paid', async () => {
    const order = await checkedOut('NGN');
    const first = await start(order, 'cardProvider');
    const part = Math.floor(order.total! / 3);
    await decide(first.page, 'pay', part);
    const row = await orderRow(order.id);
    expect(row.payment_status).toBe('part payment');
    expect(isPaid(row.payment_status)).toBe(false);
    expect((await paymentsOf(order.id)).map((p) => [p.status, Number(p.amount)])).toEqual([['part payment', part]]);
    expect(await paidSteps(order.id)).toHaveLength(0);

    // The currency cannot change once money arrived; the rest is asked for, by any method of the currency.
    expect((await choose(order.id, 'paypal', 'USD')).json().code).toBe('CURRENCY_LOCKED');
    const rest = await start(order, 'bankTransferProvider');
    expect(rest.data.amount).toBe(order.total! - part);
    await decide(rest.page, 'pay');
    expect((await orderRow(order.id)).payment_status).toBe('paid');
    expect(await paymentsOf(order.id)).toHaveLength(2);
  });

  it('a verification that disagrees with the webhook body (amount or currency) does not mark the order paid', async () => {
    const order = await checkedOut('NGN');
    const { reference } = await start(order, 'cardProvider');
    // The provider says a small amount was paid; the webhook claims the full amount.
    await sandboxPaid(reference, 1000);
    const inflated = await deliver('paystack', await paystackWebhook(reference, order.total!, 'NGN'));
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json()).toMatchObject({ code: 'VERIFICATION_MISMATCH', message: expect.stringContaining(`claims ${order.total}`) });
    const otherCurrency = await deliver('paystack', await paystackWebhook(reference, 1000, 'USD'));
    expect(otherCurrency.statusCode).toBe(400);
    expect(otherCurrency.json().message).toMatch(/claims USD/);
    expect(await paymentsOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).payment_status).toBe('not paid');
    // Kept in the audit trail, nothing else.
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['started', 'mismatch', 'mismatch']);

    // The provider's own answer in another currency than asked: not paid either, by webhook or return.
    const second = await checkedOut('NGN');
    const s = await start(second, 'cardProvider');
    await shop.db.kysely.updateTable('sandbox_transaction').set({ status: 'success', amount_paid: second.total!, currency: 'USD' }).where('reference', '=', s.reference).execute();
    expect((await deliver('paystack', await paystackWebhook(s.reference, second.total!, 'USD'))).statusCode).toBe(400);
    await shop.app.inject(`/payments/return/paystack?reference=${encodeURIComponent(s.reference)}`);
    expect(await paymentsOf(second.id)).toHaveLength(0);
    expect((await orderRow(second.id)).payment_status).toBe('not paid');
  });

  it('unknown providers, references and events are answered without acting; non-JSON is a 400', async () => {
    expect((await shop.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: '{}' })).statusCode).toBe(404);
    const unknown = await deliver('paystack', await paystackWebhook('ABL0000W-NOPE', 100, 'NGN'));
    expect(unknown.json()).toEqual({ data: { outcome: 'unknown reference' } });
    const raw = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    const sig = createHmac('sha512', await secretOf('paystack')).update(raw).digest('hex');
    expect((await deliver('paystack', { raw, headers: { 'content-type': 'application/json', 'x-paystack-signature': sig } })).json().data.outcome).toBe('ignored');
    const junk = 'not json';
    const junkSig = createHmac('sha512', await secretOf('paystack')).update(junk).digest('hex');
    expect((await deliver('paystack', { raw: junk, headers: { 'content-type': 'text/plain', 'x-paystack-signature': junkSig } })).statusCode).toBe(400);
    expect((await shop.app.inject('/payments/return/paystack?reference=nope')).statusCode).toBe(404);
    expect((await shop.app.inject('/sandbox/paystack/pay/nope')).statusCode).toBe(404);
  });
});

describe('manual transfers', () => {
  it("the shopper's notice, then the operator's mark-paid: a payment 'paid - confirmed by transfer' and a receipt", async () => {
    const email = freshEmail();
    const order = await checkedOut('NGN', email);
    await choose(order.id, 'gtbTransfer', 'NGN');
    const notice = await shop.app.inject({
      method: 'PUT',
      url: `/v1/orders/order/transfer-notice/${order.id}`,
      payload: { business, amount: order.total, accountName: 'Adaeze Obi', reference: order.orderNumber },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    expect(notice.json().data.order.paymentStatus).toBe('awaiting transfer');
    const bad = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/transfer-notice/${order.id}`, payload: { business, amount: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ amount: 'must be the amount you sent', accountName: 'is required', reference: 'is required' });

    expect(await markPaid(shop.db, order.orderNumber!)).toBe(`Order ${order.orderNumber} is marked paid (paid - confirmed by transfer).`);
    const row = await orderRow(order.id);
    expect(row.payment_status).toBe('paid - confirmed by transfer');
    const payments = await paymentsOf(order.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: 'manual', method: 'gtbTransfer', currency: 'NGN', status: 'paid - confirmed by transfer' });
    expect(Number(payments[0]!.amount)).toBe(order.total);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['transfer chosen', 'transfer notice', 'confirmed']);
    expect((await mailsTo(email)).some((m) => m.subject === `Payment received: Adire Blooms order ${order.orderNumber}`)).toBe(true);
    // Paid now: no more payment choices.
    expect((await choose(order.id, 'gtbTransfer', 'NGN')).statusCode).toBe(409);
    const history = await paymentHistory(shop.db, order.orderNumber!.toLowerCase());
    expect(history).toContain(`Order ${order.orderNumber}: total ${order.total} NGN; payment: paid - confirmed by transfer`);
    expect(history).toContain('Payments (1):');
    expect(history).toMatch(/transfer notice +manual/);
  });

  it('the operator rejects a transfer that did not arrive: payment failed, never paid', async () => {
    const order = await checkedOut('USD');
    await choose(order.id, 'leadBankTransfer', 'USD');
    expect(await rejectTransfer(shop.db, order.orderNumber!, 'No money on the account')).toBe(
      `Order ${order.orderNumber}: the transfer is rejected (payment failed). The shopper can pay again from the checkout.`,
    );
    expect((await orderRow(order.id)).payment_status).toBe('payment failed');
    await expect(rejectTransfer(shop.db, order.orderNumber!, '')).rejects.toThrow(/is not awaiting a transfer/);
    expect(await paymentsOf(order.id)).toHaveLength(0);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['transfer chosen', 'rejected']);
  });
});

describe('transfer notices (issue 19, item 10)', () => {
  const notice = (orderId: string, extra: Record<string, unknown> = {}) =>
    shop.app.inject({ method: 'PUT', url: `/v1/orders/order/transfer-notice/${orderId}`, payload: { business, amount: 1000, accountName: 'Adaeze Obi', reference: 'TRF-1', ...extra } });

  it('are taken only while the order is paid by a manual transfer', async () => {
    const order = await checkedOut('NGN');
    const none = await notice(order.id);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'TRANSFER_NOT_CHOSEN', message: 'This order is not being paid by bank transfer: choose a bank transfer as the payment method first' });
    await choose(order.id, 'gtbTransfer', 'NGN');
    await start(order, 'cardProvider'); // changed their mind: the card now
    expect((await notice(order.id)).json().code).toBe('TRANSFER_NOT_CHOSEN');
    expect((await orderRow(order.id)).payment_status).toBe('awaiting transfer');
    expect((await eventsOf(order.id)).map((e) => e.kind)).not.toContain('transfer notice');
  });

  it('are refused once a card payment began after the transfer was chosen, even on a clock behind the one that took the choice', async () => {
    const order = await checkedOut('NGN');
    await choose(order.id, 'gtbTransfer', 'NGN');
    // The choice was taken by an instance whose clock is far ahead of this one.
    await shop.db.kysely.updateTable('payment_event').set({ created_at: '2999-01-01T00:00:00.000Z' }).where('order_id', '=', order.id).where('kind', '=', 'transfer chosen').execute();
    await start(order, 'cardProvider');
    const refused = await notice(order.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('TRANSFER_NOT_CHOSEN');
    // And a transfer chosen again after the card takes notices again.
    await choose(order.id, 'gtbTransfer', 'NGN');
    expect((await notice(order.id)).statusCode).toBe(200);
  });

  it(`are limited to three an order`, async () => {
    const order = await checkedOut('NGN');
    await choose(order.id, 'gtbTransfer', 'NGN');
    for (let i = 0; i < 3; i++) expect((await notice(order.id, { reference: `TRF-${i}` })).statusCode).toBe(200);
    const fourth = await notice(order.id);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(`We already have 3 transfer notices for order ${order.orderNumber}: we will e-mail you as soon as the payment is confirmed. If something changed, write to us.`);
    expect((await eventsOf(order.id)).filter((e) => e.kind === 'transfer notice')).toHaveLength(3);
  });

  it("never turn 'part payment' back into 'awaiting transfer'", async () => {
    const order = await checkedOut('NGN');
    const { page } = await start(order, 'cardProvider');
    await decide(page, 'pay', Math.floor(order.total! / 2));
    expect((await orderRow(order.id)).payment_status).toBe('part payment');
    const chose = await choose(order.id, 'gtbTransfer', 'NGN');
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json().data.order.paymentStatus).toBe('part payment');
    const told = await notice(order.id);
    expect(told.statusCode).toBe(200);
    expect(told.json().data.order.paymentStatus).toBe('part payment');
    expect((await orderRow(order.id)).payment_status).toBe('part payment');
  });
});

describe('a currency switch voids pending attempts (issue 19, item 9)', () => {
  it('a late payment of the old attempt is kept and flagged for the operator, never counted toward the new total', async () => {
    const order = await checkedOut('NGN');
    const naira = await start(order, 'cardProvider', 'NGN');
    const dollars = await start(order, 'paypal', 'USD');
    expect((await orderRow(order.id)).currency).toBe('USD');

    await decide(naira.page, 'pay'); // the old ₦ page was still open in another tab
    const row = await orderRow(order.id);
    expect(row.payment_status).toBe('not paid');
    expect((await paymentsOf(order.id)).map((p) => [p.reference, p.status])).toEqual([[naira.reference, 'late - voided attempt']]);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['started', 'attempts voided', 'started', 'late payment of a voided attempt']);
    expect(await paymentHistory(shop.db, order.orderNumber!)).toMatch(/late payment of a voided attempt/);

    // The new attempt pays the whole new total: paid, and the ₦ payment never counted as part of it.
    await decide(dollars.page, 'pay');
    expect((await orderRow(order.id)).payment_status).toBe('paid');
    const received = (await paymentsOf(order.id)).filter((p) => p.status !== 'late - voided attempt');
    expect(received.map((p) => [p.currency, Number(p.amount)])).toEqual([['USD', Number(row.total)]]);
  });
});

describe('a shop without payment providers (production, no sandboxes): only what works is offered', () => {
  let bare: TestShop;
  beforeAll(async () => {
    bare = await startTestShop({ config: { payments: { sandbox: false } } });
  });
  afterAll(() => bare.close());

  it('the handshake offers the manual transfers only, and the return page never says sandbox', async () => {
    const handshake = await bare.app.inject(`/v1/storefront/handshake?business=${business}`);
    expect(handshake.json().data.settings.paymentMethods).toEqual(['gtbTransfer', 'leadBankTransfer', 'bitcoinTransfer', 'natwestTransfer']);
    const back = await bare.app.inject('/payments/return/paystack?reference=nope');
    expect(back.statusCode).toBe(404);
    expect(back.body).toContain('<title>Payment not found · Adire Blooms</title>');
    expect(back.body.toLowerCase()).not.toContain('sandbox');
  });

  it('with the sandboxes on (development), every method is offered', async () => {
    const handshake = await shop.app.inject(`/v1/storefront/handshake?business=${business}`);
    expect(handshake.json().data.settings.paymentMethods).toHaveLength(8);
  });
});
