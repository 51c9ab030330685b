import type { CheckoutResponse, Order } from '@adire/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { startTestShop, type TestShop } from './helpers';

// Issue 19, items 5–8: what a stolen token, a guessed password at checkout, a stranger's wrong guesses
// and a busy proxy can no longer do to an account's owner.

const business = 'adire-blooms';
const PATHS = {
  login: '/v1/storefront/auth/login',
  signup: '/v1/storefront/auth/signup',
  otpRequest: '/v1/storefront/auth/otp/request',
  otpValidate: '/v1/storefront/auth/otp/validate',
  changePassword: '/v1/storefront/auth/change-password',
  handshake: '/v1/storefront/handshake',
};

let shop: TestShop;
let sku: string;
beforeAll(async () => {
  shop = await startTestShop({
    auth: authConfigWith({
      otpResendCooldownMs: 0,
      limits: {
        loginPerAddress: { max: 3, windowMs: 15 * 60_000 },
        otpValidatePerAddress: { max: 3, windowMs: 15 * 60_000 },
        signupTakenPerIp: { max: 2, windowMs: 10 * 60_000 },
      },
    }),
  });
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

let n = 0;
const fresh = (label: string) => `${label}.${Date.now().toString(36)}.${n++}@example.com`;

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, options: { token?: string; ip?: string } = {}) {
  const request: InjectOptions = {
    method,
    url,
    ...(payload ? { payload: { ...payload, business } } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  };
  return shop.app.inject(request);
}

async function signup(email: string, password = 'Petals-and-rain', ip?: string) {
  const res = await call('POST', PATHS.signup, { email, password, name: 'Ada Obi' }, { ip });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.authToken as string;
}

async function latestCode(to: string): Promise<string> {
  const list = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', to).orderBy('created_at', 'desc').execute();
  const code = list[0] && /one-time password: (\d{6})/.exec(list[0].text_body)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function handshakeEmail(token: string): Promise<string | null> {
  const res = await call('GET', `${PATHS.handshake}?business=${business}`, undefined, { token });
  return (res.json().data.user as { email: string } | null)?.email ?? null;
}

const sessionsOf = async (email: string) =>
  Number(
    (
      await shop.db.kysely
        .selectFrom('auth_session')
        .innerJoin('app_user', 'app_user.id', 'auth_session.user_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('app_user.email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('changing the password (item 5)', () => {
  it('with only a session token: 403, nothing changes and the owner stays logged in', async () => {
    const email = fresh('stolen');
    const owner = await signup(email);
    const stolen = (await call('POST', PATHS.login, { email, password: 'Petals-and-rain' })).json().data.authToken as string;
    const res = await call('PUT', PATHS.changePassword, { password: 'Thiefs-new-one' }, { token: stolen });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Enter your current password to set a new one, or use Forgot Password to get a one-time code by e-mail.',
      code: 'CURRENT_PASSWORD_REQUIRED',
      fields: { currentPassword: 'is required' },
    });
    const wrong = await call('PUT', PATHS.changePassword, { password: 'Thiefs-new-one', currentPassword: 'a-guess-a-guess' }, { token: stolen });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', message: 'Your current password is not right. Please try again, or use Forgot Password to get a one-time code by e-mail.' });
    expect(await handshakeEmail(owner)).toBe(email);
    expect((await call('POST', PATHS.login, { email, password: 'Petals-and-rain' })).statusCode).toBe(200);
  });

  it('with the current password: changed, other sessions ended', async () => {
    const email = fresh('knows');
    const other = await signup(email);
    const current = (await call('POST', PATHS.login, { email, password: 'Petals-and-rain' })).json().data.authToken as string;
    const res = await call('PUT', PATHS.changePassword, { password: 'Hibiscus-2026', currentPassword: 'Petals-and-rain' }, { token: current });
    expect(res.statusCode, res.body).toBe(200);
    expect(await handshakeEmail(other)).toBeNull();
    expect((await call('POST', PATHS.login, { email, password: 'Hibiscus-2026' })).statusCode).toBe(200);
  });

  it('guesses of the current password count as failed logins of that account from that client', async () => {
    const email = fresh('guessed');
    await signup(email);
    const stolen = (await call('POST', PATHS.login, { email, password: 'Petals-and-rain' }, { ip: '10.9.0.1' })).json().data.authToken as string;
    for (let i = 0; i < 3; i++) {
      expect((await call('PUT', PATHS.changePassword, { password: 'Thiefs-new-one', currentPassword: `guess-number-${i}` }, { token: stolen, ip: '10.9.0.1' })).statusCode).toBe(403);
    }
    const limited = await call('PUT', PATHS.changePassword, { password: 'Thiefs-new-one', currentPassword: 'Petals-and-rain' }, { token: stolen, ip: '10.9.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('a session made by a one-time code in the last 10 minutes needs no current password (forgot password)', async () => {
    const email = fresh('forgot');
    await signup(email);
    expect((await call('POST', PATHS.otpRequest, { email })).statusCode).toBe(200);
    const token = (await call('POST', PATHS.otpValidate, { email, code: await latestCode(email) })).json().data.authToken as string;
    const res = await call('PUT', PATHS.changePassword, { password: 'Fresh-start-2026' }, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('POST', PATHS.login, { email, password: 'Fresh-start-2026' })).statusCode).toBe(200);
  });

  it('a code session older than 10 minutes needs the current password again', async () => {
    const email = fresh('stale-code');
    await signup(email);
    await call('POST', PATHS.otpRequest, { email });
    const token = (await call('POST', PATHS.otpValidate, { email, code: await latestCode(email) })).json().data.authToken as string;
    await shop.db.kysely.updateTable('auth_session').set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() }).where('made_by', '=', 'code').execute();
    const res = await call('PUT', PATHS.changePassword, { password: 'Fresh-start-2026' }, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
  });
});

async function newOrder(): Promise<Order> {
  const res = await call('POST', '/v1/orders/order/create', { currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}
const checkoutWithAccount = (orderId: string, email: string, password: string, ip?: string) =>
  call(
    'PUT',
    `/v1/orders/order/checkout-order/${orderId}`,
    {
      currency: 'NGN',
      shouldCreateAccount: true,
      userData: { name: 'Ada Obi', email, phone: '08031234567', password },
      orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } },
    },
    { ip },
  );

describe("checkout's free account for an address that has one (item 6)", () => {
  it('answers the same whatever the password, and opens no session', async () => {
    const email = fresh('checkout-oracle');
    await signup(email, 'The-right-one-1');
    const before = await sessionsOf(email);
    const right = await checkoutWithAccount((await newOrder()).id, email, 'The-right-one-1');
    const wrong = await checkoutWithAccount((await newOrder()).id, email, 'Not-the-right-1');
    expect(right.statusCode).toBe(409);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().code).toBe('EMAIL_TAKEN');
    expect(await sessionsOf(email)).toBe(before);
  });

  it('the order that made the account, sent again: checked out, no session, whatever the password', async () => {
    const email = fresh('checkout-again');
    const order = await newOrder();
    const first = await checkoutWithAccount(order.id, email, 'Made-at-checkout-1');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json().data as CheckoutResponse).user?.email).toBe(email);
    expect(await sessionsOf(email)).toBe(1);
    const right = await checkoutWithAccount(order.id, email, 'Made-at-checkout-1');
    const wrong = await checkoutWithAccount(order.id, email, 'Something-else-1');
    for (const again of [right, wrong]) {
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json().data as CheckoutResponse).user).toBeUndefined();
    }
    expect(await sessionsOf(email)).toBe(1);
  });
});

describe("a stranger's wrong guesses do not lock the owner out (item 7)", () => {
  it('login: the stranger is limited, the owner on another connection logs in', async () => {
    const email = fresh('owner');
    await signup(email, 'Owners-password-1');
    for (let i = 0; i < 3; i++) expect((await call('POST', PATHS.login, { email, password: `stranger-${i}-guess` }, { ip: '203.0.113.66' })).statusCode).toBe(401);
    expect((await call('POST', PATHS.login, { email, password: 'Owners-password-1' }, { ip: '203.0.113.66' })).statusCode).toBe(429);
    expect((await call('POST', PATHS.login, { email, password: 'Owners-password-1' }, { ip: '198.51.100.20' })).statusCode).toBe(200);
  });

  it('one-time codes: after a stranger is limited, the owner still gets a code and gets in', async () => {
    const email = fresh('code-owner');
    await signup(email);
    await call('POST', PATHS.otpRequest, { email }, { ip: '203.0.113.67' });
    const code = await latestCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i++) await call('POST', PATHS.otpValidate, { email, code: wrong }, { ip: '203.0.113.67' });
    expect((await call('POST', PATHS.otpValidate, { email, code: wrong }, { ip: '203.0.113.67' })).statusCode).toBe(429);
    expect((await call('POST', PATHS.otpRequest, { email }, { ip: '198.51.100.21' })).statusCode).toBe(200);
    const ok = await call('POST', PATHS.otpValidate, { email, code: await latestCode(email) }, { ip: '198.51.100.21' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the "already registered" limit (item 8)', () => {
  it("limits checkout's \"already registered\" answers: a free account at checkout from that client goes on (sign-up's own limit: signup-parity.test.ts)", async () => {
    const ip = '192.0.2.80'; // e.g. a proxy every shopper comes through (without TRUST_PROXY)
    const taken = fresh('taken');
    await signup(taken, 'Long-enough-1', '192.0.2.1');
    for (let i = 0; i < 2; i++) expect((await checkoutWithAccount((await newOrder()).id, taken, 'Long-enough-1', ip)).statusCode).toBe(409);
    expect((await checkoutWithAccount((await newOrder()).id, taken, 'Long-enough-1', ip)).statusCode).toBe(429);
    // Everyone else behind that address checks out with a new account:
    const checkout = await checkoutWithAccount((await newOrder()).id, fresh('new-at-checkout'), 'Long-enough-1', ip);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((checkout.json().data as CheckoutResponse).user).toBeDefined();
  });
});
