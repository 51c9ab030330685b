import type { Order } from '@adire/contracts';
import type { AccountExport, AccountOrder, AccountPaymentRecord, AccountSession, SavedRecipient, SendAgain } from '@adire/contracts/account';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceOrder } from '../src/domains/orders';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { startTestShop, type TestShop } from './helpers';

// Issue 33: the shopper's account API. Every route is called by its owner, by another shopper, with
// no token and with bad input (a 400 naming the field, nothing changed); every answer is private.
let shop: TestShop;
const business = 'adire-blooms';
const clock = { at: new Date('2020-03-02T09:00:00.000Z') };
let sku: string;

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const seen: LightMyRequestResponse[] = [];
async function call(options: InjectOptions & { token?: string; ua?: string }): Promise<LightMyRequestResponse> {
  const { token, ua, ...rest } = options;
  const res = await shop.app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(ua ? { 'user-agent': ua } : {}), ...rest.headers } });
  if (String(rest.url).includes('/account')) seen.push(res);
  return res;
}
const get = (url: string, token?: string, ua?: string) => call({ url: `${url}${url.includes('?') ? '&' : '?'}business=${business}`, token, ua });
const ok = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
};

async function signup(email: string, ua = PHONE_UA): Promise<string> {
  const res = await call({ method: 'POST', url: '/v1/storefront/auth/signup', ua, payload: { business, email, password: 'Petals-and-rain', name: 'Ada Obi' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.authToken as string;
}
async function login(email: string, ua: string, password = 'Petals-and-rain'): Promise<LightMyRequestResponse> {
  return call({ method: 'POST', url: '/v1/storefront/auth/login', ua, payload: { business, email, password } });
}

/** A checked-out delivery order of the shopper (the recipient saved to their address book). */
async function placeOrder(token: string, email: string, recipientName: string, deliveryDate: string): Promise<Order> {
  const created = await call({ method: 'POST', url: '/v1/orders/order/create', token, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 2 }] } });
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
      shouldSaveAddress: true,
      userData: { name: 'Ada Obi', email, phone: '+2348031112222', phoneCountryCode: '+234' },
      orderData: {
        deliveryDate,
        deliveryZone: 'Lekki / Ajah',
        deliveryMessage: 'Happy birthday, Mum!',
        purpose: 'Birthday',
        deliveryInstruction: 'Call at the gate',
        recipient: { name: recipientName, phone: '+2348095556666', phoneCountryCode: '+234', address: '7 Admiralty Way, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  return checkout.json().data.order as Order;
}

let ada: { email: string; token: string; first: Order; second: Order };
let bola: { email: string; token: string };

beforeAll(async () => {
  shop = await startTestShop({ now: () => clock.at, shell: true });
  sku = (
    await shop.db.kysely
      .selectFrom('product_variant')
      .innerJoin('product', 'product.id', 'product_variant.product_id')
      .select('product_variant.sku')
      .where('product.in_stock', '=', 1)
      .orderBy('product_variant.sku')
      .executeTakeFirstOrThrow()
  ).sku;
  const adaEmail = 'ada.obi@example.com';
  const adaToken = await signup(adaEmail);
  const first = await placeOrder(adaToken, adaEmail, 'Mama Obi', '2020-03-10');
  clock.at = new Date('2020-03-02T10:00:00.000Z');
  const second = await placeOrder(adaToken, adaEmail, 'Tolu Bakare', '2020-03-12');
  ada = { email: adaEmail, token: adaToken, first, second };
  bola = { email: 'bola.ade@example.com', token: await signup('bola.ade@example.com', MAC_UA) };
});
afterAll(() => shop.close());

describe('GET /v1/storefront/account/orders', () => {
  it("lists the owner's orders newest first, in the tracker's words, paged", async () => {
    const orders = ok<AccountOrder[]>(await get('/v1/storefront/account/orders', ada.token));
    expect(orders.map((o) => o.orderNumber)).toEqual([ada.second.orderNumber, ada.first.orderNumber]);
    expect(orders[0]).toMatchObject({
      id: ada.second.id,
      deliveryDate: '2020-03-12',
      recipientName: 'Tolu Bakare',
      currency: 'NGN',
      total: ada.second.total,
      paymentStatus: 'not paid',
      paid: false,
      stage: 'received',
      stageLabel: 'Order received',
      reviewed: false,
    });
    expect(orders[0]!.items).toEqual([expect.objectContaining({ quantity: 2, SKU: sku })]);
    const page2 = ok<AccountOrder[]>(await get('/v1/storefront/account/orders?page=2&pageSize=1', ada.token));
    expect(page2.map((o) => o.orderNumber)).toEqual([ada.first.orderNumber]);
  });

  it('shows another shopper none of them, refuses no token and names a bad page', async () => {
    expect(ok<AccountOrder[]>(await get('/v1/storefront/account/orders', bola.token))).toEqual([]);
    expect((await get('/v1/storefront/account/orders')).statusCode).toBe(401);
    const bad = await get('/v1/storefront/account/orders?page=0', ada.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).join()).toMatch(/page/);
  });
});

describe('send again', () => {
  it("gives the owner's order's items at today's prices, with a word for a changed price and a gone item", async () => {
    const url = `/v1/storefront/account/orders/${ada.first.id}/again`;
    const same = ok<SendAgain>(await get(url, ada.token));
    expect(same.items).toEqual([expect.objectContaining({ SKU: sku, quantity: 2 })]);
    expect(same.notes).toEqual([]);
    expect((await get(url, bola.token)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    const bad = await get('/v1/storefront/account/orders/not%20an%20id/again', ada.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).join()).toMatch(/id/);

    const price = same.items[0]!.price;
    const variant = await shop.db.kysely.selectFrom('product_variant').select(['sku', 'price_ngn']).where('sku', '=', sku).executeTakeFirst();
    const table = variant ? 'product_variant' : 'product';
    await shop.db.kysely.updateTable(table).set({ price_ngn: price + 5000 }).where('sku', '=', sku).execute();
    try {
      const dearer = ok<SendAgain>(await get(url, ada.token));
      expect(dearer.items[0]!.price).toBe(price + 5000);
      expect(dearer.notes).toEqual([expect.objectContaining({ change: 'price', was: price, now: price + 5000 })]);
      expect(dearer.notes[0]!.message).toMatch(/ now costs ₦[\d,]+ \(was ₦[\d,]+\)$/);
    } finally {
      await shop.db.kysely.updateTable(table).set({ price_ngn: price }).where('sku', '=', sku).execute();
    }
    const productId = same.items[0]!.productId;
    await shop.db.kysely.updateTable('product').set({ in_stock: 0 }).where('id', '=', productId).execute();
    try {
      const gone = ok<SendAgain>(await get(url, ada.token));
      expect(gone.items).toEqual([]);
      expect(gone.notes).toEqual([expect.objectContaining({ change: 'gone', message: expect.stringMatching(/is no longer available, so it was not added$/) })]);
    } finally {
      await shop.db.kysely.updateTable('product').set({ in_stock: 1 }).where('id', '=', productId).execute();
    }
  });
});

describe('recipients', () => {
  it('lists, edits (the checkout rules) and deletes only the owner’s', async () => {
    const list = ok<SavedRecipient[]>(await get('/v1/storefront/account/recipients', ada.token));
    expect(list.map((r) => r.name)).toEqual(['Mama Obi', 'Tolu Bakare']);
    const mama = list[0]!;
    const url = `/v1/storefront/account/recipients/${mama.id}`;

    // Bad input: each field named, nothing changed.
    const bad = await call({ method: 'PUT', url, token: ada.token, payload: { business, recipient: { name: ' ', phone: '12', address: 'x'.repeat(501) } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'recipient.name': 'is required', 'recipient.phone': 'is not a valid phone number', 'recipient.address': 'must be at most 500 characters' });
    expect(bad.json().message).toBe('Recipient name is required');
    const missing = await call({ method: 'PUT', url, token: ada.token, payload: { business } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ recipient: 'is required' });
    // A state the shop does not deliver to: refused with the checkout's sentence (issue 44, item 3).
    const narnia = await call({ method: 'PUT', url, token: ada.token, payload: { business, recipient: { name: 'Mama Obi', phone: '0803 999 8888', address: '12 Bourdillon Road', state: 'Narnia' } } });
    expect(narnia.statusCode).toBe(400);
    expect(narnia.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: "We do not deliver to 'Narnia': choose one of lagos, abuja, other-locations", fields: { 'recipient.state': 'is not a state we deliver to' } });
    // Another shopper and no token.
    const edit = { business, recipient: { name: 'Mama Obi', phone: '0803 999 8888', phoneCountryCode: '+234', address: '12 Bourdillon Road, Ikoyi', state: 'Lagos' } };
    expect((await call({ method: 'PUT', url, token: bola.token, payload: edit })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${url}?business=${business}`, token: bola.token })).statusCode).toBe(404);
    expect((await call({ method: 'PUT', url, payload: edit })).statusCode).toBe(401);
    expect(ok<SavedRecipient[]>(await get('/v1/storefront/account/recipients', ada.token))).toEqual(list);

    const edited = ok<SavedRecipient[]>(await call({ method: 'PUT', url, token: ada.token, payload: edit }));
    expect(edited[0]).toMatchObject({ name: 'Mama Obi', phone: '+2348039998888', address: '12 Bourdillon Road, Ikoyi', state: 'lagos' }); // kept as the checkout keeps it
    expect(edited[0]!.id).not.toBe(mama.id);
    expect((await call({ method: 'PUT', url, token: ada.token, payload: edit })).statusCode).toBe(404); // the old id is gone

    const tolu = edited[1]!;
    expect((await call({ method: 'DELETE', url: `/v1/storefront/account/recipients/${tolu.id}?business=${business}` })).statusCode).toBe(401);
    const left = ok<SavedRecipient[]>(await call({ method: 'DELETE', url: `/v1/storefront/account/recipients/${tolu.id}?business=${business}`, token: ada.token }));
    expect(left.map((r) => r.name)).toEqual(['Mama Obi']);
    expect(ok<SavedRecipient[]>(await get('/v1/storefront/account/recipients', bola.token))).toEqual([]);
  });
});

describe('sessions and password', () => {
  it('lists sessions with their devices, signs one out, and everywhere else', async () => {
    const email = 'chi.eze@example.com';
    const phoneToken = await signup(email, PHONE_UA);
    const mac = (await login(email, MAC_UA)).json().data.authToken as string;
    const third = (await login(email, MAC_UA)).json().data.authToken as string;
    // A page load on a phone with the third token: its handshake names the device (after its answer).
    const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0';
    expect((await get('/v1/storefront/handshake', third, WINDOWS_UA)).statusCode).toBe(200);
    await expect.poll(async () => (await shop.db.kysely.selectFrom('auth_session').select('user_agent').where('user_agent', '=', WINDOWS_UA).execute()).length).toBe(1);
    await get('/v1/storefront/account/sessions', mac, MAC_UA); // marks the Mac's session used
    const sessions = ok<AccountSession[]>(await get('/v1/storefront/account/sessions', phoneToken, PHONE_UA));
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, device: 'Chrome on Android' });
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Edge on Windows', 'Safari on Mac']);
    expect(JSON.stringify(sessions)).not.toContain(mac);
    const macSession = sessions.find((s) => s.device === 'Safari on Mac')!;

    // Another shopper cannot end it; no token cannot; a bad id is named.
    expect((await call({ method: 'DELETE', url: `/v1/storefront/account/sessions/${macSession.id}?business=${business}`, token: bola.token })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/v1/storefront/account/sessions/${macSession.id}?business=${business}` })).statusCode).toBe(401);
    const bad = await call({ method: 'DELETE', url: `/v1/storefront/account/sessions/${'x'.repeat(65)}?business=${business}`, token: phoneToken });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).join()).toMatch(/id/);
    expect((await get('/v1/storefront/account/sessions', mac)).statusCode).toBe(200);

    const after = ok<AccountSession[]>(await call({ method: 'DELETE', url: `/v1/storefront/account/sessions/${macSession.id}?business=${business}`, token: phoneToken }));
    expect(after).toHaveLength(2);
    expect((await get('/v1/storefront/account/sessions', mac)).statusCode).toBe(401);

    expect((await call({ method: 'POST', url: '/v1/storefront/account/sessions/sign-out-others', payload: { business } })).statusCode).toBe(401);
    const everywhere = ok<{ ended: number; sessions: AccountSession[] }>(
      await call({ method: 'POST', url: '/v1/storefront/account/sessions/sign-out-others', token: phoneToken, payload: { business } }),
    );
    expect(everywhere.ended).toBe(1);
    expect(everywhere.sessions.map((s) => s.current)).toEqual([true]);
    expect((await get('/v1/storefront/account/sessions', third)).statusCode).toBe(401);
    // Bola's sessions were never touched.
    expect((await get('/v1/storefront/account/sessions', bola.token)).statusCode).toBe(200);
    const badBody = await call({ method: 'POST', url: '/v1/storefront/account/sessions/sign-out-others', token: phoneToken, payload: { business: 7 } });
    expect(badBody.statusCode).toBe(400);
  });

  it('labels a session with the device it logged in from, before its first call', async () => {
    const email = 'efe.uko@example.com';
    const here = await signup(email, PHONE_UA);
    expect((await login(email, MAC_UA)).statusCode).toBe(200);
    const code = await call({ method: 'POST', url: '/v1/storefront/auth/login', payload: { business, email, password: 'Petals-and-rain' } });
    expect(code.statusCode).toBe(200);
    // The Mac's session never made a call of its own; the one without a user agent stays unknown.
    const sessions = ok<AccountSession[]>(await get('/v1/storefront/account/sessions', here, PHONE_UA));
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Safari on Mac', 'Unknown device']);
  });

  it("labels the session of checkout's free account with the device it was made from", async () => {
    const email = 'funmi.ade@example.com';
    const created = await call({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
    const checkout = await call({
      method: 'PUT',
      url: `/v1/orders/order/checkout-order/${(created.json().data as Order).id}`,
      ua: MAC_UA,
      payload: {
        business,
        currency: 'NGN',
        shouldCreateAccount: true,
        userData: { name: 'Funmi Ade', email, phone: '+2348031112222', phoneCountryCode: '+234', password: 'Petals-and-rain' },
        orderData: { deliveryDate: '2020-03-12', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } },
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().data.user.authToken).toBeTruthy();
    // Made on the shop's clock (2020 here), so read from its row: the device is there before any use.
    const row = await shop.db.kysely.selectFrom('auth_session').innerJoin('app_user', 'app_user.id', 'auth_session.user_id').select(['auth_session.user_agent', 'auth_session.last_used_at']).where('app_user.email', '=', email).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_agent: MAC_UA, last_used_at: null });
  });

  it('changing the password needs the current one and ends the other sessions', async () => {
    const email = 'dayo.ola@example.com';
    const here = await signup(email, PHONE_UA);
    const other = (await login(email, MAC_UA)).json().data.authToken as string;
    const wrong = await call({ method: 'PUT', url: '/v1/storefront/auth/change-password', token: here, payload: { business, password: 'A-new-long-one', currentPassword: 'not it' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().fields).toEqual({ currentPassword: 'is not right' });
    const weak = await call({ method: 'PUT', url: '/v1/storefront/auth/change-password', token: here, payload: { business, password: 'short', currentPassword: 'Petals-and-rain' } });
    expect(weak.statusCode).toBe(400);
    expect((await get('/v1/storefront/account/sessions', other)).statusCode).toBe(200);
    ok(await call({ method: 'PUT', url: '/v1/storefront/auth/change-password', token: here, payload: { business, password: 'A-new-long-one', currentPassword: 'Petals-and-rain' } }));
    expect((await get('/v1/storefront/account/sessions', other)).statusCode).toBe(401);
    expect(ok<AccountSession[]>(await get('/v1/storefront/account/sessions', here))).toHaveLength(1);
    expect((await login(email, MAC_UA, 'A-new-long-one')).statusCode).toBe(200);
  });
});

describe('a paid and delivered order', () => {
  it('is offered for review until reviewed (the tracker’s rules), and its payment records are in my data', async () => {
    const number = ada.first.orderNumber!;
    // A card payment started at Paystack (never finished), then the money confirmed by transfer.
    const started = await call({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${ada.first.id}`, payload: { business, currency: 'NGN', paymentMethod: 'cardProvider' } });
    expect(started.statusCode, started.body).toBe(200);
    await markPaid(shop.db, number);
    await advanceOrder(shop.db, number, 'delivered');
    const listed = async (token = ada.token) => ok<AccountOrder[]>(await get('/v1/storefront/account/orders', token)).find((o) => o.id === ada.first.id);
    expect(await listed()).toMatchObject({ paid: true, stage: 'delivered', stageLabel: 'Delivered', reviewed: false });
    expect(ok<AccountOrder[]>(await get('/v1/storefront/account/orders', bola.token))).toEqual([]);

    // The review form's call: a wrong rating is named and changes nothing; a right one is kept once.
    const review = (payload: Record<string, unknown>) => call({ method: 'POST', url: `/v1/orders/order/submit-review/${ada.first.id}`, payload: { business, ...payload } });
    const bad = await review({ rating: 9, comment: 'Lovely' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['rating']);
    expect((await listed())!.reviewed).toBe(false);
    expect((await review({ rating: 5, comment: 'Mum loved the roses' })).statusCode).toBe(201);
    expect((await listed())!.reviewed).toBe(true);
    expect((await review({ rating: 4 })).statusCode).toBe(409);

    // My data: the order with each payment record (provider, state, amount, currency, dates), no secrets.
    const res = await get('/v1/storefront/account/export', ada.token);
    const order = (ok<AccountExport>(res).orders as (Order & { payments: AccountPaymentRecord[]; reviews: { rating: number }[] })[]).find((o) => o.id === ada.first.id)!;
    expect(order.paymentStatus).toBe('paid - confirmed by transfer');
    expect(order.reviews.map((r) => Number(r.rating))).toEqual([5]);
    expect(order.payments).toEqual([
      { kind: 'started', provider: 'paystack', method: 'cardProvider', reference: expect.any(String), state: 'pending', amount: ada.first.total, currency: 'NGN', createdAt: expect.any(String), updatedAt: expect.any(String) },
      { kind: 'received', provider: 'manual', method: expect.any(String), reference: expect.any(String), state: 'paid - confirmed by transfer', amount: ada.first.total, currency: 'NGN', createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    const second = (ok<AccountExport>(res).orders as { id: string; payments: unknown[] }[]).find((o) => o.id === ada.second.id)!;
    expect(second.payments).toEqual([]);
    // Made in the same millisecond (a fast machine does that), they still come in the payment's own order.
    const at = (await shop.db.kysely.selectFrom('payment').select('created_at').where('order_id', '=', ada.first.id).executeTakeFirstOrThrow()).created_at;
    await shop.db.kysely.updateTable('payment_attempt').set({ created_at: at }).where('order_id', '=', ada.first.id).execute();
    const sameMoment = (ok<AccountExport>(await get('/v1/storefront/account/export', ada.token)).orders as { id: string; payments: AccountPaymentRecord[] }[]).find((o) => o.id === ada.first.id)!;
    expect(sameMoment.payments.map((p) => [p.kind, p.createdAt])).toEqual([
      ['started', at],
      ['received', at],
    ]);
    const providerRef = await shop.db.kysely.selectFrom('payment_attempt').select('provider_reference').where('order_id', '=', ada.first.id).executeTakeFirstOrThrow();
    if (providerRef.provider_reference) expect(res.body).not.toContain(providerRef.provider_reference);
    expect(res.body).not.toMatch(/provider_reference|providerReference|access_code|authorization_url|redirectUrl|sandbox/);
  });
});

describe('my data and deleting the account', () => {
  it('downloads everything held on the owner, sessions without tokens', async () => {
    expect((await get('/v1/storefront/account/export')).statusCode).toBe(401);
    const res = await get('/v1/storefront/account/export', ada.token);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="adire-blooms-my-data-2020-03-02\.json"$/);
    const data = ok<AccountExport>(res);
    expect(data.profile).toMatchObject({ email: ada.email, name: 'Ada Obi' });
    expect((data.recipients as { name: string }[]).map((r) => r.name)).toEqual(['Mama Obi']);
    expect((data.orders as Order[]).map((o) => o.orderNumber).sort()).toEqual([ada.first.orderNumber, ada.second.orderNumber].sort());
    expect(data.newsletter).toEqual({ status: 'not subscribed' });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain(ada.token);
    expect(res.body).not.toContain('token_hash');
    const bolas = ok<AccountExport>(await get('/v1/storefront/account/export', bola.token));
    expect(bolas.orders).toEqual([]);
    expect(JSON.stringify(bolas)).not.toContain('Mama Obi');
    const bad = await get('/v1/storefront/account/export?business=another-shop', ada.token);
    expect(bad.statusCode).toBe(400);
  });

  it('deletes with the password and the typed word; the orders stay without personal data; the e-mail registers again', async () => {
    const del = (token: string | undefined, payload: Record<string, unknown>) => call({ method: 'DELETE', url: '/v1/storefront/account', token, payload: { business, ...payload } });
    const count = async () => ({
      users: (await shop.db.kysely.selectFrom('app_user').select('id').where('email', '=', ada.email).execute()).length,
      named: (await shop.db.kysely.selectFrom('shop_order').select('id').where('client_email', '=', ada.email).execute()).length,
    });
    const before = await count();
    expect(before).toEqual({ users: 1, named: 2 });

    expect((await del(undefined, { password: 'Petals-and-rain', confirmation: 'DELETE' })).statusCode).toBe(401);
    const noPassword = await del(ada.token, { confirmation: 'DELETE' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toMatchObject({ password: 'is required' });
    const noWord = await del(ada.token, { password: 'Petals-and-rain', confirmation: 'delete it' });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json().fields).toEqual({ confirmation: 'must be DELETE' });
    const wrong = await del(ada.token, { password: 'not-my-password', confirmation: 'DELETE' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().fields).toEqual({ password: 'is not right' });
    // Bola's token deletes Bola's account only — with Ada's password it is refused.
    expect((await del(bola.token, { password: 'not-bolas', confirmation: 'DELETE' })).statusCode).toBe(403);
    expect(await count()).toEqual(before);

    ok(await del(ada.token, { password: 'Petals-and-rain', confirmation: 'delete' }));
    expect(await count()).toEqual({ users: 0, named: 0 });
    const kept = await shop.db.kysely.selectFrom('shop_order').selectAll().where('id', 'in', [ada.first.id, ada.second.id]).orderBy('created_at').execute();
    expect(kept.map((o) => [o.order_number, Number(o.total)])).toEqual([
      [ada.first.orderNumber, ada.first.total],
      [ada.second.orderNumber, ada.second.total],
    ]);
    for (const o of kept) {
      expect(o).toMatchObject({ user_id: null, client_name: 'Deleted account', client_email: null, client_phone: null, delivery_details: '{}', delivery_message: null, delivery_instruction: null });
      expect(JSON.stringify(o)).not.toMatch(/Admiralty|Tolu|Mama|ada\.obi|803111/);
    }
    expect((await get('/v1/storefront/account/orders', ada.token)).statusCode).toBe(401);
    expect((await login(ada.email, PHONE_UA)).statusCode).toBe(401);
    const again = await call({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: ada.email, password: 'Fresh-start-here' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(ok<AccountOrder[]>(await get('/v1/storefront/account/orders', again.json().data.authToken))).toEqual([]);
    // Bola's account is untouched.
    expect((await get('/v1/storefront/account/orders', bola.token)).statusCode).toBe(200);
  });

  it('sends the account pages private, no-store, and never keeps them', async () => {
    for (const url of ['/account', '/account/sessions']) {
      const page = await shop.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers.etag).toBeUndefined();
    }
  });

  it('answered every account call private, no-store', () => {
    const notPrivate = seen.filter((r) => r.headers['cache-control'] !== 'private, no-store').map((r) => `${r.statusCode} ${r.body.slice(0, 80)}`);
    expect(notPrivate).toEqual([]);
    expect(seen.length).toBeGreaterThan(40);
  });
});
