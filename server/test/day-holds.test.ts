import type { CheckoutResponse, DeliveryDay, Order, PaymentDetailsResponse } from '@adire/contracts';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePaymentsCommand } from '../src/domains/payments';
import { sandboxRootSecret, sandboxSecret } from '../src/domains/payments/testing';
import { changeDeliverySettings, readDeliveryChange } from '../src/domains/site';
import { startTestShop, type TestShop } from './helpers';

/**
 * Holds that cost what they are worth, and one booking rule for every path (issue 38, items 1, 2 and
 * P12), on SQLite and PostgreSQL: the review's sequence (one guest, one e-mail, 14 orders for a day of
 * 12 places, each paid by transfer) leaves the day open for honest shoppers; a renewal never carries a
 * hold past its first grant; a place the shop gave back cannot be taken back by the holder at will; an
 * order update to a full day is a DAY_FULL and a payment started before the order moved is kept aside;
 * an order checked out before an order-by time can be paid within its hold. The clock is the test's.
 */

let shop: TestShop;
const business = 'adire-blooms';
/** Tuesday 10 Feb 2099, 10:00 in Lagos. */
const START = new Date('2099-02-10T09:00:00Z');
let clock = START;
const at = (iso: string) => {
  clock = new Date(iso);
};
let sku = '';

beforeAll(async () => {
  shop = await startTestShop({ now: () => clock });
  sku = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>', 5000).orderBy('position').executeTakeFirstOrThrow()).sku;
});
afterAll(() => shop?.close());

const change = (kind: string, input: Record<string, unknown>) => changeDeliverySettings(shop.db.kysely, readDeliveryChange(kind, input), clock);

/** Every shopper has a client address; the review's attacker keeps one. */
type Client = { ip: string; email: string; phone: string };
let honest = 0;
const honestShopper = (): Client => {
  honest++;
  return { ip: `10.1.${Math.floor(honest / 200)}.${honest % 200}`, email: `honest${honest}@example.com`, phone: `+23480${String(30_000_000 + honest).padStart(8, '0')}` };
};

async function cartOrder(who: Client, deliveryDate = ''): Promise<Order> {
  const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', remoteAddress: who.ip, payload: { business, currency: 'NGN', deliveryDate, cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}
const lagos = (who: Client, deliveryDate: string) => ({
  business,
  currency: 'NGN',
  userData: { name: 'Ngozi Umeh', email: who.email, phone: who.phone },
  orderData: {
    deliveryDate,
    deliveryZone: 'Lekki / Ajah',
    recipient: { name: 'Emeka Umeh', phone: '+2348095556666', address: '3 Admiralty Way, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
  },
});
const ikoyi = (who: Client, deliveryDate: string) => ({
  business,
  currency: 'NGN',
  userData: { name: 'Adaeze Okafor', email: who.email, phone: who.phone },
  orderData: { deliveryDate, pickupLocation: 'Ikoyi LPI', recipient: { method: 'pick-up' } },
});
const checkout = (who: Client, id: string, payload: unknown) =>
  shop.app.inject({ method: 'PUT', url: `/v1/orders/order/checkout-order/${id}`, remoteAddress: who.ip, payload: payload as object });
const pay = (who: Client, id: string, paymentMethod: string) =>
  shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${id}`, remoteAddress: who.ip, payload: { business, currency: 'NGN', paymentMethod } });
const update = (who: Client, id: string, deliveryDate: string) =>
  shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${id}`, remoteAddress: who.ip, payload: { business, currency: 'NGN', deliveryDate } });
const dayOf = async (date: string, location: string): Promise<DeliveryDay> => {
  const res = await shop.app.inject(`/v1/storefront/delivery-days?business=${business}&from=${date}&days=1&location=${encodeURIComponent(location)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as DeliveryDay[])[0]!;
};
async function checkedOut(who: Client, payload: unknown): Promise<Order> {
  const order = await cartOrder(who);
  const res = await checkout(who, order.id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as CheckoutResponse).order;
}
const bookingOf = (orderId: string) => shop.db.kysely.selectFrom('day_booking').selectAll().where('order_id', '=', orderId).executeTakeFirst();
const heldOn = async (date: string) =>
  (await shop.db.kysely.selectFrom('day_booking').select('order_id').where('date', '=', date).where('held_until', '>', clock.toISOString()).execute()).length;

describe("the review's sequence: one guest, one e-mail, 14 orders for 14 Feb (12 places), each paid by transfer", () => {
  it('holds at most two places, so 14 Feb stays open for honest shoppers', { timeout: 120_000 }, async () => {
    await change('set-capacity', { day: '2099-02-14', place: 'lagos', orders: 12 });
    const attacker: Client = { ip: '203.0.113.9', email: 'hoarder@example.com', phone: '+2348031112222' };
    const answers: { checkout: number; code?: string; pay?: number }[] = [];
    for (let i = 0; i < 14; i++) {
      const order = await cartOrder(attacker);
      const res = await checkout(attacker, order.id, lagos(attacker, '2099-02-14'));
      const paid = res.statusCode === 200 ? await pay(attacker, order.id, 'gtbTransfer') : null;
      answers.push({ checkout: res.statusCode, code: res.json().code, pay: paid?.statusCode });
    }
    expect(answers.slice(0, 2)).toEqual([
      { checkout: 200, code: undefined, pay: 200 },
      { checkout: 200, code: undefined, pay: 200 },
    ]);
    expect(answers.slice(2).every((a) => a.checkout === 409 && a.code === 'DAY_HOLD_LIMIT')).toBe(true);
    expect(await heldOn('2099-02-14')).toBe(2);

    const refusal = await checkout(attacker, (await cartOrder(attacker)).id, lagos(attacker, '2099-02-14'));
    expect(refusal.json()).toEqual({
      code: 'DAY_HOLD_LIMIT',
      message: 'You already hold 2 places on 14 Feb for orders not yet paid: pay for one of them first, or choose another day. Your cart is kept.',
      fields: { deliveryDate: 'has as many places held by you as allowed' },
    });
    // A '+tag' on the same address, another phone, from the same client: still the same sender.
    const tagged = { ...attacker, email: 'Hoarder+2@Example.com', phone: '+2348039998888' };
    expect((await checkout(tagged, (await cartOrder(tagged)).id, lagos(tagged, '2099-02-14'))).json().code).toBe('DAY_HOLD_LIMIT');

    // The day is open: 10 places left, and honest shoppers take them.
    expect(await dayOf('2099-02-14', 'lagos')).toEqual({ date: '2099-02-14', open: true, remaining: 10 });
    for (let i = 0; i < 10; i++) {
      const who = honestShopper();
      await checkedOut(who, lagos(who, '2099-02-14'));
    }
    expect(await dayOf('2099-02-14', 'lagos')).toMatchObject({ open: false, remaining: 0 });
  });

  it("a guest's transfer hold lasts 12 hours from its first grant; asking again never extends it", async () => {
    at('2099-02-10T09:00:00Z');
    await change('set-capacity', { day: '2099-02-17', place: 'lagos', orders: 1 });
    const guest = honestShopper();
    const order = await checkedOut(guest, lagos(guest, '2099-02-17'));
    expect((await pay(guest, order.id, 'gtbTransfer')).statusCode).toBe(200);
    expect((await bookingOf(order.id))!.held_until).toBe('2099-02-10T21:00:00.000Z');
    // Eleven hours later it asks again, by transfer and by card: the hold still ends at 21:00.
    at('2099-02-10T20:00:00Z');
    expect((await pay(guest, order.id, 'gtbTransfer')).statusCode).toBe(200);
    expect((await pay(guest, order.id, 'cardProvider')).statusCode).toBe(200);
    expect((await bookingOf(order.id))!.held_until).toBe('2099-02-10T21:00:00.000Z');
    expect(await dayOf('2099-02-17', 'lagos')).toMatchObject({ open: false, remaining: 0 });
    // At the end of its time the place is free; the payment cannot start it again.
    at('2099-02-10T21:00:00Z');
    expect(await dayOf('2099-02-17', 'lagos')).toMatchObject({ open: true, remaining: 1 });
    const ended = await pay(guest, order.id, 'gtbTransfer');
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ code: 'DAY_HOLD_ENDED', fields: { deliveryDate: 'hold has ended' } });
    expect(await dayOf('2099-02-17', 'lagos')).toMatchObject({ open: true, remaining: 1 });
    at(START.toISOString());
  });

  it('a rejected transfer cannot be turned into the same place again and again by its holder', async () => {
    await change('set-capacity', { day: '2099-02-18', place: 'pickup:Ikoyi LPI', orders: 3 });
    const holder = honestShopper();
    const payload = ikoyi(holder, '2099-02-18');
    const order = await checkedOut(holder, payload);
    for (let round = 1; round <= 2; round++) {
      expect((await pay(holder, order.id, 'gtbTransfer')).statusCode).toBe(200);
      await executePaymentsCommand(shop.db, { kind: 'reject-transfer', orderNumber: order.orderNumber!, reason: 'Nothing arrived' }, clock);
      expect((await pay(holder, order.id, 'gtbTransfer')).json().code).toBe('DAY_HOLD_RELEASED');
      const again = await checkout(holder, order.id, payload);
      // Each release counts against the holder on that day: one more checkout, then no more.
      expect(again.statusCode, again.body).toBe(round === 1 ? 200 : 409);
      if (round === 2) expect(again.json().code).toBe('DAY_HOLD_LIMIT');
    }
    expect(await dayOf('2099-02-18', 'pickup:Ikoyi LPI')).toMatchObject({ open: true, remaining: 3 });
    const releases = await shop.db.kysely.selectFrom('day_hold_release').selectAll().where('order_id', '=', order.id).orderBy('released_at').execute();
    expect(releases).toHaveLength(2);
    expect(releases[0]).toMatchObject({ date: '2099-02-18', place: 'pickup:Ikoyi LPI', released_by: 'transfer rejected', reason: 'Nothing arrived', holder_email: holder.email, holder_ip: holder.ip });
  });
});

/** A provider's payment settled by a signed Paystack webhook, as the sandbox would have it. */
async function paystackPaid(reference: string, amount: number) {
  await shop.db.kysely.updateTable('sandbox_transaction').set({ status: 'success', amount_paid: amount }).where('reference', '=', reference).execute();
  const raw = JSON.stringify({ event: 'charge.success', data: { status: 'success', reference, amount: Math.round(amount * 100), currency: 'NGN' } });
  const signature = createHmac('sha512', sandboxSecret(await sandboxRootSecret(shop.db), 'paystack')).update(raw).digest('hex');
  return shop.app.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, payload: raw });
}

describe('capacity is never walked around: every path goes through the one booking rule', () => {
  it('13 Feb is full (7 of 7): an order for 11 Feb with a card payment started cannot be moved onto it, and its payment never makes 8', { timeout: 60_000 }, async () => {
    await change('set-capacity', { day: '2099-02-13', place: 'pickup:Lekki LPL', orders: 7 });
    const lekki = (who: Client, date: string) => ({ ...ikoyi(who, date), orderData: { deliveryDate: date, pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } });
    for (let i = 0; i < 7; i++) {
      const who = honestShopper();
      await checkedOut(who, lekki(who, '2099-02-13'));
    }
    expect(await dayOf('2099-02-13', 'pickup:Lekki LPL')).toMatchObject({ open: false, remaining: 0 });

    at('2099-02-10T09:10:00Z'); // the day was full before this shopper started
    const shopper = honestShopper();
    const order = await checkedOut(shopper, lekki(shopper, '2099-02-11'));
    const started = await pay(shopper, order.id, 'cardProvider');
    expect(started.statusCode, started.body).toBe(200);
    const { reference, amount } = started.json().data as PaymentDetailsResponse;

    // The order update onto the full day: 409 DAY_FULL, nothing written.
    const moved = await update(shopper, order.id, '2099-02-13');
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'DAY_FULL', fields: { deliveryDate: 'is fully booked' }, details: { date: '2099-02-13', place: 'pickup:Lekki LPL' } });
    expect(moved.json().message).toMatch(/^13 Feb is fully booked\. Your cart is kept; choose another day\./);
    expect((await shop.db.kysely.selectFrom('shop_order').select('delivery_date').where('id', '=', order.id).executeTakeFirstOrThrow()).delivery_date).toBe('2099-02-11');
    expect(await bookingOf(order.id)).toMatchObject({ date: '2099-02-11', place: 'pickup:Lekki LPL' });

    // Onto an open day it moves, holding the new place and giving the old one back in one transaction …
    const ok = await update(shopper, order.id, '2099-02-12');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await bookingOf(order.id)).toMatchObject({ date: '2099-02-12', place: 'pickup:Lekki LPL' });
    // … and the card payment started for 11 Feb is kept aside when it arrives: never counted, no place taken.
    expect((await paystackPaid(reference!, amount!)).statusCode).toBe(200);
    const row = await shop.db.kysely.selectFrom('shop_order').select(['payment_status', 'delivery_date']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.delivery_date).toBe('2099-02-12');
    expect(row.payment_status).not.toMatch(/^paid/i);
    const attempt = await shop.db.kysely.selectFrom('payment_attempt').select('status').where('reference', '=', reference!).executeTakeFirstOrThrow();
    expect(attempt.status).toBe('void');
    const kept = await shop.db.kysely.selectFrom('payment_event').select(['kind', 'detail']).where('order_id', '=', order.id).where('kind', '=', 'late payment of a voided attempt').execute();
    expect(kept).toHaveLength(1);
    expect(JSON.parse(kept[0]!.detail)).toMatchObject({ why: 'the order changed after this payment was started' });
    expect(await dayOf('2099-02-13', 'pickup:Lekki LPL')).toMatchObject({ remaining: 0 });
    expect(await shop.db.kysely.selectFrom('day_booking').select('order_id').where('date', '=', '2099-02-13').execute()).toHaveLength(7);

    // A payment started after the move counts, and takes the held place.
    const again = await pay(shopper, order.id, 'cardProvider');
    const second = again.json().data as PaymentDetailsResponse;
    expect((await paystackPaid(second.reference!, second.amount!)).statusCode).toBe(200);
    expect(await bookingOf(order.id)).toMatchObject({ date: '2099-02-12', held_until: null });
    at(START.toISOString());
  });

  it("DAY_FULL says another shopper took the last place only when it went after the shopper's order was started", async () => {
    at('2099-02-10T09:00:00Z');
    await change('set-capacity', { day: '2099-02-19', place: 'abuja', orders: 0 });
    await change('set-capacity', { day: '2099-02-20', place: 'pickup:Abuja APA', orders: 1 });
    const first = honestShopper();
    const apa = (who: Client, date: string) => ({ ...ikoyi(who, date), orderData: { deliveryDate: date, pickupLocation: 'Abuja APA', recipient: { method: 'pick-up' } } });
    const early = await cartOrder(honestShopper());
    at('2099-02-10T09:01:00Z');
    await checkedOut(first, apa(first, '2099-02-20'));
    at('2099-02-10T09:02:00Z');
    const late = honestShopper();
    const lateOrder = await cartOrder(late);
    const full = await checkout(late, lateOrder.id, apa(late, '2099-02-20'));
    expect(full.json().message).toBe('20 Feb is fully booked. Your cart is kept; choose another day. The next open days: 21 Feb, 22 Feb, 23 Feb.');
    const beaten = honestShopper();
    const raced = await checkout(beaten, early.id, apa(beaten, '2099-02-20'));
    expect(raced.json().message).toBe(
      '20 Feb is fully booked: another shopper took the last place while you were checking out. Your cart is kept; choose another day. The next open days: 21 Feb, 22 Feb, 23 Feb.',
    );
    at(START.toISOString());
  });
});

describe('P12: checked out before an order-by time, paid after it', () => {
  it('pays within the hold granted before the order-by time, without lengthening it; after the hold, DELIVERY_DATE_PASSED', async () => {
    await change('set-order-by', { date: '2099-02-25', closesAt: '2099-02-24 18:00' });
    at('2099-02-24T16:45:00Z'); // 17:45 in Lagos
    const shopper = honestShopper();
    const order = await checkedOut(shopper, ikoyi(shopper, '2099-02-25'));
    expect((await bookingOf(order.id))!.held_until).toBe('2099-02-24T17:15:00.000Z');
    at('2099-02-24T17:05:00Z'); // 18:05: orders for 25 Feb have closed
    const paying = await pay(shopper, order.id, 'cardProvider');
    expect(paying.statusCode, paying.body).toBe(200);
    expect((await pay(shopper, order.id, 'gtbTransfer')).statusCode).toBe(200);
    expect((await bookingOf(order.id))!.held_until).toBe('2099-02-24T17:15:00.000Z');
    at('2099-02-24T17:15:00Z');
    const passed = await pay(shopper, order.id, 'cardProvider');
    expect(passed.statusCode).toBe(409);
    expect(passed.json()).toMatchObject({ code: 'DELIVERY_DATE_PASSED', fields: { deliveryDate: 'is past its order-by time' } });
    // Another order that never held the day is refused at once.
    at('2099-02-24T17:05:00Z');
    const other = await cartOrder(honestShopper());
    expect((await update(honestShopper(), other.id, '2099-02-25')).statusCode).toBe(400);
    at(START.toISOString());
  });
});
