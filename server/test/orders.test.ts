import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers';

let shop: TestShop;
let roses: { sku: string; price: number };
let design: { title: string; code: string; price: number };
const business = 'adire-blooms';

beforeAll(async () => {
  shop = await startTestShop();
  const variant = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select(['product_variant.sku', 'product_variant.price_ngn', 'product.id'])
    .where('product.slug', '=', 'ruby-romance-red-roses')
    .orderBy('product_variant.position')
    .executeTakeFirstOrThrow();
  roses = { sku: variant.sku, price: Number(variant.price_ngn) };
  const priced = await shop.db.kysely
    .selectFrom('product_design')
    .innerJoin('design_option', 'design_option.code', 'product_design.design_code')
    .select(['design_option.title', 'design_option.code', 'design_option.price_ngn'])
    .where('product_design.product_id', '=', variant.id)
    .where('design_option.price_ngn', '>', 0)
    .executeTakeFirstOrThrow();
  design = { title: priced.title, code: priced.code, price: Number(priced.price_ngn) };
});
afterAll(() => shop.close());

const create = (payload: Record<string, unknown>) => shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, ...payload } });

describe('orders', () => {
  it('creates an order priced by the server, whatever price the client sends, in the order currency', async () => {
    const res = await create({ deliveryDate: '', currency: 'USD', cartItems: [{ SKU: roses.sku, quantity: 2, price: 1, design: { title: design.title, price: 0, quantity: 2 } }] });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(order.currency).toBe('USD');
    expect(order.cartItems[0]).toMatchObject({ SKU: roses.sku, price: roses.price, quantity: 2, design: { title: design.title, price: design.price, quantity: 2 } });
    const unit = Math.ceil(roses.price / 700);
    const designUnit = Math.ceil(design.price / 700);
    expect(order.subtotal).toBe(unit * 2);
    expect(order.total).toBe((unit + designUnit) * 2);
    expect(order.paymentStatus).toBe('not paid');

    const fetched = await shop.app.inject(`/v1/orders/order/${order.id}?business=${business}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ data: { id: order.id, total: order.total }, status: 'not paid' });
  });

  it('refuses unknown SKUs, bad quantities, bad currencies, past dates and empty carts with clear 400s', async () => {
    const unknown = await create({ currency: 'NGN', cartItems: [{ SKU: 'NOPE-1', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: "We do not sell an item with SKU 'NOPE-1'", fields: { 'cartItems.0.SKU': 'is unknown' } });
    for (const quantity of [0, 100, 2.5, -3]) {
      const bad = await create({ currency: 'NGN', cartItems: [{ SKU: roses.sku, quantity }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^Quantity of .+ must be between 1 and 99$/);
    }
    const currency = await create({ currency: 'EUR', cartItems: [{ SKU: roses.sku, quantity: 1 }] });
    expect(currency.json()).toMatchObject({ message: "Unknown currency 'EUR': use one of NGN, USD, GBP", fields: { currency: 'is unknown' } });
    const past = await create({ currency: 'NGN', deliveryDate: '2020-01-01', cartItems: [{ SKU: roses.sku, quantity: 1 }] });
    expect(past.json().fields).toEqual({ deliveryDate: 'is in the past' });
    const empty = await create({ currency: 'NGN', cartItems: [] });
    expect(empty.json().message).toBe('Your cart is empty: add something before checking out');
    const count = await shop.db.kysely.selectFrom('shop_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1); // only the order of the first test
  });

  it("accepts a design given by its code ('in-vase'), as title or as code, and keeps it under its title", async () => {
    for (const given of [{ title: design.code }, { code: design.code }]) {
      const res = await create({ currency: 'NGN', cartItems: [{ SKU: roses.sku, quantity: 1, design: given }] });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.cartItems[0].design).toEqual({ title: design.title, price: design.price, quantity: 1 });
    }
  });

  it('updates an order, empties it with cartItems null, and refuses to change a paid order (409)', async () => {
    const order = (await create({ currency: 'NGN', cartItems: [{ SKU: roses.sku, quantity: 1 }] })).json().data;
    const update = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'GBP', deliveryDate: '', cartItems: [{ SKU: roses.sku, quantity: 3 }] } });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toMatchObject({ currency: 'GBP', subtotal: Math.ceil(roses.price / 890) * 3 });
    const emptied = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'GBP', deliveryDate: '', cartItems: null } });
    expect(emptied.json().data).toMatchObject({ cartItems: null, orderProducts: [], total: 0 });

    await shop.db.kysely.updateTable('shop_order').set({ payment_status: 'paid' }).where('id', '=', order.id).execute();
    const locked = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'NGN', cartItems: [{ SKU: roses.sku, quantity: 1 }] } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('This order has been paid and can no longer be changed');
    // Bad input is a 400 whatever the order's state: the cart is checked before the paid order refuses it.
    const unknown = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'NGN', cartItems: [{ SKU: 'NOPE-1', quantity: 1 }] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: "We do not sell an item with SKU 'NOPE-1'", fields: { 'cartItems.0.SKU': 'is unknown' } });
  });

  it('changes only the currency when no cartItems are sent: the order keeps its items and date, re-priced', async () => {
    const order = (await create({ currency: 'NGN', deliveryDate: '2099-06-01', cartItems: [{ SKU: roses.sku, quantity: 2 }] })).json().data;
    const switched = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'GBP' } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({
      currency: 'GBP',
      deliveryDate: '2099-06-01',
      cartItems: [expect.objectContaining({ SKU: roses.sku, quantity: 2 })],
      subtotal: Math.ceil(roses.price / 890) * 2,
    });
    // '' (what the cart sends for a guest) keeps the order's date: an update never wipes it.
    const back = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'NGN', deliveryDate: '' } });
    expect(back.json().data).toMatchObject({ currency: 'NGN', deliveryDate: '2099-06-01', total: roses.price * 2 });
  });

  it('answers 404 for an unknown order id and 400 for a malformed one', async () => {
    const missing = await shop.app.inject(`/v1/orders/order/AAAAAAAAAAAAAAAAAAAAAA?business=${business}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('We could not find that order');
    const malformed = await shop.app.inject(`/v1/orders/order/${encodeURIComponent("x' or 1=1")}?business=${business}`);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('saved cart', () => {
  it('needs a logged-in shopper, drops unknown SKUs and takes prices from the catalogue', async () => {
    const anonymous = await shop.app.inject({ method: 'PUT', url: `/v1/cart-item/update?business=${business}`, payload: { cartItems: [] } });
    expect(anonymous.statusCode).toBe(401);
    const signup = await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'cart-tester@example.com', password: 'long-enough-1' } });
    const token = signup.json().data.authToken as string;
    const saved = await shop.app.inject({
      method: 'PUT',
      url: `/v1/cart-item/update?business=${business}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { cartItems: [{ SKU: roses.sku, quantity: 2, price: 5 }, { SKU: '', quantity: 1 }, { SKU: 'GONE', quantity: 1 }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.cartItems).toEqual([expect.objectContaining({ SKU: roses.sku, quantity: 2, price: roses.price })]);
    const login = await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/login', payload: { business, email: 'cart-tester@example.com', password: 'long-enough-1' } });
    expect(login.json().data.cartItems).toEqual([expect.objectContaining({ SKU: roses.sku, quantity: 2 })]);
  });
});
