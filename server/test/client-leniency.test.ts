import type { Order } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers';

// Issue 19, items 15–17: leniency toward real clients (the original storefront's calls replayed).
let shop: TestShop;
const business = 'adire-blooms';
let sku: string;

beforeAll(async () => {
  shop = await startTestShop();
  const row = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select('product_variant.sku')
    .where('product.in_stock', '=', 1)
    .orderBy('product_variant.sku')
    .executeTakeFirstOrThrow();
  sku = row.sku;
});
afterAll(() => shop.close());

async function createOrder(): Promise<Order> {
  const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

describe('an empty JSON body is no body (item 15)', () => {
  it('takes DELETE delete-coupon with content-type application/json and nothing after it', async () => {
    const order = await createOrder();
    const res = await shop.app.inject({
      method: 'DELETE',
      url: `/v1/orders/order/delete-coupon/${order.id}?business=${business}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toBeTruthy();
  });

  it('still refuses malformed JSON and a body that is only half there', async () => {
    for (const payload of ['{', '{"business":', 'nonsense']) {
      const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    }
  });

  it('treats an empty body on a call that needs one as missing fields, not as broken JSON', async () => {
    const res = await shop.app.inject({ method: 'POST', url: `/v1/orders/order/create?business=${business}`, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).not.toBe('MALFORMED_JSON');
  });
});

describe('SPEC calls whose payload names no business (item 16)', () => {
  it('delete-coupon without business means this shop; an unknown business is still a 400', async () => {
    const order = await createOrder();
    const plain = await shop.app.inject({ method: 'DELETE', url: `/v1/orders/order/delete-coupon/${order.id}` });
    expect(plain.statusCode, plain.body).toBe(200);
    const other = await shop.app.inject({ method: 'DELETE', url: `/v1/orders/order/delete-coupon/${order.id}?business=someone-else` });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'UNKNOWN_BUSINESS' });
  });

  it('update-payment-details without business reaches the payment logic', async () => {
    const order = await createOrder();
    const res = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    // Not checked out yet: the payment logic answers, not the business check.
    expect(res.json().code, res.body).toBe('CHECKOUT_REQUIRED');
    const other = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business: 'someone-else', currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('UNKNOWN_BUSINESS');
  });

  it('submit-review without business reaches the review logic', async () => {
    const order = await createOrder();
    const res = await shop.app.inject({ method: 'POST', url: `/v1/orders/order/submit-review/${order.id}`, payload: { rating: 5, comment: 'Lovely' } });
    expect(res.json().code, res.body).not.toMatch(/BUSINESS/);
    expect(res.statusCode).toBeGreaterThanOrEqual(400); // an unpaid order cannot be reviewed
    const other = await shop.app.inject({ method: 'POST', url: `/v1/orders/order/submit-review/${order.id}`, payload: { business: 'someone-else', rating: 5, comment: 'Lovely' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('UNKNOWN_BUSINESS');
  });

  it('other calls still need the business', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BUSINESS_REQUIRED');
  });
});

describe('an unknown /v1 path (item 17)', () => {
  it('answers 404 with the error envelope, with or without a business', async () => {
    for (const url of ['/v1/nothing/here', '/v1/nothing/here?business=adire-blooms', '/v1/orders/order/no/such/call']) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: `Not found: GET ${url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    const post = await shop.app.inject({ method: 'POST', url: '/v1/nothing-here', payload: { hello: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });
});
