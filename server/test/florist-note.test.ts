import { ACCOUNT_API, ACCOUNT_DELETE_WORD } from '@adire/contracts/account';
import { BACKOFFICE_PATHS, FLORIST_NOTE, type AuditEntry, type BoardAnswer, type CheckoutResponse, type DaySheet, type Order, type OrderActionResult, type StaffOrderPage } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { eraseDueData } from '../src/domains/account/testing';
import { accountOrdersPart, advanceOrder } from '../src/domains/orders';
import { confirmTransfer, orderPaymentRecords } from '../src/domains/payments';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * The florist's note (issue 30, "a new back-office field touches the contracts, one domain and the back
 * office only"), on SQLite and PostgreSQL: any member of staff writes, changes or removes the note on
 * an order; the board, the order's page and the day sheet show it; it is audited; a bad note is a 400
 * beside `note`; a shopper never sees it (order, tracker, account, export, mail), and a deleted
 * account's orders lose it with the rest of their personal data (a paid one once it is delivered).
 */

let shop: TestShop;
const business = 'adire-blooms';
/** 1 Mar 2099, 10:00 in Lagos. */
const clock = new Date('2099-03-01T09:00:00Z');
const DAY = '2099-03-14';
const NOTE = 'Recipient is allergic to lilies: swap them for roses.\nCall the gate-man (Musa) first.';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let shopper = '';
const shopperEmail = 'note-shopper@example.com';
const shopperPassword = 'Bloom-shopper-1';
let order: Order;
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

const asShopper = { authorization: '' };

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => clock });
  manager = await makeStaff('note-manager@adireblooms.ng', 'manager', null);
  florist = await makeStaff('note-florist@adireblooms.ng', 'florist', manager);
  shopper = (await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: shopperEmail, password: shopperPassword } })).json().data.authToken;
  asShopper.authorization = `Bearer ${shopper}`;
  const sku = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).orderBy('position').executeTakeFirstOrThrow()).sku;
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', headers: asShopper, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json().data as Order).id;
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${id}`,
    headers: asShopper,
    payload: {
      business,
      currency: 'NGN',
      userData: { name: 'Funke Adebayo', email: shopperEmail, phone: '08031234567' },
      orderData: {
        deliveryDate: DAY,
        deliveryZone: 'Lekki / Ajah',
        recipient: { name: 'Kemi', phone: '8095556666', phoneCountryCode: '+234', address: '5 Fola Osibo Road, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  order = (res.json().data as CheckoutResponse).order;
}, 60_000);
afterAll(() => shop?.close());

const put = (token: string | undefined, payload: Record<string, unknown>, number = order.orderNumber!) => call('PUT', BACKOFFICE_PATHS.floristNote(number), token, payload);

describe("the florist's note", () => {
  it('a florist writes it on an order; the board, the order’s page and the day sheet show it; the audit keeps it', async () => {
    const before = data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!), florist));
    expect(before.floristNote).toBeUndefined();

    const saved = data<OrderActionResult>(await put(florist, { note: `  ${NOTE.replace('\n', '\r\n')}  ` }));
    expect(saved.message).toBe(`Saved the florist's note on order ${order.orderNumber}.`);
    expect(saved.order.floristNote).toBe(NOTE);
    expect(data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!.toLowerCase()), manager)).floristNote).toBe(NOTE);

    const board = data<BoardAnswer>(await call('GET', `${BACKOFFICE_PATHS.orders}?from=${DAY}&to=${DAY}`, florist));
    expect(board.orders.find((o) => o.orderNumber === order.orderNumber)?.floristNote).toBe(NOTE);
    const sheet = data<DaySheet>(await call('GET', `${BACKOFFICE_PATHS.daySheet(DAY)}?place=lagos`, florist));
    expect(sheet.orders.find((o) => o.orderNumber === order.orderNumber)?.floristNote).toBe(NOTE);

    const unchanged = data<OrderActionResult>(await put(manager, { note: NOTE }));
    expect(unchanged.message).toBe(`The florist's note on order ${order.orderNumber} is unchanged.`);

    const audit = data<AuditEntry[]>(await call('GET', `${BACKOFFICE_PATHS.audit}?action=order.note&target=${order.orderNumber}`, manager));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'note-florist@adireblooms.ng', role: 'florist', action: 'order.note', before: { floristNote: null }, after: { floristNote: NOTE } });
  });

  it('refuses a note too long or not text with a clear 400 beside `note`, and changes nothing', async () => {
    const long = await put(florist, { note: 'x'.repeat(FLORIST_NOTE.maxLength + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'INVALID_NOTE', message: "The florist's note is 501 characters long; keep it to 500 or fewer.", fields: { note: "The florist's note is 501 characters long; keep it to 500 or fewer." } });
    for (const note of [42, null, ['a'], { text: 'a' }, undefined]) {
      const bad = await put(florist, note === undefined ? {} : { note });
      expect(bad.statusCode, JSON.stringify(note)).toBe(400);
      expect(bad.json().fields).toEqual({ note: "Write the florist's note as text ('' removes it)." });
    }
    expect(data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!), florist)).floristNote).toBe(NOTE);
    // Exactly the longest note is kept (an emoji counts once).
    const longest = '🌹'.repeat(FLORIST_NOTE.maxLength);
    expect(data<OrderActionResult>(await put(florist, { note: longest })).order.floristNote).toBe(longest);
    data(await put(florist, { note: NOTE }));
  });

  it('is for staff only: a shopper’s token is refused (403), no session is a 401, an unknown order a 404', async () => {
    const asShopperCall = await shop.app.inject({ method: 'PUT', url: BACKOFFICE_PATHS.floristNote(order.orderNumber!), headers: asShopper, payload: { business, note: 'hello' } });
    expect(asShopperCall.statusCode).toBe(403);
    expect((await put(undefined, { note: 'hello' })).statusCode).toBe(401);
    const unknown = await put(florist, { note: 'hello' }, 'ABL9999999');
    expect(unknown.statusCode).toBe(404);
  });

  it('a shopper never sees it: not in their order, the tracker, their account’s orders and export, nor any mail', async () => {
    await confirmTransfer(shop.db, order.orderNumber!, clock, { mailer: createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' }), publicUrl: 'http://shop.test' });
    const answers = [
      await shop.app.inject({ method: 'GET', url: `/v1/orders/order/${order.id}?business=${business}`, headers: asShopper }),
      await shop.app.inject({ method: 'GET', url: `/v1/orders/order/order-number/${order.orderNumber}?business=${business}&email=${shopperEmail}` }),
      await shop.app.inject({ method: 'GET', url: `${ACCOUNT_API.orders}?business=${business}`, headers: asShopper }),
      await shop.app.inject({ method: 'GET', url: `${ACCOUNT_API.export}?business=${business}`, headers: asShopper }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.body).toContain(order.orderNumber!);
      expect(res.body).not.toContain('allergic');
      expect(res.body).not.toMatch(/floristNote|florist_note/);
    }
    const mails = await shop.db.kysely.selectFrom('mail_outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', shopperEmail).execute();
    expect(mails.map((m) => m.subject)).toContain(`Payment received: Adire Blooms order ${order.orderNumber}`);
    for (const mail of mails) expect(`${mail.text_body}${mail.html_body}`, mail.subject).not.toContain('allergic');
  });

  it('removing it ("" ) leaves no note; a deleted account’s orders lose the note with the rest of their personal data', async () => {
    const removed = data<OrderActionResult>(await put(florist, { note: '  ' }));
    expect(removed.message).toBe(`Removed the florist's note on order ${order.orderNumber}.`);
    expect(removed.order.floristNote).toBeUndefined();
    data(await put(florist, { note: NOTE }));

    const deleted = await shop.app.inject({ method: 'DELETE', url: ACCOUNT_API.account, headers: asShopper, payload: { business, password: shopperPassword, confirmation: ACCOUNT_DELETE_WORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The order is paid and not yet delivered: the note stays with what its delivery needs (issue 38, item 4).
    const kept = data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!), florist));
    expect(kept.floristNote).toBe(NOTE);
    // Delivered: the next hourly look erases it with the rest.
    await advanceOrder(shop.db, order.orderNumber!, 'delivered', clock);
    expect(await eraseDueData(shop.db, [accountOrdersPart(orderPaymentRecords)], clock)).toBe(1);
    const page = data<StaffOrderPage>(await call('GET', BACKOFFICE_PATHS.order(order.orderNumber!), florist));
    expect(page.order.total).toBe(order.total);
    expect(page.floristNote).toBeUndefined();
  });
});
