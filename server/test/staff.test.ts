import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order } from '@adire/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand, StaffCommandError } from '../src/domains/staff';
import { routeTable } from '../src/http/route-table';
import { createMailer } from '../src/mail/mailer';
import { formatStatus } from '../src/release';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * The back office's API (issue 20) on a real database: staff made by the command and by invitation,
 * roles checked on the server, a shopper's token refused everywhere, orders, transfers and settings
 * through the operator commands' own services, and every action in the audit.
 */

let shop: TestShop;
const business = 'adire-blooms';
const P = '/v1/backoffice';
const auth = authConfigWith({ limits: { loginPerAddress: { max: 3, windowMs: 60_000 } } });
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let shopper = '';
let sku = '';

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig } });
  sku = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).orderBy('position').executeTakeFirstOrThrow()).sku;
  manager = await makeStaff('manager@adireblooms.ng', 'manager', null);
  florist = await makeStaff('florist@adireblooms.ng', 'florist', manager);
  const signup = await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'shopper-bo@example.com', password: 'Bloom-shopper-1' } });
  shopper = signup.json().data.authToken;
}, 60_000);
afterAll(() => shop.close());

const { call, data } = backofficeCalls(() => shop, business);
const lastCode = async (to: string) => {
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select(['text_body', 'subject']).where('to_address', '=', to).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  expect(mail.subject).toBe('Your invitation to the Adire Blooms back office');
  return /invitation code: (\d{6})/.exec(mail.text_body)![1]!;
};

/** The first manager by the command, the others invited by a manager; each sets a password with the mailed code. */
async function makeStaff(email: string, role: 'florist' | 'manager', invitedBy: string | null): Promise<string> {
  if (invitedBy) data(await call('POST', `${P}/staff`, invitedBy, { email, role }));
  else {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    const said = await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', role]), { mailer, config: staffConfig, publicUrl: 'http://shop.test' });
    expect(said).toContain(`${email} is a ${role}`);
  }
  const code = await lastCode(email);
  const accepted = data<{ token: string; staff: { role: string } }>(await call('POST', `${P}/auth/accept-invite`, undefined, { email, code, password: `Staff-${role}-2026` }));
  expect(accepted.staff.role).toBe(role);
  return accepted.token;
}

async function orderAwaitingTransfer(email: string): Promise<Order> {
  const created = data<Order>(await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } }));
  const checkedOut = data<{ order: Order }>(
    await shop.app.inject({
      method: 'PUT',
      url: `/v1/orders/order/checkout-order/${created.id}`,
      payload: { business, currency: 'NGN', userData: { name: 'Adaeze Obi', email, phone: '08031234567' }, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
    }),
  ).order;
  data(await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${created.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } }));
  data(
    await shop.app.inject({
      method: 'PUT',
      url: `/v1/orders/order/transfer-notice/${created.id}`,
      payload: { business, amount: checkedOut.total, accountName: 'Adaeze Obi', reference: checkedOut.orderNumber },
    }),
  );
  return checkedOut;
}

describe('the staff command', () => {
  it('reads add, list and help, and refuses what it cannot read with the reason', () => {
    expect(parseStaffCommand(['add', 'a@b.ng', '--role', 'manager', '--name', 'Ada'])).toEqual({ kind: 'add', email: 'a@b.ng', role: 'manager', name: 'Ada' });
    expect(parseStaffCommand(['add', 'a@b.ng', '--role=florist'])).toEqual({ kind: 'add', email: 'a@b.ng', role: 'florist' });
    expect(parseStaffCommand(['list'])).toEqual({ kind: 'list' });
    expect(() => parseStaffCommand(['add', 'a@b.ng'])).toThrow("'add' needs --role florist or manager or rider.");
    expect(() => parseStaffCommand(['add', 'a@b.ng', '--role', 'owner'])).toThrow("got 'owner'");
    expect(() => parseStaffCommand(['remove'])).toThrow(StaffCommandError);
  });
});

describe('staff accounts', () => {
  it('logs in with the password set from the invitation; a wrong one is refused, and too many are rate-limited like a shopper login', async () => {
    const ok = data<{ token: string; staff: { email: string; permissions: string[] } }>(await call('POST', `${P}/auth/login`, undefined, { email: 'Florist@AdireBlooms.ng ', password: 'Staff-florist-2026' }));
    expect(ok.staff).toMatchObject({ email: 'florist@adireblooms.ng', permissions: ['orders'] });
    const stored = await shop.db.kysely.selectFrom('staff_member').select('password_hash').where('email', '=', 'florist@adireblooms.ng').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await shop.db.kysely.selectFrom('staff_session').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(ok.token);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('POST', `${P}/auth/login`, undefined, { email: 'manager@adireblooms.ng', password: 'not-the-password' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await call('POST', `${P}/auth/login`, undefined, { email: 'manager@adireblooms.ng', password: 'Staff-manager-2026' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    await shop.db.kysely.deleteFrom('auth_attempt').where('bucket', 'like', 'staff-login:%').execute();
  });

  it('an invitation code works once; a used or wrong code is refused with a clear message', async () => {
    data(await call('POST', `${P}/staff`, manager, { email: 'once@adireblooms.ng', role: 'florist', name: 'Tolu' }));
    const code = await lastCode('once@adireblooms.ng');
    const wrong = await call('POST', `${P}/auth/accept-invite`, undefined, { email: 'once@adireblooms.ng', code: code === '000000' ? '111111' : '000000', password: 'Staff-once-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', fields: { code: 'is not right or has expired' } });
    data(await call('POST', `${P}/auth/accept-invite`, undefined, { email: 'once@adireblooms.ng', code, password: 'Staff-once-2026' }));
    expect((await call('POST', `${P}/auth/accept-invite`, undefined, { email: 'once@adireblooms.ng', code, password: 'Staff-again-2026' })).statusCode).toBe(400);
    const again = await call('POST', `${P}/staff`, manager, { email: 'once@adireblooms.ng', role: 'manager' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This e-mail already belongs to a member of staff with a password.');
  });

  it('a session idle past the timeout, or logged out, is over', async () => {
    const token = data<{ token: string }>(await call('POST', `${P}/auth/login`, undefined, { email: 'florist@adireblooms.ng', password: 'Staff-florist-2026' })).token;
    expect((await call('GET', `${P}/me`, token)).statusCode).toBe(200);
    const idle = new Date(Date.now() - staffConfig.idleMs - 1000).toISOString();
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await shop.db.kysely.updateTable('staff_session').set({ last_seen_at: idle }).where('token_hash', '=', tokenHash).execute();
    const ended = await call('GET', `${P}/me`, token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('Your back-office session has ended. Please log in again.');
    const other = data<{ token: string }>(await call('POST', `${P}/auth/login`, undefined, { email: 'florist@adireblooms.ng', password: 'Staff-florist-2026' })).token;
    data(await call('POST', `${P}/auth/logout`, other));
    expect((await call('GET', `${P}/me`, other)).statusCode).toBe(401);
  });
});

describe('roles, checked on the server for every call', () => {
  const routes = () => routeTable(shop.app).filter((r) => r.url.startsWith(`${P}/`) && r.method !== 'HEAD');

  it("a shopper's token gets 403 on every back-office call, never cached", async () => {
    expect(routes().length).toBeGreaterThanOrEqual(12);
    for (const { method, url } of routes()) {
      const res = await call(method as 'GET', url.replace(':orderNumber', 'ABL1001W').replace(':slug', 'x').replace(':id', 'x'), shopper, { email: 'x@y.ng', password: 'whatever-1', code: '123456', role: 'florist', step: 'delivered', decision: 'confirm', hidden: false, products: ['x'], prices: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: "This is the shop's staff area: a shopper's login cannot open it." });
      expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
  });

  it('a florist cannot open settings, staff or the audit (403), and without a session every call but login is a 401', async () => {
    for (const [method, url] of [['GET', `${P}/settings`], ['PUT', `${P}/settings`], ['GET', `${P}/audit`], ['GET', `${P}/staff`], ['POST', `${P}/staff`], ['GET', `${P}/featured`], ['GET', `${P}/releases`]] as const) {
      const res = await call(method, url, florist, { siteWideAlert: 'Florists may not', email: 'new@adireblooms.ng', role: 'florist' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/^A florist cannot open .+\. Ask a manager\.$/);
    }
    expect((await call('GET', `${P}/orders`, florist)).statusCode).toBe(200);
    // The public ones: login, the invitation and a forgotten password (issue 32).
    for (const { method, url } of routes().filter((r) => !/auth\/(login|accept-invite|reset-request|reset)$/.test(r.url))) {
      const res = await call(method as 'GET', url.replace(':orderNumber', 'ABL1001W').replace(':slug', 'x').replace(':id', 'x'), undefined, { step: 'delivered', decision: 'confirm', email: 'new@adireblooms.ng', role: 'florist', hidden: false, products: ['x'], prices: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('orders, transfers and deliveries through the operator commands’ services', () => {
  it('a florist finds the order on the board, reads the notice beside the total, confirms the transfer (receipt mailed), advances it to delivered; the audit lists it all', async () => {
    const email = `transfer-${Date.now()}@example.com`;
    const order = await orderAwaitingTransfer(email);
    const board = data<{ orders: { orderNumber: string; paymentStatus: string; place: string }[] }>(await call('GET', `${P}/orders?from=2099-03-10&to=2099-03-10`, florist));
    expect(board.orders.find((o) => o.orderNumber === order.orderNumber)).toMatchObject({ paymentStatus: 'awaiting transfer', place: 'Lekki LPL' });
    for (const search of [order.orderNumber!.toLowerCase(), email.toUpperCase(), '+234 803 123 4567']) {
      const found = data<{ orders: { orderNumber: string }[] }>(await call('GET', `${P}/orders?search=${encodeURIComponent(search)}`, florist));
      expect(found.orders.map((o) => o.orderNumber), search).toContain(order.orderNumber);
    }
    const page = data(await call('GET', `${P}/orders/${order.orderNumber}`, florist));
    expect(page.transferNotice).toMatchObject({ amount: order.total, accountName: 'Adaeze Obi', reference: order.orderNumber, currency: 'NGN' });
    expect(page.order.total).toBe(order.total);
    expect(page.awaitingTransfer).toBe(true);

    const early = await call('POST', `${P}/orders/${order.orderNumber}/advance`, florist, { step: 'delivered' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('is not paid yet');

    const confirmed = data(await call('POST', `${P}/orders/${order.orderNumber}/transfer`, florist, { decision: 'confirm' }));
    expect(confirmed.message).toBe(`Order ${order.orderNumber} is marked paid (paid - confirmed by transfer).`);
    expect(confirmed.order.order.paymentStatus).toBe('paid - confirmed by transfer');
    const mails = await shop.db.kysely.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute();
    expect(mails.map((m) => m.subject)).toContain(`Payment received: Adire Blooms order ${order.orderNumber}`);
    const tracker = await shop.app.inject({ method: 'GET', url: `/v1/orders/order-tracker/${order.orderNumber}?business=${business}` });
    if (tracker.statusCode === 200) expect(tracker.json().data.paymentStatus).toBe('paid - confirmed by transfer');

    const twice = await call('POST', `${P}/orders/${order.orderNumber}/transfer`, florist, { decision: 'confirm' });
    expect(twice.statusCode).toBe(409);

    const delivered = data(await call('POST', `${P}/orders/${order.orderNumber}/advance`, florist, { step: 'delivered' }));
    expect(delivered.message).toBe(`Order ${order.orderNumber} is now delivered (also marked arranged, despatched).`);
    expect(delivered.order.timeline.every((t: { done: boolean }) => t.done)).toBe(true);

    const audit = data<{ actor: string; action: string; target: string; before: any; after: any; source: string }[]>(await call('GET', `${P}/audit?target=${order.orderNumber}`, manager));
    expect(audit.map((a) => a.action)).toEqual(['order.advance', 'transfer.confirm']);
    expect(audit[1]).toMatchObject({ actor: 'florist@adireblooms.ng', before: { paymentStatus: 'awaiting transfer' }, after: { paymentStatus: 'paid - confirmed by transfer' }, source: '127.0.0.1' });
    expect(audit[0]).toMatchObject({ before: { deliveryStatus: 'received' }, after: { deliveryStatus: 'delivered' } });
  });

  it('a rejected transfer leaves the order payment failed, with the reason in the audit', async () => {
    const order = await orderAwaitingTransfer(`reject-${Date.now()}@example.com`);
    const rejected = data(await call('POST', `${P}/orders/${order.orderNumber}/transfer`, florist, { decision: 'reject', reason: 'Nothing arrived' }));
    expect(rejected.order.order.paymentStatus).toBe('payment failed');
    const [entry] = data<{ action: string; after: any }[]>(await call('GET', `${P}/audit?action=transfer&target=${order.orderNumber}`, manager));
    expect(entry).toMatchObject({ action: 'transfer.reject', after: { paymentStatus: 'payment failed', reason: 'Nothing arrived' } });
  });
});

describe('settings and the audit', () => {
  it('a manager sets the alert and a rate through the settings command’s rules; the next handshake has them', async () => {
    const res = data(await call('PUT', `${P}/settings`, manager, { siteWideAlert: 'Free delivery above {{150000}} this week', rates: { USD: 1600 } }));
    expect(res.settings).toMatchObject({ siteWideAlert: 'Free delivery above {{150000}} this week', rates: { USD: 1600 } });
    const handshake = await shop.app.inject({ method: 'GET', url: `/v1/storefront/handshake?business=${business}` });
    expect(JSON.stringify(handshake.json().data)).toContain('Free delivery above {{150000}} this week');
    const audit = data<{ action: string; before: unknown; after: unknown }[]>(await call('GET', `${P}/audit?action=settings`, manager));
    expect(audit.slice(0, 2).map((a) => a.action).sort()).toEqual(['settings.alert', 'settings.rate']);
    expect(audit.find((a) => a.action === 'settings.alert')).toMatchObject({ after: 'Free delivery above {{150000}} this week' });
  });

  it('bad settings are refused with a clear message per field, and nothing is changed', async () => {
    const before = data(await call('GET', `${P}/settings`, manager));
    const res = await call('PUT', `${P}/settings`, manager, { siteWideAlert: 'Changed?', rates: { NGN: 2, USD: '1,550' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'rates.NGN': 'NGN is the base currency: its rate is always 1 and cannot be changed. Set the rate of USD or GBP instead.',
      'rates.USD': "The rate must be a positive number such as 1550 or 1920.5, got '1,550'.",
    });
    expect(data(await call('GET', `${P}/settings`, manager))).toEqual(before);
  });

  it('the audit cannot be changed or deleted, even by the database’s own user', async () => {
    const count = async () => Number((await shop.db.kysely.selectFrom('staff_audit').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    expect(n).toBeGreaterThan(0);
    await expect(sql`UPDATE staff_audit SET actor = 'someone else'`.execute(shop.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM staff_audit`.execute(shop.db.kysely)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(n);
    const byActor = data<{ actor: string }[]>(await call('GET', `${P}/audit?actor=manager@adireblooms.ng`, manager));
    expect(byActor.length).toBeGreaterThan(0);
    expect(new Set(byActor.map((a) => a.actor))).toEqual(new Set(['manager@adireblooms.ng']));
  });
});

describe('catalogue and reviews (managers)', () => {
  it("a manager changes a size price and marks a product sold out (the stock command's rule); shoppers see both; a florist may not", async () => {
    const product = await shop.db.kysely.selectFrom('product').select(['slug', 'sku']).where('in_stock', '=', 1).where('stock', 'is', null).orderBy('position', 'desc').executeTakeFirstOrThrow();
    const page = data(await call('GET', `${P}/products/${product.slug}`, manager));
    const size = page.sizes[0];
    expect((await call('PUT', `${P}/products/${product.slug}`, florist, { stock: 0 })).statusCode).toBe(403);
    const bad = await call('PUT', `${P}/products/${product.slug}`, manager, { prices: { [size.sku]: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ [`prices.${size.sku}`]: 'must be a whole number of naira from 1 to 100,000,000' });
    const changed = data(await call('PUT', `${P}/products/${product.slug}`, manager, { prices: { [size.sku]: size.priceNgn + 1000 }, stock: 0 }));
    expect(changed.product).toMatchObject({ inStock: false, stock: 0 });
    expect(changed.product.sizes[0].priceNgn).toBe(size.priceNgn + 1000);
    const shopper = (await shop.app.inject({ method: 'GET', url: `/v1/catalog/products/${product.slug}?business=${business}` })).json().data;
    expect(JSON.stringify(shopper)).toContain(String(size.priceNgn + 1000));
    expect(shopper.inStock ?? shopper.product?.inStock).toBe(false);
    data(await call('PUT', `${P}/products/${product.slug}`, manager, { stock: null }));
    const [entry] = data<{ action: string; target: string; before: any; after: any }[]>(await call('GET', `${P}/audit?action=catalog&target=${product.sku}`, manager));
    expect(entry).toMatchObject({ action: 'catalog.product', before: { inStock: false, stock: 0 }, after: { inStock: true, stock: null } });
  });

  it('a manager hides a review with a reason (then counted nowhere a shopper looks) and shows it again', async () => {
    const review = await shop.db.kysely.selectFrom('review').innerJoin('product', 'product.id', 'review.product_id').select(['review.id', 'product.slug']).orderBy('review.created_at', 'desc').executeTakeFirstOrThrow();
    const reviewsOf = async () => (await shop.app.inject({ method: 'GET', url: `/v1/catalog/products/${review.slug}/reviews?business=${business}&pageSize=60` })).json().data;
    const countBefore = JSON.stringify(await reviewsOf());
    expect(countBefore).toContain(review.id);
    const noReason = await call('PUT', `${P}/reviews/${review.id}`, manager, { hidden: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Say why the review is hidden (the reason is kept in the audit).');
    const hidden = data(await call('PUT', `${P}/reviews/${review.id}`, manager, { hidden: true, reason: 'Shares a phone number' }));
    expect(hidden).toMatchObject({ hidden: true, hiddenReason: 'Shares a phone number' });
    expect(JSON.stringify(await reviewsOf())).not.toContain(review.id);
    expect(data<{ id: string }[]>(await call('GET', `${P}/reviews?hidden=true`, manager)).map((r) => r.id)).toContain(review.id);
    data(await call('PUT', `${P}/reviews/${review.id}`, manager, { hidden: false }));
    expect(JSON.stringify(await reviewsOf())).toContain(review.id);
    const audit = data<{ action: string; after: any }[]>(await call('GET', `${P}/audit?action=review`, manager));
    expect(audit.slice(0, 2).map((a) => a.action)).toEqual(['review.show', 'review.hide']);
    expect(audit[1]!.after).toEqual({ hidden: true, reason: 'Shares a phone number' });
  });
});

describe('featured lists and designs (managers), through the catalogue command’s services', () => {
  const featuredOf = async (occasion: string) =>
    (await shop.app.inject({ method: 'GET', url: `/v1/catalog/featured?business=${business}&occasion=${occasion}` })).json().data as { lists: { section: string; products: { slug: string }[] }[] };
  const LIST = 'occasion:birthday:main';

  it('a manager features a product first for an occasion; the shopper’s (cached) featured answer shows it on the next call; audited; a florist may not', async () => {
    const { lists } = data<{ lists: { id: string; kind: string; title: string; products: { slug: string; sku: string }[] }[] }>(await call('GET', `${P}/featured`, manager));
    expect(lists.map((l) => l.id)).toEqual(expect.arrayContaining(['occasion:valentines-day:flowers', LIST, 'location:lagos:main']));
    const birthday = lists.find((l) => l.id === LIST)!;
    expect(birthday.title).toBe('Birthday favourites');
    const shown = await featuredOf('birthday');
    expect(shown.lists[0]!.products.map((p) => p.slug)).toEqual(birthday.products.map((p) => p.slug));
    const newcomer = await shop.db.kysely.selectFrom('product').select(['slug', 'sku']).where('in_stock', '=', 1).where('slug', 'not in', birthday.products.map((p) => p.slug)).orderBy('position').executeTakeFirstOrThrow();
    const wanted = [newcomer.slug, ...birthday.products.slice(0, 3).map((p) => p.sku)];

    expect((await call('PUT', `${P}/featured/${LIST}`, florist, { products: wanted })).statusCode).toBe(403);
    const saved = data<{ message: string; list: { products: { slug: string }[] } }>(await call('PUT', `${P}/featured/${LIST}`, manager, { products: wanted }));
    expect(saved.message).toBe('Birthday favourites saved: shoppers see it on their next page load.');
    const expected = [newcomer.slug, ...birthday.products.slice(0, 3).map((p) => p.slug)];
    expect(saved.list.products.map((p) => p.slug)).toEqual(expected);
    expect((await featuredOf('birthday')).lists[0]!.products.map((p) => p.slug)).toEqual(expected);
    const [entry] = data<{ action: string; actor: string; before: string[]; after: string[] }[]>(await call('GET', `${P}/audit?action=catalog.featured&target=${LIST}`, manager));
    expect(entry).toMatchObject({ action: 'catalog.featured', actor: 'manager@adireblooms.ng', before: birthday.products.map((p) => p.sku), after: [newcomer.sku, ...birthday.products.slice(0, 3).map((p) => p.sku)] });
  });

  it('refuses an unknown product, a product twice, an empty or too long list (400, clear message, nothing changed) and an unknown list (404)', async () => {
    const before = JSON.stringify(await featuredOf('birthday'));
    const [first, second] = (await featuredOf('birthday')).lists[0]!.products.map((p) => p.slug);
    const cases: [unknown[], string][] = [
      [[first, 'no-such-bouquet'], 'No product has the address or SKU no-such-bouquet (nothing was changed).'],
      [[first, second, first], `${first} is in the list twice.`],
      [[], 'A featured list needs at least one product.'],
      [Array.from({ length: 25 }, (_, i) => `p-${i}`), 'A featured list holds at most 24 products (got 25).'],
    ];
    for (const [products, message] of cases) {
      const res = await call('PUT', `${P}/featured/${LIST}`, manager, { products });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { products: message } });
    }
    const notAList = await call('PUT', `${P}/featured/occasion:no-such-day:main`, manager, { products: [first] });
    expect(notAList.statusCode).toBe(404);
    expect(notAList.json().message).toBe('No featured list is called occasion:no-such-day:main.');
    expect((await call('PUT', `${P}/featured/${LIST}`, manager, {})).statusCode).toBe(400);
    expect(JSON.stringify(await featuredOf('birthday'))).toBe(before);
  });

  it('a manager changes the designs a product offers (the first is its default); the shopper’s product page and the Design filter follow; bad designs change nothing', async () => {
    const product = await shop.db.kysely
      .selectFrom('product')
      .innerJoin('product_design', 'product_design.product_id', 'product.id')
      .select(['product.slug', 'product.sku', 'product.name'])
      .where('product_design.design_code', '=', 'wrapped-bouquet')
      .where('product.in_stock', '=', 1)
      .orderBy('product.position')
      .executeTakeFirstOrThrow();
    const page = data<{ designs: { code: string; title: string; priceNgn: number; offered: boolean }[] }>(await call('GET', `${P}/products/${product.slug}`, manager));
    expect(page.designs.map((d) => d.code).sort()).toEqual(['box', 'in-large-vase', 'in-vase', 'wrapped-bouquet']);
    expect(page.designs.find((d) => d.code === 'in-vase')).toMatchObject({ title: 'In vase', priceNgn: 15_000 });
    const shopperDesigns = async () => ((await shop.app.inject({ method: 'GET', url: `/v1/catalog/products/${product.slug}?business=${business}` })).json().data.designs as { code: string }[]).map((d) => d.code);
    const before = await shopperDesigns();
    expect(before).toContain('wrapped-bouquet');

    const price = (await call('GET', `${P}/products/${product.slug}`, manager)).json().data.sizes[0];
    const bad = await call('PUT', `${P}/products/${product.slug}`, manager, { designs: ['in-vase', 'glass-dome'], prices: { [price.sku]: price.priceNgn + 500 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "'glass-dome' is not a design of the shop; the designs are wrapped-bouquet, in-vase, in-large-vase, box.", fields: { designs: expect.any(String) } });
    expect((await call('PUT', `${P}/products/${product.slug}`, manager, { designs: ['in-vase', 'In vase'] })).json().message).toBe('in-vase is given twice.');
    expect(await shopperDesigns()).toEqual(before);
    expect((await call('GET', `${P}/products/${product.slug}`, manager)).json().data.sizes[0].priceNgn).toBe(price.priceNgn);

    expect((await call('PUT', `${P}/products/${product.slug}`, florist, { designs: ['in-vase'] })).statusCode).toBe(403);
    const saved = data<{ product: { designs: { code: string; offered: boolean }[] } }>(await call('PUT', `${P}/products/${product.slug}`, manager, { designs: ['In large vase', 'in-vase'] }));
    expect(saved.product.designs.filter((d) => d.offered).map((d) => d.code)).toEqual(['in-large-vase', 'in-vase']);
    expect(await shopperDesigns()).toEqual(['in-large-vase', 'in-vase']);
    const filtered = async (design: string) =>
      ((await shop.app.inject({ method: 'GET', url: `/v1/catalog/categories/all/products?business=${business}&design=${design}&search=${encodeURIComponent(product.name)}&pageSize=60` })).json().data.products as { slug: string }[]).map((p) => p.slug);
    expect(await filtered('wrapped-bouquet')).not.toContain(product.slug);
    const [entry] = data<{ action: string; before: any; after: any }[]>(await call('GET', `${P}/audit?action=catalog.product&target=${product.sku}`, manager));
    expect(entry!.before.designs).toEqual(before);
    expect(entry!.after.designs).toEqual(['in-large-vase', 'in-vase']);
    data(await call('PUT', `${P}/products/${product.slug}`, manager, { designs: before }));
    expect(await filtered('wrapped-bouquet')).toContain(product.slug);
  });

  it('a manager sets what a design adds to the price, for every product; the shop’s (cached) designs and a new order price it so; bad prices change nothing', async () => {
    const shopDesignsNow = async () => ((await shop.app.inject({ method: 'GET', url: `/v1/catalog/designs?business=${business}` })).json().data as { code: string; price: number }[]).find((d) => d.code === 'in-vase')!.price;
    const listed = data<{ code: string; title: string; priceNgn: number }[]>(await call('GET', `${P}/designs`, manager));
    expect(listed.map((d) => d.code)).toEqual(['wrapped-bouquet', 'in-vase', 'in-large-vase', 'box']);
    const was = listed.find((d) => d.code === 'in-vase')!.priceNgn;
    expect(await shopDesignsNow()).toBe(was);

    expect((await call('PUT', `${P}/designs`, florist, { prices: { 'in-vase': was + 1500 } })).statusCode).toBe(403);
    const bad = await call('PUT', `${P}/designs`, manager, { prices: { 'in-vase': was + 1500, 'glass-dome': 100, box: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'The price of glass-dome is not a design of the shop; the designs are wrapped-bouquet, in-vase, in-large-vase, box (nothing was changed).',
      fields: { 'prices.box': 'must be a whole number of naira from 0 to 10,000,000' },
    });
    expect((await call('PUT', `${P}/designs`, manager, { prices: {} })).json().code).toBe('NOTHING_TO_CHANGE');
    expect(await shopDesignsNow()).toBe(was);

    const saved = data<{ designs: { code: string; priceNgn: number }[] }>(await call('PUT', `${P}/designs`, manager, { prices: { 'In vase': was + 1500 } }));
    expect(saved.designs.find((d) => d.code === 'in-vase')!.priceNgn).toBe(was + 1500);
    expect(await shopDesignsNow()).toBe(was + 1500);
    const order = data<Order>(await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1, design: { code: 'in-vase' } }] } }));
    expect(order.cartItems?.[0]?.design).toMatchObject({ title: 'In vase', price: was + 1500 });
    const [entry] = data<{ before: any; after: any }[]>(await call('GET', `${P}/audit?action=catalog.design-prices`, manager));
    expect([entry!.before['in-vase'], entry!.after['in-vase']]).toEqual([was, was + 1500]);
    data(await call('PUT', `${P}/designs`, manager, { prices: { 'in-vase': was } }));
  });

  it('the catalogue command features products and sets designs through the same services', async () => {
    const { parseCatalogCommand, executeCatalogCommand, CatalogCommandError } = await import('../src/domains/catalog');
    expect(parseCatalogCommand(['feature', 'Occasion:Birthday:Main', 'AB-1001', 'red-roses'])).toEqual({ kind: 'feature', list: 'occasion:birthday:main', products: ['AB-1001', 'red-roses'] });
    expect(() => parseCatalogCommand(['feature', 'birthday', 'AB-1001'])).toThrow("'birthday' is not a featured list");
    expect(() => parseCatalogCommand(['set-designs'])).toThrow(CatalogCommandError);
    const [first] = (await featuredOf('birthday')).lists[0]!.products;
    const other = await shop.db.kysely.selectFrom('product').select(['slug', 'sku']).where('in_stock', '=', 1).where('slug', '!=', first!.slug).orderBy('position', 'desc').executeTakeFirstOrThrow();
    const said = await executeCatalogCommand(shop.db, parseCatalogCommand(['feature', LIST, other.sku, first!.slug]));
    expect(said).toMatch(/^Birthday favourites \(occasion:birthday:main\) now features 2 products; shoppers see it on their next page load\./);
    expect((await featuredOf('birthday')).lists[0]!.products.map((p) => p.slug)).toEqual([other.slug, first!.slug]);
    await expect(executeCatalogCommand(shop.db, parseCatalogCommand(['feature', LIST, 'NO-SUCH-SKU']))).rejects.toThrow('No product has the address or SKU NO-SUCH-SKU (nothing was changed).');
    expect(parseCatalogCommand(['set-design-price', 'in-vase', '₦16,000'])).toEqual({ kind: 'set-design-price', design: 'in-vase', priceNgn: 16000 });
    expect(() => parseCatalogCommand(['set-design-price', 'in-vase', '-5'])).toThrow("'-5' is not a price");
    await expect(executeCatalogCommand(shop.db, parseCatalogCommand(['set-design-price', 'glass', '5']))).rejects.toThrow('The price of glass is not a design of the shop');
    expect(await executeCatalogCommand(shop.db, parseCatalogCommand(['design-prices']))).toMatch(/^wrapped-bouquet +Wrapped bouquet +adds ₦0$/m);
    expect(await executeCatalogCommand(shop.db, parseCatalogCommand(['designs', other.sku]))).toMatch(new RegExp(`\\(${other.sku}\\) (is offered .+\\[default\\]|offers no design to choose)`));
  });
});

describe('release status (managers)', () => {
  it('lists each part’s live version, earlier ones, a canary with its page loads and error rate, and a CDN origin: the facts of pnpm release status', async () => {
    const dist = (content: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-bo-rel-'));
      fs.writeFileSync(path.join(dir, 'remoteEntry.js'), content);
      return dir;
    };
    const base = { remote: 'cart' as const, packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };
    const first = await shop.registry.publish({ ...base, distDir: dist('first') });
    const second = await shop.registry.publish({ ...base, distDir: dist('second') });
    const canary = await shop.registry.publish({ ...base, distDir: dist('canary'), storeOnly: true });
    await shop.registry.canary('cart', canary.version, 10);
    await shop.registry.report([{ target: 'cart', version: canary.version, pageLoads: 20, failures: 1, client: 'c1' }]);
    await shop.registry.setOrigin('cart', 'https://cdn.example.ng/releases');

    expect((await call('GET', `${P}/releases`, florist)).json()).toEqual({ code: 'FORBIDDEN', message: 'A florist cannot open release status. Ask a manager.' });
    const res = await call('GET', `${P}/releases`, manager);
    expect(res.headers['cache-control']).toBe('no-store');
    const status = data<{ targets: any[]; canaries: any[]; history: any[] }>(res);
    expect(status.targets.map((t) => t.target)).toEqual(['shell', 'catalog', 'cart', 'account', 'checkout', 'backoffice']);
    const cart = status.targets.find((t) => t.target === 'cart');
    expect(cart).toMatchObject({ liveVersion: second.version, live: { version: second.version, commit: 'abc1234' }, origin: 'https://cdn.example.ng/releases', liveSince: { action: 'publish', previous: first.version } });
    expect(cart.earlier.map((r: { version: string }) => r.version)).toEqual(expect.arrayContaining([first.version, canary.version]));
    expect(status.canaries).toEqual([expect.objectContaining({ target: 'cart', version: canary.version, percent: 10, canary: { pageLoads: 20, failures: 1, clients: 1, clientRate: 0.05 } })]);
    expect(status.history[0]).toMatchObject({ action: 'canary', remote: 'cart', version: canary.version });
    expect(formatStatus(await shop.registry.status())).toContain('cart\n  origin   https://cdn.example.ng/releases\n');
  });
});
