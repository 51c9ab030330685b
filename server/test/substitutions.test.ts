import { BACKOFFICE_PATHS, SUBSTITUTION_PATH, type Order, type PaymentDetailsResponse, type SenderSubstitution, type SubstitutionAnswer, type SubstitutionsAnswer } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { loadStaffConfig } from '../src/domains/staff';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';
import { makeStaff } from './proof-helpers';

/**
 * Substitutions the sender approves (issue 40, item 4), on SQLite and PostgreSQL: a florist proposes a
 * substitute of equal or greater value (a cheaper one refused with a sentence), the sender is mailed a
 * one-time link; it works once and only for its proposal; the deadline with an injected clock; a
 * refused substitute refunds the item (through the provider, or left to a manager when paid by hand).
 */

let shop: TestShop;
const business = 'adire-blooms';
const START = new Date('2099-03-01T09:00:00Z');
let clock = START;
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let item: { sku: string; price: number };
let pricier: string;
let cheaper: string;
const { call, data } = backofficeCalls(() => shop, business);

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => clock });
  manager = await makeStaff(shop, 'sub-manager@adireblooms.ng', 'manager', null, staffConfig);
  florist = await makeStaff(shop, 'sub-florist@adireblooms.ng', 'florist', manager, staffConfig);
  const rows = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select(['product_variant.sku', 'product_variant.price_ngn'])
    .where('product.in_stock', '=', 1)
    .orderBy('product_variant.price_ngn')
    .execute();
  const priced = rows.map((r) => ({ sku: r.sku, price: Number(r.price_ngn) }));
  item = priced[Math.floor(priced.length / 2)]!;
  cheaper = priced.find((p) => p.price < item.price)!.sku;
  pricier = [...priced].reverse().find((p) => p.price > item.price)!.sku;
}, 60_000);
afterAll(() => shop?.close());

let emails = 0;
const pathOf = (location: string) => {
  const u = new URL(location, 'http://shop.test');
  return `${u.pathname}${u.search}`;
};

/** An order for pick-up, checked out; paid through the card sandbox unless `transfer` (confirmed by hand). */
async function paidOrder(transfer = false): Promise<Order & { email: string }> {
  const email = `substituted${++emails}@example.com`;
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: item.sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data as Order;
  const out = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${order.id}`,
    payload: { business, currency: 'NGN', userData: { name: 'Adaeze Obi', email, phone: '08031234567' }, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
  });
  expect(out.statusCode, out.body).toBe(200);
  const number = out.json().data.order.orderNumber as string;
  if (transfer) {
    await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    data(await call('POST', BACKOFFICE_PATHS.transfer(number), manager, { decision: 'confirm' }));
  } else {
    const chosen = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'cardProvider' } });
    const answer = chosen.json().data as PaymentDetailsResponse;
    const pressed = await shop.app.inject({ method: 'POST', url: pathOf(answer.url!), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=pay' });
    expect(pressed.statusCode).toBe(303);
    await shop.app.inject({ method: 'GET', url: pathOf(pressed.headers.location as string) });
  }
  return { ...order, orderNumber: number, email };
}

const propose = (orderNumber: string, body: Record<string, unknown>, token = florist) => call('POST', BACKOFFICE_PATHS.orderSubstitutions(orderNumber), token, body);
const substitutions = (orderNumber: string) => data<SubstitutionsAnswer>(_get(orderNumber)).substitutions;
let _last: Awaited<ReturnType<typeof call>>;
const _get = (n: string) => _last;
async function listOf(orderNumber: string) {
  _last = await call('GET', BACKOFFICE_PATHS.orderSubstitutions(orderNumber), florist);
  return substitutions(orderNumber);
}

/** The token of the last substitution mail to `email`. */
async function linkToken(email: string): Promise<string> {
  const mail = await shop.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).where('subject', 'like', 'A substitute for your order%').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return /\/substitution\/([A-Za-z0-9_-]{20,})/.exec(mail.text_body)![1]!;
}
const audit = (target: string) => shop.db.kysely.selectFrom('staff_audit').select(['action', 'actor']).where('target', '=', target).where('action', 'like', 'order.substitution.%').orderBy('created_at').execute();
const page = (token: string, decision?: string) =>
  decision === undefined
    ? shop.app.inject({ method: 'GET', url: `/substitution/${token}` })
    : shop.app.inject({ method: 'POST', url: `/substitution/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=${decision}` });

describe('proposing a substitute', () => {
  it('a cheaper one is refused with a sentence (refund the difference instead) and nothing is written; none, a shopper or an unknown item neither', async () => {
    const order = await paidOrder();
    const res = await propose(order.orderNumber!, { item: item.sku, substitute: cheaper });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.substitute).toMatch(/equal or greater value\. Refund the difference instead/);
    expect((await propose(order.orderNumber!, { item: 'NO-SUCH-SKU', substitute: pricier })).json().fields.item).toMatch(/has no item with SKU/);
    expect((await propose(order.orderNumber!, { item: item.sku })).json().fields.substitute).toMatch(/Name a substitute/);
    expect((await propose(order.orderNumber!, { item: item.sku, substitute: pricier }, '')).statusCode).toBe(401);
    expect(await listOf(order.orderNumber!)).toEqual([]);
    expect(await audit(order.orderNumber!)).toEqual([]);
  });

  it('accepted from the mail\'s link, once: the page, the JSON, the order page and the audit say so', async () => {
    clock = START;
    const order = await paidOrder();
    const made = data<SubstitutionAnswer>(await propose(order.orderNumber!, { item: item.sku, substitute: pricier, note: 'Roses ran short' })).substitution;
    expect(made).toMatchObject({ status: 'proposed', item: { sku: item.sku }, substitute: { sku: pricier }, deadline: '2099-03-01T12:00:00.000Z' });
    expect(made.substitute!.amount).toBeGreaterThanOrEqual(made.item.amount);
    const token = await linkToken(order.email);
    const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', order.email).where('subject', 'like', 'A substitute%').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("the shop's proposal stands");
    // Only the hash is kept.
    expect(JSON.stringify(await shop.db.kysely.selectFrom('order_substitution').selectAll().execute())).not.toContain(token);
    const shown = await page(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.body).toContain('>Accept</button>');
    expect(shown.body).toContain('>Refund the item instead</button>');
    expect(shown.body).not.toContain('<script');
    const read = (await shop.app.inject({ method: 'GET', url: `${SUBSTITUTION_PATH}/${token}?business=${business}` })).json().data as SenderSubstitution;
    expect(read).toMatchObject({ orderNumber: order.orderNumber, substitution: { status: 'proposed' } });
    const accepted = await page(token, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain('Accepted by the sender');
    // Once: a second answer, either way, changes nothing.
    const again = await page(token, 'refund');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already been answered');
    expect((await shop.app.inject({ method: 'POST', url: `${SUBSTITUTION_PATH}/${token}`, payload: { business, decision: 'refund' } })).statusCode).toBe(409);
    expect((await listOf(order.orderNumber!)).map((s) => s.status)).toEqual(['accepted']);
    expect((await audit(order.orderNumber!)).map((a) => a.action)).toEqual(['order.substitution.proposed', 'order.substitution.accepted']);
    expect(await shop.db.kysely.selectFrom('refund').selectAll().where('order_id', '=', order.id).execute()).toHaveLength(0);
  });

  it('a link works only for its proposal: not for another order, not when guessed', async () => {
    clock = START;
    const a = await paidOrder();
    const b = await paidOrder();
    data(await propose(a.orderNumber!, { item: item.sku, substitute: pricier }));
    data(await propose(b.orderNumber!, { item: item.sku, substitute: pricier }));
    const tokenA = await linkToken(a.email);
    const tokenB = await linkToken(b.email);
    expect(tokenA).not.toBe(tokenB);
    const readA = (await shop.app.inject({ method: 'GET', url: `${SUBSTITUTION_PATH}/${tokenA}?business=${business}` })).json().data as SenderSubstitution;
    expect(readA.orderNumber).toBe(a.orderNumber);
    expect((await page(tokenA, 'accept')).statusCode).toBe(200);
    expect((await listOf(b.orderNumber!)).map((s) => s.status)).toEqual(['proposed']);
    const guessed = `${tokenB.slice(0, -2)}${tokenB.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await page(guessed)).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: `${SUBSTITUTION_PATH}/${guessed}`, payload: { business, decision: 'accept' } })).statusCode).toBe(404);
    expect((await listOf(b.orderNumber!)).map((s) => s.status)).toEqual(['proposed']);
  });

  it('after the deadline (an injected clock) the proposal stands: the link answers so and takes no decision', async () => {
    clock = START;
    const order = await paidOrder();
    data(await propose(order.orderNumber!, { item: item.sku, substitute: pricier }));
    const token = await linkToken(order.email);
    clock = new Date(START.getTime() + 3 * 3_600_000 - 1000);
    expect(((await shop.app.inject({ method: 'GET', url: `${SUBSTITUTION_PATH}/${token}?business=${business}` })).json().data as SenderSubstitution).substitution.status).toBe('proposed');
    clock = new Date(START.getTime() + 3 * 3_600_000);
    expect(((await shop.app.inject({ method: 'GET', url: `${SUBSTITUTION_PATH}/${token}?business=${business}` })).json().data as SenderSubstitution).substitution.status).toBe('stands');
    const late = await page(token, 'refund');
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('proposal stands');
    expect((await listOf(order.orderNumber!)).map((s) => s.status)).toEqual(['stands']);
    expect((await audit(order.orderNumber!)).map((a) => a.action)).toEqual(['order.substitution.proposed', 'order.substitution.lapsed']);
    expect(await shop.db.kysely.selectFrom('refund').selectAll().where('order_id', '=', order.id).execute()).toHaveLength(0);
    clock = START;
  });

  it("refused: the item's price is refunded through the provider, once", async () => {
    clock = START;
    const order = await paidOrder();
    const made = data<SubstitutionAnswer>(await propose(order.orderNumber!, { item: item.sku, substitute: pricier })).substitution;
    const token = await linkToken(order.email);
    const refused = await page(token, 'refund');
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('the item was refunded');
    const refunds = await shop.db.kysely.selectFrom('refund').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds.reduce((s, r) => s + Number(r.amount), 0)).toBe(made.item.amount);
    expect((await listOf(order.orderNumber!)).map((s) => s.status)).toEqual(['refunded']);
    expect((await audit(order.orderNumber!)).map((a) => a.action)).toEqual(['order.substitution.proposed', 'order.substitution.refused']);
    expect((await page(token, 'refund')).statusCode).toBe(409);
    expect(await shop.db.kysely.selectFrom('refund').selectAll().where('order_id', '=', order.id).execute()).toHaveLength(refunds.length);
  });

  it('refused on an order paid by hand: the decision is kept and the order page says a manager must refund it', async () => {
    clock = START;
    const order = await paidOrder(true);
    data(await propose(order.orderNumber!, { item: item.sku, substitute: pricier }));
    const token = await linkToken(order.email);
    const refused = await shop.app.inject({ method: 'POST', url: `${SUBSTITUTION_PATH}/${token}`, payload: { business, decision: 'refund' } });
    expect(refused.statusCode).toBe(200);
    const [listed] = await listOf(order.orderNumber!);
    expect(listed!.status).toBe('refund-failed');
    expect(listed!.refundProblem).toMatch(/a manager must refund the item/);
    expect((await audit(order.orderNumber!)).map((a) => a.action)).toEqual(['order.substitution.proposed', 'order.substitution.refused', 'order.substitution.refund-failed']);
  });
});
