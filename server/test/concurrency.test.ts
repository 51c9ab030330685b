import { createHmac } from 'node:crypto';
import type { CheckoutResponse, Order, PaymentDetailsResponse } from '@adire/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeOrdersCommand, OrdersCommandError, parseOrdersCommand } from '../src/domains/orders';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { setStock } from '../src/domains/catalog';
import { sandboxRootSecret, sandboxSecret } from '../src/domains/payments/testing';
import { startTestShop, type TestShop } from './helpers';

/**
 * Requests racing each other (issue 11), on SQLite and PostgreSQL: the same checkout sent 20 times at
 * once, the same webhook delivered 20 times at once, and 50 shoppers after the last unit of a limited
 * product. Each race has one consistent outcome: one order number per order, one payment per
 * payment, never more units sold than there were.
 */

let shop: TestShop;
const business = 'adire-blooms';
let products: { id: string; sku: string; name: string; price: number }[] = [];
let next = 0;
/** A product of its own for each test, so stock set by one test does not meet another. */
const product = () => products[next++]!;

beforeAll(async () => {
  shop = await startTestShop();
  const rows = await shop.db.kysely
    .selectFrom('product')
    .select(['id', 'sku', 'name', 'price_ngn'])
    .where('in_stock', '=', 1)
    .where('price_ngn', '>', 5_000)
    .orderBy('position')
    .limit(20)
    .execute();
  products = rows.map((r) => ({ id: r.id, sku: r.sku, name: r.name, price: Number(r.price_ngn) }));
});
afterAll(() => shop.close());

let emails = 0;
const freshEmail = () => `racer${++emails}-${Date.now()}@example.com`;

async function cartOrder(sku: string, quantity = 1): Promise<Order> {
  const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

const pickup = (email: string, extra: Record<string, unknown> = {}) => ({
  business,
  currency: 'NGN',
  userData: { name: 'Tunde Bello', email, phone: '08035550000', ...extra },
  orderData: { deliveryDate: '2099-04-04', pickupLocation: 'Ikoyi LPI', recipient: { method: 'pick-up' } },
});

const checkout = (id: string, payload: unknown) => shop.app.inject({ method: 'PUT', url: `/v1/orders/order/checkout-order/${id}`, payload: payload as object });
const sequence = async () => Number((await shop.db.kysely.selectFrom('order_sequence').select('value').executeTakeFirstOrThrow()).value);
const count = async (table: 'payment' | 'app_user' | 'auth_session', column: 'order_id' | 'email' | 'user_id', value: string) =>
  Number((await shop.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', value).executeTakeFirstOrThrow()).n);
const stockOf = async (id: string) => shop.db.kysely.selectFrom('product').select(['stock', 'in_stock']).where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = (to: string) => shop.db.kysely.selectFrom('mail_outbox').select('subject').where('to_address', '=', to).execute();
const steps = (orderId: string, step: string) => shop.db.kysely.selectFrom('order_status_event').select('id').where('order_id', '=', orderId).where('step', '=', step).execute();

/** Start a card payment and have the sandbox's books say it was paid in full (no webhook sent yet). */
async function paidAtProvider(order: Order): Promise<{ reference: string; amount: number }> {
  const res = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'cardProvider' } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as PaymentDetailsResponse;
  await shop.db.kysely.updateTable('sandbox_transaction').set({ status: 'success', amount_paid: data.amount }).where('reference', '=', data.reference!).execute();
  return { reference: data.reference!, amount: Number(data.amount) };
}

async function paystackWebhook(reference: string, amount: number) {
  const raw = JSON.stringify({ event: 'charge.success', data: { status: 'success', reference, amount: Math.round(amount * 100), currency: 'NGN' } });
  const key = sandboxSecret(await sandboxRootSecret(shop.db), 'paystack');
  const headers = { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', key).update(raw).digest('hex') };
  return () => shop.app.inject({ method: 'POST', url: '/webhooks/paystack', headers, payload: raw });
}

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();

describe('the same checkout submitted 20 times at once', () => {
  it('a guest: 20 answers with one order number, one number used, one timeline step, one confirmation mail', async () => {
    const order = await cartOrder(product().sku);
    const email = freshEmail();
    const before = await sequence();
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(order.id, pickup(email))));
    expect(statuses(answers)).toEqual(Array(20).fill(200));
    const numbers = new Set(answers.map((a) => (a.json().data as CheckoutResponse).order.orderNumber));
    expect(numbers.size).toBe(1);
    expect(await sequence()).toBe(before + 1);
    expect(await steps(order.id, 'received')).toHaveLength(1);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([`Your Adire Blooms order ${[...numbers][0]}`]);
  });

  it('with a free account: one account, one answer logs the shopper in, the others check out without a session', async () => {
    const order = await cartOrder(product().sku);
    const email = freshEmail();
    const body = { ...pickup(email, { password: 'racing-pass-1' }), shouldCreateAccount: true };
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(order.id, body)));
    expect(statuses(answers), answers.find((a) => a.statusCode !== 200)?.body).toEqual(Array(20).fill(200));
    // Checkout never opens a session for an account that already exists (issue 19): only the answer
    // that made it carries the user.
    const users = answers.map((a) => (a.json().data as CheckoutResponse).user).filter((u) => u !== undefined);
    expect(users.map((u) => u.email)).toEqual([email]);
    expect(await count('app_user', 'email', email)).toBe(1);
    const account = await shop.db.kysely.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await count('auth_session', 'user_id', account.id)).toBe(1);
    const hs = await shop.app.inject({ url: `/v1/storefront/handshake?business=${business}`, headers: { authorization: `Bearer ${users[0]!.authToken}` } });
    expect(hs.json().data.user.email).toBe(email);
    // Another order with the same address and password is someone claiming the account: refused.
    const other = await cartOrder(product().sku);
    const refused = await checkout(other.id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EMAIL_TAKEN');
  });
});

describe('the same webhook delivered 20 times at once', () => {
  it('records one payment, one paid step, one receipt, and sells a limited unit once', async () => {
    const p = product();
    await setStock(shop.db, p.sku, 5);
    const order = await cartOrder(p.sku, 2);
    const email = freshEmail();
    expect((await checkout(order.id, pickup(email))).statusCode).toBe(200);
    const { reference, amount } = await paidAtProvider(order);
    const deliver = await paystackWebhook(reference, amount);
    const returns = () => shop.app.inject(`/payments/return/paystack?reference=${reference}`);
    const answers = await Promise.all([...Array.from({ length: 20 }, deliver), returns(), returns()]);
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = answers.slice(0, 20).map((a) => a.json().data.outcome as string);
    expect(outcomes.filter((o) => o === 'paid').length).toBeLessThanOrEqual(1);
    expect(outcomes.every((o) => o === 'paid' || o === 'duplicate')).toBe(true);
    expect(await count('payment', 'order_id', order.id)).toBe(1);
    expect(await steps(order.id, 'paid')).toHaveLength(1);
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
    expect(await stockOf(p.id)).toEqual({ stock: 3, in_stock: 1 });
    const paid = (await shop.app.inject(`/v1/orders/order/${order.id}?business=${business}`)).json().data as Order;
    expect(paid.paymentStatus).toBe('paid');
  });
});

describe('50 shoppers buying the last unit of a limited product', () => {
  it('exactly one checks out; 49 hear it is out of stock (409) and keep no order number', async () => {
    const p = product();
    await setStock(shop.db, p.sku, 1);
    const orders = await Promise.all(Array.from({ length: 50 }, () => cartOrder(p.sku)));
    const before = await sequence();
    const answers = await Promise.all(orders.map((o) => checkout(o.id, pickup(freshEmail()))));
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(statuses(lost)).toEqual(Array(49).fill(409));
    for (const a of lost) {
      expect(a.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: `Sorry, ${p.name} is out of stock: remove it from your cart to check out the rest.` });
    }
    expect(await sequence()).toBe(before + 1); // the 49 refused checkouts gave their numbers back
    const numbered = await shop.db.kysely.selectFrom('shop_order').select('id').where('id', 'in', orders.map((o) => o.id)).where('order_number', 'is not', null).execute();
    expect(numbered).toHaveLength(1);

    // The winner pays (the webhook arriving twice at once): the unit leaves the shelf, the product shows sold out.
    const winner = (won[0]!.json().data as CheckoutResponse).order;
    const { reference, amount } = await paidAtProvider(winner);
    const deliver = await paystackWebhook(reference, amount);
    await Promise.all([deliver(), deliver()]);
    expect(await count('payment', 'order_id', winner.id)).toBe(1);
    expect(await stockOf(p.id)).toEqual({ stock: 0, in_stock: 0 });
    const listing = await shop.app.inject(`/v1/catalog/search?business=${business}&q=${encodeURIComponent(p.name)}`);
    expect(listing.json().data.products.find((s: { id: string }) => s.id === p.id)?.inStock).toBe(false);

    // The 51st shopper cannot even put it in a new order.
    const late = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', cartItems: [{ SKU: p.sku, quantity: 1 }] } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('OUT_OF_STOCK');
  });

  it('with 3 units left, exactly 3 of 50 check out, with 3 different order numbers, and all 3 can pay', async () => {
    const p = product();
    await setStock(shop.db, p.sku, 3);
    const orders = await Promise.all(Array.from({ length: 50 }, () => cartOrder(p.sku)));
    const answers = await Promise.all(orders.map((o) => checkout(o.id, pickup(freshEmail()))));
    const won = answers.filter((a) => a.statusCode === 200).map((a) => (a.json().data as CheckoutResponse).order);
    expect(won).toHaveLength(3);
    expect(new Set(won.map((o) => o.orderNumber)).size).toBe(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(47);
    const payments = await Promise.all(won.map((o) => paidAtProvider(o)));
    const hooks = await Promise.all(payments.map((pay) => paystackWebhook(pay.reference, pay.amount)));
    await Promise.all(hooks.flatMap((deliver) => [deliver(), deliver()]));
    for (const o of won) expect(await count('payment', 'order_id', o.id)).toBe(1);
    expect(await stockOf(p.id)).toEqual({ stock: 0, in_stock: 0 });
  });

  it('asking for more units than are left is refused with how many remain', async () => {
    const p = product();
    await setStock(shop.db, p.sku, 2);
    const order = await cartOrder(p.sku, 3);
    const res = await checkout(order.id, pickup(freshEmail()));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: `Sorry, only 2 of ${p.name} are left: lower the quantity to 2 to check out.` });
  });

  it('a hold that lapsed is renewed when its unit is still there, and refused when someone else took it', async () => {
    const p = product();
    await setStock(shop.db, p.sku, 1);
    const slow = await cartOrder(p.sku);
    expect((await checkout(slow.id, pickup(freshEmail()))).statusCode).toBe(200);
    const lapse = () => shop.db.kysely.updateTable('stock_reservation').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('order_id', '=', slow.id).execute();
    await lapse();
    // Still there: starting the payment holds it again.
    const renewed = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${slow.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await lapse();
    // Another shopper takes the unit meanwhile and pays by transfer, confirmed by the operator.
    const quick = await cartOrder(p.sku);
    const quickDone = (await checkout(quick.id, pickup(freshEmail()))).json().data as CheckoutResponse;
    await markPaid(shop.db, quickDone.order.orderNumber!);
    expect(await stockOf(p.id)).toEqual({ stock: 0, in_stock: 0 });
    const refused = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${slow.id}`, payload: { business, currency: 'NGN', paymentMethod: 'cardProvider' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OUT_OF_STOCK');
    // A transfer the slow shopper had already sent, confirmed later, is recorded as oversold for the shop.
    const slowNumber = (await shop.db.kysely.selectFrom('shop_order').select('order_number').where('id', '=', slow.id).executeTakeFirstOrThrow()).order_number!;
    await markPaid(shop.db, slowNumber);
    const events = await shop.db.kysely.selectFrom('payment_event').select(['kind', 'detail']).where('order_id', '=', slow.id).where('kind', '=', 'oversold').execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.detail).oversold).toEqual([{ productId: p.id, name: p.name, quantity: 1 }]);
    expect(await stockOf(p.id)).toEqual({ stock: 0, in_stock: 0 });
  });

  it('a changed cart ends its hold; products without a stock count are never held', async () => {
    const p = product();
    await setStock(shop.db, p.sku, 1);
    const order = await cartOrder(p.sku);
    expect((await checkout(order.id, pickup(freshEmail()))).statusCode).toBe(200);
    const held = () => shop.db.kysely.selectFrom('stock_reservation').selectAll().where('order_id', '=', order.id).execute();
    expect(await held()).toHaveLength(1);
    const unlimited = product();
    const changed = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: unlimited.sku, quantity: 2 }] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await held()).toHaveLength(0);
    expect((await checkout(order.id, pickup(freshEmail()))).statusCode).toBe(200);
    expect(await held()).toHaveLength(0);
    expect((await stockOf(unlimited.id)).stock).toBeNull();
  });
});

describe('the operator sets the stock', () => {
  it('pnpm orders set-stock limits a product, marks it sold out at 0, and lifts the limit', async () => {
    const p = product();
    const run = (...argv: string[]) => executeOrdersCommand(shop.db, parseOrdersCommand(['set-stock', ...argv]));
    expect(await run(p.sku.toLowerCase(), '2')).toBe(`${p.name} (${p.sku}) now has 2 units left.`);
    expect(await stockOf(p.id)).toEqual({ stock: 2, in_stock: 1 });
    expect(await run(p.sku, '0')).toBe(`${p.name} (${p.sku}) now has 0 units left: sold out.`);
    expect(await stockOf(p.id)).toEqual({ stock: 0, in_stock: 0 });
    expect(await run(p.sku, 'unlimited')).toBe(`${p.name} (${p.sku}) is no longer limited.`);
    expect(await stockOf(p.id)).toEqual({ stock: null, in_stock: 1 });
    expect(() => parseOrdersCommand(['set-stock', p.sku, '-1'])).toThrow(OrdersCommandError);
    expect(() => parseOrdersCommand(['set-stock', p.sku])).toThrow("'set-stock' takes 2 arguments");
    await expect(run('AB-NOPE', '1')).rejects.toThrow('No product has the SKU AB-NOPE');
  });
});

describe('20 orders racing for the last use of a coupon (issue 19, item 4)', () => {
  it('exactly one holds it; the others are told it is used up', async () => {
    const code = `LASTUSE${Date.now().toString(36).toUpperCase()}`;
    await shop.db.kysely
      .insertInto('coupon')
      .values({ code, kind: 'percent', amount: 10, min_order_ngn: 0, expires_at: null, usage_limit: 1, used_count: 0, active: 1, created_at: new Date().toISOString() })
      .execute();
    const p = product();
    const orders = await Promise.all(Array.from({ length: 20 }, () => cartOrder(p.sku)));
    const answers = await Promise.all(
      orders.map((o) => shop.app.inject({ method: 'POST', url: `/v1/coupon/validate?business=${business}`, payload: { business, code, order: o.id } })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(19).fill(400)]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().code).toBe('COUPON_USED_UP');
    const holds = await shop.db.kysely.selectFrom('coupon_redemption').select('order_id').where('coupon_code', '=', code).execute();
    const winner = orders[answers.findIndex((a) => a.statusCode === 200)]!;
    expect(holds).toEqual([{ order_id: winner.id }]);
    const withCoupon = await shop.db.kysely.selectFrom('shop_order').select('id').where('coupon_code', '=', code).execute();
    expect(withCoupon).toEqual([{ id: winner.id }]);
  });
});
