import type { OccasionReminder } from '@adire/contracts/account';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { dueOccasion, sendDueReminders } from '../src/domains/account';
import { createMailer } from '../src/mail/mailer';
import { confirmSignupEmail, startTestShop, type TestShop } from './helpers';

// Issue 33, item 3: occasion reminders. A mail some days before the date, at most once per occasion
// per year — across two processes too — with a stop link needing no login; tested on an injected clock.
let shop: TestShop;
const business = 'adire-blooms';
const clock = { at: new Date('2030-05-01T08:00:00.000Z') };
let token: string;
let other: string;
const publicUrl = 'https://shop.example';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: string, payload?: Record<string, unknown>) =>
  shop.app.inject({
    method,
    url: method === 'POST' ? url : `${url}?business=${business}`,
    headers: who ? { authorization: `Bearer ${who}` } : {},
    ...(method === 'POST' ? { payload: { business, ...payload } } : {}),
  });
const data = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
};
const mails = async (to: string) =>
  shop.db.kysely.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).where('subject', 'like', '%remind you of%').orderBy('created_at').execute();

beforeAll(async () => {
  shop = await startTestShop({ now: () => clock.at });
  // Verified shoppers: reminders go only to proven addresses (issue 38, item 5; email-verification.test.ts).
  const signup = async (email: string) => {
    const authToken = (await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email, password: 'Petals-and-rain' } })).json().data.authToken as string;
    expect((await confirmSignupEmail(shop, email)).statusCode).toBe(200);
    return authToken;
  };
  token = await signup('kemi@example.com');
  other = await signup('femi@example.com');
});
afterAll(() => shop.close());

describe('the rule', () => {
  it('is due from N days before the date to the date, this year or next', () => {
    expect(dueOccasion('05-14', 7, '2030-05-06')).toBeNull();
    expect(dueOccasion('05-14', 7, '2030-05-07')).toEqual({ year: 2030, date: '2030-05-14' });
    expect(dueOccasion('05-14', 7, '2030-05-14')).toEqual({ year: 2030, date: '2030-05-14' });
    expect(dueOccasion('05-14', 7, '2030-05-15')).toBeNull();
    expect(dueOccasion('01-03', 7, '2030-12-28')).toEqual({ year: 2031, date: '2031-01-03' });
    expect(dueOccasion('02-29', 1, '2031-02-27')).toEqual({ year: 2031, date: '2031-02-28' });
  });
});

describe('reminders', () => {
  it('are set, listed and deleted by their owner only; bad input is named and changes nothing', async () => {
    expect((await call('POST', '/v1/storefront/account/reminders', undefined, { name: 'Mum', date: '2029-05-14' })).statusCode).toBe(401);
    const bad = await call('POST', '/v1/storefront/account/reminders', token, { name: ' ', date: '2029-02-30', daysBefore: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ name: 'is required', date: 'must be a date such as 2026-05-14', daysBefore: 'must be a whole number of days from 1 to 60' });
    expect(data<OccasionReminder[]>(await call('GET', '/v1/storefront/account/reminders', token))).toEqual([]);
    // Days before: a JSON number only (issue 38, P10: true was stored as 1 and "7" as 7).
    for (const daysBefore of [true, '7', [7], '', { n: 7 }]) {
      const res = await call('POST', '/v1/storefront/account/reminders', token, { name: 'Mum', date: '2029-05-14', daysBefore });
      expect(res.statusCode, JSON.stringify(daysBefore)).toBe(400);
      expect(res.json().fields).toEqual({ daysBefore: 'must be a whole number of days from 1 to 60' });
    }
    expect(data<OccasionReminder[]>(await call('GET', '/v1/storefront/account/reminders', token))).toEqual([]);

    const list = data<OccasionReminder[]>(await call('POST', '/v1/storefront/account/reminders', token, { name: "Mum's birthday", date: '2029-05-14' }));
    expect(list).toEqual([expect.objectContaining({ name: "Mum's birthday", monthDay: '05-14', daysBefore: 7, stopped: false })]);
    const spare = data<OccasionReminder[]>(await call('POST', '/v1/storefront/account/reminders', token, { name: 'Spare', date: '12-25', daysBefore: 3 }));
    const spareId = spare.find((r) => r.name === 'Spare')!.id;
    expect(data<OccasionReminder[]>(await call('GET', '/v1/storefront/account/reminders', other))).toEqual([]);
    expect((await call('DELETE', `/v1/storefront/account/reminders/${spareId}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/storefront/account/reminders/${spareId}`)).statusCode).toBe(401);
    expect(data<OccasionReminder[]>(await call('DELETE', `/v1/storefront/account/reminders/${spareId}`, token)).map((r) => r.name)).toEqual(["Mum's birthday"]);
  });

  it('mail once per occasion per year, never twice across two processes, and stop at the link', async () => {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    clock.at = new Date('2030-05-06T08:00:00.000Z'); // 8 days before: not yet
    expect(await sendDueReminders(shop.db, mailer, { now: clock.at, publicUrl })).toBe(0);

    clock.at = new Date('2030-05-07T08:00:00.000Z'); // 7 days before
    // A second process on the same database runs at the same moment: one mail in all.
    const second = openDatabase(shop.where);
    const secondMailer = createMailer({ db: second, from: 'Adire Blooms <hello@adireblooms.ng>' });
    try {
      const sent = await Promise.all([sendDueReminders(shop.db, mailer, { now: clock.at, publicUrl }), sendDueReminders(second, secondMailer, { now: clock.at, publicUrl })]);
      expect(sent[0] + sent[1]).toBe(1);
      await mailer.idle?.();
      await secondMailer.idle?.();
      // A restart (a fresh run) the next day sends nothing more this year.
      expect(await sendDueReminders(second, secondMailer, { now: new Date('2030-05-08T08:00:00.000Z'), publicUrl })).toBe(0);
    } finally {
      await second.close();
    }
    const sentMails = await mails('kemi@example.com');
    expect(sentMails).toHaveLength(1);
    // The shopper's words are in the body, never in the subject (issue 38, item 5).
    expect(sentMails[0]!.subject).toBe('A date you asked us to remind you of: Tuesday 14 May');
    expect(sentMails[0]!.text_body).toContain("Mum's birthday is on Tuesday 14 May");
    expect(sentMails[0]!.text_body).toContain(`${publicUrl}/account`);
    const stop = /\/account\/reminders\/stop\?token=([A-Za-z0-9_-]+)/.exec(sentMails[0]!.text_body)![1]!;

    // Next year's mail goes out again (the same occasion, another year)…
    expect(await sendDueReminders(shop.db, mailer, { now: new Date('2031-05-10T08:00:00.000Z'), publicUrl })).toBe(1);
    await mailer.idle?.();
    const latest = (await mails('kemi@example.com')).at(-1)!;
    const latestStop = /\/account\/reminders\/stop\?token=([A-Za-z0-9_-]+)/.exec(latest.text_body)![1]!;
    expect(latestStop).not.toBe(stop);

    // …until the one-click stop link (no login) is used: nothing in later years.
    expect((await call('POST', '/v1/storefront/account/reminders/stop', undefined, { token: 'short' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/storefront/account/reminders/stop', undefined, { token: 'x'.repeat(43) })).statusCode).toBe(404);
    const stopped = await call('POST', '/v1/storefront/account/reminders/stop', undefined, { token: latestStop });
    expect(data<{ stopped: boolean; name: string }>(stopped)).toEqual({ stopped: true, name: "Mum's birthday" });
    expect(stopped.headers['cache-control']).toBe('private, no-store');
    expect(await sendDueReminders(shop.db, mailer, { now: new Date('2032-05-10T08:00:00.000Z'), publicUrl })).toBe(0);
    expect(data<OccasionReminder[]>(await call('GET', '/v1/storefront/account/reminders', token))[0]!.stopped).toBe(true);
  });

  it('are no mail cannon: a few a day per account, the rest the next days; the shopper’s text never in a subject', async () => {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    const who = (await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'cannon@example.com', password: 'Petals-and-rain' } })).json().data.authToken as string;
    expect((await confirmSignupEmail(shop, 'cannon@example.com')).statusCode).toBe(200);
    // The review's case: many reminders due this week, named like a scam.
    for (let i = 0; i < 7; i++) data(await call('POST', '/v1/storefront/account/reminders', who, { name: `URGENT: your bank card is blocked, call 0800 ${i}`, date: '2034-09-20', daysBefore: 7 }));
    const day = (d: string) => new Date(`2034-09-${d}T08:00:00.000Z`);
    expect(await sendDueReminders(shop.db, mailer, { now: day('14'), publicUrl })).toBe(3);
    expect(await sendDueReminders(shop.db, mailer, { now: day('14'), publicUrl })).toBe(0); // the same day again: none
    expect(await sendDueReminders(shop.db, mailer, { now: day('15'), publicUrl })).toBe(3);
    expect(await sendDueReminders(shop.db, mailer, { now: day('16'), publicUrl })).toBe(1);
    await mailer.idle?.();
    const sent = await mails('cannon@example.com');
    expect(sent).toHaveLength(7);
    for (const m of sent) expect(m.subject).toBe('A date you asked us to remind you of: Wednesday 20 September');
  });

  it('are erased with the account', async () => {
    data(await call('POST', '/v1/storefront/account/reminders', other, { name: 'Anniversary', date: '06-01' }));
    const del = await shop.app.inject({ method: 'DELETE', url: '/v1/storefront/account', headers: { authorization: `Bearer ${other}` }, payload: { business, password: 'Petals-and-rain', confirmation: 'DELETE' } });
    expect(del.statusCode, del.body).toBe(200);
    const left = await shop.db.kysely.selectFrom('occasion_reminder').select('name').execute();
    expect(left.map((r) => r.name).filter((n) => !n.startsWith('URGENT'))).toEqual(["Mum's birthday"]);
  });
});
