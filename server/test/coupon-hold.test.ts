import { createHmac } from 'node:crypto';
import type { Order, PaymentDetailsResponse } from '@adire/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { executePaymentsCommand } from '../src/domains/payments';
import { sandboxRootSecret, sandboxSecret } from '../src/domains/payments/testing';
import { startTestShop, type TestShop } from './helpers';

/**
 * A usage-limited coupon is used when paid, held 30 minutes meanwhile (issue 19, item 4), on SQLite
 * and PostgreSQL. The clock is the test's (Date faked, nothing else): no waiting.
 */

let shop: TestShop;
const business = 'adire-blooms';
let product: { sku: string; price: number };
const MINUTE = 60_000;

beforeAll(async () => {
  shop = await startTestShop();
  const row = await shop.db.kysely.selectFrom('product').select(['sku', 'price_ngn']).where('in_stock', '=', 1).where('stock', 'is', null).where('price_ngn', '>', 5_000).orderBy('position').executeTakeFirstOrThrow();
  product = { sku: row.sku, price: Number(row.price_ngn) };
});
afterAll(() => shop.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The clock from now on: `at(31)` is 31 minutes after the test began. */
function clock() {
  const start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return (minutes: number) => vi.setSystemTime(start + minutes * MINUTE);
}

let coupons = 0;
/** A coupon of its own for each test: ₦2,000 off, one use. */
async function oneUseCoupon(): Promise<string> {
  const code = `HOLD${++coupons}${Date.now().toString(36).toUpperCase()}`;
  await shop.db.kysely
    .insertInto('coupon')
    .values({ code, kind: 'fixed', amount: 2000, min_order_ngn: 0, expires_at: null, usage_limit: 1, used_count: 0, active: 1, created_at: new Date().toISOString() })
    .execute();
  return code;
}

async function newOrder(): Promise<Order> {
  const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: product.sku, quantity: 1 }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

const apply = (code: string, orderId: string) => shop.app.inject({ method: 'POST', url: `/v1/coupon/validate?business=${business}`, payload: { business, code, order: orderId } });
const read = async (id: string) => {
  const res = await shop.app.inject({ method: 'GET', url: `/v1/orders/order/${id}?business=${business}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Order;
};

async function checkedOut(code?: string): Promise<Order> {
  const order = await newOrder();
  if (code) expect((await apply(code, order.id)).statusCode).toBe(200);
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: {
      business,
      currency: 'NGN',
      userData: { name: 'Kemi Adeyemi', email: `kemi${Date.now()}${coupons}@example.com`, phone: '08035550000' },
      orderData: { deliveryDate: '2099-04-04', pickupLocation: 'Ikoyi LPI', recipient: { method: 'pick-up' } },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order as Order;
}

const pay = (id: string, paymentMethod = 'cardProvider') =>
  shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${id}`, payload: { business, currency: 'NGN', paymentMethod } });

/** Pay the order in full at the sandbox provider and deliver its webhook. */
async function paidByCard(order: Order) {
  const res = await pay(order.id);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as PaymentDetailsResponse;
  await shop.db.kysely.updateTable('sandbox_transaction').set({ status: 'success', amount_paid: data.amount }).where('reference', '=', data.reference!).execute();
  const raw = JSON.stringify({ event: 'charge.success', data: { status: 'success', reference: data.reference, amount: Math.round(Number(data.amount) * 100), currency: 'NGN' } });
  const key = sandboxSecret(await sandboxRootSecret(shop.db), 'paystack');
  const hook = await shop.app.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', key).update(raw).digest('hex') }, payload: raw });
  expect(hook.statusCode, hook.body).toBe(200);
  return Number(data.amount);
}

const usedCount = async (code: string) => Number((await shop.db.kysely.selectFrom('coupon').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);
const usedUp = (code: string) => ({ code: 'COUPON_USED_UP', message: `Coupon ${code} has already been used as many times as it allows` });
const lapsedNotice = (code: string, total: number) =>
  `The coupon ${code} was held for 30 minutes and has since been used up, so it was taken off this order: the total is now ₦${total.toLocaleString('en-US')}.`;

describe('a usage-limited coupon (issue 19, item 4)', () => {
  it('two anonymous calls no longer burn it: it is held 30 minutes for the order, then free again', async () => {
    const at = clock();
    const code = await oneUseCoupon();
    const squatter = await newOrder();
    expect((await apply(code, squatter.id)).statusCode).toBe(200);
    const shopper = await newOrder();
    // Held for the first order: nobody else is promised the last use meanwhile.
    expect((await apply(code, shopper.id)).json()).toMatchObject(usedUp(code));
    at(29);
    expect((await apply(code, shopper.id)).json()).toMatchObject(usedUp(code));
    // 30 minutes on, the unpaid order's hold has lapsed: the coupon is free for a shopper who pays.
    at(31);
    const res = await apply(code, shopper.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({ coupon: code, discount: 2000, total: product.price - 2000 });
    expect(await usedCount(code)).toBe(0); // held, not used: nothing is paid yet
  });

  it('is counted when the order is paid (card webhook), and then stays used', async () => {
    const at = clock();
    const code = await oneUseCoupon();
    const order = await checkedOut(code);
    expect(order).toMatchObject({ coupon: code, total: product.price - 2000 });
    expect(await usedCount(code)).toBe(0);
    expect(await paidByCard(order)).toBe(product.price - 2000);
    expect(await usedCount(code)).toBe(1);
    expect(await shop.db.kysely.selectFrom('coupon_redemption').select(['paid_at', 'held_until']).where('order_id', '=', order.id).executeTakeFirst()).toMatchObject({ paid_at: expect.any(String), held_until: null });
    // Used: no hold lapses, a day later it is still used up.
    at(24 * 60);
    const other = await newOrder();
    expect((await apply(code, other.id)).json()).toMatchObject(usedUp(code));
    expect((await read(order.id)).coupon).toBe(code);
  });

  it('is counted when the operator confirms a transfer (pnpm orders mark-paid, the back office)', async () => {
    const code = await oneUseCoupon();
    const order = await checkedOut(code);
    expect((await pay(order.id, 'gtbTransfer')).statusCode).toBe(200);
    await markPaid(shop.db, order.orderNumber!);
    expect(await usedCount(code)).toBe(1);
    expect((await apply(code, (await newOrder()).id)).json()).toMatchObject(usedUp(code));
  });

  it('a lapsed hold is taken again silently when the coupon is still free', async () => {
    const at = clock();
    const code = await oneUseCoupon();
    const order = await checkedOut(code);
    at(45);
    const again = await read(order.id);
    expect(again).toMatchObject({ coupon: code, discount: 2000, total: product.price - 2000 });
    expect(again.couponNotice).toBeUndefined();
    // Held again from now: another order cannot take it.
    expect((await apply(code, (await newOrder()).id)).json()).toMatchObject(usedUp(code));
    // Paying takes the discounted amount: the coupon is held for this order.
    expect(await paidByCard(order)).toBe(product.price - 2000);
    expect(await usedCount(code)).toBe(1);
  });

  it('lapsed and used up meanwhile: the order is repriced without it on the next read, and the shopper is told', async () => {
    const at = clock();
    const code = await oneUseCoupon();
    const late = await checkedOut(code);
    at(31);
    const prompt = await checkedOut(code); // took the coupon once the first hold lapsed
    expect(prompt).toMatchObject({ coupon: code, total: product.price - 2000 });
    const seen = await read(late.id);
    expect(seen).toMatchObject({ coupon: null, discount: 0, total: product.price, couponNotice: lapsedNotice(code, product.price) });
    // The notice stays until the shopper puts a coupon on or takes it off (a refused code changes nothing).
    expect((await apply('NOSUCHCODE', late.id)).statusCode).toBe(400);
    expect((await read(late.id)).couponNotice).toBe(lapsedNotice(code, product.price));
    expect((await apply(code, late.id)).json()).toMatchObject(usedUp(code));
    const removed = await shop.app.inject({ method: 'DELETE', url: `/v1/orders/order/delete-coupon/${late.id}?business=${business}` });
    expect(removed.json().data.couponNotice).toBeUndefined();
  });

  it('lapsed and used up meanwhile: paying never takes the discounted amount (409 with the new total, nothing started)', async () => {
    const at = clock();
    const code = await oneUseCoupon();
    const late = await checkedOut(code);
    at(31);
    await checkedOut(code);
    const res = await pay(late.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'COUPON_LAPSED', message: lapsedNotice(code, product.price) });
    expect(await shop.db.kysely.selectFrom('payment_attempt').select('id').where('order_id', '=', late.id).execute()).toEqual([]);
    // Told once, the shopper pays the full price.
    expect(await paidByCard(late)).toBe(product.price);
    expect(await usedCount(code)).toBe(0); // it was paid without the coupon
  });

  it('a transfer confirmed after its hold lapsed still counts the use, flagged for the operator when someone else holds it', async () => {
    const at = clock();
    const code = await oneUseCoupon();
    const late = await checkedOut(code);
    expect((await pay(late.id, 'gtbTransfer')).statusCode).toBe(200);
    at(31);
    const other = await checkedOut(code); // the hold lapsed: another shopper is promised the use
    expect(other.coupon).toBe(code);
    // The transfer arrives at the price the shop asked: the use counts, beyond the limit.
    await markPaid(shop.db, late.orderNumber!, new Date());
    expect(await usedCount(code)).toBe(1);
    const flags = await shop.db.kysely.selectFrom('payment_event').select(['kind', 'detail']).where('order_id', '=', late.id).where('kind', '=', 'coupon over its limit').execute();
    expect(flags).toHaveLength(1);
    expect(JSON.parse(flags[0]!.detail)).toMatchObject({ coupon: code, usageLimit: 1, used: 1, heldByOthers: 1 });
    const history = await executePaymentsCommand(shop.db, { kind: 'history', orderNumber: late.orderNumber! });
    expect(history).toContain('coupon over its limit');
    // The other order is no longer promised it: paying tells its shopper and takes the full price.
    const res = await pay(other.id);
    expect(res.json()).toMatchObject({ code: 'COUPON_LAPSED', message: lapsedNotice(code, product.price) });
  });
});
