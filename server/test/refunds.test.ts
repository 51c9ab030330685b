import { BACKOFFICE_PATHS, type Order, type PaymentDetailsResponse, type RefundResult, type StaffOrderPage } from '@adire/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { buildAdapters, loadPaymentsConfig, refundOrder, type RefundContext } from '../src/domains/payments';
import { createSandbox, keptRootSecret } from '../src/domains/payments/testing';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * Refunds (issue 39, item 4) and the accountant's CSV (item 5), on SQLite and PostgreSQL: each route
 * with a manager, a florist, a shopper's token and none; partial refunds add up and the excess is a
 * 409 with a sentence; 10 concurrent refunds of the whole amount make exactly one; a refund through
 * each provider's sandbox; a replayed refund webhook counted once; a refund made by hand.
 */

let shop: TestShop;
const business = 'adire-blooms';
const clock = new Date('2099-03-01T09:00:00Z');
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let shopper = '';
let product: { sku: string; price: number };
const { call, data } = backofficeCalls(() => shop, business);

async function makeStaff(email: string, role: 'florist' | 'manager', invitedBy: string | null): Promise<string> {
  if (invitedBy) data(await call('POST', BACKOFFICE_PATHS.staff, invitedBy, { email, role }));
  else {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', role]), { mailer, config: staffConfig, publicUrl: 'http://shop.test' });
  }
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const code = /invitation code: (\d{6})/.exec(mail.text_body)![1]!;
  return data<{ token: string }>(await call('POST', BACKOFFICE_PATHS.acceptInvite, undefined, { email, code, password: `Staff-${role}-2099` })).token;
}

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => clock });
  manager = await makeStaff('refund-manager@adireblooms.ng', 'manager', null);
  florist = await makeStaff('refund-florist@adireblooms.ng', 'florist', manager);
  shopper = (await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'refund-shopper@example.com', password: 'Bloom-shopper-1' } })).json().data.authToken;
  const row = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select(['product_variant.sku', 'product_variant.price_ngn'])
    .where('product.in_stock', '=', 1)
    .where('product_variant.price_ngn', '>=', 20_000)
    .orderBy('product_variant.price_ngn')
    .executeTakeFirstOrThrow();
  product = { sku: row.sku, price: Number(row.price_ngn) };
}, 60_000);
afterAll(() => shop?.close());

let emails = 0;
const freshEmail = () => `refunded${++emails}@example.com`;
const pathOf = (location: string) => {
  const u = new URL(location, 'http://shop.test');
  return `${u.pathname}${u.search}`;
};

/** An order checked out for pick-up and paid in full through a provider's sandbox. */
async function paidOrder(method = 'cardProvider', currency: 'NGN' | 'USD' | 'GBP' = 'NGN', email = freshEmail()): Promise<Order & { reference: string; email: string }> {
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency, deliveryDate: '', cartItems: [{ SKU: product.sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data as Order;
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: { business, currency, userData: { name: 'Adaeze Obi', email, phone: '08031234567' }, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const chosen = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency, paymentMethod: method } });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const answer = chosen.json().data as PaymentDetailsResponse;
  const page = pathOf(answer.url!);
  const pressed = await shop.app.inject({ method: 'POST', url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=pay' });
  expect(pressed.statusCode).toBe(303);
  await shop.app.inject({ method: 'GET', url: pathOf(pressed.headers.location as string) });
  const row = await orderRow(order.id);
  expect(row.payment_status).toBe('paid');
  return { ...order, ...res.json().data.order, reference: answer.reference!, email };
}

const orderRow = (id: string) => shop.db.kysely.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (id: string) => shop.db.kysely.selectFrom('refund').selectAll().where('order_id', '=', id).orderBy('created_at').execute();
const refund = (orderNumber: string, body: Record<string, unknown>, token = manager) => call('POST', BACKOFFICE_PATHS.refunds(orderNumber), token, body);
const sum = (rows: { amount: number | string; status: string }[]) => rows.filter((r) => r.status !== 'failed').reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0) / 100;

describe('POST orders/:orderNumber/refunds: who may', () => {
  it("managers only: none is 401, a shopper's token and a florist 403, nothing written", async () => {
    const order = await paidOrder();
    const body = { amount: 1000, reason: 'sender asked' };
    expect((await refund(order.orderNumber!, body, '')).statusCode).toBe(401);
    expect((await refund(order.orderNumber!, body, shopper)).statusCode).toBe(403);
    const byFlorist = await refund(order.orderNumber!, body, florist);
    expect(byFlorist.statusCode).toBe(403);
    expect(byFlorist.json().message).toMatch(/Only a manager can refund/);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await refund(order.orderNumber!, body)).statusCode).toBe(201);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const order = await paidOrder();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: -5, reason: 'x' }, 'amount'],
      [{ amount: 'lots', reason: 'x' }, 'amount'],
      [{ amount: 10.123, reason: 'x' }, 'amount'],
      [{ amount: 10, reason: '   ' }, 'reason'],
      [{ amount: 10 }, 'reason'],
      [{ amount: 10, reason: 'x', method: 'cash' }, 'reference'],
      [{ amount: 10, reason: 'x', idempotencyKey: 'no spaces allowed' }, 'idempotencyKey'],
    ];
    for (const [body, field] of cases) {
      const res = await refund(order.orderNumber!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await refund(order.orderNumber!, { amount: 10, reason: 'x', method: 'cheque' })).statusCode).toBe(400);
    expect((await refund('ABL0000X', { amount: 10, reason: 'x' })).statusCode).toBe(404);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).payment_status).toBe('paid');
  });
});

describe('partial refunds add up; never more than was received', () => {
  it('two parts then the rest; the excess is a 409 with a sentence; statuses, page, mail, audit', async () => {
    const order = await paidOrder();
    const total = order.total!;
    const first = data<RefundResult>(await refund(order.orderNumber!, { amount: 5000, reason: 'one stem short' }));
    expect(first.refund).toMatchObject({ amount: 5000, currency: 'NGN', status: 'processed', reason: 'one stem short' });
    expect(first.refund.parts).toHaveLength(1);
    expect(first.refund.parts[0]).toMatchObject({ provider: 'paystack', method: 'provider', paymentReference: order.reference, by: 'refund-manager@adireblooms.ng' });
    expect(first.order.order.paymentStatus).toBe('paid - partly refunded');
    expect(first.order.refunds).toHaveLength(1);
    expect(first.order.refunded).toBe(5000);
    expect(first.order.received).toBe(total);

    const second = data<RefundResult>(await refund(order.orderNumber!, { amount: 2500.5, reason: 'late' }));
    expect(second.order.refunded).toBe(7500.5);
    const tooMuch = await refund(order.orderNumber!, { amount: total - 7500.5 + 0.01, reason: 'all of it' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('REFUND_TOO_MUCH');
    expect(tooMuch.json().message).toContain(`is more than is left to refund on order ${order.orderNumber}`);
    expect((await refundsOf(order.id)).length).toBe(2);

    const rest = data<RefundResult>(await refund(order.orderNumber!, { amount: total - 7500.5, reason: 'cancelled' }));
    expect(rest.order.order.paymentStatus).toBe('refunded');
    expect(rest.order.refunded).toBe(total);
    expect((await refund(order.orderNumber!, { amount: 1, reason: 'again' })).statusCode).toBe(409);
    expect(sum(await refundsOf(order.id))).toBe(total);

    // The order's page lists each refund; the shopper was mailed each; the audit has who and before → after.
    const page = data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!), manager));
    expect(page.refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([2500.5, 5000, total - 7500.5].sort((a, b) => a - b));
    const mails = await shop.db.kysely.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', order.email).execute();
    const refundMails = mails.filter((m) => m.subject === `Refund: Adire Blooms order ${order.orderNumber}`);
    expect(refundMails).toHaveLength(3);
    expect(refundMails[0]!.text_body).toContain('one stem short');
    const audit = await shop.db.kysely.selectFrom('staff_audit').selectAll().where('action', '=', 'order.refund').where('target', '=', order.orderNumber!).orderBy('created_at').execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ actor: 'refund-manager@adireblooms.ng', role: 'manager' });
    expect(JSON.parse(audit[0]!.before)).toMatchObject({ paymentStatus: 'paid', refunded: 0 });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ paymentStatus: 'paid - partly refunded', refunded: 5000 });
    expect(audit[0]!.source).toBeTruthy();
  });

  it("the sender's tracker lists each refund (to the verified sender only)", async () => {
    const order = await paidOrder();
    data(await refund(order.orderNumber!, { amount: 1200, reason: 'short' }));
    const url = `/v1/orders/order/order-number/${order.orderNumber}?business=${business}`;
    const proven = (await shop.app.inject(`${url}&email=${encodeURIComponent(order.email)}`)).json().data;
    expect(proven.paymentStatus).toBe('paid - partly refunded');
    expect(proven.refunds).toEqual([{ amount: 1200, currency: 'NGN', status: 'processed', at: clock.toISOString() }]);
    const stranger = (await shop.app.inject(url)).json().data;
    expect(stranger.refunds).toBeUndefined();
  });

  it('10 concurrent refunds of the whole amount: exactly one is made', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => refund(order.orderNumber!, { amount: order.total!, reason: `race ${i}` })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(sum(rows)).toBe(order.total);
    expect((await orderRow(order.id)).payment_status).toBe('refunded');
  });

  it('the same idempotency key twice is one refund', async () => {
    const order = await paidOrder();
    const a = data<RefundResult>(await refund(order.orderNumber!, { amount: 1000, reason: 'twice', idempotencyKey: 'same-key-0001' }));
    const b = data<RefundResult>(await refund(order.orderNumber!, { amount: 1000, reason: 'twice', idempotencyKey: 'same-key-0001' }));
    expect(b.refund.refundKey).toBe(a.refund.refundKey);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});

describe("through each provider's sandbox", () => {
  const cases = [
    { provider: 'paystack', method: 'cardProvider', currency: 'NGN' },
    { provider: 'flutterwave', method: 'cardAndBankProvider', currency: 'NGN' },
    { provider: 'paypal', method: 'paypal', currency: 'USD' },
    { provider: 'monnify', method: 'bankTransferProvider', currency: 'NGN' },
  ] as const;
  for (const c of cases) {
    it(`${c.provider}: part then the rest, each booked by the sandbox with its key`, async () => {
      const order = await paidOrder(c.method, c.currency);
      const part = Math.round(order.total! * 30) / 100;
      const one = data<RefundResult>(await refund(order.orderNumber!, { amount: part, reason: 'part' }));
      expect(one.refund.status).toBe('processed');
      expect(one.refund.parts[0]!.provider).toBe(c.provider);
      expect(one.refund.parts[0]!.reference).toBeTruthy();
      const two = data<RefundResult>(await refund(order.orderNumber!, { amount: Math.round((order.total! - part) * 100) / 100, reason: 'rest' }));
      expect(two.order.order.paymentStatus).toBe('refunded');
      const books = await shop.db.kysely.selectFrom('sandbox_refund').selectAll().where('provider', '=', c.provider).where('reference', '=', order.reference).execute();
      expect(books).toHaveLength(2);
      expect(books.map((b) => b.refund_key).sort()).toEqual([one.refund.refundKey, two.refund.refundKey].sort());
      expect(books.every((b) => b.status === 'processed')).toBe(true);
    });
  }
});

describe("a provider's refund webhook", () => {
  /** Refunds through a sandbox that holds them pending, as a real provider does until it has paid out. */
  async function heldContext(): Promise<{ ctx: RefundContext; sandbox: ReturnType<typeof createSandbox> }> {
    const sandbox = createSandbox({ db: shop.db, publicUrl: 'http://shop.test', rootSecret: keptRootSecret(shop.db), holdRefunds: true });
    const config = loadPaymentsConfig({});
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    return { sandbox, ctx: { db: shop.db, mailer, publicUrl: 'http://shop.test', adapters: buildAdapters(config, sandbox), clock: () => clock } };
  }
  const staff = { email: 'refund-manager@adireblooms.ng', role: 'manager', source: '127.0.0.1' };
  const deliver = (provider: string, hook: { rawBody: string; headers: Record<string, string> }): Promise<LightMyRequestResponse> =>
    shop.app.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: hook.headers, payload: hook.rawBody });

  for (const [provider, method, currency] of [
    ['paystack', 'cardProvider', 'NGN'],
    ['flutterwave', 'cardAndBankProvider', 'NGN'],
    ['paypal', 'paypal', 'GBP'],
    ['monnify', 'bankTransferProvider', 'NGN'],
  ] as const) {
    it(`${provider}: a pending refund ends by its webhook; the same webhook again is counted once`, async () => {
      const order = await paidOrder(method, currency);
      const { ctx, sandbox } = await heldContext();
      const made = await refundOrder(ctx, { orderNumber: order.orderNumber!, amount: order.total!, reason: 'cancelled', staff });
      expect(made.refund.status).toBe('pending');
      // Pending refunds count: nothing more can be refunded meanwhile.
      expect((await refund(order.orderNumber!, { amount: 1, reason: 'more' })).statusCode).toBe(409);
      expect((await orderRow(order.id)).payment_status).toBe('refunded');
      const hook = await sandbox.completeRefund(provider, made.refund.refundKey);
      expect(hook).not.toBeNull();
      const first = await deliver(provider, hook!);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.outcome).toBe('processed');
      const again = await deliver(provider, hook!);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.outcome).toBe('duplicate');
      const events = await shop.db.kysely.selectFrom('payment_event').select('kind').where('order_id', '=', order.id).where('kind', '=', 'refund processed').execute();
      expect(events).toHaveLength(1);
      expect((await refundsOf(order.id))[0]!.status).toBe('processed');
    });
  }

  it('a failed refund no longer counts: the order is paid again and can be refunded', async () => {
    const order = await paidOrder();
    const { ctx, sandbox } = await heldContext();
    const made = await refundOrder(ctx, { orderNumber: order.orderNumber!, amount: 2000, reason: 'short', staff });
    expect((await orderRow(order.id)).payment_status).toBe('paid - partly refunded');
    const hook = await sandbox.completeRefund('paystack', made.refund.refundKey, 'failed');
    const res = await deliver('paystack', hook!);
    expect(res.json().data.outcome).toBe('failed');
    expect((await orderRow(order.id)).payment_status).toBe('paid');
    expect((await refund(order.orderNumber!, { amount: order.total!, reason: 'all' })).statusCode).toBe(201);
  });

  it('a refund webhook with a bad signature is refused and changes nothing', async () => {
    const order = await paidOrder();
    const { ctx, sandbox } = await heldContext();
    const made = await refundOrder(ctx, { orderNumber: order.orderNumber!, amount: 100, reason: 'x', staff });
    const hook = (await sandbox.completeRefund('paystack', made.refund.refundKey))!;
    const res = await deliver('paystack', { rawBody: hook.rawBody, headers: { ...hook.headers, 'x-paystack-signature': 'f'.repeat(128) } });
    expect(res.statusCode).toBe(401);
    expect((await refundsOf(order.id))[0]!.status).toBe('pending');
  });
});

describe('refunds made by hand (transfers, cash, POS)', () => {
  it('an order paid by transfer is refunded by hand with its bank reference', async () => {
    const email = freshEmail();
    const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: product.sku, quantity: 1 }] } });
    const order = created.json().data as Order;
    const out = await shop.app.inject({
      method: 'PUT',
      url: `/v1/orders/order/checkout-order/${order.id}`,
      payload: { business, currency: 'NGN', userData: { name: 'Adaeze Obi', email, phone: '08031234567' }, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
    });
    const number = out.json().data.order.orderNumber as string;
    await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    data(await call('POST', BACKOFFICE_PATHS.transfer(number), manager, { decision: 'confirm' }));
    const viaProvider = await refund(number, { amount: 1000, reason: 'x' });
    expect(viaProvider.statusCode).toBe(400);
    expect(viaProvider.json().fields.method).toMatch(/refund it by hand/);
    const done = data<RefundResult>(await refund(number, { amount: 1000, reason: 'sender asked', method: 'transfer', reference: 'GTB-REF-778812' }));
    expect(done.refund.status).toBe('processed');
    expect(done.refund.parts[0]).toMatchObject({ provider: 'manual', method: 'transfer', reference: 'GTB-REF-778812' });
    expect(done.order.order.paymentStatus).toBe('paid - partly refunded');
  });
});

describe("GET orders.csv (the accountant's file)", () => {
  it('managers only; a real CSV with a BOM, one row per order, received and refunded, formulas neutralised', async () => {
    const order = await paidOrder();
    data(await refund(order.orderNumber!, { amount: 1500, reason: 'short' }));
    await shop.db.kysely.updateTable('shop_order').set({ client_name: '=HYPERLINK("http://evil","x")' }).where('id', '=', order.id).execute();
    const day = (await orderRow(order.id)).checked_out_at!.slice(0, 10);
    const url = `${BACKOFFICE_PATHS.ordersCsv}?from=${day}&to=${day}`;
    expect((await call('GET', url, '')).statusCode).toBe(401);
    expect((await call('GET', url, shopper)).statusCode).toBe(403);
    expect((await call('GET', url, florist)).statusCode).toBe(403);
    const res = await call('GET', url, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`adire-orders-${day}-to-${day}.csv`);
    expect(res.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('number,created,delivery date,place,channel,sender,items,total,currency,received,refunded,payment status,delivery status');
    const line = lines.find((l) => l.startsWith(`${order.orderNumber},`))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil"",""x"") <${order.email}>"`);
    expect(line).toContain(`,${order.total},NGN,${order.total},1500,paid - partly refunded,`);
    expect(line).toContain(',web,');
    const bad = await call('GET', `${BACKOFFICE_PATHS.ordersCsv}?from=2099-02-30&to=2099-03-01`, manager);
    expect(bad.statusCode).toBe(400);
    const missing = await call('GET', `${BACKOFFICE_PATHS.ordersCsv}?from=2099-03-01`, manager);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.to).toBeTruthy();
  });
});
