import { BACKOFFICE_PATHS, type CheckoutResponse, type DayHold, type DayLoad, type DaySheet, type Order, type ReleaseHoldResult } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { DEFAULT_DAY_HOLD_RULES } from '../src/domains/orders';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { changeDeliverySettings, readDeliveryChange } from '../src/domains/site';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * The back office's day board and day sheet (issue 29, item 5), on SQLite and PostgreSQL: each day's
 * places taken and held against capacity per place, and what a rider carries for one place. Any staff
 * member may read them; a shopper may not; only a manager changes capacities.
 */

let shop: TestShop;
const business = 'adire-blooms';
const P = '/v1/backoffice';
/** 1 Feb 2099, 10:00 in Lagos. */
const START = new Date('2099-02-01T09:00:00Z');
let clock = START;
const DAY = '2099-02-14';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let shopper = '';
let roses: { sku: string; design: string };
const { call, data } = backofficeCalls(() => shop, business);

async function makeStaff(email: string, role: 'florist' | 'manager', invitedBy: string | null): Promise<string> {
  if (invitedBy) data(await call('POST', `${P}/staff`, invitedBy, { email, role }));
  else {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', role]), { mailer, config: staffConfig, publicUrl: 'http://shop.test' });
  }
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const code = /invitation code: (\d{6})/.exec(mail.text_body)![1]!;
  return data<{ token: string }>(await call('POST', `${P}/auth/accept-invite`, undefined, { email, code, password: `Staff-${role}-2099` })).token;
}

beforeAll(async () => {
  // One client and one sender phone check out every order here: the per-holder limits (issue 38) are tested in day-holds.test.ts.
  shop = await startTestShop({ auth, config: { staff: staffConfig, dayHolds: { ...DEFAULT_DAY_HOLD_RULES, perIp: 1000, perPhone: 1000 } }, now: () => clock });
  manager = await makeStaff('board-manager@adireblooms.ng', 'manager', null);
  florist = await makeStaff('board-florist@adireblooms.ng', 'florist', manager);
  shopper = (await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'shopper-board@example.com', password: 'Bloom-shopper-1' } })).json().data.authToken;
  const variant = await shop.db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select(['product_variant.sku', 'product.name', 'product.id'])
    .where('product.slug', '=', 'ruby-romance-red-roses')
    .orderBy('product_variant.position')
    .executeTakeFirstOrThrow();
  const design = await shop.db.kysely
    .selectFrom('product_design')
    .innerJoin('design_option', 'design_option.code', 'product_design.design_code')
    .select(['design_option.title'])
    .where('product_design.product_id', '=', variant.id)
    .where('design_option.price_ngn', '>', 0)
    .executeTakeFirstOrThrow();
  roses = { sku: variant.sku, design: design.title };
  await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: DAY, place: 'lagos', orders: 10 }), clock);
  await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: 'sat', place: 'pickup:Ikoyi LPI', orders: 4 }), clock);
  await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-order-by', { date: DAY, closesAt: '2099-02-13 18:00' }), clock);
  await changeDeliverySettings(shop.db.kysely, readDeliveryChange('close-date', { date: '2099-02-15', note: 'Resting after Valentine' }), clock);
}, 60_000);
afterAll(() => shop?.close());

let senders = 0;
async function checkedOut(orderData: Record<string, unknown>): Promise<Order> {
  const created = await shop.app.inject({
    method: 'POST',
    url: '/v1/orders/order/create',
    payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: roses.sku, quantity: 2, design: { title: roses.design, price: 0, quantity: 2 } }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json().data as Order).id;
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${id}`,
    payload: { business, currency: 'NGN', userData: { name: 'Funke Adebayo', email: `board${++senders}@example.com`, phone: '08031234567' }, orderData: { deliveryDate: DAY, ...orderData } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as CheckoutResponse).order;
}

const toLekki = (name: string) => ({
  deliveryZone: 'Lekki / Ajah',
  deliveryMessage: `All my love, ${name}`,
  deliveryInstruction: 'Call before arriving; gate code 1402',
  recipient: { name, phone: '8095556666', phoneCountryCode: '+234', address: '5 Fola Osibo Road, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
});

describe('the day board and the day sheet', () => {
  it('counts each place taken and held against its capacity; a lapsed hold counts for nobody; the sheet lists what a rider needs', async () => {
    const paid = await checkedOut(toLekki('Kemi'));
    await markPaid(shop.db, paid.orderNumber!, clock);
    const held = await checkedOut({ deliveryZone: 'Mainland', recipient: { name: 'Ada', phone: '8091112222', phoneCountryCode: '+234', address: '2 Allen Avenue, Ikeja', state: 'lagos', residenceType: 'Office', method: 'delivery' } });
    const lapsed = await checkedOut(toLekki('Bola'));
    await shop.db.kysely.updateTable('day_booking').set({ held_until: '2099-02-01T09:10:00.000Z' }).where('order_id', '=', lapsed.id).execute();
    await checkedOut({ pickupLocation: 'Ikoyi LPI', recipient: { method: 'pick-up' } });
    clock = new Date('2099-02-01T09:20:00Z');

    const days = data<DayLoad[]>(await call('GET', `${P}/days?from=${DAY}&days=2`, florist));
    expect(days).toHaveLength(2);
    expect(days[0]).toEqual({
      date: DAY,
      places: [
        { place: 'lagos', capacity: 10, taken: 1, held: 1 },
        { place: 'abuja', capacity: null, taken: 0, held: 0 },
        { place: 'other-locations', capacity: null, taken: 0, held: 0 },
        { place: 'pickup:Ikoyi LPI', capacity: 4, taken: 0, held: 1 },
        { place: 'pickup:Abuja APA', capacity: null, taken: 0, held: 0 },
        { place: 'pickup:Lekki LPL', capacity: null, taken: 0, held: 0 },
      ],
      orderBy: '2099-02-13 18:00',
      closed: null,
    });
    expect(days[1]).toMatchObject({ date: '2099-02-15', orderBy: null, closed: { note: 'Resting after Valentine' } });

    const sheet = data<DaySheet>(await call('GET', `${P}/days/${DAY}/sheet?place=lagos`, florist));
    expect(sheet.date).toBe(DAY);
    expect(sheet.place).toBe('lagos');
    // By zone (Lekki / Ajah before Mainland), then number; the lapsed hold is not on it.
    expect(sheet.orders.map((o) => o.orderNumber)).toEqual([paid.orderNumber, held.orderNumber]);
    expect(sheet.orders.find((o) => o.orderNumber === paid.orderNumber)).toEqual({
      orderNumber: paid.orderNumber,
      recipient: 'Kemi',
      phone: '+2348095556666',
      address: '5 Fola Osibo Road, Lekki Phase 1',
      zone: 'Lekki / Ajah',
      items: [{ name: paid.cartItems![0]!.name, size: paid.cartItems![0]!.size ?? null, design: roses.design, quantity: 2 }],
      cardMessage: 'All my love, Kemi',
      instructions: 'Call before arriving; gate code 1402',
      paid: true,
    });
    expect(sheet.orders.find((o) => o.orderNumber === held.orderNumber)).toMatchObject({ zone: 'Mainland', paid: false, cardMessage: null });
    const branch = data<DaySheet>(await call('GET', `${P}/days/${DAY}/sheet?place=${encodeURIComponent('pickup:ikoyi lpi')}`, manager));
    expect(branch).toMatchObject({ place: 'pickup:Ikoyi LPI', orders: [{ recipient: 'Funke Adebayo', phone: '+2348031234567', address: 'Pick-up at Ikoyi LPI', zone: null, paid: false }] });
    clock = START;
  });

  it('a shopper is refused (403), no session 401; a florist reads the days but may not change a capacity', async () => {
    for (const url of [`${P}/days?from=${DAY}&days=1`, `${P}/days/${DAY}/sheet?place=lagos`]) {
      expect((await call('GET', url, shopper)).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
      const res = await call('GET', url, florist);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const refused = await call('POST', `${P}/settings/delivery`, florist, { change: 'set-capacity', day: DAY, place: 'lagos', orders: 50 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('A florist cannot open the settings. Ask a manager.');
  });

  it.each([
    [`${P}/days?from=2099-02-30&days=2`, { from: 'must be a real day written YYYY-MM-DD' }],
    [`${P}/days?from=${DAY}&days=99`, { days: 'must be a whole number from 1 to 62' }],
    [`${P}/days/2099-13-01/sheet?place=lagos`, { date: 'must be a real day written YYYY-MM-DD' }],
    [`${P}/days/${DAY}/sheet?place=kano`, { place: 'is not a place' }],
    [`${P}/days/${DAY}/sheet`, { place: 'is required' }],
  ])('refuses %s with a 400 naming the field', async (url, fields) => {
    const res = await call('GET', url, florist);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', fields });
  });
});

describe("who holds a day's places, and the shop giving one back (issue 38)", () => {
  const HOLD_DAY = '2099-02-21';
  it('lists each unpaid hold with its order, sender and end; a florist releases one (audited), and the order cannot take it back by paying', async () => {
    await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: HOLD_DAY, place: 'lagos', orders: 2 }), clock);
    const lekki = { ...toLekki('Ife'), deliveryDate: HOLD_DAY };
    const first = await checkedOut(lekki);
    clock = new Date('2099-02-01T09:05:00Z');
    const second = await checkedOut(lekki);
    const paid = await checkedOut({ pickupLocation: 'Ikoyi LPI', recipient: { method: 'pick-up' }, deliveryDate: HOLD_DAY });
    await markPaid(shop.db, paid.orderNumber!, clock);

    const holds = data<DayHold[]>(await call('GET', BACKOFFICE_PATHS.dayHolds(HOLD_DAY), florist));
    expect(holds).toEqual([
      { orderNumber: first.orderNumber, place: 'lagos', sender: { name: 'Funke Adebayo', email: first.client!.email, phone: '+2348031234567' }, heldUntil: '2099-02-01T09:30:00.000Z', firstHeldAt: '2099-02-01T09:00:00.000Z' },
      { orderNumber: second.orderNumber, place: 'lagos', sender: { name: 'Funke Adebayo', email: second.client!.email, phone: '+2348031234567' }, heldUntil: '2099-02-01T09:35:00.000Z', firstHeldAt: '2099-02-01T09:05:00.000Z' },
    ]);
    expect((await call('GET', BACKOFFICE_PATHS.dayHolds(HOLD_DAY), shopper)).statusCode).toBe(403);

    // A reason is required; a paid order holds nothing to release.
    const bare = await call('POST', BACKOFFICE_PATHS.releaseHold(HOLD_DAY, first.orderNumber!), florist, { reason: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { reason: 'is required' } });
    const taken = await call('POST', BACKOFFICE_PATHS.releaseHold(HOLD_DAY, paid.orderNumber!), florist, { reason: 'Hoarding' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NO_HOLD' });
    expect((await call('POST', BACKOFFICE_PATHS.releaseHold(HOLD_DAY, 'ABL9999W'), florist, { reason: 'Hoarding' })).statusCode).toBe(404);

    const released = data<ReleaseHoldResult>(await call('POST', BACKOFFICE_PATHS.releaseHold(HOLD_DAY, first.orderNumber!), florist, { reason: 'Same sender holding two, unreachable' }));
    expect(released.message).toBe(`Gave back order ${first.orderNumber}'s place on 21 Feb (Lagos): it can only hold one again by checking out again.`);
    expect(data<DayHold[]>(await call('GET', BACKOFFICE_PATHS.dayHolds(HOLD_DAY), florist)).map((h) => h.orderNumber)).toEqual([second.orderNumber]);
    const audit = await shop.db.kysely.selectFrom('staff_audit').selectAll().where('action', '=', 'order.release-hold').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'board-florist@adireblooms.ng', role: 'florist', target: first.orderNumber });
    expect(JSON.parse(audit[0]!.after)).toEqual({ released: true, reason: 'Same sender holding two, unreachable' });
    // The holder cannot take the place back by paying: it must check out again.
    const again = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${first.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DAY_HOLD_RELEASED');
    expect((await call('POST', BACKOFFICE_PATHS.releaseHold(HOLD_DAY, first.orderNumber!), florist, { reason: 'Again' })).json().code).toBe('NO_HOLD');
    clock = START;
  });
});
