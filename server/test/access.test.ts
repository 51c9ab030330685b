import { createHash } from 'node:crypto';
import type { CheckoutResponse, Order, User } from '@adire/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { startTestShop, type TestShop } from './helpers';

/**
 * Who may see and change what (issue 11), beyond account.test.ts (logout, password change, expiry,
 * rate limits, code tries) and checkout.test.ts (tracker details): sessions are stored only as hashes
 * and a dead one is anonymous on every endpoint; no answer tells whether an address has an account;
 * order ids are unguessable and nothing hands them out; one shopper cannot touch another's cart,
 * saved recipients or order.
 */

let shop: TestShop;
const business = 'adire-blooms';
let sku: string;
let n = 0;
const fresh = (label: string) => `${label}.${Date.now().toString(36)}.${n++}@example.com`;

beforeAll(async () => {
  shop = await startTestShop({ auth: authConfigWith({ limits: { signupTakenPerIp: { max: 3, windowMs: 10 * 60_000 } } }) });
  sku = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).orderBy('position').executeTakeFirstOrThrow()).sku;
});
afterAll(() => shop.close());

const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, token?: string, ip?: string): Promise<LightMyRequestResponse> =>
  shop.app.inject({ method, url, headers: auth(token), ...(payload ? { payload: { business, ...payload } } : {}), ...(ip ? { remoteAddress: ip } : {}) });

async function signup(email = fresh('shopper')): Promise<User> {
  const res = await call('POST', '/v1/storefront/auth/signup', { email, password: 'Long-enough-1', name: 'Amaka Obi' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as User;
}
async function newOrder(token?: string): Promise<Order> {
  const res = await call('POST', '/v1/orders/order/create', { currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}
const handshakeUser = async (token: string) => (await call('GET', `/v1/storefront/handshake?business=${business}`, undefined, token)).json().data.user as User | null;
const delivery = (email: string, recipient = 'Bisi Adewale') => ({
  currency: 'NGN',
  shouldSaveAddress: true,
  userData: { name: 'Sender Person', email, phone: '08031230000' },
  orderData: {
    deliveryDate: '2099-06-10',
    deliveryZone: 'Lekki / Ajah',
    recipient: { name: recipient, phone: '08095550000', address: '3 Bourdillon Road, Ikoyi', state: 'lagos', method: 'delivery' },
  },
});

describe('sessions', () => {
  it('keeps only the sha256 of a token, and finds a session by that hash alone', async () => {
    const user = await signup();
    expect(user.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const rows = await shop.db.kysely.selectFrom('auth_session').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(user.authToken);
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(user.authToken).digest('hex'));
    // One character off is no session at all (the lookup is of the hash: no prefix of it can be probed).
    const last = user.authToken.slice(-1);
    const off = `${user.authToken.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
    expect(await handshakeUser(off)).toBeNull();
    expect((await call('PUT', '/v1/storefront/auth/change-password', { password: 'Other-pass-2' }, off)).statusCode).toBe(401);
  });

  it('a token revoked by logout, by a password change or by time is anonymous on every endpoint that reads it', async () => {
    const loggedOut = await signup();
    expect((await call('POST', '/v1/storefront/auth/logout', {}, loggedOut.authToken)).statusCode).toBe(200);

    const changed = await signup();
    const login = await call('POST', '/v1/storefront/auth/login', { email: changed.email, password: 'Long-enough-1' });
    const other = (login.json().data as User).authToken;
    expect((await call('PUT', '/v1/storefront/auth/change-password', { password: 'Brand-new-pass-3', currentPassword: 'Long-enough-1' }, other)).statusCode).toBe(200);

    const expired = await signup();
    await shop.db.kysely
      .updateTable('auth_session')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(expired.authToken).digest('hex'))
      .execute();

    for (const dead of [loggedOut, changed, expired]) {
      expect(await handshakeUser(dead.authToken)).toBeNull();
      expect((await call('PUT', '/v1/cart-item/update', { cartItems: [{ SKU: sku, quantity: 1 }] }, dead.authToken)).statusCode).toBe(401);
      expect((await call('PUT', '/v1/storefront/auth/change-password', { password: 'Another-pass-4' }, dead.authToken)).statusCode).toBe(401);
      // An order made with a dead token belongs to nobody, and its checkout logs nobody in.
      const order = await newOrder(dead.authToken);
      expect((await shop.db.kysely.selectFrom('shop_order').select('user_id').where('id', '=', order.id).executeTakeFirstOrThrow()).user_id).toBeNull();
      const done = await call('PUT', `/v1/orders/order/checkout-order/${order.id}`, delivery(fresh('guest')), dead.authToken);
      expect(done.statusCode, done.body).toBe(200);
      expect((done.json().data as CheckoutResponse).user).toBeUndefined();
    }
    // The session that changed the password lives on.
    expect((await handshakeUser(other))?.email).toBe(changed.email);
  });
});

describe('no account discovery', () => {
  it('answers a registered and an unknown address alike wherever an address is given (sign-up and free account aside)', async () => {
    const registered = (await signup()).email;
    const unknown = fresh('nobody');
    const strip = (res: LightMyRequestResponse, email: string) => ({ status: res.statusCode, body: res.body.replaceAll(email, '<email>') });
    const same = async (ask: (email: string) => Promise<LightMyRequestResponse>) => {
      const [a, b] = [await ask(registered), await ask(unknown)];
      expect(strip(a, registered)).toEqual(strip(b, unknown));
    };
    await same((email) => call('POST', '/v1/storefront/auth/login', { email, password: 'Wrong-password-9' }));
    await same((email) => call('POST', '/v1/storefront/auth/otp/request', { email }));
    await same((email) => call('POST', '/v1/storefront/auth/otp/validate', { email, code: '000000' }));
    await same((email) => call('POST', `/v1/storefront/subscribe?business=${business}&email=${encodeURIComponent(email)}`));
    // Checkout and sender details take any address without saying whether it has an account.
    for (const email of [registered, unknown]) {
      const order = await newOrder();
      const sender = await call('PUT', `/v1/orders/order/save-sender-info/${order.id}`, { email });
      expect(sender.statusCode).toBe(200);
      const done = await call('PUT', `/v1/orders/order/checkout-order/${order.id}`, delivery(email));
      expect(done.statusCode).toBe(200);
      expect((done.json().data as CheckoutResponse).user).toBeUndefined();
    }
  });

  it("limits checkout's free-account refusals per client (sign-up has a limit of its own, issue 32 item 8)", async () => {
    const registered = (await signup()).email;
    const ip = '198.51.100.7';
    const attempt = async () => {
      const order = await newOrder();
      return call('PUT', `/v1/orders/order/checkout-order/${order.id}`, { ...delivery(registered), shouldCreateAccount: true, userData: { ...delivery(registered).userData, password: 'Long-enough-1' } }, undefined, ip);
    };
    for (let i = 0; i < 3; i++) expect((await attempt()).json().code).toBe('EMAIL_TAKEN');
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBeDefined();
    // Sign-up counts every sign-up from a client, registered or free alike, against its own limit.
    const again = await call('POST', '/v1/storefront/auth/signup', { email: registered, password: 'Long-enough-1' }, undefined, ip);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });
});

describe('orders', () => {
  it('have unguessable ids: 128 random bits, never derived from the order number, never handed out by other answers', async () => {
    const orders = await Promise.all(Array.from({ length: 60 }, () => newOrder()));
    const ids = orders.map((o) => o.id);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(ids.length); // no shared prefix, no counter
    // What the order number opens: the tracker (status only), never the order itself.
    const done = (await call('PUT', `/v1/orders/order/checkout-order/${ids[0]}`, delivery(fresh('tracked')))).json().data as CheckoutResponse;
    const number = done.order.orderNumber!;
    expect((await call('GET', `/v1/orders/order/${number}?business=${business}`)).statusCode).toBe(404);
    const tracked = await call('GET', `/v1/orders/order/order-number/${number}?business=${business}`);
    expect(tracked.body).not.toContain(ids[0]);
    expect(tracked.body).not.toContain('Bisi');
    // Nothing else returns order ids: product reviews name no order.
    const review = await shop.db.kysely.selectFrom('review').innerJoin('product', 'product.id', 'review.product_id').select('product.slug').limit(1).executeTakeFirstOrThrow();
    const reviews = await call('GET', `/v1/catalog/products/${review.slug}/reviews?business=${business}`);
    expect(reviews.statusCode).toBe(200);
    expect(reviews.body).not.toMatch(/order_?id/i);
  });

  it("one shopper cannot read or change another's cart or saved recipients", async () => {
    const ada = await signup();
    const bayo = await signup();
    const save = (token: string, quantity: number) => call('PUT', '/v1/cart-item/update', { cartItems: [{ SKU: sku, quantity }] }, token);
    expect((await save(ada.authToken, 3)).statusCode).toBe(200);
    expect((await save(bayo.authToken, 1)).statusCode).toBe(200);
    expect((await handshakeUser(ada.authToken))!.cartItems.map((i) => i.quantity)).toEqual([3]);
    expect((await handshakeUser(bayo.authToken))!.cartItems.map((i) => i.quantity)).toEqual([1]);

    // Ada's order and address book: Bayo (had he the id) checking it out saves into his own book only,
    // and a guest saves into none.
    const order = await newOrder(ada.authToken);
    const byAda = await call('PUT', `/v1/orders/order/checkout-order/${order.id}`, delivery(ada.email, 'Ada Friend'), ada.authToken);
    expect(byAda.statusCode).toBe(200);
    const byBayo = await call('PUT', `/v1/orders/order/checkout-order/${order.id}`, delivery(bayo.email, 'Bayo Friend'), bayo.authToken);
    expect(byBayo.statusCode).toBe(200);
    expect((byBayo.json().data as CheckoutResponse).user?.email).toBe(bayo.email);
    const byGuest = await call('PUT', `/v1/orders/order/checkout-order/${order.id}`, delivery(fresh('guest'), 'Guest Friend'));
    expect(byGuest.statusCode).toBe(200);
    expect((await handshakeUser(ada.authToken))!.recipients.map((r) => r.name)).toEqual(['Ada Friend']);
    expect((await handshakeUser(bayo.authToken))!.recipients.map((r) => r.name)).toEqual(['Bayo Friend']);
    // The order stays Ada's.
    expect((await shop.db.kysely.selectFrom('shop_order').select('user_id').where('id', '=', order.id).executeTakeFirstOrThrow()).user_id).toBe(
      (await shop.db.kysely.selectFrom('app_user').select('id').where('email', '=', ada.email).executeTakeFirstOrThrow()).id,
    );
  });
});
