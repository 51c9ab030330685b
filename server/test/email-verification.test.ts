import type { CheckoutResponse, Order } from '@adire/contracts';
import { ACCOUNT_API } from '@adire/contracts/account';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../src/domains/account';
import { changeDeliverySettings, readDeliveryChange } from '../src/domains/site';
import { createMailer } from '../src/mail/mailer';
import * as migration0041 from '../src/db/migrations/0041_email_verified';
import { confirmSignupEmail, startTestShop, type TestShop } from './helpers';

/**
 * Issue 38, item 5: reminders (mail whose words a shopper writes) go only to verified addresses. Sign-up
 * mails a single-use confirmation link; until it is followed, a reminder is refused with a 409 saying
 * so and the sender skips the account; a forged or used token is refused; a one-time code proves the
 * address too; and a verified account's transfer hold is the long one (issue 38, item 1's hook).
 * SQLite and PostgreSQL; the shop's clock is the test's.
 */
let shop: TestShop;
const business = 'adire-blooms';
const publicUrl = 'https://shop.example';
let clock = new Date('2099-03-01T09:00:00.000Z');

beforeAll(async () => {
  shop = await startTestShop({ now: () => clock });
});
afterAll(() => shop?.close());

const post = (url: string, payload: Record<string, unknown>, token?: string, ip = '10.9.0.1') =>
  shop.app.inject({ method: 'POST', url, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: { business, ...payload } });
const signup = async (email: string): Promise<string> => {
  const res = await post('/v1/storefront/auth/signup', { email, password: 'Petals-and-rain' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.authToken as string;
};
const verifiedAt = async (email: string) => (await shop.db.kysely.selectFrom('app_user').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow()).email_verified_at;
const mailsTo = (email: string, subject: string) =>
  shop.db.kysely.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).where('subject', 'like', `${subject}%`).orderBy('created_at').execute();
const tokenOf = (text: string) => decodeURIComponent(/\/account\/confirm-email\?token=(\S+)/.exec(text)![1]!);
const remind = (token: string) => post(ACCOUNT_API.reminders, { name: 'URGENT: your bank card is blocked', date: '03-04', daysBefore: 3 }, token);
const codes = (res: LightMyRequestResponse) => [res.statusCode, res.json().code as string | undefined];

describe('a shopper address, proven', () => {
  it('sign-up → unverified → reminder refused 409 → confirm link → reminder accepted and mailed, once; the link is single-use', async () => {
    const email = 'verify-me@example.com';
    const token = await signup(email);
    expect(await verifiedAt(email)).toBeNull();
    const [mail] = await mailsTo(email, 'Confirm your e-mail address');
    expect(mail!.text_body).toContain('/account/confirm-email?token=');

    const refused = await remind(token);
    expect(codes(refused)).toEqual([409, 'EMAIL_NOT_VERIFIED']);
    expect(refused.json().message).toBe('Please confirm your e-mail address first: open the link we e-mailed you when you signed up. No e-mail? Ask for a new confirmation link.');
    expect(refused.json().details).toEqual({ resend: ACCOUNT_API.resendConfirmation });
    expect(await shop.db.kysely.selectFrom('occasion_reminder').select('id').execute()).toEqual([]);

    // Forged tokens: refused, nothing verified.
    for (const forged of ['x'.repeat(43), 'not a token', '', tokenOf(mail!.text_body).slice(0, -2) + 'zz']) {
      expect(codes(await post(ACCOUNT_API.confirmEmail, { token: forged })), forged).toEqual([400, 'INVALID_TOKEN']);
    }
    expect(await verifiedAt(email)).toBeNull();

    const confirmed = await post(ACCOUNT_API.confirmEmail, { token: tokenOf(mail!.text_body) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ confirmed: true, email });
    expect(await verifiedAt(email)).not.toBeNull();
    // Used once: the same link again is refused.
    expect(codes(await post(ACCOUNT_API.confirmEmail, { token: tokenOf(mail!.text_body) }))).toEqual([400, 'INVALID_TOKEN']);

    expect((await remind(token)).statusCode).toBe(201);
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    expect(await sendDueReminders(shop.db, mailer, { now: clock, publicUrl })).toBe(1);
    const [reminder] = await mailsTo(email, 'A date you asked us to remind you of');
    expect(reminder!.text_body).toMatch(/^URGENT: your bank card is blocked is on /);
  });

  it('the sender skips an account that was never verified', async () => {
    const email = 'never-verified@example.com';
    await signup(email);
    const user = await shop.db.kysely.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    // A reminder left from before verification existed (written as the store would): it waits, unsent.
    await shop.db.kysely
      .insertInto('occasion_reminder')
      .values({ id: 'legacy-reminder', user_id: user.id, name: 'Call me now', month_day: '03-03', days_before: 7, order_id: null, stop_token_hash: 'h-legacy', stopped_at: null, created_at: clock.toISOString() })
      .execute();
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    expect(await sendDueReminders(shop.db, mailer, { now: clock, publicUrl })).toBe(0);
    expect(await mailsTo(email, 'A date you asked us to remind you of')).toEqual([]);
  });

  it('an expired link is refused; a new one is sent on request (cooldown and the auth limits); a one-time code proves the address too', async () => {
    const email = 'late-clicker@example.com';
    const token = await signup(email);
    const [first] = await mailsTo(email, 'Confirm your e-mail address');
    await shop.db.kysely.updateTable('app_user').set({ email_confirm_expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', email).execute();
    expect(codes(await post(ACCOUNT_API.confirmEmail, { token: tokenOf(first!.text_body) }))).toEqual([400, 'INVALID_TOKEN']);

    // Asked for at once: the cooldown of the one-time code holds (the sign-up mail was just sent).
    expect(codes(await post(ACCOUNT_API.resendConfirmation, {}, token))).toEqual([429, 'CONFIRMATION_COOLDOWN']);
    expect((await post(ACCOUNT_API.resendConfirmation, {}))).toMatchObject({ statusCode: 401 });
    await shop.db.kysely.updateTable('app_user').set({ email_confirm_sent_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', email).execute();
    const resent = await post(ACCOUNT_API.resendConfirmation, {}, token);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toEqual({ sent: true, verified: false });
    const mails = await mailsTo(email, 'Confirm your e-mail address');
    expect(mails).toHaveLength(2);
    // The older link died with the new one.
    expect(codes(await post(ACCOUNT_API.confirmEmail, { token: tokenOf(mails[0]!.text_body) }))).toEqual([400, 'INVALID_TOKEN']);

    // Forgot password: the code mailed to the address, typed in, verifies it.
    expect((await post('/v1/storefront/auth/otp/request', { email })).statusCode).toBe(200);
    const code = /one-time password: (\S+)/.exec((await mailsTo(email, 'Your Adire Blooms one-time password')).at(-1)!.text_body)![1]!;
    expect((await post('/v1/storefront/auth/otp/validate', { email, code })).statusCode).toBe(200);
    expect(await verifiedAt(email)).not.toBeNull();
    expect((await post(ACCOUNT_API.resendConfirmation, {}, token)).json().data).toEqual({ sent: false, verified: true });
    expect((await remind(token)).statusCode).toBe(201);
  });
});

describe('the transfer hold', () => {
  it("is the long one for a verified account's order, the guest's for an unverified one", async () => {
    clock = new Date('2099-03-10T09:00:00.000Z');
    await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: '2099-03-20', place: 'lagos', orders: 5 }), clock);
    const sku = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>', 5000).orderBy('position').executeTakeFirstOrThrow()).sku;
    const heldUntil = async (email: string, token: string, ip: string) => {
      const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json().data as Order).id;
      const checkout = await shop.app.inject({
        method: 'PUT',
        url: `/v1/orders/order/checkout-order/${id}`,
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          business,
          currency: 'NGN',
          userData: { name: 'Ngozi Umeh', email, phone: ip === '10.9.1.1' ? '+2348031110001' : '+2348031110002' },
          orderData: { deliveryDate: '2099-03-20', deliveryZone: 'Lekki / Ajah', recipient: { name: 'Emeka Umeh', phone: '+2348095556666', address: '3 Admiralty Way, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' } },
        },
      });
      expect(checkout.statusCode, checkout.body).toBe(200);
      expect((checkout.json().data as CheckoutResponse).order.id).toBe(id);
      const paid = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${id}`, remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: { business, currency: 'NGN', paymentMethod: 'gtbTransfer' } });
      expect(paid.statusCode, paid.body).toBe(200);
      return (await shop.db.kysely.selectFrom('day_booking').select('held_until').where('order_id', '=', id).executeTakeFirstOrThrow()).held_until;
    };
    const verified = 'hold-verified@example.com';
    const verifiedToken = await signup(verified);
    expect((await confirmSignupEmail(shop, verified)).statusCode).toBe(200);
    const unverified = 'hold-unverified@example.com';
    const unverifiedToken = await signup(unverified);
    expect(await heldUntil(verified, verifiedToken, '10.9.1.1')).toBe('2099-03-13T09:00:00.000Z'); // 3 days
    expect(await heldUntil(unverified, unverifiedToken, '10.9.1.2')).toBe('2099-03-10T21:00:00.000Z'); // 12 hours
  });
});

describe('accounts from before migration 0041', () => {
  it('count as verified only with proof the owner reads the mailbox: a one-time code login, or a paid order with their own address', async () => {
    // The last test of the file: the migration is run again over this file's accounts, as an older database would be.
    const order = await shop.db.kysely.selectFrom('shop_order').innerJoin('app_user', 'app_user.id', 'shop_order.user_id').select('shop_order.id').where('app_user.email', '=', 'hold-unverified@example.com').executeTakeFirstOrThrow();
    await shop.db.kysely.insertInto('order_status_event').values({ id: 'backfill-paid', order_id: order.id, step: 'paid', at: clock.toISOString(), source: 'payment' }).execute();
    await migration0041.down(shop.db.kysely as never);
    await migration0041.up(shop.db.kysely as never);
    const rows = await shop.db.kysely.selectFrom('app_user').select(['email', 'email_verified_at']).where('email', 'in', ['verify-me@example.com', 'never-verified@example.com', 'late-clicker@example.com', 'hold-unverified@example.com']).orderBy('email').execute();
    expect(rows.map((r) => [r.email, r.email_verified_at !== null])).toEqual([
      ['hold-unverified@example.com', true], // a paid order placed with the account's own address
      ['late-clicker@example.com', true], // logged in with a one-time code mailed to the address
      ['never-verified@example.com', false],
      ['verify-me@example.com', false], // a password session only (the link it followed is this migration's own)
    ]);
  });
});
