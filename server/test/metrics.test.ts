import { createHmac } from 'node:crypto';
import type { Order, PaymentDetailsResponse } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeDeliverySettings, readDeliveryChange } from '../src/domains/site';
import { confirmTransfer, createRefunder, loadPaymentsConfig } from '../src/domains/payments';
import { sandboxRootSecret, sandboxSecret } from '../src/domains/payments/testing';
import { createMailer } from '../src/mail/mailer';
import { serveMetrics, ShopMetrics, type MetricsServer } from '../src/metrics';
import { startTestShop, type TestShop } from './helpers';

/**
 * The metrics (issue 41, item 4): Prometheus' text on its own loopback port, never on the shop's; routes
 * by their template; checkouts, orders paid by method, payment failures, webhooks refused and replayed
 * counted where they happen; DAY_FULL refusals and each open day's remaining places; the mail queue;
 * reminders due; the live releases; Node's own figures.
 */

let shop: TestShop;
let metrics: ShopMetrics;
let server: MetricsServer;
const business = 'adire-blooms';
/** 10 Feb 2099, 10:00 in Lagos: the 14th is within the next 14 days. */
const NOW = new Date('2099-02-10T09:00:00Z');
const DAY = '2099-02-14';
let sku: string;

beforeAll(async () => {
  metrics = new ShopMetrics();
  shop = await startTestShop({ now: () => NOW, metrics, shell: true });
  server = await serveMetrics(metrics, { port: 0 });
  sku = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>', 5000).orderBy('position').executeTakeFirstOrThrow()).sku;
  await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: DAY, place: 'lagos', orders: 1 }), NOW);
});
afterAll(async () => {
  await server?.close();
  await shop?.close();
});

/** One scrape, as Prometheus makes it. */
async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series (labels given in any order), or undefined when it is not there. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v) && Object.keys(got).length === Object.keys(labels).length) return Number(m[3]);
  }
  return undefined;
}

async function checkedOut(i: number, deliveryDate: string) {
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate, cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data as Order;
  return shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: {
      business,
      currency: 'NGN',
      userData: { name: 'Ngozi Umeh', email: `metrics${i}@example.com`, phone: '+2348031112222' },
      orderData: {
        deliveryDate,
        deliveryZone: 'Lekki / Ajah',
        recipient: { name: 'Emeka Umeh', phone: '+2348095556666', address: `${i} Admiralty Way, Lekki Phase 1`, state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
}

/** A Paystack charge.success webhook, signed with the sandbox's key (or another). */
async function paystackWebhook(reference: string, amountMajor: number, key?: string) {
  const raw = JSON.stringify({ event: 'charge.success', data: { status: 'success', reference, amount: Math.round(amountMajor * 100), currency: 'NGN' } });
  const secret = key ?? sandboxSecret(await sandboxRootSecret(shop.db), 'paystack');
  const signature = createHmac('sha512', secret).update(raw).digest('hex');
  return shop.app.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, payload: raw });
}

describe('GET /metrics', () => {
  it('is served on its own port only: the public port answers 404 and its other paths are 404 too', async () => {
    expect((await shop.app.inject('/metrics')).statusCode).toBe(404);
    const other = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(other.status).toBe(404);
    const text = await scrape();
    // Node's own: event-loop lag, heap.
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(sample(text, 'shop_db_busy_waits_total')).toBeGreaterThanOrEqual(0);
  });

  it('counts checkouts, orders paid by method, webhooks refused and replayed, and routes by their template', async () => {
    const answer = await checkedOut(1, '2099-03-10');
    expect(answer.statusCode, answer.body).toBe(200);
    const order = answer.json().data.order as Order;
    const chosen = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'cardProvider' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { reference } = chosen.json().data as PaymentDetailsResponse;
    await shop.db.kysely.updateTable('sandbox_transaction').set({ status: 'success', amount_paid: order.total! }).where('reference', '=', reference!).execute();
    expect((await paystackWebhook(reference!, order.total!, 'not-the-key')).statusCode).toBe(401);
    expect((await paystackWebhook(reference!, order.total!)).json().data.outcome).toBe('paid');
    expect((await paystackWebhook(reference!, order.total!)).json().data.outcome).toBe('duplicate');

    const text = await scrape();
    expect(sample(text, 'shop_checkouts_total')).toBe(1);
    expect(sample(text, 'shop_orders_paid_total', { method: 'cardProvider' })).toBe(1);
    expect(sample(text, 'shop_webhooks_refused_total', { provider: 'paystack' })).toBe(1);
    expect(sample(text, 'shop_webhooks_replayed_total', { provider: 'paystack' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'PUT', route: '/v1/orders/order/checkout-order/:id', status: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/webhooks/:provider', status: '401' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'PUT', route: '/v1/orders/order/checkout-order/:id' })).toBe(1);
    // A route's template, never its raw URL: no order id or reference becomes a series.
    expect(text).not.toContain(order.id);
    expect(text).not.toContain(reference!);

    // A refund made by hand at the till, counted where payments records it.
    const refund = createRefunder({ db: shop.db, mailer: createMailer({ db: shop.db, from: 'shop@example.com' }), publicUrl: 'http://shop.test', config: loadPaymentsConfig({}, false), now: () => NOW, tally: metrics.tally });
    const made = await refund({ orderNumber: order.orderNumber!, amount: 1000, reason: 'one stem short', method: 'cash', reference: 'TILL-7', staff: { email: 'manager@adireblooms.ng', role: 'manager', source: '127.0.0.1' } });
    expect(made.refund.status).not.toBe('failed');
    expect(sample(await scrape(), 'shop_refunds_total', { provider: 'manual' })).toBe(1);

    // A bank transfer confirmed by the staff (or the operator) is an order paid too, by its method.
    const byTransfer = (await checkedOut(4, '2099-03-11')).json().data.order as Order;
    const transfer = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${byTransfer.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await confirmTransfer(shop.db, byTransfer.orderNumber!, NOW, { tally: metrics.tally });
    expect(sample(await scrape(), 'shop_orders_paid_total', { method: 'gtbTransfer' })).toBe(1);
  });

  it('counts DAY_FULL refusals and shows each open day’s remaining places for the next 14 days', async () => {
    let text = await scrape();
    expect(sample(text, 'shop_day_places_capacity', { date: DAY, place: 'lagos' })).toBe(1);
    expect(sample(text, 'shop_day_places_remaining', { date: DAY, place: 'lagos' })).toBe(1);
    expect((await checkedOut(2, DAY)).statusCode).toBe(200);
    const full = await checkedOut(3, DAY);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('DAY_FULL');
    text = await scrape();
    expect(sample(text, 'shop_day_places_remaining', { date: DAY, place: 'lagos' })).toBe(0);
    expect(sample(text, 'shop_refusals_total', { route: '/v1/orders/order/checkout-order/:id', code: 'DAY_FULL' })).toBe(1);
    // A schema's refusal under the code the client reads.
    expect((await shop.app.inject({ method: 'PUT', url: '/v1/orders/order/checkout-order/not%20an%20id', payload: { business } })).statusCode).toBe(400);
    expect(sample(await scrape(), 'shop_refusals_total', { route: '/v1/orders/order/checkout-order/:id', code: 'VALIDATION' })).toBe(1);
    // Beyond the next 14 days: not shown.
    expect(text).not.toMatch(/date="2099-02-24"/);
  });

  it('shows the mail waiting for SMTP and the oldest one’s age, reminders due and the live releases', async () => {
    const created = new Date(NOW.getTime() - 15 * 60_000).toISOString();
    await shop.db.kysely
      .insertInto('mail_outbox')
      .values({ id: 'metrics-mail', to_address: 'a@example.com', subject: 's', text_body: 't', html_body: 'h', raw: 'r', transport: 'smtp', created_at: created, delivered_at: null, next_attempt_at: created })
      .execute();
    const text = await scrape();
    expect(sample(text, 'shop_mail_queue_depth')).toBe(1);
    // Against the machine's clock here would be meaningless: the shop's clock (NOW) is what it is measured by.
    expect(sample(text, 'shop_mail_oldest_unsent_age_seconds')).toBe(15 * 60);
    expect(sample(text, 'shop_reminders_due')).toBe(0);
    expect(text).toMatch(/^# TYPE shop_release_live gauge$/m);
  });
});
