import type { Order } from '@adire/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers';

// Issue 19, item 11: every answer with personal data says `Cache-Control: private, no-store`, so no
// browser history, shared proxy or CDN keeps an order, an account or a session.
let shop: TestShop;
const business = 'adire-blooms';
let sku: string;

beforeAll(async () => {
  shop = await startTestShop();
  sku = (
    await shop.db.kysely
      .selectFrom('product_variant')
      .innerJoin('product', 'product.id', 'product_variant.product_id')
      .select('product_variant.sku')
      .where('product.in_stock', '=', 1)
      .orderBy('product_variant.sku')
      .executeTakeFirstOrThrow()
  ).sku;
});
afterAll(() => shop.close());

const seen: { name: string; res: LightMyRequestResponse }[] = [];
async function call(name: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await shop.app.inject(options);
  seen.push({ name, res });
  return res;
}

describe('answers with personal data', () => {
  it('are private and never stored: account, session, cart, order, tracker, checkout, payment', async () => {
    const email = `private.${Date.now()}@example.com`;
    const signup = await call('signup', { method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email, password: 'Petals-and-rain', name: 'Ada Obi' } });
    expect(signup.statusCode, signup.body).toBe(201);
    const token = signup.json().data.authToken as string;
    const auth = { authorization: `Bearer ${token}` };
    await call('login', { method: 'POST', url: '/v1/storefront/auth/login', payload: { business, email, password: 'Petals-and-rain' } });
    await call('wrong login', { method: 'POST', url: '/v1/storefront/auth/login', payload: { business, email, password: 'not-the-password' } });
    await call('handshake with a user', { url: `/v1/storefront/handshake?business=${business}`, headers: auth });
    await call('cart save', { method: 'PUT', url: `/v1/cart-item/update?business=${business}`, headers: auth, payload: { business, cartItems: [{ SKU: sku, quantity: 1 }] } });
    await call('one-time code', { method: 'POST', url: '/v1/storefront/auth/otp/request', payload: { business, email } });

    const created = await call('order create', { method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
    const order = created.json().data as Order;
    await call('order read', { url: `/v1/orders/order/${order.id}?business=${business}` });
    await call('order update', { method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 2 }] } });
    await call('sender info', { method: 'PUT', url: `/v1/orders/order/save-sender-info/${order.id}`, payload: { business, name: 'Ada Obi', email, phone: '08031234567' } });
    await call('coupon', { method: 'POST', url: `/v1/coupon/validate?business=${business}`, payload: { business, code: 'NOSUCH', order: order.id } });
    await call('coupon removed', { method: 'DELETE', url: `/v1/orders/order/delete-coupon/${order.id}?business=${business}` });
    const checkout = await call('checkout', {
      method: 'PUT',
      url: `/v1/orders/order/checkout-order/${order.id}`,
      payload: { business, currency: 'NGN', userData: { name: 'Ada Obi', email, phone: '08031234567' }, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const number = (checkout.json().data.order as Order).orderNumber;
    await call('tracker', { url: `/v1/orders/order/order-number/${number}?business=${business}` });
    await call('tracker with contact', { url: `/v1/orders/order/order-number/${number}?business=${business}&email=${encodeURIComponent(email)}` });
    await call('delivery quote', { url: `/v1/orders/order/delivery-quote/${order.id}?business=${business}&method=pick-up` });
    await call('payment method', { method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    await call('transfer notice', { method: 'PUT', url: `/v1/orders/order/transfer-notice/${order.id}`, payload: { business, amount: 1000, accountName: 'Ada Obi', reference: 'REF1' } });
    await call('unknown order', { url: `/v1/orders/order/no-such-order?business=${business}` });
    await call('change password', { method: 'PUT', url: '/v1/storefront/auth/change-password', headers: auth, payload: { business, password: 'Another-long-one', currentPassword: 'Petals-and-rain' } });
    await call('logout', { method: 'POST', url: '/v1/storefront/auth/logout', headers: auth, payload: { business } });

    const notPrivate = seen.filter(({ res }) => res.headers['cache-control'] !== 'private, no-store').map(({ name, res }) => `${name} (${res.statusCode}): ${String(res.headers['cache-control'])}`);
    expect(notPrivate).toEqual([]);
    expect(seen.length).toBeGreaterThanOrEqual(20);
    // Mostly answers that carry the shopper's data, not refusals.
    expect(seen.filter(({ res }) => res.statusCode < 300).length).toBeGreaterThanOrEqual(16);
  });

  it('leaves the public catalogue answers cacheable (they carry no personal data)', async () => {
    const res = await shop.app.inject({ url: `/v1/catalog/categories?business=${business}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const anonymous = await shop.app.inject({ url: `/v1/storefront/handshake?business=${business}` });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
