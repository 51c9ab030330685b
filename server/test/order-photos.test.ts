import { BACKOFFICE_PATHS, type Order, type OrderPhotosAnswer, type OrderTrackerResponse, type PhotoUploadAnswer } from '@adire/contracts';
import sharp from 'sharp';
import { deflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { loadStaffConfig } from '../src/domains/staff';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';
import { checkedOutOrder, makeStaff, multipartForm, type FormPart } from './proof-helpers';

/**
 * Issue 40, item 1 and 5-7 (on SQLite and PostgreSQL): a florist adds a photo of the finished
 * arrangement from the order's page; the server checks the file by its content (JPEG, PNG, WebP; HEIC
 * refused with a sentence), refuses a renamed non-image, a decompression bomb and a file over the limit,
 * strips the EXIF (GPS above all); the sender is mailed "Your flowers are ready" with it and the tracker
 * shows it to a verified sender only, never cached.
 */

let shop: TestShop;
const business = 'adire-blooms';
const clock = new Date('2099-03-01T09:00:00Z');
const DAY = '2099-03-14';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
const senderEmail = 'photo-sender@example.com';
let manager = '';
let florist = '';
let order: Order;
const { call, data } = backofficeCalls(() => shop, business);

const upload = (token: string | undefined, parts: FormPart[], number = order.orderNumber!) => {
  const form = multipartForm(parts);
  return shop.app.inject({
    method: 'POST',
    url: `${BACKOFFICE_PATHS.orderPhotos(number)}?business=${business}`,
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.payload,
  });
};
const photo = (bytes: Buffer, filename = 'IMG_0001.jpg', type = 'image/jpeg'): FormPart => ({ name: 'photo', file: { bytes, filename, type } });
const field = (name: string, value: string): FormPart => ({ name, value });

const picture = (format: 'jpeg' | 'png' | 'webp', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 80 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header says 20,000 × 20,000 pixels (a decompression bomb: tiny file, 1.6 GB decoded). */
function bombPng(): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig }, now: () => clock });
  manager = await makeStaff(shop, 'photo-manager@adireblooms.ng', 'manager', null, staffConfig);
  florist = await makeStaff(shop, 'photo-florist@adireblooms.ng', 'florist', manager, staffConfig);
  order = await checkedOutOrder(shop, senderEmail, DAY);
}, 60_000);
afterAll(() => shop?.close());

describe('an order’s photos', () => {
  it('a florist adds a JPEG of the arrangement: 201 with the photo, listed, audited, and the sender mailed "Your flowers are ready" once', async () => {
    const res = await upload(florist, [photo(await picture('jpeg')), field('kind', 'ready'), field('caption', 'Red roses, wrapped in adire')]);
    expect(res.statusCode, res.body).toBe(201);
    const { photo: added } = res.json().data as PhotoUploadAnswer;
    expect(added).toMatchObject({ kind: 'ready', caption: 'Red roses, wrapped in adire', takenAt: clock.toISOString() });
    expect(added.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const list = data<OrderPhotosAnswer>(await call('GET', BACKOFFICE_PATHS.orderPhotos(order.orderNumber!), florist)).photos;
    expect(list.map((p) => p.id)).toEqual([added.id]);
    expect(list[0]!.takenBy).toBe('photo-florist@adireblooms.ng');
    const audit = await shop.db.kysely.selectFrom('staff_audit').selectAll().where('action', '=', 'order.photo').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toBe(order.orderNumber);
    // A second photo of the same kind is kept but mails nobody again.
    expect((await upload(florist, [photo(await picture('png'), 'flowers.png', 'image/png'), field('kind', 'ready')])).statusCode).toBe(201);
    const mails = await shop.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', senderEmail).where('subject', 'like', 'Your flowers are ready%').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`/v1/orders/photos/${added.id}`);
    expect(mails[0]!.html_body).toContain(`<img src="`);
  });

  it('takes JPEG, PNG and WebP (checked by content, not by name), keeps a large and a small JPEG, served private and never cached', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      // Named as something else on purpose: the content decides.
      const res = await upload(florist, [photo(await picture(format, 1700, 1275), 'upload.bin', 'application/octet-stream'), field('kind', 'ready')]);
      expect(res.statusCode, `${format}: ${res.body}`).toBe(201);
      const { id } = (res.json().data as PhotoUploadAnswer).photo;
      const large = await shop.app.inject({ method: 'GET', url: `/v1/orders/photos/${id}?business=${business}` });
      expect(large.statusCode).toBe(200);
      expect(large.headers['content-type']).toBe('image/jpeg');
      expect(large.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(large.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200]);
      const small = await shop.app.inject({ method: 'GET', url: `/v1/orders/photos/${id}?business=${business}&size=small` });
      expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
    }
    const unknown = await shop.app.inject({ method: 'GET', url: `/v1/orders/photos/${'x'.repeat(32)}?business=${business}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('strips every EXIF field, the GPS position above all', async () => {
    const withGps = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 26/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 28/1 0/1' } })
      .jpeg()
      .toBuffer();
    // The upload carries the position (the GPS IFD) and the phone's name.
    expect((await sharp(withGps).metadata()).exif?.toString('latin1')).toContain('iPhone 15');
    const res = await upload(florist, [photo(withGps), field('kind', 'ready')]);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = (res.json().data as PhotoUploadAnswer).photo;
    for (const size of ['large', 'small']) {
      const served = (await shop.app.inject({ method: 'GET', url: `/v1/orders/photos/${id}?business=${business}&size=${size}` })).rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta.exif, size).toBeUndefined();
      expect(meta.xmp, size).toBeUndefined();
      expect(served.includes(Buffer.from('iPhone'))).toBe(false);
    }
  });

  it('refuses a renamed non-image, a HEIC, a 20,000 × 20,000 pixel PNG and a file over the limit, each with its sentence beside `photo`, writing nothing', async () => {
    const count = async () => (await shop.db.kysely.selectFrom('order_photo').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200)]);
    const cases: [Buffer, number, string, RegExp][] = [
      [pdf, 400, 'NOT_AN_IMAGE', /not a photo the shop can read/],
      [heic, 400, 'HEIC_NOT_READ', /HEIC format.*Most Compatible/],
      [bombPng(), 400, 'TOO_MANY_PIXELS', /too large to open \(20000 × 20000 pixels\)/],
      [Buffer.concat([await picture('jpeg'), Buffer.alloc(12_100_000)]), 413, 'PHOTO_TOO_LARGE', /larger than 12 MB/],
    ];
    for (const [bytes, status, code, message] of cases) {
      const res = await upload(florist, [photo(bytes, 'photo.jpg'), field('kind', 'ready')]);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(res.json().message).toMatch(message);
      expect(res.json().fields.photo).toMatch(message);
    }
    const badKind = await upload(florist, [photo(await picture('jpeg')), field('kind', 'lovely')]);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().fields).toHaveProperty('kind');
    const noFile = await upload(florist, [field('kind', 'ready')]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toHaveProperty('photo');
    const json = await call('POST', BACKOFFICE_PATHS.orderPhotos(order.orderNumber!), florist, { kind: 'ready' });
    expect(json.statusCode).toBe(400);
    expect(Number(await count())).toBe(before);
  });

  it('is for staff with the order: no session 401, an unknown order 404', async () => {
    expect((await upload(undefined, [photo(await picture('jpeg')), field('kind', 'ready')])).statusCode).toBe(401);
    expect((await upload(florist, [photo(await picture('jpeg')), field('kind', 'ready')], 'AB-999999')).statusCode).toBe(404);
    expect((await call('GET', BACKOFFICE_PATHS.orderPhotos(order.orderNumber!))).statusCode).toBe(401);
  });

  it('the tracker shows the photos to a verified sender, never cached; an unverified lookup gets none', async () => {
    const url = `/v1/orders/order/order-number/${order.orderNumber}?business=${business}`;
    const open = await shop.app.inject({ method: 'GET', url });
    expect(open.statusCode).toBe(200);
    const unverified = open.json().data as OrderTrackerResponse;
    expect(unverified.verified).toBe(false);
    expect(unverified).not.toHaveProperty('photos');
    expect(open.body).not.toContain('/v1/orders/photos/');
    const wrong = (await shop.app.inject({ method: 'GET', url: `${url}&email=someone-else@example.com` })).json().data as OrderTrackerResponse;
    expect(wrong).not.toHaveProperty('photos');
    const proven = await shop.app.inject({ method: 'GET', url: `${url}&email=${senderEmail}` });
    expect(proven.headers['cache-control']).toBe('private, no-store');
    const tracked = proven.json().data as OrderTrackerResponse;
    expect(tracked.verified).toBe(true);
    expect(tracked.photos!.length).toBeGreaterThanOrEqual(2);
    expect(tracked.photos!.find((p) => p.caption)).toMatchObject({ kind: 'ready', caption: 'Red roses, wrapped in adire', takenAt: clock.toISOString() });
    expect(tracked.photos![0]!.url).toMatch(/^\/v1\/orders\/photos\/[A-Za-z0-9_-]{32}\?business=adire-blooms$/);
    const byPhone = (await shop.app.inject({ method: 'GET', url: `${url}&phone=08031234567` })).json().data as OrderTrackerResponse;
    expect(byPhone.photos).toEqual(tracked.photos);
  });
});
