import type { Order, OrderTrackerResponse } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKER_LOOKUP_LIMIT, TRACKER_VERIFY_LIMIT } from '../src/domains/orders/testing';
import { startTestShop, type TestShop } from './helpers';

// Issue 19, item 12 (order numbers follow each other: 35 of 40 were enumerated with their payment
// status, day and method) and item 7's tracker half (twenty wrong checks locked the sender out).

const business = 'adire-blooms';
let shop: TestShop;
let number: string;
const sender = { name: 'Femi Bello', email: 'femi.tracker@example.com', phone: '08035556666' };

beforeAll(async () => {
  shop = await startTestShop();
  const { sku } = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select('product_variant.sku')
    .where('product.in_stock', '=', 1)
    .orderBy('product_variant.sku')
    .executeTakeFirstOrThrow();
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  const order = created.json().data as Order;
  const done = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: { business, currency: 'NGN', userData: sender, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
  });
  expect(done.statusCode, done.body).toBe(200);
  number = (done.json().data.order as Order).orderNumber!;
});
afterAll(() => shop.close());

const track = (ip: string, query = '') =>
  shop.app.inject({ url: `/v1/orders/order/order-number/${number}?business=${business}${query}`, remoteAddress: ip });

describe('the tracker without the sender’s phone or e-mail (item 12)', () => {
  it('says only the stage: no payment status, day, method or timeline', async () => {
    const res = await track('198.51.100.40');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { orderNumber: number, status: 'received', verified: false }, status: 'received' });
    const wrong = await track('198.51.100.40', '&phone=08030000000');
    expect(wrong.json().data).toEqual({ orderNumber: number, status: 'received', verified: false });
  });

  it('limits anonymous look-ups per client', async () => {
    const ip = '198.51.100.41';
    for (let i = 0; i < TRACKER_LOOKUP_LIMIT.max; i++) expect((await track(ip)).statusCode).toBe(200);
    const limited = await track(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await track('198.51.100.42')).statusCode).toBe(200);
  });

  it('tells the sender everything', async () => {
    const data = (await track('198.51.100.43', `&email=${encodeURIComponent(sender.email)}`)).json().data as OrderTrackerResponse;
    expect(data).toMatchObject({ verified: true, paymentStatus: 'not paid', deliveryDate: '2099-03-10', deliveryMethod: 'pickup' });
    expect(data.timeline).toHaveLength(5);
  });
});

describe("a stranger's wrong checks do not lock the sender out (item 7)", () => {
  it('the stranger is limited; the sender on another connection still sees the details', async () => {
    const stranger = '203.0.113.90';
    for (let i = 0; i < TRACKER_VERIFY_LIMIT.max; i++) {
      expect((await track(stranger, `&phone=080300000${String(i).padStart(2, '0')}`)).json().data.verified).toBe(false);
    }
    expect((await track(stranger, `&phone=${sender.phone}`)).statusCode).toBe(429);
    const owner = await track('198.51.100.44', `&phone=${sender.phone}`);
    expect(owner.statusCode).toBe(200);
    expect((owner.json().data as OrderTrackerResponse).verified).toBe(true);
  });
});
