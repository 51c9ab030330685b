import { expect, test } from '@playwright/test';
import { sendDueReminders } from '../../server/src/domains/account/testing';
import { expectAccessible } from '../journeys/a11y';
import { confirmSignupEmail, requireDevMailbox, requireOperator, uniqueEmail, withShopDb } from '../support';

// Issue 33, item 4: each reminder mail has a one-click stop link that needs no login. The mail is made
// by the scheduler's own call on an injected clock (its day in 2099, so no other reminder is due with it);
// the test opens the link from that mail with no session, sees the confirmation, and the reminder is stopped.

const business = 'adire-blooms';
type Mail = { to: string; subject: string; text: string };

for (const device of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, day: '10-20', now: '2099-10-19T09:00:00.000Z' },
  { name: 'phone', viewport: { width: 412, height: 915 }, day: '11-20', now: '2099-11-19T09:00:00.000Z' },
]) {
  test.describe(`a reminder's stop link on a ${device.name}`, () => {
    test.use({ viewport: device.viewport });

    test('opens with no login, asks for one click, and stops the reminder', async ({ page, request, baseURL }) => {
      requireOperator();
      const email = uniqueEmail(`reminder-stop-${device.name}`);
      const signup = await request.post('/v1/storefront/auth/signup', { data: { business, email, password: 'Hibiscus-2026', name: 'Ada Obi' } });
      expect(signup.status()).toBe(201);
      await requireDevMailbox(request);
      await confirmSignupEmail(request, email); // reminders go only to a confirmed address (issue 38, item 5)
      const auth = { authorization: `Bearer ${(await signup.json()).data.authToken}` };
      const added = await request.post('/v1/storefront/account/reminders', { headers: auth, data: { business, name: "Mum's birthday", date: device.day, daysBefore: 1 } });
      expect(added.status(), await added.text()).toBe(201);
      const reminders = async () => (await (await request.get(`/v1/storefront/account/reminders?business=${business}`, { headers: auth })).json()).data as { name: string; stopped: boolean }[];

      // The scheduler's run on the day before: the mail, with its stop link.
      const mails: Mail[] = [];
      const mailer = { send: async (mail: Mail) => void mails.push(mail) } as unknown as Parameters<typeof sendDueReminders>[1];
      await withShopDb((db) => sendDueReminders(db, mailer, { now: new Date(device.now), publicUrl: baseURL! }));
      const mail = mails.find((m) => m.to === email);
      // The shop's words in the subject, the shopper's only in the body (issue 38, item 5).
      expect(mail?.subject).toMatch(/^A date you asked us to remind you of: /);
      expect(mail?.text).toMatch(/^Mum's birthday is on /);
      const link = /Stop this reminder \(no login needed\): (\S+)/.exec(mail!.text)?.[1];
      expect(link).toMatch(/\/account\/reminders\/stop\?token=/);

      // Opened with no login: one button; opening alone changes nothing.
      await page.goto(link!);
      await expect(page.getByRole('heading', { name: 'Stop a reminder', level: 1 })).toBeVisible();
      await expectAccessible(page, 'the stop page of a reminder mail');
      expect(await reminders()).toEqual([expect.objectContaining({ name: "Mum's birthday", stopped: false })]);
      await page.getByRole('button', { name: 'Stop this reminder' }).click();
      await expect(page.getByRole('status').filter({ hasText: "You will get no more e-mails for Mum's birthday." })).toBeVisible();
      expect(await reminders()).toEqual([expect.objectContaining({ name: "Mum's birthday", stopped: true })]);
    });
  });
}
