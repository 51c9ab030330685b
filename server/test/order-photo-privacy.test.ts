import { ACCOUNT_API, ACCOUNT_DELETE_WORD, type AccountOrder } from '@adire/contracts/account';
import { BACKOFFICE_PATHS, type Order, type PhotoUploadAnswer } from '@adire/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { photoKeepFrom, sweepOrderPhotos } from '../src/domains/orders';
import { loadStaffConfig } from '../src/domains/staff';
import { startTestShop, type TestShop } from './helpers';
import { checkedOutOrder, makeStaff, multipartForm } from './proof-helpers';

/**
 * Issue 40, item 7 (NDPA 2023), on SQLite and PostgreSQL: an order's photos are listed in the account's
 * data export as links, deleted PHOTO_KEEP_DAYS (90) after the delivery day by the sweep (an injected
 * clock), and erased with the account.
 */
let shop: TestShop;
const business = 'adire-blooms';
const DAY = '2099-03-14';
const clock = new Date('2099-03-01T09:00:00Z');
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
const password = 'Bloom-shopper-1';
const asShopper = (token: string) => ({ authorization: `Bearer ${token}` });
let florist = '';

const addPhoto = async (order: Order) => {
  const form = multipartForm([
    { name: 'kind', value: 'ready' },
    { name: 'photo', file: { bytes: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a35' } }).jpeg().toBuffer(), filename: 'p.jpg', type: 'image/jpeg' } },
  ]);
  const res = await shop.app.inject({ method: 'POST', url: `${BACKOFFICE_PATHS.orderPhotos(order.orderNumber!)}?business=${business}`, headers: { ...form.headers, authorization: `Bearer ${florist}` }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as PhotoUploadAnswer).photo.id;
};
const served = async (id: string) => (await shop.app.inject({ method: 'GET', url: `/v1/orders/photos/${id}?business=${business}` })).statusCode;
const signUp = async (email: string) => (await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email, password } })).json().data.authToken as string;

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => clock });
  const manager = await makeStaff(shop, 'privacy-manager@adireblooms.ng', 'manager', null, staffConfig);
  florist = await makeStaff(shop, 'privacy-florist@adireblooms.ng', 'florist', manager, staffConfig);
}, 60_000);
afterAll(() => shop?.close());

describe('the privacy of an order’s photos', () => {
  it('the account’s data export lists each photo as a link', async () => {
    const token = await signUp('export-photos@example.com');
    const order = await checkedOutOrder(shop, 'export-photos@example.com', DAY, 'Mum', business, asShopper(token));
    const id = await addPhoto(order);
    const res = await shop.app.inject({ method: 'GET', url: `${ACCOUNT_API.export}?business=${business}`, headers: asShopper(token) });
    expect(res.statusCode).toBe(200);
    const exported = JSON.stringify(res.json().data);
    expect(exported).toContain(`/v1/orders/photos/${id}?business=${business}`);
    expect(exported).not.toMatch(/"large"|"small"|\/9j\//); // links, not the pictures
    // The account's order list shows them too.
    const list = await shop.app.inject({ method: 'GET', url: `${ACCOUNT_API.orders}?business=${business}`, headers: asShopper(token) });
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json().data as { orders?: AccountOrder[] } | AccountOrder[]);
    const orders = Array.isArray(mine) ? mine : (mine.orders ?? []);
    expect(orders.find((o) => o.orderNumber === order.orderNumber)?.photos?.map((p) => p.url)).toEqual([`/v1/orders/photos/${id}?business=${business}`]);
  });

  it('the sweep deletes photos 90 days after the delivery day, not a day before (an injected clock)', async () => {
    const order = await checkedOutOrder(shop, 'sweep@example.com', DAY);
    const id = await addPhoto(order);
    expect(photoKeepFrom(new Date(`${DAY}T12:00:00Z`), 90)).toBe('2098-12-14');
    expect(await sweepOrderPhotos(shop.db, new Date('2099-06-12T10:00:00Z'), 90)).toBe(0); // day 90
    expect(await served(id)).toBe(200);
    expect(await sweepOrderPhotos(shop.db, new Date('2099-06-13T10:00:00Z'), 90)).toBeGreaterThanOrEqual(1); // day 91
    expect(await served(id)).toBe(404);
    const left = await shop.db.kysely.selectFrom('order_photo').select('id').where('order_id', '=', order.id).execute();
    expect(left).toEqual([]);
  });

  it('an erased account’s photos are deleted with its orders', async () => {
    const token = await signUp('erase-photos@example.com');
    const order = await checkedOutOrder(shop, 'erase-photos@example.com', DAY, 'Mum', business, asShopper(token));
    const id = await addPhoto(order);
    expect(await served(id)).toBe(200);
    const deleted = await shop.app.inject({ method: 'DELETE', url: ACCOUNT_API.account, headers: asShopper(token), payload: { business, password, confirmation: ACCOUNT_DELETE_WORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await served(id)).toBe(404);
  });
});
