import { BACKOFFICE_PATHS, type Order, type OrderTrackerResponse, type PhotoUploadAnswer, type RiderDeliveriesAnswer, type RidersAnswer } from '@adire/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { confirmTransfer as markPaid } from '../src/domains/payments';
import { loadStaffConfig } from '../src/domains/staff';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';
import { checkedOutOrder, makeStaff, multipartForm, type FormPart } from './proof-helpers';

/**
 * Issue 40, riders (on SQLite and PostgreSQL): a manager gives two orders to a rider; the rider sees only
 * their own deliveries of the day (no prices but what to collect), changes the route order, takes one
 * out, marks it delivered with a photo and who received it, and the other failed with a reason and a
 * photo; the sender is mailed each ("Delivered to Mum at 2:32pm", what happens next) and the tracker
 * says so. Another rider's order is a 404 to a rider, a settings call a 403.
 */
let shop: TestShop;
const business = 'adire-blooms';
let now = new Date('2099-03-01T09:00:00Z');
const DAY = '2099-03-14';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 24 * 60 * 60_000 };
const { call, data } = backofficeCalls(() => shop, business);
let manager = '';
let florist = '';
let rider = '';
let otherRider = '';
const orders: Order[] = [];
const senders = ['rider-sender-1@example.com', 'rider-sender-2@example.com', 'rider-sender-3@example.com'];

const jpeg = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } }).jpeg().toBuffer();
const doorPhoto = async (token: string, number: string, fields: Record<string, string>) => {
  const parts: FormPart[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'photo', file: { bytes: await jpeg(), filename: 'door.jpg', type: 'image/jpeg' } }];
  const form = multipartForm(parts);
  return shop.app.inject({ method: 'POST', url: `${BACKOFFICE_PATHS.orderPhotos(number)}?business=${business}`, headers: { ...form.headers, authorization: `Bearer ${token}` }, payload: form.payload });
};
const deliveries = async (token: string) => data<RiderDeliveriesAnswer>(await call('GET', `${BACKOFFICE_PATHS.riderDeliveries}?date=${DAY}`, token)).deliveries;
const mailsTo = (to: string) => shop.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => now });
  manager = await makeStaff(shop, 'rider-manager@adireblooms.ng', 'manager', null, staffConfig);
  florist = await makeStaff(shop, 'rider-florist@adireblooms.ng', 'florist', manager, staffConfig);
  rider = await makeStaff(shop, 'musa@adireblooms.ng', 'rider', manager, staffConfig);
  otherRider = await makeStaff(shop, 'chidi@adireblooms.ng', 'rider', manager, staffConfig);
  for (const [i, email] of senders.entries()) {
    const order = await checkedOutOrder(shop, email, DAY, i === 0 ? 'Mum' : 'Kemi');
    await markPaid(shop.db, order.orderNumber!, now);
    orders.push(order);
  }
}, 90_000);
afterAll(() => shop?.close());

describe('riders', () => {
  it('a manager gives two orders to a rider and a florist one to another; a non-rider or a rider cannot be given one by a rider', async () => {
    const [a, b, c] = orders.map((o) => o.orderNumber!);
    expect(data(await call('POST', BACKOFFICE_PATHS.orderRider(a!), manager, { rider: 'musa@adireblooms.ng' })).message).toBe(`Gave order ${a} to musa@adireblooms.ng.`);
    data(await call('POST', BACKOFFICE_PATHS.orderRider(b!), manager, { rider: 'MUSA@adireblooms.ng' }));
    data(await call('POST', BACKOFFICE_PATHS.orderRider(c!), florist, { rider: 'chidi@adireblooms.ng' }));
    const notRider = await call('POST', BACKOFFICE_PATHS.orderRider(c!), manager, { rider: 'rider-florist@adireblooms.ng' });
    expect([notRider.statusCode, notRider.json().code, notRider.json().fields]).toEqual([400, 'NOT_A_RIDER', { rider: 'is not an active rider' }]);
    expect((await call('POST', BACKOFFICE_PATHS.orderRider(c!), manager, { rider: 42 })).statusCode).toBe(400);
    expect((await call('POST', BACKOFFICE_PATHS.orderRider(c!), rider, { rider: 'musa@adireblooms.ng' })).statusCode).toBe(403);
    const audit = await shop.db.kysely.selectFrom('staff_audit').select(['target', 'actor']).where('action', '=', 'order.rider').execute();
    expect(audit).toHaveLength(3);
  });

  it('a florist lists the shop’s active riders and who carries the orders shown (a rider may not; too many orders is a 400)', async () => {
    const [a, b, c] = orders.map((o) => o.orderNumber!);
    const answer = data<RidersAnswer>(await call('GET', `${BACKOFFICE_PATHS.riders}?orders=${[a, b, c, 'AB-NOPE'].join(',')}`, florist));
    expect(answer.riders.map((r) => r.email)).toEqual(['chidi@adireblooms.ng', 'musa@adireblooms.ng']);
    expect(new Map(answer.carrying.map((x) => [x.orderNumber, x.rider]))).toEqual(new Map([[a, 'musa@adireblooms.ng'], [b, 'musa@adireblooms.ng'], [c, 'chidi@adireblooms.ng']]));
    expect(data<RidersAnswer>(await call('GET', BACKOFFICE_PATHS.riders, manager)).carrying).toEqual([]);
    expect((await call('GET', BACKOFFICE_PATHS.riders, rider)).statusCode).toBe(403);
    const many = await call('GET', `${BACKOFFICE_PATHS.riders}?orders=${Array.from({ length: 201 }, (_, i) => `X${i}`).join(',')}`, florist);
    expect([many.statusCode, many.json().code]).toEqual([400, 'INVALID_ORDERS']);
  });

  it('the rider sees only their own deliveries of the day, with what they need and no prices, in a route order they change', async () => {
    const [a, b, c] = orders.map((o) => o.orderNumber!);
    const mine = await deliveries(rider);
    expect(mine.map((d) => d.orderNumber)).toEqual([a, b]);
    expect(mine[0]).toMatchObject({ position: 1, recipientName: 'Mum', recipientPhone: '+2348095556666', toCollect: null, zone: 'Lekki / Ajah' });
    expect(mine[0]!.mapsUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=5%20Fola%20Osibo/);
    expect(JSON.stringify(mine)).not.toMatch(/"total"|"price"|itemsTotal|client/);
    expect((await deliveries(otherRider)).map((d) => d.orderNumber)).toEqual([c]);
    const moved = data<RiderDeliveriesAnswer>(await call('PUT', BACKOFFICE_PATHS.riderRoute, rider, { date: DAY, orderNumbers: [b, a] })).deliveries;
    expect(moved.map((d) => [d.orderNumber, d.position])).toEqual([[b, 1], [a, 2]]);
    const wrong = await call('PUT', BACKOFFICE_PATHS.riderRoute, rider, { date: DAY, orderNumbers: [b, c] });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'INVALID_ROUTE']);
  });

  it('a rider sees nothing else: another rider’s order is a 404, the board and the settings a 403', async () => {
    const c = orders[2]!.orderNumber!;
    expect((await call('POST', BACKOFFICE_PATHS.riderOut(c), rider)).statusCode).toBe(404);
    expect((await doorPhoto(rider, c, { kind: 'delivered', receivedBy: 'Mum' })).statusCode).toBe(404);
    expect((await call('GET', BACKOFFICE_PATHS.order(c), rider)).statusCode).toBe(403);
    expect((await call('GET', BACKOFFICE_PATHS.orders, rider)).statusCode).toBe(403);
    expect((await call('GET', BACKOFFICE_PATHS.settings, rider)).statusCode).toBe(403);
    expect((await call('GET', BACKOFFICE_PATHS.orderPhotos(c), rider)).statusCode).toBe(403);
    expect((await call('GET', BACKOFFICE_PATHS.staff, rider)).statusCode).toBe(403);
  });

  it('out for delivery, then delivered to Mum with a photo: the order is delivered, the sender mailed "Delivered to Mum at 2:32pm", the tracker says so', async () => {
    const a = orders[0]!.orderNumber!;
    now = new Date(`${DAY}T13:00:00Z`);
    data(await call('POST', BACKOFFICE_PATHS.riderOut(a), rider));
    expect((await deliveries(rider)).find((d) => d.orderNumber === a)!.deliveryStatus).toBe('despatched');
    now = new Date(`${DAY}T13:32:00Z`); // 2:32pm in Lagos
    const missing = await doorPhoto(rider, a, { kind: 'delivered' });
    expect([missing.statusCode, Object.keys(missing.json().fields)]).toEqual([400, ['receivedBy']]);
    const ready = await doorPhoto(rider, a, { kind: 'ready' });
    expect(ready.statusCode).toBe(400);
    const res = await doorPhoto(rider, a, { kind: 'delivered', receivedBy: 'Mum', caption: 'At the gate' });
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json().data as PhotoUploadAnswer;
    const mine = (await deliveries(rider)).find((d) => d.orderNumber === a)!;
    expect(mine).toMatchObject({ deliveryStatus: 'delivered', receivedBy: 'Mum', deliveredAt: now.toISOString() });
    const mail = (await mailsTo(senders[0]!)).find((m) => m.subject.startsWith('Delivered'))!;
    expect(mail.subject).toBe(`Delivered to Mum at 2:32pm (order ${a})`);
    expect(mail.text_body).toContain(`/v1/orders/photos/${photo.id}`);
    const tracked = (await shop.app.inject({ method: 'GET', url: `/v1/orders/order/order-number/${a}?business=${business}&email=${senders[0]}` })).json().data as OrderTrackerResponse;
    expect(tracked.status).toBe('delivered');
    expect(tracked.delivery).toEqual({ receivedBy: 'Mum', deliveredAt: now.toISOString(), attempts: [] });
    expect(tracked.photos!.map((p) => p.kind)).toEqual(['delivered']);
  });

  it('could not deliver (nobody home) with a photo: the attempt is kept, the sender mailed what happens next', async () => {
    const b = orders[1]!.orderNumber!;
    const noReason = await doorPhoto(rider, b, { kind: 'not-delivered', reason: 'gone fishing' });
    expect([noReason.statusCode, Object.keys(noReason.json().fields)]).toEqual([400, ['reason']]);
    const res = await doorPhoto(rider, b, { kind: 'not-delivered', reason: 'nobody-home' });
    expect(res.statusCode, res.body).toBe(201);
    const mine = (await deliveries(rider)).find((d) => d.orderNumber === b)!;
    expect(mine.attempts).toEqual([{ reason: 'nobody-home', at: now.toISOString() }]);
    expect(mine.deliveryStatus).not.toBe('delivered');
    const mail = (await mailsTo(senders[1]!)).find((m) => m.subject.startsWith('We could not deliver'))!;
    expect(mail.text_body).toMatch(/Nobody was home\. We will call the recipient and bring the flowers again/);
    const tracked = (await shop.app.inject({ method: 'GET', url: `/v1/orders/order/order-number/${b}?business=${business}&phone=08031234567` })).json().data as OrderTrackerResponse;
    expect(tracked.delivery!.attempts).toEqual([{ reason: 'nobody-home', at: now.toISOString() }]);
    const unverified = (await shop.app.inject({ method: 'GET', url: `/v1/orders/order/order-number/${b}?business=${business}` })).json().data as OrderTrackerResponse;
    expect(unverified).not.toHaveProperty('delivery');
  });
});
