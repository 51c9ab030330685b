import type { CheckoutResponse, Order } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers';

/**
 * Tampering (issue 11), beside what pricing.test.ts, orders.test.ts and checkout.test.ts already prove
 * (client prices and design prices ignored, quantities 0 / 100 / 2.5 / -3 refused, unknown currency,
 * expired and used-up coupons, coupon races): quantities only a hand-made request can carry, money and
 * status fields slipped into every body, currencies spelt differently, coupons of another business,
 * stacked or smuggled into the checkout.
 */

let shop: TestShop;
const business = 'adire-blooms';
let product: { sku: string; price: number };

beforeAll(async () => {
  shop = await startTestShop();
  const row = await shop.db.kysely
    .selectFrom('product')
    .select(['sku', 'price_ngn'])
    .where('in_stock', '=', 1)
    .where('price_ngn', '>=', 10_000)
    .where('price_ngn', '<', 20_000)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  product = { sku: row.sku, price: Number(row.price_ngn) };
});
afterAll(() => shop.close());

const raw = (method: 'POST' | 'PUT', url: string, body: string) => shop.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: body });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: Record<string, unknown>) => shop.app.inject({ method, url, payload: { business, ...payload } });
const orderRow = (id: string) => shop.db.kysely.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Uses of a coupon taken: counted (paid) and held by unpaid orders (issue 19, item 4). */
const usedCount = async (code: string) => {
  const counted = Number((await shop.db.kysely.selectFrom('coupon').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);
  const held = await shop.db.kysely.selectFrom('coupon_redemption').select('order_id').where('coupon_code', '=', code).where('paid_at', 'is', null).where('held_until', '>', new Date().toISOString()).execute();
  return counted + held.length;
};

async function order(quantity = 1, currency = 'NGN'): Promise<Order> {
  const res = await send('POST', '/v1/orders/order/create', { currency, deliveryDate: '', cartItems: [{ SKU: product.sku, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

const pickup = (extra: Record<string, unknown> = {}) => ({
  currency: 'NGN',
  userData: { name: 'Kunle Ade', email: `kunle${Date.now()}${Math.random()}@example.com`, phone: '08031239999' },
  orderData: { deliveryDate: '2099-07-07', pickupLocation: 'Ikoyi LPI', recipient: { method: 'pick-up' } },
  ...extra,
});

describe('quantities only a hand-made request carries', () => {
  it.each([
    ['1e400', 'Infinity after parsing'],
    ['1e21', 'beyond any integer'],
    ['"2"', 'a string'],
    ['true', 'a boolean'],
    ['null', 'null'],
    ['[1]', 'a list'],
    ['-0.0001', 'a tiny negative'],
    ['99.0000000000001', 'just above an integer'],
  ])('refuses quantity %s (%s) with a clear 400, creating nothing', async (quantity) => {
    const before = await shop.db.kysely.selectFrom('shop_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await raw('POST', '/v1/orders/order/create', `{"business":"${business}","currency":"NGN","cartItems":[{"SKU":"${product.sku}","quantity":${quantity}}]}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/Quantity of .+ must be between 1 and 99|cartItems\.0\.quantity must be number/);
    const after = await shop.db.kysely.selectFrom('shop_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('splitting 150 units over two lines of the same item is refused too', async () => {
    const res = await send('POST', '/v1/orders/order/create', { currency: 'NGN', cartItems: [{ SKU: product.sku, quantity: 75 }, { SKU: ` ${product.sku} `, quantity: 75 }] });
    expect(res.statusCode).toBe(400);
  });
});

describe('money and status fields slipped into bodies', () => {
  const forged = { price: 1, total: 1, subtotal: 1, discount: 1e9, deliveryFee: 0, paymentStatus: 'paid', orderNumber: 'ABL1W', coupon: 'BLOOM10', user_id: 'someone', itemsTotal: 1, conversionRate: 1 };

  it('create and update take none of them', async () => {
    const created = await send('POST', '/v1/orders/order/create', { ...forged, currency: 'NGN', cartItems: [{ SKU: product.sku, quantity: 2, ...forged }] });
    expect(created.statusCode).toBe(201);
    const o = created.json().data as Order;
    expect(o).toMatchObject({ total: product.price * 2, discount: 0, paymentStatus: 'not paid', coupon: null });
    expect(o.orderNumber).toBeUndefined();
    const updated = await send('PUT', `/v1/orders/order/${o.id}`, { ...forged, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: product.sku, quantity: 3, ...forged }] });
    expect(updated.json().data).toMatchObject({ total: product.price * 3, discount: 0, paymentStatus: 'not paid', coupon: null });
    expect((await orderRow(o.id)).user_id).toBeNull();
  });

  it('the checkout computes fee, discount and total itself, and a coupon only goes on through the coupon call', async () => {
    const o = await order(2);
    const res = await send('PUT', `/v1/orders/order/checkout-order/${o.id}`, { ...pickup(), ...forged, orderData: { ...pickup().orderData, ...forged } });
    expect(res.statusCode, res.body).toBe(200);
    const done = (res.json().data as CheckoutResponse).order;
    expect(done).toMatchObject({ total: product.price * 2, deliveryFee: 0, discount: 0, coupon: null, paymentStatus: 'not paid' });
    expect(done.orderNumber).toMatch(/^ABL\d{4,}W$/);
  });

  it('payment calls take the amount from the order, and a transfer notice pays nothing', async () => {
    const o = await order(1);
    await send('PUT', `/v1/orders/order/checkout-order/${o.id}`, pickup());
    const start = await send('PUT', `/v1/orders/order/update-payment-details/${o.id}`, { currency: 'NGN', paymentMethod: 'cardProvider', amount: 1, total: 1 });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.amount).toBe(product.price);
    // A notice is taken only while the order is paid by transfer: the shopper switches to one.
    expect((await send('PUT', `/v1/orders/order/update-payment-details/${o.id}`, { currency: 'NGN', paymentMethod: 'gtbTransfer' })).statusCode).toBe(200);
    const notice = await send('PUT', `/v1/orders/order/transfer-notice/${o.id}`, { amount: 1e9, accountName: 'Kunle Ade', reference: 'paid in full', paymentStatus: 'paid' });
    expect(notice.statusCode).toBe(200);
    expect((await orderRow(o.id)).payment_status).toBe('awaiting transfer');
    expect(await shop.db.kysely.selectFrom('payment').select('id').where('order_id', '=', o.id).execute()).toHaveLength(0);
  });
});

describe('currencies', () => {
  it.each(['usd', ' NGN', 'NGN ', 'Naira', '₦', 'BTC', ''])('refuses %j as a currency', async (currency) => {
    const res = await send('POST', '/v1/orders/order/create', { currency, cartItems: [{ SKU: product.sku, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ currency: 'is unknown' });
  });

  it('a checkout in another currency re-prices the order at the shop’s rate, whatever the client says the rate is', async () => {
    const o = await order(1);
    const res = await send('PUT', `/v1/orders/order/checkout-order/${o.id}`, { ...pickup(), currency: 'USD', conversionRate: 1, rate: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const rate = Number((await shop.db.kysely.selectFrom('currency').select('conversion_rate').where('name', '=', 'USD').executeTakeFirstOrThrow()).conversion_rate);
    expect((res.json().data as CheckoutResponse).order).toMatchObject({ currency: 'USD', total: Math.ceil(product.price / rate) });
  });
});

describe('coupons', () => {
  const apply = (code: string, orderId: string, businessName = business) =>
    shop.app.inject({ method: 'POST', url: `/v1/coupon/validate?business=${encodeURIComponent(businessName)}`, payload: { code, order: orderId, business: businessName } });
  const atLeast = (naira: number) => Math.ceil(naira / product.price);

  it("another business's request takes no use of a coupon and changes no order", async () => {
    const o = await order(atLeast(40_000));
    const before = await usedCount('LAGOS5000');
    const res = await apply('LAGOS5000', o.id, 'other-flower-shop');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_BUSINESS', message: "Unknown business 'other-flower-shop'" });
    expect(await usedCount('LAGOS5000')).toBe(before);
    expect((await orderRow(o.id)).coupon_code).toBeNull();
  });

  it('do not stack: a second coupon replaces the first and gives its use back', async () => {
    const o = await order(atLeast(40_000));
    const [bloom, lagos] = [await usedCount('BLOOM10'), await usedCount('LAGOS5000')];
    expect((await apply('BLOOM10', o.id)).statusCode).toBe(200);
    expect((await apply('BLOOM10', o.id)).statusCode).toBe(200); // again: no second use, no second discount
    expect(await usedCount('BLOOM10')).toBe(bloom + 1);
    const second = await apply('LAGOS5000', o.id);
    expect(second.statusCode).toBe(200);
    const items = product.price * atLeast(40_000);
    expect(second.json().data.order).toMatchObject({ coupon: 'LAGOS5000', discount: 5000, total: items - 5000 });
    expect([await usedCount('BLOOM10'), await usedCount('LAGOS5000')]).toEqual([bloom, lagos + 1]);
    expect(await shop.db.kysely.selectFrom('coupon_redemption').select('coupon_code').where('order_id', '=', o.id).execute()).toEqual([{ coupon_code: 'LAGOS5000' }]);
  });

  it('an expired or used-up coupon cannot be forced on through the order or the checkout', async () => {
    const o = await order(atLeast(20_000));
    for (const code of ['EXPIRED2025', 'NOSUCH']) {
      await send('PUT', `/v1/orders/order/${o.id}`, { currency: 'NGN', deliveryDate: '', coupon: code, couponCode: code, cartItems: [{ SKU: product.sku, quantity: atLeast(20_000) }] });
      await send('PUT', `/v1/orders/order/checkout-order/${o.id}`, { ...pickup(), coupon: code, couponCode: code });
      expect((await orderRow(o.id)).coupon_code).toBeNull();
    }
    const row = await orderRow(o.id);
    expect(Number(row.discount)).toBe(0);
    expect(Number(row.total)).toBe(product.price * atLeast(20_000));
  });
});
