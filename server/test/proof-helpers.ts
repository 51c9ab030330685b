import { BACKOFFICE_PATHS, type CheckoutResponse, type Order } from '@adire/contracts';
import { expect } from 'vitest';
import { executeStaffCommand, parseStaffCommand, type StaffConfig } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { backofficeCalls, type TestShop } from './helpers';

/** Helpers of issue 40's tests: staff members by invitation, multipart bodies. */

/** A member of staff signed in: the first by the operator command, the others invited by `invitedBy`. */
export async function makeStaff(shop: TestShop, email: string, role: 'florist' | 'manager' | 'rider', invitedBy: string | null, config: StaffConfig): Promise<string> {
  const { call, data } = backofficeCalls(() => shop);
  if (invitedBy) data(await call('POST', BACKOFFICE_PATHS.staff, invitedBy, { email, role }));
  else {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', role]), { mailer, config, publicUrl: 'http://shop.test' });
  }
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const code = /invitation code: (\d{6})/.exec(mail.text_body)![1]!;
  return data<{ token: string }>(await call('POST', BACKOFFICE_PATHS.acceptInvite, undefined, { email, code, password: `Staff-${role}-2099` })).token;
}

export interface FormPart {
  name: string;
  value?: string;
  file?: { bytes: Buffer; filename: string; type: string };
}

/** A multipart/form-data body as a browser sends it. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----adire${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}\r\n\r\n`));
      chunks.push(part.file.bytes, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A checked-out order (the sender's phone 08031234567) of the given sender. */
export async function checkedOutOrder(test: TestShop, email: string, DAY: string, recipientName = 'Mum', business = 'adire-blooms', headers: Record<string, string> = {}): Promise<Order> {
  const sku = (await test.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).orderBy('position').executeTakeFirstOrThrow()).sku;
  const created = await test.app.inject({ method: 'POST', url: '/v1/orders/order/create', headers, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json().data as Order).id;
  const res = await test.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${id}`,
    headers,
    payload: {
      business,
      currency: 'NGN',
      userData: { name: 'Tolu Bakare', email, phone: '08031234567' },
      orderData: {
        deliveryDate: DAY,
        deliveryZone: 'Lekki / Ajah',
        recipient: { name: recipientName, phone: '8095556666', phoneCountryCode: '+234', address: '5 Fola Osibo Road, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as CheckoutResponse).order;
}
