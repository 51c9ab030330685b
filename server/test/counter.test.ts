import {
  BACKOFFICE_PATHS,
  type AuditEntry,
  type BoardAnswer,
  type CancelOrderResult,
  type CheckoutResponse,
  type Order,
  type OrderChangeResult,
  type OrderTrackerResponse,
  type PaymentLinkResult,
  type StaffOrderCreated,
  type StaffOrderPage,
} from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { changeDeliverySettings, readDeliveryChange } from '../src/domains/site';
import { createMailer } from '../src/mail/mailer';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * The shop's counter (issue 39, items 1-3 and 6), on SQLite and PostgreSQL: a florist or a manager takes
 * an order for a customer (payment link, paid at the counter, pay on delivery for managers), it takes
 * its day's place like any order (a staff order and 20 web checkouts racing for a day's last 3 places:
 * exactly 3), a change of date frees and takes places exactly, every change is entered, audited and
 * mailed, a manager cancels. Each route with a manager, a florist, a shopper's token and none; bad input
 * is a 400 naming the field, with nothing written.
 */

let shop: TestShop;
const business = 'adire-blooms';
/** 1 Mar 2099, 10:00 in Lagos. */
const clock = new Date('2099-03-01T09:00:00Z');
/** The shop's clock moved on, for one test (null: `clock`). */
let later: Date | null = null;
const DAY = '2099-03-14';
const OTHER_DAY = '2099-03-16';
const RACE_DAY = '2099-03-20';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let shopper = '';
let sku = '';
let skus: string[] = [];
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
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => later ?? clock });
  manager = await makeStaff('counter-manager@adireblooms.ng', 'manager', null);
  florist = await makeStaff('counter-florist@adireblooms.ng', 'florist', manager);
  shopper = (await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'counter-shopper@example.com', password: 'Bloom-shopper-1' } })).json().data.authToken;
  skus = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>', 5000).orderBy('position').limit(5).execute()).map((r) => r.sku);
  sku = skus[0]!;
}, 60_000);
afterAll(() => shop?.close());

const orderBody = (over: Record<string, unknown> = {}) => ({
  channel: 'whatsapp',
  currency: 'NGN',
  cartItems: [{ SKU: sku, quantity: 1 }],
  userData: { name: 'Funke Adebayo', email: 'funke@example.com', phone: '08031234567' },
  orderData: {
    deliveryDate: DAY,
    deliveryZone: 'Lekki / Ajah',
    deliveryMessage: 'Happy birthday, Mama!',
    recipient: { name: 'Kemi Adebayo', phone: '8095556666', phoneCountryCode: '+234', address: '5 Fola Osibo Road, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
  },
  payment: { kind: 'link' },
  ...over,
});

const countOrders = async () => Number((await shop.db.kysely.selectFrom('shop_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const mailsTo = (to: string) => shop.db.kysely.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('created_at').execute();
const page = async (n: string) => data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(n), manager));
const track = async (n: string) =>
  (await shop.app.inject({ method: 'GET', url: `/v1/orders/order/order-number/${n}?business=${business}&email=funke@example.com` })).json().data as OrderTrackerResponse;

describe('a staff order', () => {
  it('a florist takes a WhatsApp order with a payment link: checked out, its day held, mailed, on the board, and the link opens its payment stage', async () => {
    const res = await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as StaffOrderCreated;
    expect(made.orderNumber).toMatch(/^ABL\d+W$/);
    expect(made.order).toMatchObject({ paymentStatus: 'not paid', deliveryDate: DAY, deliveryMessage: 'Happy birthday, Mama!', deliveryMethod: 'delivery' });
    expect(made.order.total).toBeGreaterThan(0);
    expect(made.paymentLink).toMatchObject({ amount: made.order.total, currency: 'NGN', mailed: true });
    expect(made.paymentLink!.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/pay\/[A-Za-z0-9_-]{22}$/);
    expect(made.paymentLink!.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348031234567\?text=Hello%20Funke/);
    expect(Date.parse(made.paymentLink!.expiresAt) - clock.getTime()).toBe(72 * 3_600_000);

    const booking = await shop.db.kysely.selectFrom('day_booking').selectAll().where('order_id', '=', made.order.id).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ date: DAY, place: 'lagos' });
    expect(booking.held_until).not.toBeNull();
    const mails = await mailsTo('funke@example.com');
    expect(mails.map((m) => m.subject)).toEqual([`Your Adire Blooms order ${made.orderNumber}`, `Pay for your Adire Blooms order ${made.orderNumber}`]);
    expect(mails[1]!.text_body).toContain(made.paymentLink!.url);

    const board = data<BoardAnswer>(await call('GET', `${BACKOFFICE_PATHS.orders}?from=${DAY}&to=${DAY}&channel=whatsapp`, florist));
    expect(board.orders.map((o) => [o.orderNumber, o.channel])).toEqual([[made.orderNumber, 'whatsapp']]);
    expect(data<BoardAnswer>(await call('GET', `${BACKOFFICE_PATHS.orders}?from=${DAY}&to=${DAY}&channel=phone`, florist)).orders).toEqual([]);
    expect((await page(made.orderNumber)).channel).toBe('whatsapp');

    const token = made.paymentLink!.url.split('/pay/')[1]!;
    const open = await shop.app.inject({ method: 'GET', url: `/pay/${token}` });
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe(`/checkout?orderId=${made.order.id}&stage=payment`);
    expect((await shop.app.inject({ method: 'GET', url: `/pay/${'x'.repeat(22)}` })).statusCode).toBe(404);

    // A link past its life opens a page that says so (410); a new link replaces the old one.
    await shop.db.kysely.updateTable('payment_link').set({ expires_at: '2099-02-28T00:00:00.000Z' }).where('order_id', '=', made.order.id).execute();
    const expired = await shop.app.inject({ method: 'GET', url: `/pay/${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This payment link has expired');
    const again = data<PaymentLinkResult>(await call('POST', BACKOFFICE_PATHS.paymentLink(made.orderNumber), florist));
    expect(again.paymentLink.url).not.toBe(made.paymentLink!.url);
    expect((await shop.app.inject({ method: 'GET', url: `/pay/${token}` })).statusCode).toBe(404);

    const audit = data<AuditEntry[]>(await call('GET', `${BACKOFFICE_PATHS.audit}?target=${made.orderNumber}`, manager));
    expect(audit.map((a) => a.action).sort()).toEqual(['order.create', 'order.payment-link']);
    expect(audit.find((a) => a.action === 'order.create')).toMatchObject({ actor: 'counter-florist@adireblooms.ng', role: 'florist', after: { channel: 'whatsapp', paymentStatus: 'not paid' } });
  });

  it('a florist finds a product for the New order page by its SKU or name (the back office’s product search)', async () => {
    const product = await shop.db.kysely.selectFrom('product').select(['sku', 'name', 'slug']).where('sku', '=', sku).executeTakeFirstOrThrow();
    const bySku = data<{ slug: string; sku: string }[]>(await call('GET', `${BACKOFFICE_PATHS.products}?search=${encodeURIComponent(product.sku.toLowerCase())}`, florist));
    expect(bySku.map((p) => p.slug)).toEqual([product.slug]);
    const byName = data<{ slug: string }[]>(await call('GET', `${BACKOFFICE_PATHS.products}?search=${encodeURIComponent(product.name)}`, florist));
    expect(byName.map((p) => p.slug)).toContain(product.slug);
  });

  it('paid at the counter: a payment recorded (who, when, amount, reference), the order paid, its place taken for good; no e-mail needed', async () => {
    const body = orderBody({ channel: 'walk-in', userData: { name: 'Tunde Bakare', phone: '08035550000' }, payment: { kind: 'counter', method: 'pos', reference: 'TILL-0042' } });
    const made = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, body));
    expect(made.order.paymentStatus).toBe('paid');
    expect(made.paymentLink).toBeUndefined();
    const p = await page(made.orderNumber);
    expect(p.payments).toEqual([expect.objectContaining({ amount: made.order.total, currency: 'NGN', status: 'paid', provider: 'counter', method: 'pos', reference: `${made.orderNumber}:TILL-0042` })]);
    expect(p.timeline.find((t) => t.step === 'paid')!.done).toBe(true);
    const booking = await shop.db.kysely.selectFrom('day_booking').selectAll().where('order_id', '=', made.order.id).executeTakeFirstOrThrow();
    expect(booking.held_until).toBeNull();
  });

  it('pay on delivery and over-booking are a manager’s: a florist hears 403, a manager gets the go-ahead status', async () => {
    const before = await countOrders();
    const refused = await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ payment: { kind: 'on-delivery' } }));
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ overbook: { reason: 'VIP' } }))).statusCode).toBe(403);
    expect(await countOrders()).toBe(before);
    const made = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, manager, orderBody({ channel: 'phone', payment: { kind: 'on-delivery' } })));
    expect(made.order.paymentStatus).toBe('go ahead - pay on delivery approved');
  });

  it('a shopper’s token is refused (403) and no session is a 401, on every counter route', async () => {
    const asShopper = { authorization: `Bearer ${shopper}` };
    const routes: [string, Record<string, unknown>][] = [
      [BACKOFFICE_PATHS.orders, orderBody()],
      [BACKOFFICE_PATHS.orderChanges('ABL1000W'), { reason: 'x', orderData: {} }],
      [BACKOFFICE_PATHS.cancelOrder('ABL1000W'), { reason: 'duplicate', refund: 'none' }],
      [BACKOFFICE_PATHS.paymentLink('ABL1000W'), {}],
    ];
    for (const [url, payload] of routes) {
      expect((await shop.app.inject({ method: 'POST', url, headers: asShopper, payload: { business, ...payload } })).statusCode, url).toBe(403);
      expect((await call('POST', url, undefined, payload)).statusCode, url).toBe(401);
    }
  });

  it('bad input is a 400 naming each wrong field, with nothing written', async () => {
    const before = await countOrders();
    const res = await call(
      'POST',
      BACKOFFICE_PATHS.orders,
      florist,
      orderBody({ channel: 'web', cartItems: [], userData: { name: 'Funke', phone: '12' }, payment: { kind: 'counter', method: 'cheque' }, orderData: { deliveryDate: '2099-02-30', recipient: { method: 'delivery' } } }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().fields as Record<string, string>;
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(['channel', 'cartItems', 'userData.phone', 'orderData.deliveryDate', 'orderData.recipient.name', 'payment.method', 'payment.reference']),
    );
    const unknownSku = await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ cartItems: [{ SKU: 'NO-SUCH-SKU', quantity: 1 }] }));
    expect(unknownSku.statusCode, unknownSku.body).toBe(400);
    expect(await countOrders()).toBe(before);
  });
});

async function webOrder(i: number, day: string): Promise<Order> {
  const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: day, cartItems: [{ SKU: skus[i % skus.length], quantity: 1 }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

const webCheckout = (id: string, i: number, day: string) =>
  shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${id}`,
    remoteAddress: `10.0.${i}.1`,
    payload: {
      business,
      currency: 'NGN',
      userData: { name: 'Ngozi Umeh', email: `race${i}@example.com`, phone: `+23480311${String(10000 + i)}` },
      orderData: {
        deliveryDate: day,
        deliveryZone: 'Lekki / Ajah',
        recipient: { name: 'Emeka Umeh', phone: '+2348095556666', address: `${i} Admiralty Way, Lekki Phase 1`, state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });

describe('a payment link paid later', () => {
  it('the staff order keeps its place for the link’s life: paying 20 hours on renews its hold (a guest’s would have ended at 12)', async () => {
    await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: '2099-03-22', place: 'lagos', orders: 5 }), clock);
    const made = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ orderData: { ...orderBody().orderData, deliveryDate: '2099-03-22' } })));
    later = new Date(clock.getTime() + 20 * 3_600_000);
    try {
      const pay = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${made.order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
      expect(pay.statusCode, pay.body).toBe(200);
    } finally {
      later = null;
    }
  });
});

describe('capacity', () => {
  it('a staff order and 20 web checkouts racing for a day’s last 3 places: exactly 3 win', { timeout: 120_000 }, async () => {
    await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: RACE_DAY, place: 'lagos', orders: 3 }), clock);
    const orders = await Promise.all(Array.from({ length: 20 }, (_, i) => webOrder(i, RACE_DAY)));
    const answers = await Promise.all([
      call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ orderData: { ...orderBody().orderData, deliveryDate: RACE_DAY } })),
      ...orders.map((o, i) => webCheckout(o.id, i, RACE_DAY)),
    ]);
    const won = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
    expect(won.length, answers.find((a) => ![200, 201, 409].includes(a.statusCode))?.body).toBe(3);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'DAY_FULL')).toBe(true);
    const booked = await shop.db.kysely.selectFrom('day_booking').select('order_id').where('date', '=', RACE_DAY).where('place', '=', 'lagos').execute();
    expect(booked).toHaveLength(3);

    // The day is full now: a florist's order is refused; a manager over-books it with a reason (audited).
    const full = await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ orderData: { ...orderBody().orderData, deliveryDate: RACE_DAY } }));
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('DAY_FULL');
    const over = data<StaffOrderCreated>(
      await call('POST', BACKOFFICE_PATHS.orders, manager, orderBody({ orderData: { ...orderBody().orderData, deliveryDate: RACE_DAY }, overbook: { reason: 'The governor’s office' } })),
    );
    const audit = data<AuditEntry[]>(await call('GET', `${BACKOFFICE_PATHS.audit}?target=${over.orderNumber}`, manager));
    expect(audit[0]!.after).toMatchObject({ overbooked: { reason: 'The governor’s office' } });
    expect(await shop.db.kysely.selectFrom('day_booking').select('order_id').where('date', '=', RACE_DAY).execute()).toHaveLength(4);
  });
});

describe('changes after checkout', () => {
  let made: StaffOrderCreated;
  beforeAll(async () => {
    await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: OTHER_DAY, place: 'lagos', orders: 2 }), clock);
    made = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ userData: { name: 'Funke Adebayo', email: 'funke@example.com', phone: '08031234567' }, payment: { kind: 'counter', method: 'cash', reference: 'R-77' } })));
  });

  const bookedOn = async (date: string) => (await shop.db.kysely.selectFrom('day_booking').select('order_id').where('date', '=', date).where('place', '=', 'lagos').execute()).map((b) => b.order_id);

  it('a florist moves the date and the card message: the old place freed, the new one taken, entered, audited, mailed; the tracker shows it', async () => {
    const onDay = (await bookedOn(DAY)).length;
    const preview = data<OrderChangeResult>(await call('POST', BACKOFFICE_PATHS.orderChanges(made.orderNumber), florist, { reason: 'Sender called', orderData: { deliveryDate: OTHER_DAY }, preview: true }));
    expect(preview.change.fields.map((f) => f.field)).toEqual(['Delivery date']);
    expect(await bookedOn(OTHER_DAY)).toEqual([]);

    const res = await call('POST', BACKOFFICE_PATHS.orderChanges(made.orderNumber), florist, { reason: 'Sender called', orderData: { deliveryDate: OTHER_DAY, deliveryMessage: 'Happy 70th, Mama!' } });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as OrderChangeResult;
    expect(result.change).toMatchObject({ actor: 'counter-florist@adireblooms.ng', role: 'florist', reason: 'Sender called', difference: 0 });
    expect(result.change.fields).toEqual([
      { field: 'Delivery date', before: expect.stringContaining('14'), after: expect.stringContaining('16') },
      { field: 'Message for the card', before: 'Happy birthday, Mama!', after: 'Happy 70th, Mama!' },
    ]);
    expect(result.order.order).toMatchObject({ deliveryDate: OTHER_DAY, deliveryMessage: 'Happy 70th, Mama!', paymentStatus: 'paid' });
    expect(result.order.changes).toHaveLength(1);
    expect(await bookedOn(OTHER_DAY)).toEqual([made.order.id]);
    expect(await bookedOn(DAY)).toHaveLength(onDay - 1);
    const taken = await shop.db.kysely.selectFrom('day_booking').select('held_until').where('order_id', '=', made.order.id).executeTakeFirstOrThrow();
    expect(taken.held_until).toBeNull();

    const mails = await mailsTo('funke@example.com');
    const last = mails[mails.length - 1]!;
    expect(last.subject).toBe(`Your Adire Blooms order ${made.orderNumber} was updated`);
    expect(last.text_body).toContain('Your order was updated');
    expect(last.text_body).toContain('Message for the card: Happy birthday, Mama! → Happy 70th, Mama!');
    const tracked = await track(made.orderNumber);
    expect(tracked.deliveryDate).toBe(OTHER_DAY);
    expect(tracked.details?.deliveryMessage).toBe('Happy 70th, Mama!');
    const audit = data<AuditEntry[]>(await call('GET', `${BACKOFFICE_PATHS.audit}?target=${made.orderNumber}&action=order.change`, manager));
    expect(audit).toHaveLength(1);
  });

  it('a full new day is refused (409 DAY_FULL, nothing written) unless a manager over-books it', async () => {
    const other = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ orderData: { ...orderBody().orderData, deliveryDate: OTHER_DAY } })));
    expect((await bookedOn(OTHER_DAY)).length).toBe(2);
    const third = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody()));
    const refused = await call('POST', BACKOFFICE_PATHS.orderChanges(third.orderNumber), florist, { reason: 'Sender called', orderData: { deliveryDate: OTHER_DAY } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DAY_FULL');
    expect((await page(third.orderNumber)).order.deliveryDate).toBe(DAY);
    const forced = await call('POST', BACKOFFICE_PATHS.orderChanges(third.orderNumber), manager, { reason: 'Sender called', orderData: { deliveryDate: OTHER_DAY }, overbook: { reason: 'Long-standing customer' } });
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await bookedOn(OTHER_DAY)).sort()).toEqual([made.order.id, other.order.id, third.order.id].sort());
  });

  it('more items on a paid order: repriced, part payment and a link for the difference', async () => {
    const res = await call('POST', BACKOFFICE_PATHS.orderChanges(made.orderNumber), florist, { reason: 'Add a second bouquet', cartItems: [{ SKU: sku, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as OrderChangeResult;
    expect(result.change.difference).toBeGreaterThan(0);
    expect(result.order.order.paymentStatus).toBe('part payment');
    expect(result.paymentLink?.amount).toBe(result.change.difference);
  });

  it('out for delivery: a florist is refused with a sentence; a manager still corrects it', async () => {
    const other = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ payment: { kind: 'counter', method: 'cash', reference: 'R-78' } })));
    for (const step of ['arranged', 'despatched']) data(await call('POST', BACKOFFICE_PATHS.advance(other.orderNumber), florist, { step }));
    const refused = await call('POST', BACKOFFICE_PATHS.orderChanges(other.orderNumber), florist, { reason: 'Card', orderData: { deliveryMessage: 'Late wishes' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Order ${other.orderNumber} is already out for delivery, so it can no longer be changed. A manager can still correct it, with a reason.`);
    expect((await call('POST', BACKOFFICE_PATHS.orderChanges(other.orderNumber), manager, { reason: 'Card', orderData: { deliveryMessage: 'Late wishes' } })).statusCode).toBe(200);
  });

  it('bad input is a 400 naming the field, nothing written', async () => {
    const before = await page(made.orderNumber);
    const noReason = await call('POST', BACKOFFICE_PATHS.orderChanges(made.orderNumber), florist, { orderData: { deliveryMessage: 'x' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'is required' });
    const badZone = await call('POST', BACKOFFICE_PATHS.orderChanges(made.orderNumber), florist, { reason: 'Moved', orderData: { deliveryZone: 'Atlantis' } });
    expect(badZone.statusCode).toBe(400);
    expect(Object.keys(badZone.json().fields)).toEqual(['orderData.deliveryZone']);
    expect(await page(made.orderNumber)).toEqual(before);
  });
});

describe('cancel', () => {
  it('managers only; the place, the held units and the coupon are given back; the board, tracker and mails say cancelled', async () => {
    const made = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody()));
    const forbidden = await call('POST', BACKOFFICE_PATHS.cancelOrder(made.orderNumber), florist, { reason: 'duplicate', refund: 'none' });
    expect(forbidden.statusCode).toBe(403);
    const bad = await call('POST', BACKOFFICE_PATHS.cancelOrder(made.orderNumber), manager, { reason: '', refund: 'some' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['reason', 'refund']);
    const res = await call('POST', BACKOFFICE_PATHS.cancelOrder(made.orderNumber), manager, { reason: 'duplicate', refund: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as CancelOrderResult;
    expect(result.order.cancelled).toMatchObject({ reason: 'duplicate' });
    expect(result.order.order.cancelledAt).toBeDefined();
    expect(await shop.db.kysely.selectFrom('day_booking').select('order_id').where('order_id', '=', made.order.id).execute()).toEqual([]);
    const board = data<BoardAnswer>(await call('GET', `${BACKOFFICE_PATHS.orders}?search=${made.orderNumber}`, florist));
    expect(board.orders[0]!.cancelledAt).toBeDefined();
    expect((await track(made.orderNumber)).cancelled).toBe(true);
    const mails = await mailsTo('funke@example.com');
    expect(mails[mails.length - 1]!.subject).toBe(`Your Adire Blooms order ${made.orderNumber} was cancelled`);
    // Cancelled: no change, no second cancel, no payment.
    expect((await call('POST', BACKOFFICE_PATHS.cancelOrder(made.orderNumber), manager, { reason: 'duplicate', refund: 'none' })).statusCode).toBe(409);
    expect((await call('POST', BACKOFFICE_PATHS.orderChanges(made.orderNumber), manager, { reason: 'x', orderData: { deliveryMessage: 'y' } })).statusCode).toBe(409);
    expect((await call('POST', BACKOFFICE_PATHS.paymentLink(made.orderNumber), manager)).statusCode).toBe(409);
    const pay = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${made.order.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    expect(pay.statusCode).toBe(409);
  });

  it('a paid order cancelled with a full refund made by hand: the refund recorded, the order cancelled', async () => {
    const made = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ payment: { kind: 'counter', method: 'cash', reference: 'R-90' } })));
    const res = await call('POST', BACKOFFICE_PATHS.cancelOrder(made.orderNumber), manager, { reason: 'sender asked', refund: 'full', refundMethod: 'cash', refundReference: 'TILL-REFUND-9' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as CancelOrderResult;
    expect(result.message).toMatch(new RegExp(`^Order ${made.orderNumber} is cancelled and ₦[\\d,]+ is being refunded\\.$`));
    expect(result.order.cancelled).toBeDefined();
    expect(result.order.order.paymentStatus).toBe('refunded');
  });

  it("a full refund on cancelling after a partial refund gives back the rest, not what was received (409 before)", async () => {
    const made = data<StaffOrderCreated>(await call('POST', BACKOFFICE_PATHS.orders, florist, orderBody({ payment: { kind: 'counter', method: 'cash', reference: 'R-91' } })));
    const total = made.order.total!;
    expect(total).toBeGreaterThan(1000);
    const part = await call('POST', BACKOFFICE_PATHS.refunds(made.orderNumber), manager, { amount: 1000, reason: 'one stem short', method: 'cash', reference: 'TILL-1' });
    expect(part.statusCode, part.body).toBe(201);
    const res = await call('POST', BACKOFFICE_PATHS.cancelOrder(made.orderNumber), manager, { reason: 'sender asked', refund: 'full', refundMethod: 'cash', refundReference: 'TILL-2' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as CancelOrderResult;
    expect(result.message).toBe(`Order ${made.orderNumber} is cancelled and ${formatAmount(total - 1000, 'NGN')} is being refunded.`);
    expect(result.order.order.paymentStatus).toBe('refunded');
  });

  it('a web order cancelled after checkout gives its place back too', async () => {
    const o = await webOrder(0, DAY);
    const checked = (await webCheckout(o.id, 99, DAY)).json().data as CheckoutResponse;
    const res = await call('POST', BACKOFFICE_PATHS.cancelOrder(checked.order.orderNumber!), manager, { reason: 'sender asked', refund: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shop.db.kysely.selectFrom('day_booking').select('order_id').where('order_id', '=', o.id).execute()).toEqual([]);
  });
});
