import type { CheckoutResponse, DayFullDetails, DeliveryDay, Order } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { executePaymentsCommand } from '../src/domains/payments';
import { changeDeliverySettings, readDeliveryChange } from '../src/domains/site';
import { startTestShop, type TestShop } from './helpers';

/**
 * Places on delivery days (issue 29, items 3-4), on SQLite and PostgreSQL: what shoppers are shown
 * (`GET /v1/storefront/delivery-days`), a checkout that finds its day full (409 DAY_FULL, the cart and
 * the order kept), holds that lapse, paid orders that keep their place, orders that move, and order-by
 * times. The shop's clock is the test's: it is moved, never waited for.
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
const days = async (query: string) => shop.app.inject(`/v1/storefront/delivery-days?business=${business}&${query}`);
const dayList = async (query: string) => {
  const res = await days(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DeliveryDay[];
};

async function cartOrder(): Promise<Order> {
  const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

let shoppers = 0;
const pickup = (deliveryDate: string, branch = 'Ikoyi LPI') => ({
  business,
  currency: 'NGN',
  userData: { name: 'Adaeze Okafor', email: `day-shopper${++shoppers}@example.com`, phone: '08035550000' },
  orderData: { deliveryDate, pickupLocation: branch, recipient: { method: 'pick-up' } },
});
const delivery = (deliveryDate: string) => ({
  business,
  currency: 'NGN',
  userData: { name: 'Chiamaka Eze', email: `day-sender${++shoppers}@example.com`, phone: '+2348031112222' },
  orderData: {
    deliveryDate,
    deliveryZone: 'Mainland',
    recipient: { name: 'Tolu Bakare', phone: '+2348095556666', address: '12 Allen Avenue, Ikeja', state: 'lagos', residenceType: 'Home', method: 'delivery' },
  },
});
const checkout = (id: string, payload: unknown) => shop.app.inject({ method: 'PUT', url: `/v1/orders/order/checkout-order/${id}`, payload: payload as object });
const readOrder = async (id: string) => (await shop.app.inject(`/v1/orders/order/${id}?business=${business}`)).json().data as Order;
const payByTransfer = (id: string) => shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${id}`, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
const dayOf = async (date: string, location: string) => (await dayList(`from=${date}&days=1&location=${encodeURIComponent(location)}`))[0]!;

async function checkedOut(payload: unknown): Promise<Order> {
  const order = await cartOrder();
  const res = await checkout(order.id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as CheckoutResponse).order;
}

describe('GET /v1/storefront/delivery-days', () => {
  it('answers each day open or not with the reason a shopper reads, and places left only where a capacity is set', async () => {
    await change('set-capacity', { day: '2099-02-14', place: 'lagos', orders: 2 });
    await change('close-date', { date: '2099-02-12', note: 'Stock-taking' });
    await change('set-order-by', { date: '2099-02-14', closesAt: '2099-02-13 18:00' });
    const list = await dayList('from=2099-02-09&days=7&location=lagos');
    expect(list).toEqual([
      { date: '2099-02-09', open: false, reason: 'Passed' },
      { date: '2099-02-10', open: true },
      { date: '2099-02-11', open: true },
      { date: '2099-02-12', open: false, reason: 'Closed' },
      { date: '2099-02-13', open: true },
      { date: '2099-02-14', open: true, remaining: 2 },
      { date: '2099-02-15', open: true },
    ]);
    // Abuja has no capacity that day: no count shown.
    expect(await dayOf('2099-02-14', 'Abuja')).toEqual({ date: '2099-02-14', open: true });

    // A hold through this server shows at once (the kept answer is not served again).
    await checkedOut(delivery('2099-02-14'));
    expect(await dayOf('2099-02-14', 'lagos')).toEqual({ date: '2099-02-14', open: true, remaining: 1 });
    await checkedOut(delivery('2099-02-14'));
    expect(await dayOf('2099-02-14', 'lagos')).toEqual({ date: '2099-02-14', open: false, reason: 'Fully booked', remaining: 0 });

    // At the order-by moment the day closes for everyone, whatever its places.
    at('2099-02-13T16:59:00Z');
    expect(await dayOf('2099-02-14', 'abuja')).toEqual({ date: '2099-02-14', open: true });
    at('2099-02-13T17:00:00Z');
    expect(await dayOf('2099-02-14', 'abuja')).toEqual({ date: '2099-02-14', open: false, reason: 'Orders for 14 Feb closed at 6pm on 13 Feb' });
    at(START.toISOString());
  });

  it('is public and kept: the same answer and tag again, 304 for the tag', async () => {
    const first = await days('from=2099-03-02&days=3&location=pickup%3AIkoyi%20LPI');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await days('from=2099-03-02&days=3&location=pickup%3AIkoyi%20LPI');
    expect(again.headers.etag).toBe(first.headers.etag);
    const revalidated = await shop.app.inject({ url: `/v1/storefront/delivery-days?business=${business}&from=2099-03-02&days=3&location=pickup%3AIkoyi%20LPI`, headers: { 'if-none-match': first.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
  });

  it.each([
    ['from=2099-02-10&days=0&location=lagos', { days: 'must be a whole number from 1 to 62' }],
    ['from=2099-02-10&days=63&location=lagos', { days: 'must be a whole number from 1 to 62' }],
    ['from=2099-02-10&days=7.5&location=lagos', { days: 'must be a whole number from 1 to 62' }],
    ['from=2099-02-30&days=7&location=lagos', { from: 'must be a real day written YYYY-MM-DD' }],
    ['from=tomorrow&days=7&location=lagos', { from: 'must be a real day written YYYY-MM-DD' }],
    ['from=2099-02-10&days=7&location=kano', { location: 'is not a place' }],
    ['from=2099-02-10&days=7', { location: 'is required' }],
    ['from=x&days=x&location=x', { from: 'must be a real day written YYYY-MM-DD', days: 'must be a whole number from 1 to 62', location: 'is not a place' }],
  ])('refuses %s with a 400 naming each field', async (query, fields) => {
    const res = await days(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', fields });
  });

  it('names the places and the unknown business in its refusals', async () => {
    expect((await days('from=2099-02-10&days=7&location=kano')).json().message).toBe(
      "location must be one of lagos, abuja, other-locations, pickup:Ikoyi LPI, pickup:Abuja APA, pickup:Lekki LPL; got 'kano'",
    );
    const other = await shop.app.inject('/v1/storefront/delivery-days?business=another-shop&from=2099-02-10&days=7&location=lagos');
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('UNKNOWN_BUSINESS');
    // Defaults: from today (Lagos), 14 days.
    expect(await dayList('location=abuja')).toHaveLength(14);
    expect((await dayList('location=abuja'))[0]!.date).toBe('2099-02-10');
  });
});

describe('a day that fills while the shopper checks out', () => {
  it('409 DAY_FULL with the sentence and the next open days; the order and its cart are kept', async () => {
    await change('set-capacity', { day: '2099-02-20', place: 'pickup:Lekki LPL', orders: 1 });
    await change('set-capacity', { day: '2099-02-21', place: 'pickup:Lekki LPL', orders: 0 });
    await checkedOut(pickup('2099-02-20', 'Lekki LPL'));
    const late = await cartOrder();
    const res = await checkout(late.id, pickup('2099-02-20', 'lekki lpl'));
    expect(res.statusCode).toBe(409);
    const details: DayFullDetails = { date: '2099-02-20', place: 'pickup:Lekki LPL', nextOpenDays: ['2099-02-22', '2099-02-23', '2099-02-24'] };
    expect(res.json()).toEqual({
      code: 'DAY_FULL',
      message: '20 Feb is fully booked: another shopper took the last place while you were checking out. Your cart is kept; choose another day. The next open days: 22 Feb, 23 Feb, 24 Feb.',
      fields: { deliveryDate: 'is fully booked' },
      details,
    });
    const kept = await readOrder(late.id);
    expect(kept).toMatchObject({ deliveryDate: '', cartItems: late.cartItems, total: late.total });
    expect(kept.orderNumber).toBeUndefined();
    // Another day is taken at once.
    expect((await checkout(late.id, pickup('2099-02-22', 'Lekki LPL'))).statusCode).toBe(200);
  });

  it('a resubmit to the same day renews its own hold without counting itself; another place gives the first back', async () => {
    await change('set-capacity', { day: '2099-02-25', place: 'abuja', orders: 1 });
    const order = await cartOrder();
    const abuja = { ...pickup('2099-02-25'), orderData: { deliveryDate: '2099-02-25', deliveryZone: 'Central Abuja', recipient: { name: 'Bisi Ade', phone: '+2348095556666', address: '3 Aso Drive', state: 'abuja', residenceType: 'Home', method: 'delivery' } } };
    expect((await checkout(order.id, abuja)).statusCode).toBe(200);
    expect((await checkout(order.id, abuja)).statusCode).toBe(200);
    expect(await dayOf('2099-02-25', 'abuja')).toMatchObject({ open: false, remaining: 0 });
    // The same order now picks up in Ikoyi instead: its Abuja place is free again.
    expect((await checkout(order.id, pickup('2099-02-25'))).statusCode).toBe(200);
    expect(await dayOf('2099-02-25', 'abuja')).toEqual({ date: '2099-02-25', open: true, remaining: 1 });
  });
});

describe('holds, payments and moves', () => {
  it('a lapsed hold frees its place; paying then finds the day full (409 DAY_FULL, nothing started)', async () => {
    at('2099-02-10T09:00:00Z');
    await change('set-capacity', { day: '2099-03-05', place: 'pickup:Abuja APA', orders: 1 });
    const slow = await checkedOut(pickup('2099-03-05', 'Abuja APA'));
    expect(await dayOf('2099-03-05', 'pickup:Abuja APA')).toMatchObject({ remaining: 0 });
    at('2099-02-10T09:29:59Z');
    expect(await dayOf('2099-03-05', 'pickup:Abuja APA')).toMatchObject({ remaining: 0 });
    at('2099-02-10T09:30:00Z'); // the 30 minutes are over
    expect(await dayOf('2099-03-05', 'pickup:Abuja APA')).toMatchObject({ open: true, remaining: 1 });
    const quick = await checkedOut(pickup('2099-03-05', 'Abuja APA'));
    const refused = await payByTransfer(slow.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DAY_FULL', details: { date: '2099-03-05', place: 'pickup:Abuja APA' } });
    expect(await shop.db.kysely.selectFrom('payment_event').select('id').where('order_id', '=', slow.id).execute()).toEqual([]);
    // The quick shopper's transfer holds the place for a guest's transfer hold (12 hours from the first
    // grant, issue 38; 3 days only for an account with a verified e-mail).
    expect((await payByTransfer(quick.id)).statusCode).toBe(200);
    at('2099-02-10T21:29:00Z');
    expect(await dayOf('2099-03-05', 'pickup:Abuja APA')).toMatchObject({ remaining: 0 });
    at('2099-02-10T21:30:00Z');
    expect(await dayOf('2099-03-05', 'pickup:Abuja APA')).toMatchObject({ remaining: 1 });
    at(START.toISOString());
  });

  it('a hold renewed in its last minute is counted again: a shopper whose clock already counted it out keeps the place', async () => {
    at('2099-02-10T09:00:00Z');
    await change('set-capacity', { day: '2099-03-07', place: 'pickup:Lekki LPL', orders: 1 });
    const slow = await checkedOut(pickup('2099-03-07', 'Lekki LPL'));
    // Another instance, its clock a little ahead, sees the slow hold lapsed and takes the last place…
    at('2099-02-10T09:30:01Z');
    const quick = await checkedOut(pickup('2099-03-07', 'Lekki LPL'));
    // … while the slow shopper's own instance, 31 s behind, still sees 30 s left on their hold.
    at('2099-02-10T09:29:30Z');
    const renewed = await payByTransfer(slow.id);
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json()).toMatchObject({ code: 'DAY_FULL' });
    const booked = await shop.db.kysely.selectFrom('day_booking').select('order_id').where('date', '=', '2099-03-07').where('place', '=', 'pickup:Lekki LPL').execute();
    expect(booked.map((b) => b.order_id).sort()).toEqual([quick.id, slow.id].sort()); // the slow row stays, lapsed: never counted
    at('2099-02-10T09:31:00Z');
    expect(await dayOf('2099-03-07', 'pickup:Lekki LPL')).toMatchObject({ open: false, reason: 'Fully booked', remaining: 0 });
    at(START.toISOString());
  });

  it('a paid order keeps its place for good; one paid after its hold lapsed and the day filled is flagged for the operator', async () => {
    at('2099-02-10T09:00:00Z');
    await change('set-capacity', { day: '2099-03-06', place: 'other-locations', orders: 1 });
    const other = (date: string) => ({ ...delivery(date), orderData: { ...delivery(date).orderData, deliveryZone: 'Other states', recipient: { ...delivery(date).orderData.recipient, state: 'other-locations', address: '4 Ring Road, Ibadan' } } });
    const first = await checkedOut(other('2099-03-06'));
    await markPaid(shop.db, first.orderNumber!, clock);
    at('2099-03-01T09:00:00Z'); // weeks later: still taken
    expect(await dayOf('2099-03-06', 'other-locations')).toEqual({ date: '2099-03-06', open: false, reason: 'Fully booked', remaining: 0 });

    await change('set-capacity', { day: '2099-03-06', place: 'other-locations', orders: 2 });
    const late = await checkedOut(other('2099-03-06'));
    at('2099-03-01T09:31:00Z');
    await checkedOut(other('2099-03-06')); // took the place the late order's lapsed hold left
    await markPaid(shop.db, late.orderNumber!, clock); // its transfer arrived anyway: the place is kept
    const events = await shop.db.kysely.selectFrom('payment_event').select(['kind', 'detail']).where('order_id', '=', late.id).where('kind', '=', 'day over its capacity').execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.detail)).toMatchObject({ date: '2099-03-06', place: 'other-locations', capacity: 2, bookedByOthers: 2 });
    expect(await dayOf('2099-03-06', 'other-locations')).toMatchObject({ remaining: 0 });
    at(START.toISOString());
  });

  it('moving an order to another day frees the first', async () => {
    await change('set-capacity', { day: '2099-03-10', place: 'pickup:Ikoyi LPI', orders: 1 });
    const order = await checkedOut(pickup('2099-03-10'));
    expect(await dayOf('2099-03-10', 'pickup:Ikoyi LPI')).toMatchObject({ remaining: 0 });
    const moved = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business, currency: 'NGN', deliveryDate: '2099-03-11' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await dayOf('2099-03-10', 'pickup:Ikoyi LPI')).toMatchObject({ open: true, remaining: 1 });
    // Paying holds the new day.
    expect((await payByTransfer(order.id)).statusCode).toBe(200);
    expect(await shop.db.kysely.selectFrom('day_booking').select(['date', 'place']).where('order_id', '=', order.id).execute()).toEqual([{ date: '2099-03-11', place: 'pickup:Ikoyi LPI' }]);
  });
});

describe('a transfer the shop rejects', () => {
  it('gives the place back; paying again needs a new checkout, which holds one while one is left', async () => {
    await change('set-capacity', { day: '2099-03-12', place: 'pickup:Ikoyi LPI', orders: 1 });
    const payload = pickup('2099-03-12');
    const order = await checkedOut(payload);
    expect((await payByTransfer(order.id)).statusCode).toBe(200);
    expect(await dayOf('2099-03-12', 'pickup:Ikoyi LPI')).toMatchObject({ remaining: 0 });
    await executePaymentsCommand(shop.db, { kind: 'reject-transfer', orderNumber: order.orderNumber!, reason: 'Nothing arrived' }, clock);
    expect(await dayOf('2099-03-12', 'pickup:Ikoyi LPI')).toMatchObject({ open: true, remaining: 1 });
    // The shop gave the place back: the order cannot take it back by paying again (issue 38) …
    const again = await payByTransfer(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DAY_HOLD_RELEASED', fields: { deliveryDate: 'was released by the shop' } });
    expect(await dayOf('2099-03-12', 'pickup:Ikoyi LPI')).toMatchObject({ open: true, remaining: 1 });
    // … only by checking out again, under the day's capacity and its holder's limits.
    expect((await checkout(order.id, payload)).statusCode).toBe(200);
    expect((await payByTransfer(order.id)).statusCode).toBe(200);
    expect(await dayOf('2099-03-12', 'pickup:Ikoyi LPI')).toMatchObject({ remaining: 0 });
  });
});

describe('order-by times at checkout', () => {
  it('a day is taken until its order-by moment and refused from it, beside the date field', async () => {
    await change('set-order-by', { date: '2099-03-15', closesAt: '2099-03-13 18:00' });
    const order = await cartOrder();
    at('2099-03-13T16:59:00Z');
    expect((await checkout(order.id, pickup('2099-03-15'))).statusCode).toBe(200);
    at('2099-03-13T17:00:00Z');
    const refused = await checkout(order.id, pickup('2099-03-15'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { 'orderData.deliveryDate': 'is past its order-by time' } });
    expect(refused.json().message).toContain('Orders for 15 Mar closed at 6pm on 13 Mar: choose another day');
    // The day after is still open.
    expect((await checkout(order.id, pickup('2099-03-16'))).statusCode).toBe(200);
    at(START.toISOString());
  });
});
