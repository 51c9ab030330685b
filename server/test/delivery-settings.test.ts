import { DEFAULT_CHECKOUT_SETTINGS, type Order } from '@adire/contracts';
import { shopDate } from '@adire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DELIVERY } from '../src/db/seed-data';
import { applyDeliveryChange, readDeliveryChange } from '../src/domains/site';
import { type DeliveryState } from '../src/domains/site/testing';
import { executeSettingsCommand, parseSettingsCommand, SettingsError } from '../src/domains/site';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { authConfigWith } from '../src/domains/account';
import { createMailer } from '../src/mail/mailer';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * Delivery zones, fees, the minimum amount, fee windows and closed days (issue 20, item 4): the pure
 * reading and checking of a change, the settings command's words, and the back office's API on a real
 * database, down to what a shopper's next checkout charges and refuses.
 */

const TODAY = '2099-01-10';
const state = (): DeliveryState => ({ delivery: { baseConfig: structuredClone(BASE_DELIVERY), overrideConfigs: [] }, checkout: structuredClone(DEFAULT_CHECKOUT_SETTINGS) });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(SettingsError);
    return { message: (err as SettingsError).message, field: (err as SettingsError).field };
  }
  throw new Error('not refused');
};
const apply = (s: DeliveryState, kind: string, input: Record<string, unknown>) => applyDeliveryChange(s, readDeliveryChange(kind, input), TODAY);

describe('reading a delivery change (the shape of each field)', () => {
  it.each(['4,500', '-1', '4500.50', '', ' ', 'abc', '0x10', '1e4', '10000001'])('refuses the fee %j beside the amount', (amount) => {
    expect(refusal(() => readDeliveryChange('set-fee', { state: 'lagos', zone: 'Mainland', amount }))).toEqual({
      field: 'amount',
      // Text holding a number is told to come as one (issue 32, item 6: amounts are JSON numbers, digits only on the command line).
      message: `The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got '${amount}'${/^\d+(\.\d+)?$/.test(amount) ? ' (text: send it as a number)' : ''}.`,
    });
  });

  it('reads names, days and amounts, trimming spaces; refuses bad days and windows that end before they start', () => {
    expect(readDeliveryChange('set-fee', { state: ' Lagos ', zone: '  Lekki  /  Ajah ', amount: 5000 })).toEqual({ kind: 'set-fee', state: 'lagos', zone: 'Lekki / Ajah', amount: 5000, window: null });
    expect(readDeliveryChange('set-min-amount', { amount: 0, window: "Valentine's Day" })).toEqual({ kind: 'set-min-amount', amount: 0, window: "Valentine's Day" });
    expect(refusal(() => readDeliveryChange('close-date', { date: '2026-02-30' }))).toEqual({ field: 'date', message: "'2026-02-30' is not a day: write it YYYY-MM-DD, such as 2026-12-25." });
    expect(refusal(() => readDeliveryChange('add-window', { name: 'Easter', startDate: '2099-04-05', endDate: '2099-04-03', surcharge: 1000, minAmount: 0 }))).toEqual({
      field: 'endDate',
      message: 'The last day, 3 Apr 2099, is before the first, 5 Apr 2099.',
    });
    expect(refusal(() => readDeliveryChange('add-zone', { state: 'lagos', zone: '<script>', amount: 1 })).field).toBe('zone');
    expect(refusal(() => readDeliveryChange('add-zone', { state: '', zone: 'Ikeja', amount: 1 }))).toEqual({ field: 'state', message: 'Choose the state.' });
    expect(refusal(() => readDeliveryChange('close-date', { date: '2099-05-01', note: 'x'.repeat(121) })).field).toBe('note');
    expect(refusal(() => readDeliveryChange('drop-everything', {})).message).toMatch(/^Unknown delivery change 'drop-everything'\. Changes: set-fee, add-zone/);
  });
});

describe('checking a change against the settings (pure)', () => {
  it("sets a zone's fee, naming the state's zones when the zone is unknown", () => {
    const next = apply(state(), 'set-fee', { state: 'lagos', zone: 'lekki / ajah', amount: 6000 });
    expect(next.delivery.baseConfig.stateDeliveryZones[0]!.zones[1]).toEqual({ name: 'Lekki / Ajah', amount: 6000 });
    expect(next.message).toBe('Delivery to Lekki / Ajah (lagos) now costs ₦6,000 (was ₦4,500).');
    expect(refusal(() => apply(state(), 'set-fee', { state: 'lagos', zone: 'Ikeja', amount: 1 }))).toEqual({ field: 'zone', message: 'lagos has no zone \'Ikeja\'. Its zones: Lagos Island, Lekki / Ajah, Mainland.' });
    expect(refusal(() => apply(state(), 'set-fee', { state: 'kano', zone: 'Ikeja', amount: 1 }))).toEqual({ field: 'state', message: "Unknown state 'kano'. States: lagos, abuja, other-locations." });
  });

  it('adds, renames and removes zones in every fee window too; a state keeps its last zone; names stay unique', () => {
    let s: DeliveryState = apply(state(), 'add-window', { name: 'Easter', startDate: '2099-04-03', endDate: '2099-04-06', surcharge: 1500, minAmount: 80000 });
    expect(s.delivery.overrideConfigs[0]!.stateDeliveryZones[0]!.zones[0]).toEqual({ name: 'Lagos Island', amount: 4500 });
    s = apply(s, 'add-zone', { state: 'lagos', zone: 'Ikeja', amount: 5500 });
    expect(s.delivery.overrideConfigs[0]!.stateDeliveryZones[0]!.zones.at(-1)).toEqual({ name: 'Ikeja', amount: 5500 });
    expect(refusal(() => apply(s, 'add-zone', { state: 'lagos', zone: 'IKEJA', amount: 1 }))).toEqual({ field: 'zone', message: "lagos already has a zone 'IKEJA'." });
    s = apply(s, 'rename-zone', { state: 'lagos', zone: 'Ikeja', newName: 'Ikeja GRA' });
    expect(s.delivery.overrideConfigs[0]!.stateDeliveryZones[0]!.zones.map((z) => z.name)).toContain('Ikeja GRA');
    expect(refusal(() => apply(s, 'rename-zone', { state: 'lagos', zone: 'Ikeja GRA', newName: 'mainland' })).field).toBe('newName');
    s = apply(s, 'remove-zone', { state: 'lagos', zone: 'Ikeja GRA' });
    expect([s.delivery.baseConfig, ...s.delivery.overrideConfigs].every((c) => !c.stateDeliveryZones[0]!.zones.some((z) => z.name === 'Ikeja GRA'))).toBe(true);
    expect(refusal(() => apply(s, 'remove-zone', { state: 'other-locations', zone: 'Other states' }))).toEqual({
      field: 'zone',
      message: 'Other states is the only zone of other-locations: add another zone before removing it.',
    });
  });

  it('sets the minimum amount for free delivery and keeps its line saying the new amount', () => {
    const next = apply(state(), 'set-min-amount', { amount: 75000 });
    expect(next.delivery.baseConfig).toMatchObject({ minAmount: 75000, minAmountInfoText: 'Free delivery on orders above {{75000}}' });
    expect(next.message).toBe('Delivery is free for items from ₦75,000 (was ₦50,000).');
    expect(apply(state(), 'set-min-amount', { amount: 0 }).message).toBe('Delivery is never free (was ₦50,000).');
    expect(refusal(() => apply(state(), 'set-min-amount', { amount: 1, window: 'Easter' }))).toEqual({ field: 'window', message: "There is no fee window 'Easter'. There are none." });
  });

  it('a fee window prices its days as the usual fees plus the surcharge; overlapping or past windows are refused', () => {
    const s = apply(state(), 'add-window', { name: "Valentine's Day", startDate: '2099-02-13', endDate: '2099-02-15', surcharge: 3000, minAmount: 150000 });
    expect(s.message).toBe("Fee window Valentine's Day set: 13 Feb 2099 to 15 Feb 2099, every zone ₦3,000 above the usual fee, free from ₦150,000.");
    expect(s.delivery.overrideConfigs[0]).toMatchObject({ type: 'override', active: true, startDate: '2099-02-13', endDate: '2099-02-15', minAmount: 150000 });
    expect(refusal(() => apply(s, 'add-window', { name: 'Lovers', startDate: '2099-02-15', endDate: '2099-02-16', surcharge: 0, minAmount: 0 }))).toEqual({
      field: 'startDate',
      message: "15 Feb 2099–16 Feb 2099 overlaps Valentine's Day (13 Feb 2099–15 Feb 2099): a day is priced by one window only.",
    });
    expect(refusal(() => apply(s, 'add-window', { name: 'Old', startDate: '2098-02-15', endDate: '2098-02-16', surcharge: 0, minAmount: 0 })).field).toBe('endDate');
    expect(apply(s, 'remove-window', { name: "valentine's day" }).delivery.overrideConfigs).toEqual([]);
  });

  it('closes a day (not a past one, not twice), drops closed days that have passed, and opens one again', () => {
    const s = state();
    s.checkout.closedDates = [{ date: '2099-01-01', note: 'New Year' }];
    const closed = apply(s, 'close-date', { date: '2099-05-01', note: 'Workers’ Day' });
    expect(closed.checkout.closedDates).toEqual([{ date: '2099-05-01', note: 'Workers’ Day' }]);
    expect(closed.message).toBe('We are closed on 1 May 2099 (Workers’ Day): shoppers cannot choose that day.');
    expect(refusal(() => apply(closed, 'close-date', { date: '2099-05-01' }))).toEqual({ field: 'date', message: '1 May 2099 is already closed.' });
    expect(refusal(() => apply(closed, 'close-date', { date: '2099-01-09' }))).toEqual({ field: 'date', message: '9 Jan 2099 has passed.' });
    expect(apply(closed, 'open-date', { date: '2099-05-01' }).checkout.closedDates).toEqual([]);
    expect(refusal(() => apply(closed, 'open-date', { date: '2099-05-02' }))).toEqual({ field: 'date', message: '2 May 2099 is not closed.' });
  });
});

describe("a day's own same-day cutoff (pure)", () => {
  it('sets it for delivery, pick-up or both, refuses a bad time or a past day, and clears it', () => {
    const set = apply(state(), 'set-day-cutoff', { date: '2099-02-14', delivery: '12:00' });
    expect(set.checkout.dayCutoffs).toEqual([{ date: '2099-02-14', sameDayCutoff: { delivery: '12:00' } }]);
    expect(set.message).toBe('On 14 Feb 2099 same-day delivery closes at 12:00pm Lagos time.');
    expect(apply(set, 'set-day-cutoff', { date: '2099-02-14', delivery: '13:30', pickup: '18:00' }).checkout.dayCutoffs).toEqual([{ date: '2099-02-14', sameDayCutoff: { delivery: '13:30', pickup: '18:00' } }]);
    expect(refusal(() => apply(state(), 'set-day-cutoff', { date: '2099-02-14', delivery: '6pm' }))).toEqual({ field: 'delivery', message: "'6pm' is not a time: write it HH:MM, 24-hour Lagos time, such as 12:00 or 18:30." });
    expect(refusal(() => apply(state(), 'set-day-cutoff', { date: '2099-02-14' })).field).toBe('delivery');
    expect(refusal(() => apply(state(), 'set-day-cutoff', { date: '2099-01-01', delivery: '12:00' }))).toEqual({ field: 'date', message: '1 Jan 2099 has passed.' });
    expect(apply(set, 'clear-day-cutoff', { date: '2099-02-14' }).checkout.dayCutoffs).toEqual([]);
    expect(refusal(() => apply(state(), 'clear-day-cutoff', { date: '2099-02-14' }))).toEqual({ field: 'date', message: '14 Feb 2099 has no cutoff of its own.' });
  });
});

describe('the settings command reads the same changes', () => {
  it('puts the words in their places, --window included, and says how to write a command it cannot read', () => {
    expect(parseSettingsCommand(['set-fee', 'lagos', 'Lekki / Ajah', '5000', '--window', "Valentine's Day"])).toEqual({
      kind: 'delivery',
      change: { kind: 'set-fee', state: 'lagos', zone: 'Lekki / Ajah', amount: 5000, window: "Valentine's Day" },
    });
    expect(parseSettingsCommand(['close-date', '2099-12-25'])).toEqual({ kind: 'delivery', change: { kind: 'close-date', date: '2099-12-25', note: '' } });
    expect(parseSettingsCommand(['set-day-cutoff', '2099-02-14', '', '18:00'])).toEqual({ kind: 'delivery', change: { kind: 'set-day-cutoff', date: '2099-02-14', delivery: null, pickup: '18:00' } });
    expect(() => parseSettingsCommand(['close-date'])).toThrow(`'close-date' takes 1 or 2 arguments: pnpm settings close-date <YYYY-MM-DD> ["<note>"]`);
    expect(() => parseSettingsCommand(['add-zone', 'lagos', 'Ikeja', '5000', '--window', 'Easter'])).toThrow("'add-zone' takes no --window");
    expect(() => parseSettingsCommand(['set-fee', 'lagos', 'Mainland', '5,000'])).toThrow("The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got '5,000'.");
  });
});

// --- the back office's API on a real database ------------------------------------------------------

let shop: TestShop;
const business = 'adire-blooms';
const P = '/v1/backoffice';
const FUTURE = '2099-06-10';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let shopper = '';
let sku = '';

const { call, data } = backofficeCalls(() => shop, business);
const lastCode = async (to: string) => {
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', to).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return /invitation code: (\d{6})/.exec(mail.text_body)![1]!;
};

async function makeStaff(email: string, role: 'florist' | 'manager', invitedBy: string | null): Promise<string> {
  if (invitedBy) data(await call('POST', `${P}/staff`, invitedBy, { email, role }));
  else {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', role]), { mailer, config: staffConfig, publicUrl: 'http://shop.test' });
  }
  const code = await lastCode(email);
  return data<{ token: string }>(await call('POST', `${P}/auth/accept-invite`, undefined, { email, code, password: `Staff-${role}-2026` })).token;
}

/** The shop's clock in this file: 23:55 in Lagos, five minutes before a day ends (no test reads the machine's). */
const NOW = new Date('2027-03-10T22:55:00Z');

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => NOW });
  sku = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>', 0).where('price_ngn', '<', 20000).orderBy('price_ngn').executeTakeFirstOrThrow()).sku;
  manager = await makeStaff('delivery-manager@adireblooms.ng', 'manager', null);
  florist = await makeStaff('delivery-florist@adireblooms.ng', 'florist', manager);
  const signup = await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'shopper-delivery@example.com', password: 'Bloom-shopper-1' } });
  shopper = signup.json().data.authToken;
}, 60_000);
afterAll(() => shop?.close());

const handshake = async () => (await shop.app.inject(`/v1/storefront/handshake?business=${business}`)).json().data.settings;
const settingsStamp = async () => Number((await shop.db.kysely.selectFrom('data_version').select('version').where('name', '=', 'settings').executeTakeFirstOrThrow()).version);

async function checkOut(zone: string, deliveryDate = FUTURE) {
  const created = data<Order>(await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } }));
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${created.id}`,
    payload: {
      business,
      currency: 'NGN',
      userData: { name: 'Chiamaka Eze', email: `delivery-${created.id.slice(0, 8)}@example.com`, phone: '+2348031112222' },
      orderData: {
        deliveryDate,
        deliveryZone: zone,
        recipient: { name: 'Tolu Bakare', phone: '+2348095556666', address: '7 Admiralty Way, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  return { id: created.id, res };
}

describe("the back office's delivery settings (managers)", () => {
  it('only a manager may read or change them: a florist and a shopper get 403, no session 401', async () => {
    for (const [token, status] of [
      [florist, 403],
      [shopper, 403],
      [undefined, 401],
    ] as const) {
      expect((await call('GET', `${P}/settings/delivery`, token)).statusCode).toBe(status);
      const res = await call('POST', `${P}/settings/delivery`, token, { change: 'set-fee', state: 'lagos', zone: 'Mainland', amount: 1 });
      expect(res.statusCode).toBe(status);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await call('POST', `${P}/settings/delivery`, florist, { change: 'close-date', date: FUTURE })).json().message).toBe('A florist cannot open the settings. Ask a manager.');
    expect(data(await call('GET', `${P}/settings/delivery`, manager)).zones[0].zones).toContainEqual({ name: 'Mainland', amount: 5000 });
  });

  it('bad input is a 400 with the message beside its field, and nothing changes', async () => {
    const before = await handshake();
    const stamp = await settingsStamp();
    for (const [payload, field, message] of [
      [{ change: 'set-fee', state: 'lagos', zone: 'Mainland', amount: '5,000' }, 'amount', "The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got '5,000'."],
      [{ change: 'set-fee', state: 'lagos', zone: 'Ikeja', amount: 5000 }, 'zone', "lagos has no zone 'Ikeja'. Its zones: Lagos Island, Lekki / Ajah, Mainland."],
      [{ change: 'close-date', date: '2020-01-01' }, 'date', '1 Jan 2020 has passed.'],
      [{ change: 'remove-zone', state: 'other-locations', zone: 'Other states' }, 'zone', 'Other states is the only zone of other-locations: add another zone before removing it.'],
    ] as const) {
      const res = await call('POST', `${P}/settings/delivery`, manager, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
    }
    expect(await handshake()).toEqual(before);
    expect(await settingsStamp()).toBe(stamp);
  });

  it("a new fee is what the next checkout charges; an order placed before keeps its fee, even once its zone is gone", async () => {
    const earlier = await checkOut('Mainland');
    expect(earlier.res.json().data.order).toMatchObject({ deliveryZone: 'Mainland', deliveryFee: 5000 });
    const stamp = await settingsStamp();

    const set = data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-fee', state: 'lagos', zone: 'Lekki / Ajah', amount: 6500 }));
    expect(set.message).toBe('Delivery to Lekki / Ajah (lagos) now costs ₦6,500 (was ₦4,500).');
    expect(await settingsStamp()).toBeGreaterThan(stamp); // cached answers and drawn pages refresh on the next load
    const zones = (await handshake()).deliverySettings.baseConfig.stateDeliveryZones[0].zones;
    expect(zones).toContainEqual({ name: 'Lekki / Ajah', amount: 6500 });
    expect((await checkOut('Lekki / Ajah')).res.json().data.order).toMatchObject({ deliveryFee: 6500 });

    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'add-zone', state: 'lagos', zone: 'Ikeja', amount: 5200 }));
    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'remove-zone', state: 'lagos', zone: 'Mainland' }));
    const refused = await checkOut('Mainland');
    expect(refused.res.statusCode).toBe(400);
    expect(refused.res.json().fields).toMatchObject({ 'orderData.deliveryZone': 'is not a zone of this state' });
    const kept = data<Order>(await shop.app.inject(`/v1/orders/order/${earlier.id}?business=${business}`));
    expect(kept).toMatchObject({ deliveryZone: 'Mainland', deliveryFee: 5000 });
    data(await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${earlier.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } }));
    expect(data<Order>(await shop.app.inject(`/v1/orders/order/${earlier.id}?business=${business}`))).toMatchObject({ deliveryFee: 5000 });

    const audit = data<{ action: string; target: string; before: unknown; after: unknown; actor: string }[]>(await call('GET', `${P}/audit?action=settings.set-fee`, manager));
    expect(audit[0]).toMatchObject({ action: 'settings.set-fee', target: 'lagos / Lekki / Ajah', actor: 'delivery-manager@adireblooms.ng' });
    expect(audit[0]!.before).toContainEqual({ name: 'Lekki / Ajah', amount: 4500 });
    expect(audit[0]!.after).toContainEqual({ name: 'Lekki / Ajah', amount: 6500 });
  });

  it('a closed day is refused by the checkout with "We are closed on …", for an order already placed too; opened again it is taken', async () => {
    const CLOSED = '2099-06-12';
    const placed = await checkOut('Lagos Island', CLOSED);
    expect(placed.res.statusCode).toBe(200);
    const closed = data(await call('POST', `${P}/settings/delivery`, manager, { change: 'close-date', date: CLOSED, note: 'Public holiday' }));
    expect(closed.message).toBe('We are closed on 12 Jun 2099 (Public holiday): shoppers cannot choose that day.');
    expect(closed.delivery.closedDates).toEqual([{ date: CLOSED, note: 'Public holiday' }]);
    expect((await handshake()).checkoutSettings.closedDates).toEqual([{ date: CLOSED, note: 'Public holiday' }]);

    const refused = (await checkOut('Lagos Island', CLOSED)).res;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ 'orderData.deliveryDate': 'is a closed day' });
    expect(refused.body).toContain('We are closed on 12 Jun 2099 (Public holiday): choose another day');
    // The order placed before may not be paid for that day: the shopper is asked for a new date.
    const pay = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${placed.id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('We are closed on 12 Jun 2099 (Public holiday): choose a new delivery date before paying');

    // The command opens it again: one path, in the same audit.
    expect(await executeSettingsCommand(shop.db.kysely, parseSettingsCommand(['open-date', CLOSED]))).toBe('12 Jun 2099 is open again for delivery and pick-up.');
    expect((await checkOut('Lagos Island', CLOSED)).res.statusCode).toBe(200);
    const audit = data<{ action: string; target: string; after: unknown }[]>(await call('GET', `${P}/audit?action=settings.close-date`, manager));
    expect(audit[0]).toMatchObject({ target: CLOSED, after: [{ date: CLOSED, note: 'Public holiday' }] });
  });

  it("today's own cutoff closes same-day delivery for the checkout; cleared, the usual cutoff is back", async () => {
    const today = shopDate(NOW);
    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-day-cutoff', date: today, delivery: '00:00' }));
    expect((await handshake()).checkoutSettings.dayCutoffs).toEqual([{ date: today, sameDayCutoff: { delivery: '00:00' } }]);
    const refused = (await checkOut('Lagos Island', today)).res;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ 'orderData.deliveryDate': 'is past the same-day cutoff' });
    expect(refused.body).toContain('Same-day delivery closes at 12:00am Lagos time: choose tomorrow or a later day');
    expect(data(await call('POST', `${P}/settings/delivery`, manager, { change: 'clear-day-cutoff', date: today })).delivery.dayCutoffs).toEqual([]);
    const audit = data<{ action: string; before: unknown; after: unknown }[]>(await call('GET', `${P}/audit?action=settings.clear-day-cutoff`, manager));
    expect(audit[0]).toMatchObject({ before: [{ date: today, sameDayCutoff: { delivery: '00:00' } }], after: [] });
  });

  it('a fee window prices its days its own way, and the minimum amount makes delivery free from it', async () => {
    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'add-window', name: 'Children’s Day', startDate: '2099-05-27', endDate: '2099-05-28', surcharge: 1000, minAmount: 0 }));
    const during = (await checkOut('Lagos Island', '2099-05-27')).res.json().data.order;
    expect(during.deliveryFee).toBe(3000 + 1000);
    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-fee', state: 'lagos', zone: 'Lagos Island', amount: 7000, window: 'children’s day' }));
    expect((await checkOut('Lagos Island', '2099-05-28')).res.json().data.order.deliveryFee).toBe(7000);
    expect((await checkOut('Lagos Island', '2099-05-29')).res.json().data.order.deliveryFee).toBe(3000);

    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-min-amount', amount: 1000 }));
    expect((await checkOut('Lagos Island', '2099-05-29')).res.json().data.order).toMatchObject({ deliveryFee: 0 });
    expect((await handshake()).deliverySettings.baseConfig.minAmountInfoText).toBe('Free delivery on orders above {{1000}}');
  });
});
