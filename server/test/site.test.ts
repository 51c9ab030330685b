import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createMailer } from '../src/mail/mailer';
import { startTestShop, type TestShop } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const B = 'business=adire-blooms';
const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:8080';
const TOKEN_IN_LINK = /\/unsubscribe\?token=([A-Za-z0-9_-]+)/;
const CONFIRM_IN_LINK = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/;

interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Each call from its own client IP unless told (the per-IP limit has a test of its own). */
let lastIp = 0;
const nextIp = () => `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

function subscribe(email: string | undefined, init: { payload?: string; headers?: Record<string, string>; remoteAddress?: string } = {}, app: FastifyInstance = shop.app) {
  const query = email === undefined ? B : `${B}&email=${encodeURIComponent(email)}`;
  return app.inject({ method: 'POST', url: `/v1/storefront/subscribe?${query}`, remoteAddress: nextIp(), ...init });
}

function confirm(token: unknown) {
  return shop.app.inject({ method: 'POST', url: '/v1/storefront/confirm-subscription', payload: { business: 'adire-blooms', token } });
}

function unsubscribe(token: unknown) {
  return shop.app.inject({ method: 'POST', url: '/v1/storefront/unsubscribe', payload: { business: 'adire-blooms', token } });
}

async function mailsTo(address: string): Promise<DevMail[]> {
  const res = await shop.app.inject(`/dev/mail.json?to=${encodeURIComponent(address)}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as DevMail[];
}

/** Subscribed (confirmed) rows: the only addresses the newsletter may be sent to. */
function rows(email: string) {
  return shop.db.kysely.selectFrom('newsletter_subscription').selectAll().where('email', '=', email).execute();
}

function waiting(email: string) {
  return shop.db.kysely.selectFrom('newsletter_confirmation').selectAll().where('email', '=', email).execute();
}

function tokenOf(mail: DevMail, pattern = TOKEN_IN_LINK): string {
  const fromText = mail.text.match(pattern)?.[1];
  const fromHtml = mail.html.match(pattern)?.[1];
  expect(fromText).toBeTruthy();
  expect(fromHtml).toBe(fromText);
  return fromText as string;
}

const CONFIRM_SUBJECT = 'Confirm your subscription to the Adire Blooms newsletter';
const WELCOME_SUBJECT = 'Welcome to the Adire Blooms newsletter';
const confirmTokenOf = (mail: DevMail) => tokenOf(mail, CONFIRM_IN_LINK);
const SAME_ANSWER = (email: string) => ({ data: { email, confirmationRequired: true } });

/** Makes the address's last confirmation mail look sent `minutes` ago (the resend clock). */
async function mailedAgo(email: string, minutes: number) {
  await shop.db.kysely.updateTable('newsletter_confirmation').set({ sent_at: new Date(Date.now() - minutes * 60_000).toISOString() }).where('email', '=', email).execute();
}

/** Subscribe, follow the confirmation link; the welcome mail that follows. */
async function subscribeAndConfirm(email: string): Promise<DevMail> {
  expect((await subscribe(email)).statusCode).toBe(200);
  const [mail] = await mailsTo(email);
  expect(mail?.subject).toBe(CONFIRM_SUBJECT);
  expect((await confirm(confirmTokenOf(mail as DevMail))).statusCode).toBe(200);
  const [welcome] = await mailsTo(email);
  expect(welcome?.subject).toBe(WELCOME_SUBJECT);
  return welcome as DevMail;
}

describe('newsletter subscribe (double opt-in, issue 19 item 3)', () => {
  it('accepts the email in the query with an empty JSON body, mails one confirmation link, and subscribes nobody yet', async () => {
    const first = await subscribe('  Ada.Obi@Example.com ', { headers: { 'content-type': 'application/json' }, payload: '' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(SAME_ANSWER('ada.obi@example.com'));

    // No body and no content type; a JSON body of {}; the same address in another case.
    const again = [
      await subscribe('ada.obi@example.com'),
      await subscribe('ada.obi@example.com', { headers: { 'content-type': 'application/json' }, payload: '{}' }),
      await subscribe('ADA.OBI@EXAMPLE.COM', { headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '  ' }),
    ];
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first.json());
    }
    // One confirmation mail, not one per repeat, and nothing else.
    const mails = await mailsTo('ada.obi@example.com');
    expect(mails.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    const mail = mails[0] as DevMail;
    expect(mail.text).toContain(`${DEFAULT_PUBLIC_URL}/newsletter/confirm?token=`);
    expect(mail.html).toContain(`href="${DEFAULT_PUBLIC_URL}/newsletter/confirm?token=`);
    expect(mail.text).toContain('It works for 7 days');
    expect(mail.text).toContain('If you did not ask for this, ignore this email');
    expect(mail.text).not.toContain('/unsubscribe?token=');

    // Not subscribed until the link is followed; the token is kept only as its sha256, for 7 days.
    expect(await rows('ada.obi@example.com')).toHaveLength(0);
    const token = confirmTokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await waiting('ada.obi@example.com');
    expect(row).toMatchObject({ business: 'adire-blooms', token_hash: createHash('sha256').update(token).digest('hex'), confirmed_at: null });
    const days = (Date.parse(row!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(JSON.stringify(await shop.db.kysely.selectFrom('newsletter_confirmation').selectAll().execute())).not.toContain(token);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no at sign', 'not-an-email'],
    ['no domain dot', 'ada@example'],
    ['a space', 'ada obi@example.com'],
    ['markup', '<script>@example.com'],
    ['two at signs', 'ada@obi@example.com'],
    ['too long', `${'a'.repeat(250)}@example.com`],
  ])('refuses an invalid email (%s) with a 400 naming the field', async (_name, email) => {
    const res = await subscribe(email, { headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Enter a valid email address', code: 'BAD_REQUEST', fields: { email: 'is invalid' } });
  });

  it('stores nothing for a refused address and still requires the business', async () => {
    const count = async () => (await shop.db.kysely.selectFrom('newsletter_confirmation').select('id').execute()).length;
    const before = await count();
    await subscribe('not-an-email');
    expect(await count()).toBe(before);
    const noBusiness = await shop.app.inject({ method: 'POST', url: '/v1/storefront/subscribe?email=kemi%40example.com' });
    expect(noBusiness.statusCode).toBe(400);
    expect(noBusiness.json().code).toBe('BUSINESS_REQUIRED');
    expect(await waiting('kemi@example.com')).toHaveLength(0);
    expect(await mailsTo('kemi@example.com')).toHaveLength(0);
  });

  it('keeps refusing malformed JSON', async () => {
    const malformed = await subscribe('tunde@example.com', { headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    expect(await waiting('tunde@example.com')).toHaveLength(0);
  });

  it('gives parallel subscriptions of one address one waiting row and one mail', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => subscribe('race@example.com')));
    for (const res of results) expect(res.json()).toEqual(SAME_ANSWER('race@example.com'));
    expect(await waiting('race@example.com')).toHaveLength(1);
    expect(await mailsTo('race@example.com')).toHaveLength(1);
    expect(await rows('race@example.com')).toHaveLength(0);
  });

  it('following the link subscribes the address once and mails the welcome note; the same link again mails nothing', async () => {
    await subscribe('amaka@example.com');
    const token = confirmTokenOf((await mailsTo('amaka@example.com'))[0] as DevMail);
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { subscribed: true, email: 'a***@example.com' } });
    expect(await rows('amaka@example.com')).toMatchObject([{ status: 'subscribed' }]);
    expect((await mailsTo('amaka@example.com')).map((m) => m.subject)).toEqual([WELCOME_SUBJECT, CONFIRM_SUBJECT]);

    const twice = await Promise.all([confirm(token), confirm(token)]);
    for (const again of twice) expect(again.json()).toEqual(res.json());
    expect(await mailsTo('amaka@example.com')).toHaveLength(2);
    expect(await rows('amaka@example.com')).toHaveLength(1);
  });

  it('never tells whether an address is already subscribed, waiting, or new', async () => {
    await subscribeAndConfirm('known@example.com');
    await subscribe('waiting@example.com');
    const answers = await Promise.all(['known@example.com', 'waiting@example.com', 'new-reader@example.com'].map((e) => subscribe(e)));
    for (const [i, email] of ['known@example.com', 'waiting@example.com', 'new-reader@example.com'].entries()) {
      expect(answers[i]!.statusCode).toBe(200);
      expect(answers[i]!.json()).toEqual(SAME_ANSWER(email));
    }
    // The subscriber gets nothing more; the waiting address no second mail inside 10 minutes.
    expect(await mailsTo('known@example.com')).toHaveLength(2);
    expect(await mailsTo('waiting@example.com')).toHaveLength(1);
    expect(await mailsTo('new-reader@example.com')).toHaveLength(1);
  });

  it('mails a waiting address again only after 10 minutes; the new link replaces the old one', async () => {
    const email = 'dayo@example.com';
    await subscribe(email);
    await mailedAgo(email, 9);
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(1);

    await mailedAgo(email, 11);
    expect((await subscribe(email)).json()).toEqual(SAME_ANSWER(email));
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, CONFIRM_SUBJECT]);
    const [newer, older] = mails.map((m) => confirmTokenOf(m));
    expect(newer).not.toBe(older);
    expect((await confirm(older)).statusCode).toBe(404);
    expect(await rows(email)).toHaveLength(0);
    expect((await confirm(newer)).statusCode).toBe(200);
    expect(await rows(email)).toMatchObject([{ status: 'subscribed' }]);
  });

  it('mails one address 5 confirmation links a day at most, however many sources ask', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < 8; i++) {
      expect((await subscribe(email)).json()).toEqual(SAME_ANSWER(email));
      await mailedAgo(email, 11);
    }
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('limits subscribe calls per client IP (20 an hour): past it 429 with Retry-After, whatever the address', async () => {
    await subscribeAndConfirm('reader-known@example.com');
    const ip = '203.0.113.50';
    for (let i = 0; i < 20; i++) expect((await subscribe(`reader-${i}@example.com`, { remoteAddress: ip })).statusCode).toBe(200);
    for (const email of ['reader-20@example.com', 'reader-known@example.com', 'reader-0@example.com']) {
      const refused = await subscribe(email, { remoteAddress: ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 60 minutes and try again.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    }
    expect(await mailsTo('reader-20@example.com')).toHaveLength(0);
    // Another source is not affected.
    expect((await subscribe('reader-20@example.com', { remoteAddress: '203.0.113.51' })).statusCode).toBe(200);
    expect(await mailsTo('reader-20@example.com')).toHaveLength(1);
  });

  it('keeps every subscriber made before double opt-in confirmed (migration 0025)', async () => {
    // A row as the footer made it before this change: subscribed at once, with its unsubscribe token.
    const token = 'B'.repeat(43);
    const stamp = new Date().toISOString();
    await shop.db.kysely
      .insertInto('newsletter_subscription')
      .values({ id: 'before-0025', business: 'adire-blooms', email: 'early@example.com', token_hash: createHash('sha256').update(token).digest('hex'), status: 'subscribed', created_at: stamp, updated_at: stamp })
      .execute();
    expect((await subscribe('early@example.com')).json()).toEqual(SAME_ANSWER('early@example.com'));
    expect(await mailsTo('early@example.com')).toHaveLength(0);
    expect(await rows('early@example.com')).toMatchObject([{ status: 'subscribed' }]);
    expect((await unsubscribe(token)).json()).toEqual({ data: { unsubscribed: true, email: 'e***@example.com' } });
  });
});

describe('confirmation link', () => {
  it.each([
    ['garbage', 'not-a-token'],
    ['well-formed but unknown', 'A'.repeat(43)],
    ['empty', ''],
  ])('answers an unknown confirmation token (%s) with a 404', async (_name, token) => {
    const res = await confirm(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This confirmation link is not valid or has expired', code: 'NOT_FOUND' });
  });

  it('dies after 7 days', async () => {
    await subscribe('late@example.com');
    const token = confirmTokenOf((await mailsTo('late@example.com'))[0] as DevMail);
    await shop.db.kysely.updateTable('newsletter_confirmation').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', 'late@example.com').execute();
    expect((await confirm(token)).json()).toEqual({ message: 'This confirmation link is not valid or has expired', code: 'NOT_FOUND' });
    expect(await rows('late@example.com')).toHaveLength(0);
  });

  it('forgets an address whose link died unfollowed (at the next subscribe call), and keeps the others', async () => {
    await subscribe('never-confirmed@example.com');
    await subscribe('still-waiting@example.com');
    await subscribeAndConfirm('confirmed@example.com');
    const past = new Date(Date.now() - 1000).toISOString();
    await shop.db.kysely.updateTable('newsletter_confirmation').set({ expires_at: past }).where('email', 'in', ['never-confirmed@example.com', 'confirmed@example.com']).execute();
    expect(await waiting('never-confirmed@example.com')).toHaveLength(1);

    await subscribe('someone-else@example.com');
    expect(await waiting('never-confirmed@example.com')).toHaveLength(0);
    expect(await waiting('still-waiting@example.com')).toHaveLength(1);
    // A followed link's row stays (the same link answers the same while the address stays subscribed).
    expect(await waiting('confirmed@example.com')).toHaveLength(1);
    expect(await rows('confirmed@example.com')).toMatchObject([{ status: 'subscribed' }]);
  });

  it('validates the confirmation body', async () => {
    const tooLong = await confirm('x'.repeat(500));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION', fields: { token: expect.any(String) } });
    const missing = await shop.app.inject({ method: 'POST', url: '/v1/storefront/confirm-subscription', payload: { business: 'adire-blooms' } });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', fields: { token: 'is required' } });
  });
});

describe('welcome mail and unsubscribe', () => {
  it('mails a readable welcome with the shop contact and an unsubscribe link that works when followed', async () => {
    await subscribeAndConfirm('chioma@example.com');
    const [mail] = await mailsTo('Chioma@EXAMPLE.com');
    expect(mail).toBeDefined();
    const welcome = mail as DevMail;
    expect(welcome.to).toBe('chioma@example.com');
    expect(welcome.text).toContain('Thank you for subscribing to the Adire Blooms newsletter');
    expect(welcome.html).toContain('<h1');
    expect(welcome.html).toContain('Welcome to the Adire Blooms newsletter');
    // Contact from the shopContact setting, in both bodies.
    for (const body of [welcome.text, welcome.html]) {
      expect(body).toContain('+234 803 555 0142');
      expect(body).toContain('hello@adireblooms.ng');
    }
    expect(welcome.text).toContain(`${DEFAULT_PUBLIC_URL}/unsubscribe?token=`);
    expect(welcome.html).toContain(`href="${DEFAULT_PUBLIC_URL}/unsubscribe?token=`);

    // 32 random bytes, base64url; only the sha256 is stored.
    const token = tokenOf(welcome);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await rows('chioma@example.com');
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const everything = JSON.stringify(await shop.db.kysely.selectFrom('newsletter_subscription').selectAll().execute());
    expect(everything).not.toContain(token);

    // Follow the link the way the unsubscribe page does: token from the URL, POSTed with the business.
    const link = new URL((welcome.text.match(/http\S+\/unsubscribe\?token=\S+/) as RegExpMatchArray)[0]);
    expect(link.pathname).toBe('/unsubscribe');
    const res = await unsubscribe(link.searchParams.get('token'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { unsubscribed: true, email: 'c***@example.com' } });
    expect((await rows('chioma@example.com'))[0]?.status).toBe('unsubscribed');

    // The same link again still answers kindly.
    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
  });

  it('re-subscribing after unsubscribing asks for confirmation again, then a fresh token and a new welcome', async () => {
    const email = 'femi@example.com';
    const oldToken = tokenOf(await subscribeAndConfirm(email));
    const followed = confirmTokenOf((await mailsTo(email))[1] as DevMail);
    expect((await unsubscribe(oldToken)).statusCode).toBe(200);
    // The confirmation link already followed does not subscribe the address again.
    expect((await confirm(followed)).statusCode).toBe(404);
    expect(await rows(email)).toMatchObject([{ status: 'unsubscribed' }]);

    const back = await subscribe(email);
    expect(back.json()).toEqual(SAME_ANSWER(email));
    const [ask] = await mailsTo(email);
    expect(ask?.subject).toBe(CONFIRM_SUBJECT);
    expect(await rows(email)).toMatchObject([{ status: 'unsubscribed' }]);
    expect((await confirm(confirmTokenOf(ask as DevMail))).statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([WELCOME_SUBJECT, CONFIRM_SUBJECT, WELCOME_SUBJECT, CONFIRM_SUBJECT]);
    const newToken = tokenOf(mails[0] as DevMail);
    expect(newToken).not.toBe(oldToken);
    expect(await rows(email)).toMatchObject([{ status: 'subscribed' }]);

    // The old link has been replaced; the new one works.
    const stale = await unsubscribe(oldToken);
    expect(stale.statusCode).toBe(404);
    expect((await unsubscribe(newToken)).json()).toEqual({ data: { unsubscribed: true, email: 'f***@example.com' } });
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['well-formed but unknown', 'A'.repeat(43)],
    ['empty', ''],
  ])('answers an unknown unsubscribe token (%s) with a 404', async (_name, token) => {
    const res = await unsubscribe(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This unsubscribe link is not valid or has expired', code: 'NOT_FOUND' });
  });

  it('validates the unsubscribe body', async () => {
    const tooLong = await unsubscribe('x'.repeat(500));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION', fields: { token: expect.any(String) } });
    const missing = await shop.app.inject({ method: 'POST', url: '/v1/storefront/unsubscribe', payload: { business: 'adire-blooms' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', fields: { token: 'is required' } });
    const malformed = await shop.app.inject({
      method: 'POST',
      url: '/v1/storefront/unsubscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"business":"adire-blooms","token":',
    });
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
  });

  it('counts nothing when the confirmation mail cannot be sent, so a retry mails it', async () => {
    const broken = await buildApp({
      db: shop.db,
      config: { ...shop.dirs, bodyLimitBytes: 16 * 1024, logLevel: 'silent' },
      mailer: { send: async () => Promise.reject(new Error('SMTP is down')) },
      logger: false,
    });
    try {
      const res = await subscribe('bola@example.com', {}, broken);
      expect(res.statusCode).toBe(500);
      expect(await mailsTo('bola@example.com')).toHaveLength(0);
    } finally {
      await broken.close();
    }
    expect((await subscribe('bola@example.com')).statusCode).toBe(200);
    expect((await mailsTo('bola@example.com')).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
  });
});

describe('dev mailbox', () => {
  const mailer = () => createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });

  it('lists mail newest first as {id,to,subject,text,html,createdAt}, filtered by recipient in any case', async () => {
    await mailer().send({ to: 'Ngozi@Example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await new Promise((r) => setTimeout(r, 5));
    await mailer().send({ to: 'someone.else@example.com', subject: 'Other', text: 'x', html: '<p>x</p>' });
    await new Promise((r) => setTimeout(r, 5));
    await mailer().send({ to: 'ngozi@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });

    const res = await shop.app.inject('/dev/mail.json?to=NGOZI%40example.COM');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const mails = res.json().data as DevMail[];
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(Object.keys(mails[0] as DevMail).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);
    expect(mails[0]).toMatchObject({ to: 'ngozi@example.com', text: 'two', html: '<p>two</p>' });
    expect(Number.isNaN(Date.parse((mails[0] as DevMail).createdAt))).toBe(false);

    const all = (await shop.app.inject('/dev/mail.json')).json().data as DevMail[];
    expect(all.map((m) => m.to)).toContain('someone.else@example.com');
    const times = all.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await shop.app.inject('/dev/mail.json?to=nobody%40example.com')).json()).toEqual({ data: [] });
  });

  it('shows mail on an HTML page with subjects and bodies escaped and the HTML body in a sandboxed frame', async () => {
    const hostileSubject = `<script>alert("pwned")</script> & 'friends'`;
    await mailer().send({
      to: 'hostile@example.com',
      subject: hostileSubject,
      text: 'Plain <b>text</b> body',
      html: `<h1>Hi</h1><img src=x onerror="alert('x')"><script>alert(2)</script>`,
    });
    const res = await shop.app.inject('/dev/mail?to=hostile%40example.com');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const page = res.body;
    expect(page).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;friends&#39;');
    expect(page).toContain('Plain &lt;b&gt;text&lt;/b&gt; body');
    expect(page).toContain('hostile@example.com');
    // Nothing from the mail becomes markup of the page itself.
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/<img/i);
    expect(page).not.toContain('<b>text</b>');
    const frame = page.match(/<iframe([^>]*)>/)?.[1] ?? '';
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain(
      'srcdoc="&lt;h1&gt;Hi&lt;/h1&gt;&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"',
    );
  });

  it('lists the newest mail of every recipient without a filter', async () => {
    const page = (await shop.app.inject('/dev/mail')).body;
    expect(page).toContain('Dev mailbox');
    expect(page).toContain('Welcome to the Adire Blooms newsletter');
    expect(page).toContain('someone.else@example.com');
  });
});

describe('production', () => {
  let prod: FastifyInstance;
  let shellDir: string;
  beforeAll(async () => {
    // A built shell, so the page fallback would answer /dev/mail if the reader did not refuse it.
    shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-shell-'));
    fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Adire Blooms</title>');
    prod = await buildApp({
      db: shop.db,
      config: { shellDir, releasesDir: shop.dirs.releasesDir, bodyLimitBytes: 16 * 1024, logLevel: 'silent', production: true, publicUrl: 'https://shop.example.ng' },
      logger: false,
    });
  });
  afterAll(async () => {
    await prod.close();
    fs.rmSync(shellDir, { recursive: true, force: true });
  });

  it('does not serve the dev mailbox', async () => {
    expect((await prod.inject('/')).statusCode).toBe(200);
    for (const url of ['/dev/mail', '/dev/mail?to=chioma%40example.com', '/dev/mail.json', '/dev/mail.json?to=chioma%40example.com']) {
      const res = await prod.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('example.com');
    }
  });

  it('still subscribes, with the confirmation link on the public URL', async () => {
    const res = await subscribe('prod.reader@example.com', {}, prod);
    expect(res.json()).toEqual(SAME_ANSWER('prod.reader@example.com'));
    const [mail] = await mailsTo('prod.reader@example.com');
    expect(mail?.text).toMatch(/https:\/\/shop\.example\.ng\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}\n/);
  });
});

describe('deferred mail (order confirmations)', () => {
  const rawOf = async (id: string) =>
    (await shop.db.kysely.selectFrom('mail_outbox').select(['raw', 'text_body']).where('to_address', '=', id).executeTakeFirstOrThrow());

  it('is in the outbox when send resolves, built with nodemailer by idle(), in the order sent', async () => {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    const to = ['deferred-1@example.com', 'deferred-2@example.com', 'deferred-3@example.com'];
    for (const address of to) await mailer.send({ to: address, subject: 'Your order', text: `for ${address}`, html: `<p>for ${address}</p>` }, { deferred: true });
    // The facts are kept at once: a crash now loses no mail.
    expect((await rawOf(to[0]!)).text_body).toBe(`for ${to[0]}`);
    await mailer.idle!();
    for (const address of to) {
      const row = await rawOf(address);
      expect(row.raw).toContain('Content-Type: multipart/alternative');
      expect(row.raw).toContain(`To: ${address}`);
    }
  });

  it('after a restart, builds the mail a killed server kept but never built, once', async () => {
    // What a server killed between a checkout's answer and building its confirmation leaves behind.
    await shop.db.kysely
      .insertInto('mail_outbox')
      .values({ id: 'kept-by-a-killed-server', to_address: 'resumed@example.com', subject: 'Your order', text_body: 'kept', html_body: '<p>kept</p>', raw: '', transport: 'outbox', created_at: new Date().toISOString() })
      .execute();
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    expect(await mailer.resumeDeferred!()).toBe(1);
    await mailer.idle!();
    expect((await rawOf('resumed@example.com')).raw).toContain('To: resumed@example.com');
    expect(await mailer.resumeDeferred!()).toBe(0);
  });

  it('reports a delivery that fails instead of failing the request that sent it', async () => {
    const failures: string[] = [];
    // Nothing listens on port 9 (discard): the SMTP delivery fails after the outbox has the mail.
    const mailer = createMailer({
      db: shop.db,
      from: 'Adire Blooms <hello@adireblooms.ng>',
      smtpUrl: 'smtp://127.0.0.1:9',
      onDeliveryError: (err, id) => failures.push(`${id}: ${(err as Error).message}`),
    });
    await expect(mailer.send({ to: 'smtp-down@example.com', subject: 'Your order', text: 'kept', html: '<p>kept</p>' }, { deferred: true })).resolves.toBeUndefined();
    await mailer.idle!();
    expect(failures).toHaveLength(1);
    expect((await rawOf('smtp-down@example.com')).text_body).toBe('kept');
    // Without `deferred` the same failure reaches the caller, as the newsletter needs it to.
    await expect(mailer.send({ to: 'smtp-down-2@example.com', subject: 'Welcome', text: 'x', html: '<p>x</p>' })).rejects.toThrow();
  });
});
