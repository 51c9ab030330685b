import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PAYMENT_METHODS, type Order, type User } from '@adire/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { sandboxRootSecret, sandboxSecret } from '../src/domains/payments/testing';
import { routeTable } from '../src/http/route-table';
import { fuzzRequests, hostileText, META_STRINGS, mostly, toInject, type FuzzRequest, type Method } from './fuzz/requests';
import { confirmSignupEmail, startTestShop, type TestShop } from './helpers';

/**
 * Property-based fuzzing of every endpoint of the route table (issue 11): at least FUZZ_RUNS (300)
 * generated requests each — well-formed ones and broken variants (wrong types, missing and extra
 * fields, hostile and huge text, malformed JSON, bodies over the limit, broken query strings). For
 * every answer: never a 5xx; a failure is the `{message, code}` envelope with a readable message
 * (browser pages may answer with an HTML page instead); a refused write leaves the database as it was;
 * and at least a third of each endpoint's cases pass schema validation and reach its logic.
 *
 * The seed is fixed so CI is repeatable; FUZZ_SEED=<n> explores other cases (the seed of a failure is
 * printed), FUZZ_RUNS=<n> changes the count.
 */

const business = 'adire-blooms';
const BODY_LIMIT = 16 * 1024; // the test shop's limit
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_261_111;
const FUTURE = '2099-06-10';

let shop: TestShop;

// ---- fixtures: real things for the well-formed requests to point at --------------------------------

const F = {
  skus: [] as string[],
  soldOut: '' as string,
  designs: [] as string[],
  productSlugs: [] as string[],
  categorySlugs: [] as string[],
  blogSlugs: [] as string[],
  openOrders: [] as string[],
  checkedOut: [] as Order[],
  paidOrders: [] as Order[],
  shopperToken: '',
  logoutTokens: [] as string[],
  passwordToken: '',
  codeEmails: [] as string[],
  references: [] as { provider: string; reference: string }[],
  unsubscribeToken: '',
  confirmToken: '',
  secrets: {} as Record<string, string>,
  managerToken: '',
  floristToken: '',
  staffLogoutTokens: [] as string[],
  /** Members the fuzzed lifecycle calls (disable, role, remove, …) act on, apart from the tokens above. */
  staffTargets: ['fuzz-target-1@adireblooms.ng', 'fuzz-target-2@adireblooms.ng', 'fuzz-target-3@adireblooms.ng'],
  transferOrders: [] as string[],
  /** Tokens of pages the store served (telemetry reports count only with one). */
  pageTokens: [] as string[],
  reviewIds: [] as string[],
  /** My account (issue 33): a shopper with orders, saved recipients and reminders; others whose sessions or account the fuzzer ends. */
  accountToken: '',
  accountOrders: [] as string[],
  recipientIds: [] as string[],
  reminderIds: [] as string[],
  othersToken: '',
  sessionsToken: '',
  sessionIds: [] as string[],
  deleteToken: '',
};

async function api(method: Method, url: string, payload?: unknown, token?: string): Promise<LightMyRequestResponse> {
  return shop.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function ok<T>(res: LightMyRequestResponse): Promise<T> {
  expect(res.statusCode, res.body).toBeLessThan(400);
  return res.json().data as T;
}

const orderOf = async (sku: string, currency = 'NGN') => ok<Order>(await api('POST', '/v1/orders/order/create', { business, currency, deliveryDate: '', cartItems: [{ SKU: sku, quantity: 2 }] }));

async function checkedOutOrder(sku: string, email: string): Promise<Order> {
  const order = await orderOf(sku);
  const done = await ok<{ order: Order }>(
    await api('PUT', `/v1/orders/order/checkout-order/${order.id}`, {
      business,
      currency: 'NGN',
      userData: { name: 'Ifeoma Nwosu', email, phone: '08031234567' },
      orderData: { deliveryDate: FUTURE, pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } },
    }),
  );
  return done.order;
}

async function login(email: string, password: string): Promise<string> {
  return (await ok<User>(await api('POST', '/v1/storefront/auth/login', { business, email, password }))).authToken;
}

async function setUpFixtures() {
  const products = await shop.db.kysely.selectFrom('product').select(['sku', 'slug', 'in_stock', 'id']).orderBy('position').execute();
  const inStock = products.filter((p) => Number(p.in_stock) === 1);
  const variants = await shop.db.kysely.selectFrom('product_variant').select('sku').where('is_default', '=', 0).limit(3).execute();
  F.skus = [...inStock.slice(0, 6).map((p) => p.sku), ...variants.map((v) => v.sku)];
  F.soldOut = products.find((p) => Number(p.in_stock) === 0)?.sku ?? 'AB-0000';
  F.designs = (await shop.db.kysely.selectFrom('design_option').select('title').execute()).map((d) => d.title);
  F.productSlugs = products.slice(0, 8).map((p) => p.slug);
  F.categorySlugs = (await shop.db.kysely.selectFrom('category').select('slug').limit(8).execute()).map((c) => c.slug);
  // A published release, so requests for its files find them.
  for (const [file, text] of [['remoteEntry.js', 'export const v = 1;'], ['assets/app.css', 'body{}']] as const) {
    for (const remote of ['cart', 'catalog']) {
      const target = path.join(shop.dirs.releasesDir, remote, '0.1.0-fuzz', file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
    }
  }
  await shop.registry.forcePointers({ live: { cart: '0.1.0-fuzz', catalog: '0.1.0-fuzz' } });
  F.blogSlugs = (await shop.db.kysely.selectFrom('blog_post').select('slug').limit(3).execute()).map((b) => b.slug);
  for (let i = 0; i < 5; i++) {
    const page = await shop.app.inject({ url: '/' });
    F.pageTokens.push(/adire-page;desc="([^"]+)"/.exec(String(page.headers['server-timing']))![1]!);
  }

  for (let i = 0; i < 3; i++) F.openOrders.push((await orderOf(F.skus[i % F.skus.length]!, ['NGN', 'USD', 'GBP'][i])).id);
  for (let i = 0; i < 3; i++) F.checkedOut.push(await checkedOutOrder(F.skus[i]!, `fuzz-buyer${i}@example.com`));
  const paid = await checkedOutOrder(F.skus[0]!, 'fuzz-paid@example.com');
  await markPaid(shop.db, paid.orderNumber!);
  F.paidOrders.push(paid);

  // Sessions: the shopper's (kept), a few to log out, and one of an account whose password the fuzzer changes.
  await ok(await api('POST', '/v1/storefront/auth/signup', { business, email: 'fuzz-shopper@example.com', password: 'Bloom-fuzz-2026' }));
  await ok(await api('POST', '/v1/storefront/auth/signup', { business, email: 'fuzz-password@example.com', password: 'Bloom-fuzz-2026' }));
  F.shopperToken = await login('fuzz-shopper@example.com', 'Bloom-fuzz-2026');
  for (let i = 0; i < 3; i++) F.logoutTokens.push(await login('fuzz-shopper@example.com', 'Bloom-fuzz-2026'));
  F.passwordToken = await login('fuzz-password@example.com', 'Bloom-fuzz-2026');

  // One-time codes waiting for validation (an account and an address without one).
  for (const email of ['ada@example.com', 'fuzz-nobody@example.com']) {
    await ok(await api('POST', '/v1/storefront/auth/otp/request', { business, email }));
    F.codeEmails.push(email);
  }

  // Provider payments started (sandbox), so webhooks, returns and sandbox pages have real references.
  const methods: [string, string][] = [
    ['cardProvider', 'paystack'],
    ['cardAndBankProvider', 'flutterwave'],
    ['bankTransferProvider', 'monnify'],
  ];
  for (const [index, [method, provider]] of methods.entries()) {
    const data = await ok<{ reference: string }>(await api('PUT', `/v1/orders/order/update-payment-details/${F.checkedOut[index]!.id}`, { business, currency: 'NGN', paymentMethod: method }));
    F.references.push({ provider, reference: data.reference });
  }
  const root = await sandboxRootSecret(shop.db);
  for (const provider of ['paystack', 'flutterwave', 'monnify', 'paypal'] as const) F.secrets[provider] = sandboxSecret(root, provider);

  // Staff: a manager by the command, a florist by invitation; orders awaiting a transfer for them to decide on.
  const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
  const staffToken = async (email: string, role: 'manager' | 'florist') => {
    if (role === 'manager') await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', role]), { mailer, config: loadStaffConfig({}), publicUrl: 'http://shop.test' });
    else await ok(await api('POST', '/v1/backoffice/staff', { business, email, role }, F.managerToken));
    const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const code = /invitation code: (\d{6})/.exec(mail.text_body)![1];
    return (await ok<{ token: string }>(await api('POST', '/v1/backoffice/auth/accept-invite', { business, email, code, password: 'Staff-fuzz-2026' }))).token;
  };
  F.managerToken = await staffToken('fuzz-manager@adireblooms.ng', 'manager');
  F.reviewIds = (await shop.db.kysely.selectFrom('review').select('id').limit(5).execute()).map((r) => r.id);
  F.floristToken = await staffToken('fuzz-florist@adireblooms.ng', 'florist');
  for (const target of F.staffTargets) await staffToken(target, 'florist');
  for (let i = 0; i < 3; i++) F.staffLogoutTokens.push((await ok<{ token: string }>(await api('POST', '/v1/backoffice/auth/login', { business, email: 'fuzz-florist@adireblooms.ng', password: 'Staff-fuzz-2026' }))).token);
  for (let i = 0; i < 3; i++) {
    const order = await checkedOutOrder(F.skus[i]!, `fuzz-transfer${i}@example.com`);
    await ok(await api('PUT', `/v1/orders/order/update-payment-details/${order.id}`, { business, currency: 'NGN', paymentMethod: 'gtbTransfer' }));
    await ok(await api('PUT', `/v1/orders/order/transfer-notice/${order.id}`, { business, amount: order.total, accountName: 'Ifeoma Nwosu', reference: order.orderNumber }));
    F.transferOrders.push(order.orderNumber!);
  }

  // My account: orders with saved recipients and a reminder; a shopper with sessions to end; one to delete.
  const shopperWith = async (address: string) => {
    await ok(await api('POST', '/v1/storefront/auth/signup', { business, email: address, password: 'Bloom-fuzz-2026' }));
    return login(address, 'Bloom-fuzz-2026');
  };
  F.accountToken = await shopperWith('fuzz-account@example.com');
  await ok(await confirmSignupEmail(shop, 'fuzz-account@example.com')); // reminders need a verified address (issue 38, item 5)
  for (const [i, name] of ['Mama Nkechi', 'Uncle Femi'].entries()) {
    const order = await ok<Order>(await api('POST', '/v1/orders/order/create', { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: F.skus[i]!, quantity: 1 }] }, F.accountToken));
    const recipient = { name, phone: '+2348095556666', phoneCountryCode: '+234', address: `${7 + i} Admiralty Way, Lekki Phase 1`, state: 'lagos', residenceType: 'Home', method: 'delivery' };
    const orderData = { deliveryDate: FUTURE, deliveryZone: 'Lekki / Ajah', recipient };
    await ok(await api('PUT', `/v1/orders/order/checkout-order/${order.id}`, { business, currency: 'NGN', shouldSaveAddress: true, userData: { name: 'Ifeoma Nwosu', email: 'fuzz-account@example.com', phone: '08031234567' }, orderData }, F.accountToken));
    F.accountOrders.push(order.id);
  }
  F.recipientIds = (await ok<{ id: string }[]>(await api('GET', `/v1/storefront/account/recipients?business=${business}`, undefined, F.accountToken))).map((r) => r.id);
  const reminders = await ok<{ id: string }[]>(await api('POST', '/v1/storefront/account/reminders', { business, name: "Mum's birthday", date: FUTURE, orderId: F.accountOrders[0] }, F.accountToken));
  F.reminderIds = reminders.map((r) => r.id);
  F.othersToken = await shopperWith('fuzz-others@example.com');
  for (let i = 0; i < 3; i++) await login('fuzz-others@example.com', 'Bloom-fuzz-2026');
  F.sessionsToken = await shopperWith('fuzz-sessions@example.com');
  for (let i = 0; i < 3; i++) await login('fuzz-sessions@example.com', 'Bloom-fuzz-2026');
  F.sessionIds = (await ok<{ id: string; current?: boolean }[]>(await api('GET', `/v1/storefront/account/sessions?business=${business}`, undefined, F.sessionsToken))).map((x) => x.id);
  F.deleteToken = await shopperWith('fuzz-delete@example.com');

  await ok(await api('POST', `/v1/storefront/subscribe?business=${business}&email=fuzz-news@example.com`));
  const newsletterMail = async (subject: string) =>
    (await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', 'fuzz-news@example.com').where('subject', 'like', `${subject}%`).executeTakeFirstOrThrow()).text_body;
  F.confirmToken = decodeURIComponent(/newsletter\/confirm\?token=([^\s"&]+)/.exec(await newsletterMail('Confirm'))![1]!);
  await ok(await api('POST', '/v1/storefront/confirm-subscription', { business, token: F.confirmToken }));
  F.unsubscribeToken = decodeURIComponent(/unsubscribe\?token=([^\s"&]+)/.exec(await newsletterMail('Welcome'))![1]!);
}

// ---- value generators -------------------------------------------------------------------------------

/** An arbitrary built when a case is generated (after the fixtures exist), not when this file loads. */
const later = <T>(build: () => fc.Arbitrary<T>): fc.Arbitrary<T> => fc.constant(null).chain(build);

const biz = fc.oneof({ weight: 15, arbitrary: fc.constant(business) }, { weight: 1, arbitrary: hostileText });
const email = fc.oneof(
  fc.constantFrom('ada@example.com', 'fuzz-shopper@example.com', 'someone.new@example.com', 'ADA@EXAMPLE.COM ', 'legacy@adireblooms.ng', 'o\'brien+tag@example.co.uk', 'ọlá@example.ng'),
  fc.emailAddress(),
  hostileText,
);
const password = fc.oneof(fc.constantFrom('Bloom-2026!', 'wrong-password', 'short', 'Roses-2019'), fc.string({ minLength: 0, maxLength: 80 }), hostileText);
const pickId = (ids: () => string[]) => fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids()) }, { weight: 2, arbitrary: fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64url')) }, { weight: 1, arbitrary: hostileText });
const openOrderId = () => pickId(() => F.openOrders);
const checkedOutId = () => pickId(() => F.checkedOut.map((o) => o.id));
const anyOrderId = () => pickId(() => [...F.openOrders, ...F.checkedOut.map((o) => o.id), ...F.paidOrders.map((o) => o.id)]);
const currency = mostly(fc.constantFrom('NGN', 'USD', 'GBP', 'EUR', 'ngn'));
const futureDate = fc.oneof(fc.constantFrom(FUTURE, '', '2000-01-01', '2099-02-30', '2099-13-01', '20990610'), fc.date({ min: new Date('2000-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
const quantity = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 99, 100, 1e9, -0, Number.MAX_SAFE_INTEGER) });
const design = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constantFrom(...['Wrapped bouquet', 'In vase', 'In large vase', 'Box', 'in-vase']).map((title) => ({ title })), hostileText.map((name) => ({ name })));
const cartItem = fc.record(
  {
    SKU: fc.oneof({ weight: 6, arbitrary: later(() => fc.constantFrom(...F.skus)) }, { weight: 1, arbitrary: fc.constant('__SOLD_OUT__') }, { weight: 1, arbitrary: hostileText.map((s) => s.slice(0, 64)) }),
    quantity,
    price: fc.oneof(fc.constantFrom(0, 1, -100, 1e12), fc.double()),
    name: hostileText.map((s) => s.slice(0, 300)),
    design,
  },
  { requiredKeys: ['SKU', 'quantity'] },
).map((item) => ({ ...item, SKU: item.SKU === '__SOLD_OUT__' ? F.soldOut : item.SKU }));
const cartItems = fc.array(cartItem, { minLength: 1, maxLength: 4 });
const orderBody = fc.record({ business: biz, currency, deliveryDate: futureDate, cartItems: fc.oneof({ weight: 6, arbitrary: cartItems }, { weight: 1, arbitrary: fc.constant(null) }) });
const shortText = (max: number) => fc.oneof(hostileText.map((s) => s.slice(0, max)), fc.constantFrom('Tolu Bakare', '+2348031234567', '08031234567', 'lagos', 'Lekki / Ajah'));
const authHeader = (tokens: () => string[], validWeight = 6) =>
  fc.oneof(
    { weight: validWeight, arbitrary: later(() => fc.constantFrom(...tokens())).map((t) => ({ authorization: `Bearer ${t}` })) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: hostileText.map((t) => ({ authorization: `Bearer ${t.replace(/[\r\n\u0000-\u001f\u007f-\uffff]/g, '')}` })) },
    { weight: 1, arbitrary: fc.constantFrom({ authorization: 'Basic YWRhOnB3' }, { authorization: 'Bearer' }, { authorization: `Bearer ${'A'.repeat(5000)}` }) },
  );
/** A manager's or florist's token mostly; a shopper's (403), none, or a broken one now and then. */
const staffHeader = (tokens: () => string[] = () => [F.managerToken, F.managerToken, F.floristToken]) =>
  fc.oneof(
    { weight: 8, arbitrary: authHeader(tokens, 8) },
    { weight: 1, arbitrary: later(() => fc.constant({ authorization: `Bearer ${F.shopperToken}` })) },
  );
/** A lifecycle call's member: a target mostly, the fuzz manager (the last manager: refused) when it cannot end the run's sessions, or hostile text. */
const staffMember = (orManager: boolean) =>
  fc.oneof(
    { weight: 6, arbitrary: later(() => fc.constantFrom(...F.staffTargets, ...(orManager ? ['fuzz-manager@adireblooms.ng'] : []))) },
    { weight: 1, arbitrary: hostileText.map((t) => t.slice(0, 60) || 'x') },
  );
const staffOrderNumber = () => fc.oneof({ weight: 6, arbitrary: later(() => fc.constantFrom(...F.transferOrders, ...F.checkedOut.map((o) => o.orderNumber!), ...F.paidOrders.map((o) => o.orderNumber!))) }, { weight: 1, arbitrary: hostileText.map((t) => t.slice(0, 40) || 'x') });
const listingQuery = fc.record(
  {
    business: biz,
    sort: mostly(fc.constantFrom('name-desc', 'name-asc', 'price-asc', 'price-desc', 'default')).map((t) => t.slice(0, 40)),
    page: fc.integer({ min: 1, max: 20 }).map(String),
    pageSize: fc.integer({ min: 1, max: 100 }).map(String),
    search: mostly(fc.constantFrom('rose', 'lili', 'moet', 'red roses', '', 'rosses', 'champange', 'me@example.com', '0803 555 0142')).map((t) => t.slice(0, 2000)),
    exact: mostly(fc.constantFrom('1', '0', 'true')).map((t) => t.slice(0, 10)),
    shopBy: mostly(fc.constantFrom('same day delivery', 'best-sellers')).map((t) => t.slice(0, 100)),
    flowerName: mostly(fc.constantFrom('roses', 'lilies,roses')).map((t) => t.slice(0, 100)),
    budget: mostly(fc.constantFrom('under-20000', '50000-100000')).map((t) => t.slice(0, 100)),
  },
  { requiredKeys: ['business'] },
);
const slugOf = (slugs: () => string[]) => fc.oneof({ weight: 4, arbitrary: later(() => fc.constantFrom(...slugs())) }, { weight: 1, arbitrary: hostileText.map((s) => s.slice(0, 200) || 'x') });
const q = (query: Record<string, fc.Arbitrary<unknown>>, required: string[] = ['business']) => fc.record(query, { requiredKeys: required });

/** A well-formed request for a route: method, path segments, and the rest. */
function request(method: Method, path: (string | fc.Arbitrary<string>)[], rest: { query?: fc.Arbitrary<Record<string, unknown>>; body?: fc.Arbitrary<unknown>; headers?: fc.Arbitrary<Record<string, string>> } = {}): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: fc.tuple(...path.map((p) => (typeof p === 'string' ? fc.constant(p) : p))),
      query: rest.query ?? fc.constant(undefined),
      body: rest.body ?? fc.constant(undefined),
      headers: rest.headers ?? fc.constant(undefined),
    })
    .map((r) => ({ method, path: r.path, query: r.query, body: r.body, headers: r.headers, kind: 'valid' }) as FuzzRequest);
}
const split = (url: string) => url.split('/').filter(Boolean);

/** A signed (or not) provider webhook with a body that is mostly the provider's shape. */
function webhook(): fc.Arbitrary<FuzzRequest> {
  const ref = () => fc.oneof(later(() => fc.constantFrom(...F.references.map((r) => r.reference))), fc.constantFrom(...META_STRINGS), hostileText);
  const amount = fc.oneof(fc.constantFrom(0, -5, 1e12, 25_000, 2_500_000), fc.double(), hostileText);
  return fc
    .record({
      provider: mostly(fc.constantFrom('paystack', 'flutterwave', 'monnify', 'paypal')),
      reference: ref(),
      amount,
      currency: currency,
      event: fc.constantFrom('charge.success', 'charge.completed', 'SUCCESSFUL_TRANSACTION', 'PAYMENT.CAPTURE.COMPLETED', 'transfer.success', 'x'),
      signed: fc.boolean(),
    })
    .map(({ provider, reference, amount, currency: cur, event, signed }) => {
      const body =
        provider === 'monnify'
          ? { eventType: event, eventData: { paymentReference: reference, amountPaid: amount, currency: cur, transactionReference: 'MNFY|1' } }
          : provider === 'flutterwave'
            ? { event, data: { id: 1, tx_ref: reference, amount, currency: cur, status: 'successful' } }
            : { event, data: { status: 'success', reference, amount, currency: cur } };
      const raw = JSON.stringify(body);
      const secret = F.secrets[provider];
      const headers: Record<string, string> = {};
      if (signed && secret && provider === 'paystack') headers['x-paystack-signature'] = createHmac('sha512', secret).update(raw).digest('hex');
      if (signed && secret && provider === 'monnify') headers['monnify-signature'] = createHmac('sha512', secret).update(raw).digest('hex');
      if (signed && secret && provider === 'flutterwave') headers['verif-hash'] = secret;
      if (provider === 'paypal') Object.assign(headers, { 'paypal-transmission-id': 'x', 'paypal-transmission-time': new Date().toISOString(), 'paypal-transmission-sig': 'c2ln', 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': 'https://api.sandbox.paypal.com/cert' });
      return { method: 'POST', path: ['webhooks', provider], raw, contentType: 'application/json', headers, kind: 'valid' } as FuzzRequest;
    });
}

const sandboxRef = () => fc.oneof(later(() => fc.constantFrom(...F.references)), fc.record({ provider: mostly(fc.constantFrom('paystack', 'paypal')), reference: hostileText.map((s) => s.slice(0, 120) || 'x') }));

// ---- the endpoint table ---------------------------------------------------------------------------

interface Endpoint {
  valid: () => fc.Arbitrary<FuzzRequest>;
  /** A page for browsers: its errors may be HTML pages rather than the JSON envelope. */
  html?: boolean;
  /** Tables a refusal may still write by design (e.g. a legacy login mails its upgrade code). */
  refusalWrites?: string[];
  /** A GET that may write (the shopper's return from a payment provider settles the payment). */
  getWrites?: boolean;
}

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /healthz': { valid: () => request('GET', ['healthz'], { query: q({ business: biz }, []) }) },
  'GET /': { html: true, valid: () => request('GET', [], { query: q({ utm_source: hostileText }, []) }) },
  'GET /*': { html: true, valid: () => request('GET', [mostly(fc.constantFrom('checkout', 'product-category', 'order-tracker', 'filters', 'favicon.svg', 'index.html', 'unsubscribe', 'newsletter')), mostly(fc.constantFrom('roses', 'x'))], { query: q({ orderId: hostileText, search: hostileText }, []) }) },
  'GET /remotes.json': { valid: () => request('GET', ['remotes.json']) },
  'GET /robots.txt': { valid: () => request('GET', ['robots.txt'], { query: q({ v: hostileText }, []) }) },
  'GET /sitemap.xml': { valid: () => request('GET', ['sitemap.xml'], { query: q({ v: hostileText }, []) }) },
  'GET /releases/*': {
    valid: () => request('GET', ['releases', mostly(fc.constantFrom('cart', 'catalog'), 20), mostly(fc.constant('0.1.0-fuzz'), 20), mostly(fc.constantFrom('remoteEntry.js', 'assets/app.css'), 20)], { query: q({ v: hostileText }, []) }),
  },
  'GET /dev/mail': { html: true, valid: () => request('GET', ['dev', 'mail'], { query: q({ to: email, limit: fc.integer({ min: 1, max: 500 }).map(String) }, []) }) },
  'GET /dev/mail.json': { valid: () => request('GET', ['dev', 'mail.json'], { query: q({ to: email, limit: fc.integer({ min: 1, max: 500 }).map(String) }, []) }) },
  'GET /v1/storefront/handshake': { valid: () => request('GET', split('/v1/storefront/handshake'), { query: q({ business: biz }), headers: authHeader(() => [F.shopperToken]) }) },
  'GET /v1/storefront/shop': { valid: () => request('GET', split('/v1/storefront/shop'), { query: q({ business: biz }) }) },
  'GET /v1/storefront/delivery-days': {
    valid: () =>
      request('GET', split('/v1/storefront/delivery-days'), {
        query: q(
          {
            business: biz,
            from: mostly(fc.oneof(fc.date({ min: new Date('2026-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.constantFrom('2099-02-30', 'tomorrow'))),
            days: mostly(fc.oneof(fc.integer({ min: 1, max: 62 }).map(String), fc.constantFrom('0', '63', '7.5', '-1'))),
            location: mostly(fc.constantFrom('lagos', 'abuja', 'other-locations', 'pickup:Ikoyi LPI', 'pickup:abuja apa', 'kano')),
          },
          ['business', 'location'],
        ),
      }),
  },
  'POST /v1/storefront/subscribe': {
    valid: () => request('POST', split('/v1/storefront/subscribe'), { query: q({ business: biz, email }), body: fc.oneof(fc.constant(undefined), fc.constant({}), email.map((e) => ({ email: e }))) }),
  },
  'POST /v1/storefront/confirm-subscription': {
    valid: () => request('POST', split('/v1/storefront/confirm-subscription'), { body: fc.record({ business: biz, token: fc.oneof(later(() => fc.constant(F.confirmToken)), fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), hostileText.map((s) => s.slice(0, 128))) }) }),
  },
  'POST /v1/storefront/unsubscribe': {
    valid: () => request('POST', split('/v1/storefront/unsubscribe'), { body: fc.record({ business: biz, token: fc.oneof(later(() => fc.constant(F.unsubscribeToken)), fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), hostileText.map((s) => s.slice(0, 128))) }) }),
  },
  'POST /v1/telemetry/releases': {
    valid: () =>
      request('POST', split('/v1/telemetry/releases'), {
        query: q({ business: biz }),
        body: fc.record(
          {
            token: fc.oneof(later(() => fc.constantFrom(...F.pageTokens)), hostileText.map((s) => s.slice(0, 200))),
            events: fc.array(
              fc.record({ remote: mostly(fc.constantFrom('cart', 'catalog', 'shell', 'backoffice')), version: mostly(fc.constantFrom('0.1.0-fuzz', '0.1.0-other')), kind: mostly(fc.constantFrom('loaded', 'failed', 'error')) }),
              { minLength: 1, maxLength: 20 },
            ),
            vitals: fc.record({ lcp: fc.double({ min: -1, max: 200_000 }), inp: fc.integer({ min: 0, max: 5000 }), cls: fc.double({ min: 0, max: 2 }) }, { requiredKeys: [] }),
            ran: fc.record({ cart: mostly(fc.constantFrom('0.1.0-fuzz', '0.1.0-other')), catalog: mostly(fc.constant('0.1.0-fuzz')) }, { requiredKeys: [] }),
          },
          { requiredKeys: ['token'] },
        ),
      }),
  },
  'GET /v1/catalog/categories': { valid: () => request('GET', split('/v1/catalog/categories'), { query: q({ business: biz }) }) },
  'GET /v1/catalog/products': {
    valid: () => request('GET', split('/v1/catalog/products'), { query: q({ business: biz, category: mostly(fc.constantFrom('roses', 'all', 'gifts', 'no-such-category')), limit: fc.integer({ min: 1, max: 100 }).map(String) }) }),
  },
  'GET /v1/catalog/categories/:slug/products': { valid: () => request('GET', ['v1', 'catalog', 'categories', slugOf(() => F.categorySlugs), 'products'], { query: listingQuery }) },
  'GET /v1/catalog/filters': { valid: () => request('GET', split('/v1/catalog/filters'), { query: listingQuery }) },
  'GET /v1/catalog/vip': { valid: () => request('GET', split('/v1/catalog/vip'), { query: listingQuery.chain((l) => mostly(fc.constantFrom('gold', 'platinum', 'diamond', 'vip-gold')).map((c) => ({ ...l, class: c }))) }) },
  'GET /v1/catalog/products/:slug': { valid: () => request('GET', ['v1', 'catalog', 'products', slugOf(() => F.productSlugs)], { query: q({ business: biz }) }) },
  'GET /v1/catalog/products/:slug/reviews': {
    valid: () => request('GET', ['v1', 'catalog', 'products', slugOf(() => F.productSlugs), 'reviews'], { query: q({ business: biz, page: fc.integer({ min: 1, max: 9 }).map(String), pageSize: fc.integer({ min: 1, max: 60 }).map(String) }) }),
  },
  'GET /v1/catalog/search': { valid: () => request('GET', split('/v1/catalog/search'), { query: q({ business: biz, q: fc.oneof(fc.constantFrom('rose', 'moët', 'lili red'), hostileText), limit: fc.integer({ min: 1, max: 80 }).map(String) }) }) },
  'GET /v1/catalog/featured': { valid: () => request('GET', split('/v1/catalog/featured'), { query: q({ business: biz, occasion: mostly(fc.constantFrom('valentines-day', 'birthday', 'mothers-day')), location: mostly(fc.constantFrom('lagos', 'abuja', 'other-locations')) }) }) },
  'GET /v1/catalog/designs': { valid: () => request('GET', split('/v1/catalog/designs'), { query: q({ business: biz }) }) },
  'GET /v1/catalog/blog': { valid: () => request('GET', split('/v1/catalog/blog'), { query: q({ business: biz, page: fc.integer({ min: 1, max: 5 }).map(String), pageSize: fc.integer({ min: 1, max: 60 }).map(String) }) }) },
  'GET /v1/catalog/blog/:slug': { valid: () => request('GET', ['v1', 'catalog', 'blog', slugOf(() => F.blogSlugs)], { query: q({ business: biz }) }) },
  'GET /v1/catalog/faq': { valid: () => request('GET', split('/v1/catalog/faq'), { query: q({ business: biz }) }) },
  'GET /media/products/:file': {
    valid: () => request('GET', ['media', 'products', fc.tuple(slugOf(() => F.productSlugs), fc.constantFrom('.svg', '--detail.svg', '.png', '.webp', '', '.svg.svg')).map(([s, e]) => `${s}${e}`)], { query: q({ v: hostileText }, []) }),
  },
  'GET /media/previews/:kind/:file': {
    valid: () =>
      fc
        .oneof(
          fc.tuple(fc.constant('products'), slugOf(() => F.productSlugs)),
          fc.tuple(fc.constant('categories'), slugOf(() => F.categorySlugs)),
          fc.tuple(fc.constantFrom('products', 'categories', 'home', '..'), hostileText),
        )
        .chain(([kind, slug]) => request('GET', ['media', 'previews', fc.constant(kind), fc.constantFrom('.jpg', '.png', '').map((e) => `${slug}${e}`)], { query: q({ v: hostileText }, []) })),
  },
  'GET /media/previews/home.jpg': { valid: () => request('GET', ['media', 'previews', 'home.jpg'], { query: q({ v: hostileText }, []) }) },
  'GET /feeds/google-merchant.xml': { valid: () => request('GET', ['feeds', 'google-merchant.xml'], { query: q({ currency }, []) }) },
  'GET /feeds/meta-catalog.csv': { valid: () => request('GET', ['feeds', 'meta-catalog.csv'], { query: q({ currency }, []) }) },
  'GET /media/blog/:file': { valid: () => request('GET', ['media', 'blog', fc.tuple(slugOf(() => F.blogSlugs), fc.constantFrom('.svg', '--detail.svg', '.jpg')).map(([s, e]) => `${s}${e}`)], { query: q({ v: hostileText }, []) }) },

  'POST /v1/storefront/auth/login': {
    refusalWrites: ['one_time_code', 'mail_outbox'], // a legacy account's right old password: 403 and a code by mail
    valid: () => request('POST', split('/v1/storefront/auth/login'), { body: fc.record({ business: biz, email, password }) }),
  },
  'POST /v1/storefront/auth/signup': {
    valid: () =>
      request('POST', split('/v1/storefront/auth/signup'), {
        body: fc.record(
          { business: biz, email: fc.oneof(fc.constantFrom('fuzz-new1@example.com', 'fuzz-new2@example.com', 'ada@example.com'), email), password: fc.oneof(fc.constantFrom('long-enough-1'), password), name: shortText(120) },
          { requiredKeys: ['business', 'email', 'password'] },
        ),
      }),
  },
  'POST /v1/storefront/auth/otp/request': { valid: () => request('POST', split('/v1/storefront/auth/otp/request'), { body: fc.record({ business: biz, email }) }) },
  'POST /v1/storefront/auth/otp/validate': {
    valid: () =>
      request('POST', split('/v1/storefront/auth/otp/validate'), {
        body: fc.record({ business: biz, email: fc.oneof(later(() => fc.constantFrom(...F.codeEmails)), email), code: fc.oneof(fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')), hostileText.map((s) => s.slice(0, 32))) }),
      }),
  },
  'PUT /v1/storefront/auth/change-password': {
    // Fewer live sessions here: each accepted change hashes a password with argon2 (tens of ms).
    // The current password is needed (issue 19): mostly the right one, else a guess or none.
    valid: () =>
      request('PUT', split('/v1/storefront/auth/change-password'), {
        body: fc.record({ business: biz, password, currentPassword: mostly(fc.constant('Bloom-fuzz-2026')) }, { requiredKeys: ['business', 'password'] }),
        headers: authHeader(() => [F.passwordToken], 2),
      }),
  },
  'POST /v1/storefront/auth/logout': { valid: () => request('POST', split('/v1/storefront/auth/logout'), { body: fc.record({ business: biz }), headers: authHeader(() => F.logoutTokens) }) },

  // My account (issue 33): the shopper's own data behind their session. A call with a live session marks
  // it used (auth_session), even when what it asks is refused.
  'GET /v1/storefront/account/orders': { getWrites: true, valid: () => request('GET', split('/v1/storefront/account/orders'), { query: q({ business: biz, page: fc.integer({ min: 0, max: 5 }).map(String), pageSize: fc.integer({ min: 0, max: 60 }).map(String) }), headers: authHeader(() => [F.accountToken]) }) },
  'GET /v1/storefront/account/orders/:id/again': {
    getWrites: true,
    valid: () => request('GET', ['v1', 'storefront', 'account', 'orders', slugOf(() => [...F.accountOrders, ...F.openOrders]), 'again'], { query: q({ business: biz }), headers: authHeader(() => [F.accountToken, F.shopperToken]) }),
  },
  'GET /v1/storefront/account/recipients': { getWrites: true, valid: () => request('GET', split('/v1/storefront/account/recipients'), { query: q({ business: biz }), headers: authHeader(() => [F.accountToken]) }) },
  'PUT /v1/storefront/account/recipients/:id': {
    refusalWrites: ['auth_session'],
    valid: () =>
      request('PUT', ['v1', 'storefront', 'account', 'recipients', slugOf(() => F.recipientIds)], {
        body: fc.record({
          business: biz,
          recipient: fc.record(
            { name: shortText(120), phone: shortText(40), phoneCountryCode: mostly(fc.constantFrom('+234', '+44')).map((t) => t.slice(0, 10)), address: shortText(300), state: mostly(fc.constantFrom('lagos', 'abuja', 'other-locations')).map((t) => t.slice(0, 40)), residenceType: mostly(fc.constantFrom('Home', 'Office')).map((t) => t.slice(0, 40)) },
            { requiredKeys: [] },
          ),
        }),
        headers: authHeader(() => [F.accountToken]),
      }),
  },
  'DELETE /v1/storefront/account/recipients/:id': { refusalWrites: ['auth_session'], valid: () => request('DELETE', ['v1', 'storefront', 'account', 'recipients', slugOf(() => F.recipientIds)], { query: q({ business: biz }), headers: authHeader(() => [F.accountToken]) }) },
  'GET /v1/storefront/account/sessions': { getWrites: true, valid: () => request('GET', split('/v1/storefront/account/sessions'), { query: q({ business: biz }), headers: authHeader(() => [F.accountToken]) }) },
  'DELETE /v1/storefront/account/sessions/:id': { refusalWrites: ['auth_session'], valid: () => request('DELETE', ['v1', 'storefront', 'account', 'sessions', slugOf(() => F.sessionIds)], { query: q({ business: biz }), headers: authHeader(() => [F.sessionsToken]) }) },
  'POST /v1/storefront/account/sessions/sign-out-others': { refusalWrites: ['auth_session'], valid: () => request('POST', split('/v1/storefront/account/sessions/sign-out-others'), { body: fc.record({ business: biz }), headers: authHeader(() => [F.othersToken]) }) },
  'GET /v1/storefront/account/reminders': { getWrites: true, valid: () => request('GET', split('/v1/storefront/account/reminders'), { query: q({ business: biz }), headers: authHeader(() => [F.accountToken]) }) },
  'POST /v1/storefront/account/reminders': {
    refusalWrites: ['auth_session'],
    valid: () =>
      request('POST', split('/v1/storefront/account/reminders'), {
        body: fc.record(
          { business: biz, name: shortText(80), date: fc.oneof(futureDate, hostileText.map((t) => t.slice(0, 40))), daysBefore: fc.oneof(fc.integer({ min: -5, max: 400 }), hostileText), orderId: slugOf(() => F.accountOrders) },
          { requiredKeys: ['business', 'name', 'date'] },
        ),
        headers: authHeader(() => [F.accountToken]),
      }),
  },
  'DELETE /v1/storefront/account/reminders/:id': { refusalWrites: ['auth_session'], valid: () => request('DELETE', ['v1', 'storefront', 'account', 'reminders', slugOf(() => F.reminderIds)], { query: q({ business: biz }), headers: authHeader(() => [F.accountToken]) }) },
  'POST /v1/storefront/account/reminders/stop': { valid: () => request('POST', split('/v1/storefront/account/reminders/stop'), { body: fc.record({ business: biz, token: hostileText.map((t) => t.slice(0, 400)) }) }) },
  // Issue 38, item 5: the sign-up mail's confirmation link (no login) and a new link (an unverified shopper: the auth limits count it).
  'POST /v1/storefront/account/email/confirm': { valid: () => request('POST', split('/v1/storefront/account/email/confirm'), { body: fc.record({ business: biz, token: hostileText.map((t) => t.slice(0, 400)) }) }) },
  'POST /v1/storefront/account/email/confirmation': {
    refusalWrites: ['auth_attempt'],
    valid: () => request('POST', split('/v1/storefront/account/email/confirmation'), { body: fc.record({ business: biz }), headers: authHeader(() => [F.othersToken, F.accountToken]) }),
  },
  'GET /v1/storefront/account/export': { getWrites: true, valid: () => request('GET', split('/v1/storefront/account/export'), { query: q({ business: biz }), headers: authHeader(() => [F.accountToken]) }) },
  'DELETE /v1/storefront/account': {
    refusalWrites: ['auth_session', 'auth_attempt'],
    valid: () =>
      request('DELETE', split('/v1/storefront/account'), {
        body: fc.record({ business: biz, password: mostly(fc.constant('Bloom-fuzz-2026')), confirmation: mostly(fc.constant('DELETE')) }, { requiredKeys: ['business'] }),
        headers: authHeader(() => [F.deleteToken]),
      }),
  },

  'PUT /v1/cart-item/update': {
    valid: () => request('PUT', split('/v1/cart-item/update'), { query: q({ business: biz }, []), body: fc.record({ business: biz, cartItems: fc.array(cartItem, { maxLength: 5 }) }), headers: authHeader(() => [F.shopperToken]) }),
  },
  'POST /v1/orders/order/create': { valid: () => request('POST', split('/v1/orders/order/create'), { body: orderBody, headers: authHeader(() => [F.shopperToken]) }) },
  'PUT /v1/orders/order/:id': { valid: () => request('PUT', ['v1', 'orders', 'order', openOrderId()], { body: orderBody }) },
  'GET /v1/orders/order/:id': { valid: () => request('GET', ['v1', 'orders', 'order', anyOrderId()], { query: q({ business: biz }) }) },
  'PUT /v1/orders/order/save-sender-info/:id': {
    valid: () =>
      request('PUT', ['v1', 'orders', 'order', 'save-sender-info', anyOrderId()], {
        body: fc.record({ business: biz, name: shortText(400), email: email.map((e) => e.slice(0, 400)), phone: shortText(100), phoneCountryCode: mostly(fc.constantFrom('+234', '+44', '+1', '234')).map((s) => s.slice(0, 20)) }, { requiredKeys: ['business'] }),
      }),
  },
  'PUT /v1/orders/order/checkout-order/:id': {
    valid: () =>
      request('PUT', ['v1', 'orders', 'order', 'checkout-order', fc.oneof(openOrderId(), checkedOutId())], {
        headers: fc.oneof(fc.constant({}), authHeader(() => [F.shopperToken])),
        body: fc
          .record({
            business: biz,
            currency,
            shouldCreateAccount: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: wrongish() }),
            shouldSaveAddress: fc.oneof(fc.boolean(), wrongish()),
            userData: fc.record({ name: shortText(150), email, phone: shortText(30), phoneCountryCode: mostly(fc.constantFrom('+234', '+44')), password: fc.oneof(fc.constant('long-enough-1'), password) }, { requiredKeys: ['name', 'email', 'phone'] }),
            method: fc.constantFrom('delivery', 'pick-up', 'pickup', 'drone'),
            deliveryDate: futureDate,
            zone: mostly(fc.constantFrom('Lekki / Ajah', 'Ikeja', 'Nowhere')),
            state: mostly(fc.constantFrom('lagos', 'abuja', 'Lagos', 'atlantis')),
            pickupLocation: mostly(fc.constantFrom('Ikoyi LPI', 'Abuja APA', 'Lekki LPL')),
            recipient: fc.record({ name: shortText(150), phone: shortText(30), address: shortText(600), residenceType: shortText(70), phoneAlt: shortText(30) }, { requiredKeys: [] }),
            deliveryMessage: shortText(1100),
          })
          .map((b) => ({
            business: b.business,
            currency: b.currency,
            shouldCreateAccount: b.shouldCreateAccount,
            shouldSaveAddress: b.shouldSaveAddress,
            userData: b.userData,
            orderData: {
              deliveryDate: b.deliveryDate,
              ...(b.method === 'delivery' ? { deliveryZone: b.zone } : { pickupLocation: b.pickupLocation }),
              deliveryMessage: b.deliveryMessage,
              recipient: { ...b.recipient, state: b.state, method: b.method },
            },
          })),
      }),
  },
  'GET /v1/orders/order/delivery-quote/:id': {
    valid: () =>
      request('GET', ['v1', 'orders', 'order', 'delivery-quote', anyOrderId()], {
        query: q({ business: biz, method: mostly(fc.constantFrom('delivery', 'pick-up', 'pickup')), state: mostly(fc.constantFrom('lagos', 'abuja', 'kano')), zone: mostly(fc.constantFrom('Lekki / Ajah', 'Ikeja')), deliveryDate: futureDate, pickupLocation: mostly(fc.constantFrom('Ikoyi LPI', 'Abuja APA')) }),
      }),
  },
  'POST /v1/coupon/validate': {
    valid: () =>
      request('POST', split('/v1/coupon/validate'), {
        query: q({ business: biz }, []),
        body: fc.record({ business: biz, code: mostly(fc.constantFrom('BLOOM10', 'LAGOS5000', 'EXPIRED2025', 'ONEUSE', ' bloom10 ', 'NOPE')).map((s) => s.slice(0, 100)), order: anyOrderId() }),
      }),
  },
  'DELETE /v1/orders/order/delete-coupon/:id': { valid: () => request('DELETE', ['v1', 'orders', 'order', 'delete-coupon', anyOrderId()], { query: q({ business: biz }) }) },
  'GET /v1/orders/order/order-number/:orderNumber': {
    valid: () =>
      request('GET', ['v1', 'orders', 'order', 'order-number', mostly(later(() => fc.constantFrom(...[...F.checkedOut, ...F.paidOrders].map((o) => o.orderNumber!), 'abl 1001w', '#ABL9999W')))], {
        query: q({ business: biz, phone: mostly(fc.constantFrom('08031234567', '+234 803 123 4567', '0803')), email: mostly(fc.constantFrom('fuzz-buyer0@example.com', 'FUZZ-PAID@example.com', 'nobody@example.com')) }),
      }),
  },
  'POST /v1/orders/order/submit-review/:orderId': {
    valid: () =>
      request('POST', ['v1', 'orders', 'order', 'submit-review', fc.oneof(pickId(() => F.paidOrders.map((o) => o.id)), anyOrderId())], {
        body: fc.record({ business: biz, rating: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(0, 6, 2.5, -1), wrongish()), comment: fc.oneof(fc.constant(null), hostileText) }, { requiredKeys: ['business'] }),
      }),
  },
  'PUT /v1/orders/order/update-payment-details/:orderId': {
    valid: () =>
      request('PUT', ['v1', 'orders', 'order', 'update-payment-details', fc.oneof(checkedOutId(), anyOrderId())], {
        body: fc.record({ business: biz, currency, paymentMethod: mostly(fc.constantFrom(...PAYMENT_METHODS.map((m) => m.paymentName), 'cash')).map((s) => s.slice(0, 60)) }),
      }),
  },
  'PUT /v1/orders/order/transfer-notice/:orderId': {
    valid: () =>
      request('PUT', ['v1', 'orders', 'order', 'transfer-notice', fc.oneof(checkedOutId(), anyOrderId())], {
        body: fc.record(
          { business: biz, amount: fc.oneof(fc.double({ min: -10, max: 1e10 }), fc.constantFrom('25,000', '1e3', 'abc', ' 12 000 ').map((s) => s.slice(0, 30))), accountName: shortText(200), reference: shortText(100) },
          { requiredKeys: ['business'] },
        ),
      }),
  },

  'POST /v1/backoffice/auth/login': {
    valid: () => request('POST', split('/v1/backoffice/auth/login'), { body: fc.record({ business: biz, email: fc.oneof(fc.constantFrom('fuzz-florist@adireblooms.ng', 'fuzz-manager@adireblooms.ng'), email), password: fc.oneof(fc.constant('Staff-fuzz-2026'), password) }) }),
  },
  'POST /v1/backoffice/auth/accept-invite': {
    valid: () =>
      request('POST', split('/v1/backoffice/auth/accept-invite'), {
        body: fc.record({ business: biz, email: fc.oneof(fc.constantFrom('fuzz-florist@adireblooms.ng', 'fuzz-invited@adireblooms.ng'), email), code: fc.oneof(fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')), hostileText.map((t) => t.slice(0, 32))), password }),
      }),
  },
  // Issue 32: a member's life after the invitation, and a forgotten password.
  ...Object.fromEntries(
    ['disable', 'enable', 'sign-out', 'unlock', 'reset', 'remove'].map((action) => [
      `POST /v1/backoffice/staff/:email/${action}`,
      { valid: () => request('POST', ['v1', 'backoffice', 'staff', staffMember(action !== 'sign-out'), action], { body: fc.record({ business: biz }), headers: staffHeader() }) },
    ]),
  ),
  'PUT /v1/backoffice/staff/:email/role': {
    valid: () => request('PUT', ['v1', 'backoffice', 'staff', staffMember(true), 'role'], { body: fc.record({ business: biz, role: mostly(fc.constantFrom('florist', 'manager', 'owner')) }), headers: staffHeader() }),
  },
  'POST /v1/backoffice/auth/reset-request': {
    valid: () => request('POST', split('/v1/backoffice/auth/reset-request'), { body: fc.record({ business: biz, email: fc.oneof(later(() => fc.constantFrom(...F.staffTargets)), email) }) }),
  },
  'POST /v1/backoffice/auth/reset': {
    valid: () =>
      request('POST', split('/v1/backoffice/auth/reset'), {
        body: fc.record({ business: biz, email: fc.oneof(later(() => fc.constantFrom(...F.staffTargets)), email), code: fc.oneof(fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')), hostileText.map((t) => t.slice(0, 32))), password }),
      }),
  },
  'POST /v1/backoffice/auth/logout': { valid: () => request('POST', split('/v1/backoffice/auth/logout'), { body: fc.record({ business: biz }), headers: staffHeader(() => F.staffLogoutTokens) }) },
  'GET /v1/backoffice/me': { valid: () => request('GET', split('/v1/backoffice/me'), { query: q({ business: biz }), headers: staffHeader() }) },
  'GET /v1/backoffice/staff': { valid: () => request('GET', split('/v1/backoffice/staff'), { query: q({ business: biz }), headers: staffHeader() }) },
  'POST /v1/backoffice/staff': {
    valid: () =>
      request('POST', split('/v1/backoffice/staff'), {
        body: fc.record({ business: biz, email: fc.oneof(fc.constantFrom('fuzz-florist@adireblooms.ng', 'fuzz-invited@adireblooms.ng'), email), role: mostly(fc.constantFrom('florist', 'manager', 'owner')), name: shortText(120) }, { requiredKeys: ['business', 'email', 'role'] }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/orders': {
    valid: () =>
      request('GET', split('/v1/backoffice/orders'), {
        query: q({
          business: biz,
          from: mostly(fc.constantFrom(FUTURE, '2026-01-01')),
          to: mostly(fc.constant(FUTURE)),
          status: mostly(fc.constantFrom('received', 'arranged', 'delivered'), 12),
          place: fc.constantFrom('Lekki LPL', 'Lekki / Ajah', 'Ikeja', '%', "'"),
          search: fc.oneof(fc.constantFrom('abl1001w', 'fuzz-buyer0@example.com', '+234 803 123 4567', '0803', '%_'), shortText(120)),
          limit: fc.integer({ min: 1, max: 520 }).map(String),
        }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/orders/:orderNumber': { valid: () => request('GET', ['v1', 'backoffice', 'orders', staffOrderNumber()], { query: q({ business: biz }), headers: staffHeader() }) },
  'POST /v1/backoffice/orders/:orderNumber/advance': {
    valid: () => request('POST', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'advance'], { body: fc.record({ business: biz, step: mostly(fc.constantFrom('arranged', 'despatched', 'delivered', 'received')) }), headers: staffHeader() }),
  },
  'POST /v1/backoffice/orders/:orderNumber/transfer': {
    valid: () =>
      request('POST', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'transfer'], {
        body: fc.record({ business: biz, decision: mostly(fc.constantFrom('confirm', 'reject', 'maybe')), reason: shortText(300) }, { requiredKeys: ['business', 'decision'] }),
        headers: staffHeader(),
      }),
  },
  'PUT /v1/backoffice/orders/:orderNumber/note': {
    // A note as text (empty, long, past the limit, hostile) or not text at all; the rule answers 400 for what it refuses.
    valid: () =>
      request('PUT', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'note'], {
        body: fc.record({ business: biz, note: fc.oneof(shortText(500), fc.constantFrom('', '  ', 'x'.repeat(501), '🌹'.repeat(500)), fc.anything()) }, { requiredKeys: ['business'] }),
        headers: staffHeader(),
      }),
  },
  // Issue 39, items 4-5: refunds (not on the fixtures' orders, which other routes need paid) and the accountant's CSV.
  'POST /v1/backoffice/orders/:orderNumber/refunds': {
    valid: () =>
      request('POST', ['v1', 'backoffice', 'orders', fc.oneof(fc.constantFrom('ABL9999W', 'abl 99999w'), hostileText.map((t) => t.slice(0, 40) || 'x')), 'refunds'], {
        body: fc.record(
          {
            business: biz,
            amount: mostly(fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(0.5, 12.25)), 6).map((a) => a as unknown),
            reason: mostly(fc.constantFrom('sender asked', 'out of stock', 'duplicate'), 6),
            method: mostly(fc.constantFrom('provider', 'transfer', 'cash', 'pos')),
            reference: fc.constantFrom('GTB-1', 'TILL 22'),
          },
          { requiredKeys: ['business', 'amount', 'reason'] },
        ),
        headers: staffHeader(() => [F.managerToken]),
      }),
  },
  'GET /v1/backoffice/orders.csv': {
    valid: () =>
      request('GET', split('/v1/backoffice/orders.csv'), {
        query: q({ business: biz, from: mostly(fc.constantFrom('2099-06-01', '2099-05-15'), 8), to: mostly(fc.constantFrom(FUTURE, '2099-06-30'), 8) }, ['business', 'from', 'to']),
        headers: staffHeader(() => [F.managerToken]),
      }),
  },
  // Issue 39: the shop's counter (a staff order read by the checkout's reader; changes; cancel; payment links).
  'POST /v1/backoffice/orders': {
    valid: () =>
      request('POST', split('/v1/backoffice/orders'), {
        body: fc.record(
          {
            business: biz,
            channel: mostly(fc.constantFrom('phone', 'whatsapp', 'instagram', 'walk-in', 'other', 'web')),
            currency,
            cartItems,
            userData: fc.record({ name: shortText(150), email, phone: shortText(30) }, { requiredKeys: ['name', 'phone'] }),
            orderData: fc.record({
              deliveryDate: futureDate,
              deliveryZone: mostly(fc.constantFrom('Lekki / Ajah', 'Ikeja', 'Nowhere')),
              deliveryMessage: shortText(1100),
              recipient: fc.record({ name: shortText(150), phone: shortText(30), address: shortText(600), state: mostly(fc.constantFrom('lagos', 'abuja')), method: mostly(fc.constantFrom('delivery', 'pickup')) }, { requiredKeys: ['method'] }),
            }),
            payment: fc.oneof(
              fc.constant({ kind: 'link' }),
              fc.record({ kind: fc.constant('counter'), method: mostly(fc.constantFrom('cash', 'pos', 'transfer', 'cheque')), reference: shortText(90) }),
              fc.constant({ kind: 'on-delivery' }),
              wrongish(),
            ),
            overbook: fc.oneof(fc.constant(undefined), fc.record({ reason: shortText(400) })),
          },
          { requiredKeys: ['business', 'channel', 'currency', 'cartItems', 'userData', 'orderData', 'payment'] },
        ),
        headers: staffHeader(),
      }),
  },
  'POST /v1/backoffice/orders/:orderNumber/changes': {
    valid: () =>
      request('POST', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'changes'], {
        body: fc.record(
          {
            business: biz,
            reason: shortText(400),
            orderData: fc.record({ deliveryDate: futureDate, deliveryMessage: shortText(1100), deliveryZone: mostly(fc.constantFrom('Lekki / Ajah', 'Ikeja', 'Nowhere')) }, { requiredKeys: [] }),
            cartItems: fc.oneof(cartItems, wrongish()),
            preview: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.boolean() }, { weight: 1, arbitrary: wrongish() }),
          },
          { requiredKeys: ['business'] },
        ),
        headers: staffHeader(),
      }),
  },
  'POST /v1/backoffice/orders/:orderNumber/cancel': {
    // Not the fixtures' orders (other routes need them standing): unknown numbers and hostile text.
    valid: () =>
      request('POST', ['v1', 'backoffice', 'orders', fc.oneof(fc.constantFrom('ABL9999W', 'abl 99999w'), hostileText.map((t) => t.slice(0, 40) || 'x')), 'cancel'], {
        body: fc.record({ business: biz, reason: shortText(400), refund: fc.oneof(fc.constantFrom('none', 'full', 'some'), fc.record({ amount: fc.oneof(fc.double(), fc.integer()) }), wrongish()) }, { requiredKeys: ['business'] }),
        headers: staffHeader(),
      }),
  },
  'POST /v1/backoffice/orders/:orderNumber/payment-link': {
    valid: () => request('POST', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'payment-link'], { body: fc.record({ business: biz }), headers: staffHeader() }),
  },
  'GET /pay/:token': {
    html: true,
    valid: () => request('GET', ['pay', fc.oneof(fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64url')), hostileText.map((t) => t.slice(0, 120) || 'x'))]),
  },
  // Issue 40: an order's photos (multipart: a field or file that is anything; the content decides), and where one is served.
  'GET /v1/backoffice/orders/:orderNumber/photos': { valid: () => request('GET', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'photos'], { query: q({ business: biz }), headers: staffHeader() }) },
  'POST /v1/backoffice/orders/:orderNumber/photos': {
    valid: () =>
      fc
        .tuple(
          request('POST', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'photos'], { query: q({ business: biz }), headers: staffHeader() }),
          mostly(fc.constantFrom('ready', 'delivered', 'not-delivered', 'lovely')),
          shortText(240),
          fc.oneof(fc.constant('\u00ff\u00d8\u00ff\u00e0 not really a jpeg'), fc.constant('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), hostileText),
        )
        .map(([req, kind, caption, file]) => {
          const b = 'fuzzboundary';
          const raw = `--${b}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n--${b}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${caption}\r\n--${b}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${file}\r\n--${b}--\r\n`;
          return { ...req, raw, contentType: `multipart/form-data; boundary=${b}` };
        }),
  },
  // Issue 40: riders (given an order, their own list and route, out for delivery).
  'POST /v1/backoffice/orders/:orderNumber/rider': {
    valid: () =>
      request('POST', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'rider'], {
        body: fc.record({ business: biz, rider: fc.oneof(fc.constant(null), fc.constantFrom('fuzz-florist@adireblooms.ng', 'nobody@adireblooms.ng'), email, fc.anything()) }, { requiredKeys: ['business'] }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/rider/deliveries': { valid: () => request('GET', split('/v1/backoffice/rider/deliveries'), { query: q({ business: biz, date: mostly(fc.constantFrom(FUTURE, '2099-02-30')) }), headers: staffHeader() }) },
  'GET /v1/backoffice/riders': {
    valid: () => request('GET', split('/v1/backoffice/riders'), { query: q({ business: biz, orders: mostly(fc.oneof(staffOrderNumber(), fc.array(staffOrderNumber(), { maxLength: 3 }).map((n) => n.join(',')))) }), headers: staffHeader() }),
  },
  'PUT /v1/backoffice/rider/route': {
    valid: () =>
      request('PUT', split('/v1/backoffice/rider/route'), {
        body: fc.record({ business: biz, date: mostly(fc.constant(FUTURE)), orderNumbers: fc.array(staffOrderNumber(), { maxLength: 4 }) }),
        headers: staffHeader(),
      }),
  },
  'POST /v1/backoffice/rider/deliveries/:orderNumber/out': {
    valid: () => request('POST', ['v1', 'backoffice', 'rider', 'deliveries', staffOrderNumber(), 'out'], { body: fc.record({ business: biz }), headers: staffHeader() }),
  },
  // Issue 40, item 4: substitutions (the florist's proposal, the order's list; the sender's one-time link and page).
  'GET /v1/backoffice/orders/:orderNumber/substitutions': { valid: () => request('GET', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'substitutions'], { query: q({ business: biz }), headers: staffHeader() }) },
  'POST /v1/backoffice/orders/:orderNumber/substitutions': {
    valid: () =>
      request('POST', ['v1', 'backoffice', 'orders', staffOrderNumber(), 'substitutions'], {
        body: fc.record({ business: biz, item: mostly(fc.constantFrom('ROSE-RED-12', 'x')), substitute: mostly(fc.constantFrom('ROSE-RED-24', 'nope')), photo: hostileText.map((t) => t.slice(0, 64)), note: shortText(400) }, { requiredKeys: ['business', 'item'] }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/orders/substitutions/:token': {
    valid: () => request('GET', ['v1', 'orders', 'substitutions', fc.oneof(fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), hostileText.map((t) => t.slice(0, 120) || 'x'))], { query: q({ business: biz }) }),
  },
  'POST /v1/orders/substitutions/:token': {
    valid: () =>
      request('POST', ['v1', 'orders', 'substitutions', fc.oneof(fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), hostileText.map((t) => t.slice(0, 120) || 'x'))], {
        body: fc.record({ business: biz, decision: mostly(fc.constantFrom('accept', 'refund')) }, { requiredKeys: ['business', 'decision'] }),
      }),
  },
  'GET /substitution/:token': {
    html: true,
    valid: () => request('GET', ['substitution', fc.oneof(fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), hostileText.map((t) => t.slice(0, 120) || 'x'))]),
  },
  'POST /substitution/:token': {
    html: true,
    valid: () =>
      fc.tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')), mostly(fc.constantFrom('accept', 'refund', 'maybe'))).map(
        ([token, decision]) =>
          ({
            method: 'POST',
            path: ['substitution', token],
            raw: new URLSearchParams({ decision: String(decision) }).toString(),
            contentType: 'application/x-www-form-urlencoded',
            kind: 'valid',
          }) as FuzzRequest,
      ),
  },
  'GET /v1/orders/photos/:id': {
    valid: () => request('GET', ['v1', 'orders', 'photos', fc.oneof({ weight: 6, arbitrary: fc.base64String({ minLength: 32, maxLength: 32 }).map((t) => t.replace(/[+/=]/g, '_')) }, { weight: 1, arbitrary: hostileText.map((t) => t.slice(0, 64) || 'x') })], { query: q({ business: biz, size: mostly(fc.constantFrom('large', 'small'), 8) }) }),
  },
  'GET /v1/backoffice/settings': { valid: () => request('GET', split('/v1/backoffice/settings'), { query: q({ business: biz }), headers: staffHeader() }) },
  'PUT /v1/backoffice/settings': {
    valid: () =>
      request('PUT', split('/v1/backoffice/settings'), {
        body: fc.record(
          {
            business: biz,
            siteWideAlert: fc.oneof(fc.constantFrom('Free delivery above {{150000}}', ''), hostileText.map((t) => t.slice(0, 1200))),
            rates: fc.dictionary(mostly(fc.constantFrom('USD', 'GBP', 'NGN', 'EUR')), fc.oneof(fc.double({ min: -5, max: 5000 }), fc.constantFrom('1550', '1,550', '0x10'))),
            paymentAlerts: fc.dictionary(mostly(fc.constantFrom('gtbTransfer', 'paypal', 'bad name')), hostileText.map((t) => t.slice(0, 1200)), { maxKeys: 3 }),
          },
          { requiredKeys: ['business'] },
        ),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/days': {
    valid: () =>
      request('GET', split('/v1/backoffice/days'), {
        query: q({ business: biz, from: mostly(fc.date({ min: new Date('2026-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))), days: mostly(fc.integer({ min: 0, max: 70 }).map(String)) }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/days/:date/sheet': {
    valid: () =>
      request('GET', ['v1', 'backoffice', 'days', mostly(fc.constantFrom(FUTURE, '2099-02-14', '2099-02-30')), 'sheet'], {
        query: q({ business: biz, place: mostly(fc.constantFrom('lagos', 'abuja', 'pickup:Ikoyi LPI', 'pickup:lekki lpl', 'kano')) }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/days/:date/holds': {
    valid: () =>
      request('GET', ['v1', 'backoffice', 'days', mostly(fc.constantFrom(FUTURE, '2099-02-14', '2099-02-30', 'tomorrow')), 'holds'], { query: q({ business: biz }), headers: staffHeader() }),
  },
  // Hold releases of the fuzz's own orders or made-up numbers: most are 409 NO_HOLD, 404 or 400; a release is audited.
  'POST /v1/backoffice/days/:date/holds/:orderNumber/release': {
    valid: () =>
      request('POST', ['v1', 'backoffice', 'days', mostly(fc.constantFrom(FUTURE, '2099-02-30')), 'holds', staffOrderNumber(), 'release'], {
        body: fc.record({ business: biz, reason: fc.oneof(shortText(250), fc.constantFrom('Hoarding', '', '   '), fc.integer(), fc.constant(null)) }, { requiredKeys: ['business'] }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/settings/delivery': { valid: () => request('GET', split('/v1/backoffice/settings/delivery'), { query: q({ business: biz }), headers: staffHeader() }) },
  // Only the fuzz's own zones are renamed or removed and only days far past the other checks' are
  // closed, so the endpoints fuzzed after this one still meet the shop's usual zones and days.
  'POST /v1/backoffice/settings/delivery': {
    valid: () => {
      const naira = fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom('4500', '4,500', '-1', '1e4', '99999999999', ''), shortText(40));
      const laterDay = fc.oneof(
        { weight: 4, arbitrary: fc.date({ min: new Date('2150-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
        { weight: 1, arbitrary: fc.constantFrom('2000-01-01', '2150-02-30', '21500610', '') },
      );
      const fuzzZone = mostly(fc.constantFrom('Fuzz zone', 'Fuzz zone 2'));
      return request('POST', split('/v1/backoffice/settings/delivery'), {
        body: fc.record(
          {
            business: biz,
            change: mostly(fc.constantFrom('set-fee', 'add-zone', 'rename-zone', 'remove-zone', 'set-min-amount', 'add-window', 'remove-window', 'close-date', 'open-date', 'set-day-cutoff', 'clear-day-cutoff', 'set-capacity', 'set-order-by', 'clear-order-by')),
            // Capacities on far days only (a weekday's would change the other endpoints' checkouts).
            day: fc.oneof(laterDay, fc.constantFrom('funday', 'monday-ish')),
            place: mostly(fc.constantFrom('lagos', 'abuja', 'other-locations', 'pickup:Ikoyi LPI', 'pickup:lekki lpl', 'kano')),
            orders: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom('none', null, '5', '-1', '2.5', true, '')),
            closesAt: fc.oneof(laterDay.map((d) => `${d} 18:00`), fc.constantFrom('2150-01-01 18:00', '2150-13-01 10:00', '6pm', '', '2000-01-01 10:00')),
            delivery: mostly(fc.constantFrom('12:00', '18:30', '', '6pm', '24:00')),
            pickup: mostly(fc.constantFrom('20:00', '', '9:5')),
            state: mostly(fc.constantFrom('lagos', 'abuja', 'other-locations', 'Kano')),
            zone: fc.oneof(fuzzZone, fc.constantFrom('Mainland', 'Lekki / Ajah')),
            newName: fuzzZone,
            window: mostly(fc.constantFrom('Fuzz window', '')),
            name: mostly(fc.constantFrom('Fuzz window', 'Fuzz window 2')),
            amount: naira,
            surcharge: naira,
            minAmount: naira,
            startDate: laterDay,
            endDate: laterDay,
            date: laterDay,
            note: shortText(200),
          },
          { requiredKeys: ['business', 'change'] },
        ),
        headers: staffHeader(),
      });
    },
  },
  'GET /v1/backoffice/products': {
    valid: () => request('GET', split('/v1/backoffice/products'), { query: q({ business: biz, search: fc.oneof(fc.constantFrom('rose', 'AB-1001', 'ruby-romance-red-roses', '%'), shortText(120)), limit: fc.integer({ min: 1, max: 210 }).map(String) }), headers: staffHeader() }),
  },
  'GET /v1/backoffice/products/:slug': { valid: () => request('GET', ['v1', 'backoffice', 'products', slugOf(() => F.productSlugs)], { query: q({ business: biz }), headers: staffHeader() }) },
  'PUT /v1/backoffice/products/:slug': {
    valid: () =>
      request('PUT', ['v1', 'backoffice', 'products', slugOf(() => F.productSlugs)], {
        body: fc.record(
          {
            business: biz,
            prices: fc.dictionary(fc.oneof(later(() => fc.constantFrom(...F.skus)), shortText(40)), fc.oneof(fc.integer({ min: -10, max: 200_000 }), fc.constantFrom(1.5, 1e12, '50000', null))),
            stock: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 20 }), fc.constantFrom('3', 1.5)),
            designs: fc.array(fc.oneof(fc.constantFrom('wrapped-bouquet', 'in-vase', 'In large vase', 'box', 'glass-dome'), shortText(60)), { maxLength: 5 }),
          },
          { requiredKeys: ['business'] },
        ),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/featured': { valid: () => request('GET', split('/v1/backoffice/featured'), { query: q({ business: biz }), headers: staffHeader() }) },
  'PUT /v1/backoffice/featured/:list': {
    valid: () =>
      request('PUT', ['v1', 'backoffice', 'featured', mostly(fc.constantFrom('occasion:birthday:main', 'location:lagos:main', 'occasion:valentines-day:flowers'))], {
        body: fc.record({ business: biz, products: fc.array(fc.oneof(slugOf(() => F.productSlugs), later(() => fc.constantFrom(...F.skus)), shortText(200)), { maxLength: 30 }) }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/designs': { valid: () => request('GET', split('/v1/backoffice/designs'), { query: q({ business: biz }), headers: staffHeader() }) },
  'PUT /v1/backoffice/designs': {
    valid: () =>
      request('PUT', split('/v1/backoffice/designs'), {
        body: fc.record({
          business: biz,
          prices: fc.dictionary(fc.oneof(fc.constantFrom('wrapped-bouquet', 'in-vase', 'In large vase', 'box', 'glass-dome'), shortText(40)), fc.oneof(fc.integer({ min: -10, max: 20_000 }), fc.constantFrom(1.5, 1e12, '15000', null))),
        }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/releases': { valid: () => request('GET', split('/v1/backoffice/releases'), { query: q({ business: biz }), headers: staffHeader() }) },
  'GET /v1/backoffice/searches': { valid: () => request('GET', split('/v1/backoffice/searches'), { query: q({ business: biz, days: mostly(fc.constantFrom('7', '30')) }), headers: staffHeader() }) },
  'GET /v1/backoffice/reviews': {
    valid: () => request('GET', split('/v1/backoffice/reviews'), { query: q({ business: biz, product: slugOf(() => F.productSlugs), hidden: fc.constantFrom('true', 'false'), limit: fc.integer({ min: 1, max: 210 }).map(String) }), headers: staffHeader() }),
  },
  'PUT /v1/backoffice/reviews/:id': {
    valid: () =>
      request('PUT', ['v1', 'backoffice', 'reviews', fc.oneof({ weight: 5, arbitrary: later(() => fc.constantFrom(...F.reviewIds)) }, { weight: 1, arbitrary: hostileText.map((t) => t.slice(0, 100) || 'x') })], {
        body: fc.record({ business: biz, hidden: fc.oneof(fc.boolean(), fc.constantFrom('yes', 1)), reason: fc.oneof(fc.constantFrom('Shares a phone number', ''), shortText(300)) }, { requiredKeys: ['business', 'hidden'] }),
        headers: staffHeader(),
      }),
  },
  'GET /v1/backoffice/audit': {
    valid: () =>
      request('GET', split('/v1/backoffice/audit'), {
        query: q({ business: biz, actor: mostly(fc.constantFrom('fuzz-manager@adireblooms.ng', 'operator')).map((t) => t.slice(0, 320)), action: mostly(fc.constantFrom('transfer', 'order.advance', 'settings%')).map((t) => t.slice(0, 60)), target: shortText(200), from: futureDate, to: futureDate, limit: fc.integer({ min: 1, max: 600 }).map(String) }),
        headers: staffHeader(),
      }),
  },
  'GET /payments/return/:provider': {
    html: true,
    getWrites: true,
    valid: () =>
      sandboxRef().chain(({ provider, reference }) =>
        request('GET', ['payments', 'return', mostly(fc.constant(provider))], { query: fc.constantFrom('reference', 'tx_ref', 'paymentReference', 'trxref', 'other').map((k) => ({ [k]: reference, cancelled: '1' })) }),
      ),
  },
  'POST /webhooks/:provider': { valid: webhook },
  'GET /sandbox/:provider/pay/:reference': { html: true, valid: () => sandboxRef().chain(({ provider, reference }) => request('GET', ['sandbox', provider, 'pay', fc.constant(reference)])) },
  'POST /sandbox/:provider/pay/:reference': {
    html: true,
    valid: () =>
      sandboxRef().chain(({ provider, reference }) =>
        fc.tuple(mostly(fc.constantFrom('decline', 'pay', 'decline', 'maybe')), fc.oneof(fc.constant(''), fc.constantFrom('1', '-5', '1e12', 'NaN'))).map(
          ([outcome, amount]) =>
            ({
              method: 'POST',
              path: ['sandbox', provider, 'pay', reference],
              raw: new URLSearchParams({ outcome: String(outcome), ...(amount ? { amount } : {}) }).toString(),
              contentType: 'application/x-www-form-urlencoded',
              kind: 'valid',
            }) as FuzzRequest,
        ),
      ),
  },
  'POST /sandbox/paypal/v1/notifications/verify-webhook-signature': {
    valid: () =>
      fc
        .record({ auth_algo: fc.constantFrom('SHA256withRSA'), cert_url: hostileText, transmission_id: hostileText, transmission_sig: hostileText, transmission_time: hostileText, webhook_id: hostileText, webhook_event: fc.jsonValue({ maxDepth: 2 }) })
        .map((body) => ({ method: 'POST', path: split('/sandbox/paypal/v1/notifications/verify-webhook-signature'), raw: JSON.stringify(body), contentType: 'application/json', kind: 'valid' }) as FuzzRequest),
  },
};

function wrongish(): fc.Arbitrary<unknown> {
  return fc.constantFrom('true', 1, null, 'yes', {});
}

// ---- invariants ------------------------------------------------------------------------------------

/** Answers given before an endpoint's own code runs: parsing, schema validation, the business check, routing. */
const BEFORE_LOGIC = new Set(['VALIDATION', 'MALFORMED_JSON', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'BUSINESS_REQUIRED', 'UNKNOWN_BUSINESS', 'BAD_URL', 'URL_TOO_LONG', 'INVALID_TEXT']);
/** Signs of an internal error shown to a shopper (echoed input may contain anything else). */
const LEAKS = /SQLITE_|syntax error at|violates|duplicate key|\bat [\w.<>]+ \(|node_modules|TypeError|ReferenceError|Cannot read prop|is not a function|\[object Object\]/;

/** Tables whose refusals write by design: rate-limit counting and the payment audit trail. */
async function fingerprint(): Promise<Record<string, string>> {
  const parts: Record<string, string> = {
    shop_order: "count(*) || '/' || coalesce(max(updated_at), '')",
    order_status_event: 'count(*)',
    order_sequence: 'coalesce(sum(value), 0)',
    coupon: 'coalesce(sum(used_count), 0)',
    coupon_redemption: 'count(*)',
    payment_attempt: "count(*) || '/' || coalesce(max(updated_at), '')",
    payment: 'count(*)',
    sandbox_transaction: "count(*) || '/' || coalesce(max(updated_at), '')",
    app_user: "count(*) || '/' || coalesce(max(updated_at), '')",
    auth_session: "count(*) || '/' || count(revoked_at)",
    one_time_code: "count(*) || '/' || count(consumed_at)",
    newsletter_subscription: "count(*) || '/' || coalesce(max(updated_at), '')",
    mail_outbox: 'count(*)',
    review: 'count(*)',
    order_photo: 'count(*)',
    order_rider: "count(*) || '/' || coalesce(max(assigned_at), '')",
    order_delivery_attempt: 'count(*)',
    product: 'coalesce(sum(in_stock), 0)',
    setting: "count(*) || '/' || coalesce(max(updated_at), '')",
    currency: 'coalesce(sum(conversion_rate), 0)',
  };
  const select = Object.entries(parts)
    .map(([table, expr]) => `(SELECT ${expr} FROM ${table}) AS ${table}`)
    .join(', ');
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`SELECT ${select}`)}`.execute(shop.db.kysely);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, String(v)]));
}

function describeRequest(req: FuzzRequest): string {
  const i = toInject(req);
  const body = typeof i.payload === 'string' ? i.payload : '';
  return `${req.kind}: ${i.method} ${String(i.url).slice(0, 200)} ${body.slice(0, 300)}${body.length > 300 ? `… (${body.length} bytes)` : ''}`;
}

function checkAnswer(endpoint: Endpoint, route: string, req: FuzzRequest, res: LightMyRequestResponse): { reached: boolean } {
  const where = `${route} ← ${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
  const type = String(res.headers['content-type'] ?? '');
  let code = '';
  if (res.statusCode >= 400) {
    if (endpoint.html && type.startsWith('text/html')) {
      if (!/<h1>[^<]{3,}<\/h1>/.test(res.body)) throw new Error(`HTML error page without a heading: ${where}`);
      return { reached: true };
    }
    let body: { message?: unknown; code?: unknown };
    try {
      body = res.json();
    } catch {
      throw new Error(`error answer is not JSON: ${where}`);
    }
    const message = body.message;
    code = typeof body.code === 'string' ? body.code : '';
    if (typeof message !== 'string' || message.trim().length < 8 || message.length > 1200) throw new Error(`unclear message: ${where}`);
    if (!/^[A-Z][A-Z0-9_]+$/.test(code)) throw new Error(`code is not an error code: ${where}`);
    if (LEAKS.test(message)) throw new Error(`message leaks internals: ${where}`);
    if (message.includes('\u0000')) throw new Error(`message carries a NUL: ${where}`);
    if (code === 'NOT_FOUND' && message.startsWith('Not found: ')) return { reached: false }; // no such route
  } else if (res.statusCode < 300 && type.startsWith('application/json') && route.split(' ')[1]!.startsWith('/v1/')) {
    if (!('data' in (res.json() as object))) throw new Error(`success without data: ${where}`);
  }
  return { reached: !BEFORE_LOGIC.has(code) };
}

// ---- the suite ------------------------------------------------------------------------------------

const stats = new Map<string, { runs: number; reached: number; statuses: Record<number, number>; ms: number }>();

beforeAll(async () => {
  shop = await startTestShop({ shell: true });
  await setUpFixtures();
}, 60_000);
afterAll(async () => {
  const rows = [...stats.entries()].map(([route, s]) => `${route.padEnd(64)} ${String(s.runs).padStart(4)} cases, ${String(s.reached).padStart(4)} reached the logic, ${Math.round(s.ms)} ms, ${JSON.stringify(s.statuses)}`);
  if (rows.length) console.log(`Fuzz (seed ${SEED}, ${shop.db.dialect}):\n${rows.join('\n')}`);
  await shop.close();
});

describe('fuzzing every endpoint', () => {
  it('has an arbitrary for every route of the app, and no arbitrary for a route that is gone', () => {
    const routes = [...new Set(routeTable(shop.app).filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))].sort();
    expect(routes.length).toBeGreaterThan(40);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(routes);
  });

  for (const [route, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${route}: ${RUNS} cases, no 5xx, the envelope, no write on refusal, a third reach the logic`, async () => {
      const s = { runs: 0, reached: 0, statuses: {} as Record<number, number>, ms: 0 };
      stats.set(route, s);
      const started = performance.now();
      // Reads are checked once for the whole run (a GET writes nothing at all); writes after each request.
      const readOnly = route.startsWith('GET ') && !endpoint.getWrites;
      const first = await fingerprint();
      let before = first;
      await fc.assert(
        fc.asyncProperty(fuzzRequests(endpoint.valid(), BODY_LIMIT), async (req) => {
          const res = await shop.app.inject(toInject(req));
          s.runs++;
          s.statuses[res.statusCode] = (s.statuses[res.statusCode] ?? 0) + 1;
          const { reached } = checkAnswer(endpoint, route, req, res);
          if (reached) s.reached++;
          if (readOnly) return;
          const after = await fingerprint();
          if (res.statusCode >= 400) {
            const changed = Object.keys(after).filter((k) => after[k] !== before[k] && !endpoint.refusalWrites?.includes(k));
            if (changed.length) {
              before = after;
              throw new Error(`a refused request wrote to ${changed.join(', ')}: ${route} ← ${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            }
          }
          before = after;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      s.ms = performance.now() - started;
      if (readOnly) expect(await fingerprint(), `${route} wrote to the database`).toEqual(first);
      expect(s.runs).toBeGreaterThanOrEqual(RUNS);
      expect(s.reached / s.runs, `${s.reached} of ${s.runs} reached the logic`).toBeGreaterThanOrEqual(1 / 3);
    });
  }
});

/** The inputs that broke the server once, kept as plain cases (they run on SQLite and PostgreSQL). */
describe('inputs that found bugs', () => {
  const signed = (provider: 'paystack' | 'monnify', body: unknown) => {
    const raw = JSON.stringify(body);
    const header = provider === 'paystack' ? 'x-paystack-signature' : 'monnify-signature';
    return shop.app.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: { 'content-type': 'application/json', [header]: createHmac('sha512', F.secrets[provider]!).update(raw).digest('hex') }, payload: raw });
  };

  it('a signed webhook naming a reference with a NUL is acknowledged as unknown (was a 500 on PostgreSQL)', async () => {
    const before = await fingerprint();
    const paystack = await signed('paystack', { event: 'charge.success', data: { status: 'success', reference: 'ABL1001W-\u0000', amount: 100, currency: 'NGN' } });
    expect(paystack.statusCode, paystack.body).toBe(200);
    expect(paystack.json().data.outcome).toBe('unknown reference');
    const monnify = await signed('monnify', { eventType: 'SUCCESSFUL_TRANSACTION', eventData: { paymentReference: 'x'.repeat(5000), amountPaid: 1 } });
    expect(monnify.statusCode, monnify.body).toBe(200);
    expect(await fingerprint()).toEqual(before);
  });

  it('text with a NUL is refused up front with a clear 400, on both databases (PostgreSQL cannot store it: was a 500)', async () => {
    const before = await fingerprint();
    const order = F.openOrders[0]!;
    for (const res of [
      await api('PUT', `/v1/orders/order/save-sender-info/${order}`, { business, name: 'Ada\u0000Obi' }),
      await api('POST', '/v1/storefront/auth/signup', { business, email: 'nul@example.com', password: 'long-enough-1', name: '\u0000' }),
      await api('POST', `/v1/storefront/subscribe?business=${business}&email=a%00b@example.com`),
      await api('GET', `/v1/catalog/products/rose%00?business=${business}`),
      await api('GET', `/v1/orders/order/order-number/ABL1001%00W?business=${business}`),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringContaining('NUL character'), code: 'INVALID_TEXT' });
    }
    expect(await fingerprint()).toEqual(before);
    // A read's query only loses the character: the tracker and the dev mailbox look the rest up.
    const mine = await checkedOutOrder(F.skus[0]!, 'nul-reader@example.com'); // an order the fuzzer never guessed at
    const tracker = await shop.app.inject({ url: `/v1/orders/order/order-number/${mine.orderNumber}?business=${business}&email=nul-reader@example.com%00`, remoteAddress: '203.0.113.77' });
    expect(tracker.statusCode, tracker.body).toBe(200);
    expect(tracker.json().data.verified).toBe(true);
    expect((await api('GET', '/dev/mail.json?to=%00fuzz-news@example.com')).json().data).toHaveLength(2); // the confirmation and the welcome
  });

  it('never echoes a whole URL back, and answers router refusals with the envelope', async () => {
    const long = await api('GET', `/v1/${encodeURIComponent('ẹ'.repeat(3000))}?business=${business}`);
    expect(long.statusCode).toBe(404);
    expect(long.json().message.length).toBeLessThan(200);
    const param = await api('POST', `/webhooks/${'a'.repeat(150)}`, {});
    expect(param.statusCode).toBe(414);
    expect(param.json()).toEqual({ message: 'Part of this address is too long', code: 'URL_TOO_LONG' });
    const escape = await api('GET', `/v1/catalog/products/%E0%A4%A?business=${business}`);
    expect(escape.statusCode).toBe(400);
    expect(escape.json().code).toBe('BAD_URL');
    expect(escape.headers['x-content-type-options']).toBe('nosniff');
  });

  it("says what is wrong with a business that is not text (was \"Unknown business '[object Object]'\")", async () => {
    const res = await api('POST', '/v1/storefront/auth/logout', { business: { name: 'adire-blooms' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The 'business' parameter must be text, the shop's name", code: 'UNKNOWN_BUSINESS', fields: { business: 'must be text' } });
  });
});
