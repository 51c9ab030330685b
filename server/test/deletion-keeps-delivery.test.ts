import type { Order } from '@adire/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseDueData } from '../src/domains/account/testing';
import { accountOrdersPart, advanceOrder } from '../src/domains/orders';
import { confirmTransfer as markPaid, orderPaymentRecords } from '../src/domains/payments';
import { startTestShop, type TestShop } from './helpers';

// Issue 38, item 4: deleting an account with a paid, undelivered order. The order keeps what its
// delivery (and a refund) needs until it is delivered or refunded, then that is erased too. The
// review's case: 200, and the day sheet said "Deleted account" with no address.
let shop: TestShop;
const business = 'adire-blooms';
const clock = { at: new Date('2020-03-02T09:00:00.000Z') };
let sku: string;
const parts = () => [accountOrdersPart(orderPaymentRecords)];

async function call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  const { token, ...rest } = options;
  return shop.app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers } });
}

async function signup(email: string): Promise<string> {
  const res = await call({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email, password: 'Petals-and-rain', name: 'Chidi Eze' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.authToken as string;
}

async function placeOrder(token: string, email: string, recipientName: string, deliveryDate: string): Promise<Order> {
  const created = await call({ method: 'POST', url: '/v1/orders/order/create', token, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data as Order;
  const checkout = await call({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    token,
    payload: {
      business,
      currency: 'NGN',
      shouldCreateAccount: false,
      shouldSaveAddress: false,
      userData: { name: 'Chidi Eze', email, phone: '+2348031113333', phoneCountryCode: '+234' },
      orderData: {
        deliveryDate,
        deliveryZone: 'Lekki / Ajah',
        deliveryMessage: 'With love, always',
        deliveryInstruction: 'Ring twice',
        recipient: { name: recipientName, phone: '+2348095557777', phoneCountryCode: '+234', address: '12 Bourdillon Road, Ikoyi', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  return checkout.json().data.order as Order;
}

const row = (id: string) => shop.db.kysely.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const deleteAccount = async (token: string) => {
  const res = await call({ method: 'DELETE', url: '/v1/storefront/account', token, payload: { business, password: 'Petals-and-rain', confirmation: 'DELETE' } });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  shop = await startTestShop({ now: () => clock.at });
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

describe('deleting an account with a paid order not yet delivered', () => {
  it('keeps the delivery’s recipient, address, message and contact until delivered, then erases them', async () => {
    const email = 'chidi.eze@example.com';
    const token = await signup(email);
    const paid = await placeOrder(token, email, 'Ngozi Eze', '2020-03-10');
    const unpaid = await placeOrder(token, email, 'Emeka Eze', '2020-03-11');
    await markPaid(shop.db, paid.orderNumber!, clock.at);
    await deleteAccount(token);

    // The paid order: no longer the account's, but everything its delivery and a refund need.
    const kept = await row(paid.id);
    expect(kept).toMatchObject({ user_id: null, client_name: 'Chidi Eze', client_email: email, client_phone: expect.stringContaining('8031113333'), delivery_message: 'With love, always', delivery_instruction: 'Ring twice' });
    expect(kept.delivery_details).toContain('12 Bourdillon Road, Ikoyi');
    expect(kept.erase_after_delivery).toBe(clock.at.toISOString());
    // The unpaid one is erased at once, as before.
    expect(await row(unpaid.id)).toMatchObject({ user_id: null, client_name: 'Deleted account', client_email: null, delivery_details: '{}', delivery_message: null });
    // The account itself is gone, and so is the mail already sent to it (P11): no address, subject or body.
    expect(await shop.db.kysely.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const mailed = await shop.db.kysely.selectFrom('mail_outbox').select(['raw', 'text_body']).where('to_address', '=', email).execute();
    expect(mailed.filter((m) => m.raw !== '')).toEqual([]); // only a message not built yet may wait to go
    expect(JSON.stringify(await shop.db.kysely.selectFrom('mail_outbox').select(['subject', 'text_body', 'html_body', 'raw']).where('to_address', '=', '(erased)').execute())).not.toMatch(/Bourdillon|chidi/i);

    // The hourly look: not delivered yet, nothing erased.
    expect(await eraseDueData(shop.db, parts(), clock.at)).toBe(0);
    expect((await row(paid.id)).client_email).toBe(email);

    // Delivered: the next look erases it like the others.
    await advanceOrder(shop.db, paid.orderNumber!, 'delivered', clock.at);
    expect(await eraseDueData(shop.db, parts(), clock.at)).toBe(1);
    const erased = await row(paid.id);
    expect(erased).toMatchObject({ user_id: null, client_name: 'Deleted account', client_email: null, client_phone: null, delivery_details: '{}', delivery_message: null, delivery_instruction: null, erase_after_delivery: null });
    expect(JSON.stringify(erased)).not.toMatch(/Bourdillon|Ngozi|chidi\.eze|8031113333|With love/);
    expect(Number(erased.total)).toBe(paid.total); // the shop's accounts keep the amount
  });

  it('erases a kept order whose delivery never came 30 days after its day (a refund is settled by then)', async () => {
    const email = 'amaka.eze@example.com';
    const token = await signup(email);
    const paid = await placeOrder(token, email, 'Ifeoma Eze', '2020-03-10');
    await markPaid(shop.db, paid.orderNumber!, clock.at);
    await deleteAccount(token);
    expect(await eraseDueData(shop.db, parts(), new Date('2020-04-09T12:00:00.000Z'))).toBe(0);
    expect((await row(paid.id)).client_email).toBe(email);
    expect(await eraseDueData(shop.db, parts(), new Date('2020-04-10T12:00:00.000Z'))).toBe(1);
    expect(await row(paid.id)).toMatchObject({ client_email: null, delivery_details: '{}', erase_after_delivery: null });
  });
});
