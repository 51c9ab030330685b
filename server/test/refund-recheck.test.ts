import { BACKOFFICE_PATHS, type Order, type PaymentDetailsResponse, type PaymentProviderId, type StaffOrderPage } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { buildAdapters, loadPaymentsConfig, refundAskableWithoutId, refundOrder, type RefundContext } from '../src/domains/payments';
import { createSandbox, keptRootSecret, ProviderError, recheckPendingRefunds, refundAttention } from '../src/domains/payments/testing';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { ShopMetrics } from '../src/metrics';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * The recheck of pending provider refunds (a refund never stays in limbo): a refund left pending by an
 * unreachable provider is ended once the provider answers; one the provider has (its answer was lost)
 * is not made twice; two rechecks at once (two instances) end it once; one pending under the threshold
 * is left alone; one pending over 24 hours carries a sentence for the staff on the order's page. The
 * shop's clock is moved, never waited for.
 */

let shop: TestShop;
const business = 'adire-blooms';
let clock = new Date('2099-04-01T09:00:00Z');
const now = () => clock;
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
const staff = { email: 'recheck-manager@adireblooms.ng', role: 'manager', source: '127.0.0.1' };
let product: { sku: string };
const { call, data } = backofficeCalls(() => shop, business);
type PaymentAdapter = NonNullable<RefundContext['adapters'][PaymentProviderId]>;

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now });
  const row = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select(['product_variant.sku'])
    .where('product.in_stock', '=', 1)
    .where('product_variant.price_ngn', '>=', 20_000)
    .orderBy('product_variant.price_ngn')
    .executeTakeFirstOrThrow();
  product = { sku: row.sku };
}, 60_000);
afterAll(() => shop?.close());

let emails = 0;
const pathOf = (location: string) => {
  const u = new URL(location, 'http://shop.test');
  return `${u.pathname}${u.search}`;
};

/** An order checked out for pick-up and paid in full through a provider's sandbox (as refunds.test.ts does). */
async function paidOrder(method = 'cardProvider', currency: 'NGN' | 'USD' = 'NGN'): Promise<Order & { reference: string; email: string }> {
  const email = `rechecked${++emails}@example.com`;
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency, deliveryDate: '', cartItems: [{ SKU: product.sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data as Order;
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: { business, currency, userData: { name: 'Adaeze Obi', email, phone: '08031234567' }, orderData: { deliveryDate: '2099-04-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const chosen = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency, paymentMethod: method } });
  const answer = chosen.json().data as PaymentDetailsResponse;
  const pressed = await shop.app.inject({ method: 'POST', url: pathOf(answer.url!), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=pay' });
  expect(pressed.statusCode).toBe(303);
  await shop.app.inject({ method: 'GET', url: pathOf(pressed.headers.location as string) });
  expect((await orderRow(order.id)).payment_status).toBe('paid');
  return { ...order, ...res.json().data.order, reference: answer.reference!, email };
}

const orderRow = (id: string) => shop.db.kysely.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundRow = (orderId: string) => shop.db.kysely.selectFrom('refund').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const sandboxBooks = (provider: string, reference: string) => shop.db.kysely.selectFrom('sandbox_refund').selectAll().where('provider', '=', provider).where('reference', '=', reference).execute();
const endedEvents = (orderId: string) =>
  shop.db.kysely.selectFrom('payment_event').select(['kind', 'detail']).where('order_id', '=', orderId).where('kind', 'in', ['refund processed', 'refund failed']).execute();
const refundMails = async (order: { email: string; orderNumber?: string | null }) =>
  (await shop.db.kysely.selectFrom('mail_outbox').select('subject').where('to_address', '=', order.email).execute()).filter((m) => m.subject === `Refund: Adire Blooms order ${order.orderNumber}`);

/**
 * A refund context as an instance has one: the sandboxes (refunds processed at once, as a provider that
 * answers), optionally with one provider's adapter changed (unreachable, its answer lost, …).
 */
function context(change?: { provider: PaymentProviderId; adapter: (sandbox: PaymentAdapter) => PaymentAdapter }, metrics?: ShopMetrics): RefundContext {
  const sandbox = createSandbox({ db: shop.db, publicUrl: 'http://shop.test', rootSecret: keptRootSecret(shop.db) });
  const adapters = buildAdapters(loadPaymentsConfig({}), sandbox);
  if (change) adapters[change.provider] = change.adapter(adapters[change.provider]!);
  const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
  return { db: shop.db, mailer, publicUrl: 'http://shop.test', adapters, clock: now, tally: metrics?.tally };
}

/** The provider cannot be reached: neither its refund call nor its status check arrives. */
const unreachable = (provider: PaymentProviderId) =>
  context({
    provider,
    adapter: (a) => ({
      ...a,
      refund: async () => {
        throw new Error(`could not reach ${provider}: connect ETIMEDOUT`);
      },
      refundStatus: async () => {
        throw new Error(`could not reach ${provider}: connect ETIMEDOUT`);
      },
    }),
  });

/** The provider books the refund, but its answer is lost on the way back (a timeout after it was sent). */
const answerLost = (provider: PaymentProviderId) =>
  context({
    provider,
    adapter: (a) => ({
      ...a,
      refund: async (ask) => {
        await a.refund!(ask);
        throw new Error('socket hang up');
      },
    }),
  });

const mine = (done: { id: string; outcome: string }[], id: string) => done.filter((d) => d.id === id).map((d) => d.outcome);

describe('the recheck of refunds left pending', () => {
  it('a refund left pending by an unreachable provider is processed once the provider answers; not before the threshold', async () => {
    const order = await paidOrder();
    const made = await refundOrder(unreachable('paystack'), { orderNumber: order.orderNumber!, amount: order.total!, reason: 'cancelled', staff });
    expect(made.refund.status).toBe('pending');
    const row = await refundRow(order.id);
    expect(row.reference).toBeNull();
    expect(await sandboxBooks('paystack', order.reference)).toHaveLength(0);
    expect((await orderRow(order.id)).payment_status).toBe('refunded');

    // Under the threshold (a call may still be on its way): left alone.
    later(3);
    const metrics = new ShopMetrics({ defaultMetrics: false });
    expect(mine(await recheckPendingRefunds(context(undefined, metrics)), row.id)).toEqual([]);
    expect((await refundRow(order.id)).status).toBe('pending');

    // Still unreachable: it stays pending, counted as unanswered.
    later(5);
    expect(mine(await recheckPendingRefunds(unreachable('paystack')), row.id)).toEqual(['unanswered']);
    expect((await refundRow(order.id)).status).toBe('pending');

    // The provider answers: the refund call again with the same key (the sandbox had nothing: a 404 by that key).
    later(15);
    expect(mine(await recheckPendingRefunds(context(undefined, metrics)), row.id)).toEqual(['processed']);
    const ended = await refundRow(order.id);
    expect(ended.status).toBe('processed');
    expect(ended.reference).toBeTruthy();
    expect(ended.updated_at).toBe(clock.toISOString());
    const books = await sandboxBooks('paystack', order.reference);
    expect(books.map((b) => b.refund_key)).toEqual([row.idempotency_key]);
    expect((await orderRow(order.id)).payment_status).toBe('refunded');
    const events = await endedEvents(order.id);
    expect(events.map((e) => e.kind)).toEqual(['refund processed']);
    expect(JSON.parse(events[0]!.detail)).toMatchObject({ source: 'recheck', amount: order.total });
    // The shopper was mailed when the refund was asked for, not again.
    expect(await refundMails(order)).toHaveLength(1);
    expect((await metrics.text()).body).toContain('shop_refund_rechecks_total{provider="paystack",outcome="processed"} 1');

    // Asked again later: nothing left pending.
    later(15);
    expect(mine(await recheckPendingRefunds(context()), row.id)).toEqual([]);
  });

  it('a refund the provider has (its answer was lost) is found by its key, not made twice', async () => {
    const order = await paidOrder('bankTransferProvider');
    const made = await refundOrder(answerLost('monnify'), { orderNumber: order.orderNumber!, amount: 5000, reason: 'one stem short', staff });
    expect(made.refund.status).toBe('pending');
    const row = await refundRow(order.id);
    expect(await sandboxBooks('monnify', order.reference)).toHaveLength(1);
    later(10);
    expect(mine(await recheckPendingRefunds(context()), row.id)).toEqual(['processed']);
    expect(await sandboxBooks('monnify', order.reference)).toHaveLength(1);
    expect((await refundRow(order.id)).status).toBe('processed');
    expect((await orderRow(order.id)).payment_status).toBe('paid - partly refunded');
  });

  it('where the provider dedupes the refund call itself (PayPal-Request-Id), the call sent again with the same key answers the same refund', async () => {
    const order = await paidOrder('paypal', 'USD');
    const made = await refundOrder(answerLost('paypal'), { orderNumber: order.orderNumber!, amount: order.total!, reason: 'cancelled', staff });
    expect(made.refund.status).toBe('pending');
    const row = await refundRow(order.id);
    later(10);
    // As PayPal's adapter is: no status check without the refund's id; the refund call again, same key.
    const resend = context({ provider: 'paypal', adapter: (a) => ({ ...a, refundRecovery: 'resend' }) });
    expect(mine(await recheckPendingRefunds(resend), row.id)).toEqual(['processed']);
    const books = await sandboxBooks('paypal', order.reference);
    expect(books).toHaveLength(1);
    expect(books[0]!.refund_key).toBe(row.idempotency_key);
    expect((await endedEvents(order.id)).map((e) => e.kind)).toEqual(['refund processed']);
  });

  it('two rechecks at once (two instances) end it once', async () => {
    const order = await paidOrder('cardAndBankProvider');
    const made = await refundOrder(unreachable('flutterwave'), { orderNumber: order.orderNumber!, amount: order.total!, reason: 'duplicate', staff });
    expect(made.refund.status).toBe('pending');
    const row = await refundRow(order.id);
    later(10);
    const [a, b] = await Promise.all([recheckPendingRefunds(context()), recheckPendingRefunds(context())]);
    const outcomes = [...mine(a, row.id), ...mine(b, row.id)];
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'processed' || o === 'duplicate'), outcomes.join()).toBe(true);
    expect(await sandboxBooks('flutterwave', order.reference)).toHaveLength(1);
    expect((await endedEvents(order.id)).map((e) => e.kind)).toEqual(['refund processed']);
    expect((await refundRow(order.id)).status).toBe('processed');
    expect((await orderRow(order.id)).payment_status).toBe('refunded');
    expect(await refundMails(order)).toHaveLength(1);
  });

  it('a refund the provider refuses when asked again (its 4xx) fails once, and the order is paid again', async () => {
    const order = await paidOrder();
    const made = await refundOrder(unreachable('paystack'), { orderNumber: order.orderNumber!, amount: 3000, reason: 'short', staff });
    const row = await refundRow(order.id);
    expect(made.refund.status).toBe('pending');
    expect((await orderRow(order.id)).payment_status).toBe('paid - partly refunded');
    later(10);
    const refusing = context({
      provider: 'paystack',
      adapter: (a) => ({ ...a, refund: async () => Promise.reject(new ProviderError('paystack', 400, 'answered 400: Transaction cannot be refunded')) }),
    });
    expect(mine(await recheckPendingRefunds(refusing), row.id)).toEqual(['failed']);
    expect((await refundRow(order.id)).status).toBe('failed');
    expect((await orderRow(order.id)).payment_status).toBe('paid');
    expect((await endedEvents(order.id)).map((e) => e.kind)).toEqual(['refund failed']);
  });

  it("a refund pending over 24 hours carries a plain sentence on the order's page for the staff", async () => {
    const order = await paidOrder();
    const reasked = clock;
    await refundOrder(unreachable('paystack'), { orderNumber: order.orderNumber!, amount: 2000, reason: 'late', staff });
    const row = await refundRow(order.id);
    // The provider stays unreachable all day; every recheck leaves it pending.
    later(12 * 60);
    expect(mine(await recheckPendingRefunds(unreachable('paystack')), row.id)).toEqual(['unanswered']);

    const manager = await managerToken();
    const under = data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!), manager));
    expect(under.refunds[0]!.status).toBe('pending');
    expect(under.refunds[0]!.attention).toBeUndefined();

    later(12 * 60 + 1);
    const manager2 = await managerToken();
    const over = data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!), manager2));
    expect(over.refunds[0]!.attention).toBe(
      `Pending with Paystack since ${new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' }).format(reasked)} (Lagos time) — checked again every 15 minutes; check Paystack's dashboard if it stays pending.`,
    );
  });
});

let managers = 0;
/** A manager signed in at the shop's clock now (the staff's sessions idle out). */
async function managerToken(): Promise<string> {
  const email = `recheck-manager${++managers}@adireblooms.ng`;
  const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
  await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', 'manager']), { mailer, config: staffConfig, publicUrl: 'http://shop.test' });
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const code = /invitation code: (\d{6})/.exec(mail.text_body)![1]!;
  return data<{ token: string }>(await call('POST', BACKOFFICE_PATHS.acceptInvite, undefined, { email, code, password: 'Staff-manager-2099' })).token;
}

describe("the staff's sentence says whether the shop can still ask", () => {
  const created = new Date('2099-04-01T08:00:00Z');
  const now = new Date(created.getTime() + 25 * 3_600_000);
  const live = loadPaymentsConfig(
    { PAYSTACK_SECRET_KEY: 'sk_live_x', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'hook' },
    true,
  );
  const askable = refundAskableWithoutId(live);

  it('a live Paystack refund with no id from Paystack cannot be asked about: the staff are told to look it up', () => {
    expect([askable('paystack'), askable('paypal'), askable('monnify')]).toEqual([false, true, false]);
    const row = { status: 'pending', method: 'provider', provider: 'paystack', created_at: created.toISOString(), reference: null } as const;
    expect(refundAttention(row, { now, recheckMinutes: 15, askableWithoutId: askable })).toMatch(
      /^Pending with Paystack since .+ \(Lagos time\) — Paystack never answered the refund call, so the shop cannot ask about it; look it up on Paystack's dashboard\.$/,
    );
    // With Paystack's refund id, its status is checked again.
    expect(refundAttention({ ...row, reference: 'rf_123' }, { now, recheckMinutes: 15, askableWithoutId: askable })).toMatch(/— checked again every 15 minutes; check Paystack's dashboard if it stays pending\.$/);
    // PayPal's call is sent again with its request id.
    expect(refundAttention({ ...row, provider: 'paypal' }, { now, recheckMinutes: 15, askableWithoutId: askable })).toMatch(/^Pending with PayPal .+ — checked again every 15 minutes/);
  });

  it('every sandbox can be asked', () => {
    const sandbox = refundAskableWithoutId(loadPaymentsConfig({}, false));
    expect(['paystack', 'flutterwave', 'paypal', 'monnify'].map(sandbox)).toEqual([true, true, true, true]);
  });
});
