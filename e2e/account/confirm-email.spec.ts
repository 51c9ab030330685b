import { expect, test } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { requireDevMailbox, uniqueEmail } from '../support';

// Issue 38, item 5: reminders go only to verified addresses. Sign-up mails a confirmation link; the
// page it opens asks for one click (opening it alone changes nothing); after it, a reminder is accepted.

const business = 'adire-blooms';

for (const device of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 412, height: 915 } },
]) {
  test.describe(`the sign-up mail's confirmation link on a ${device.name}`, () => {
    test.use({ viewport: device.viewport });

    test('opens with no login, asks for one click, and then reminders are accepted', async ({ page, request }) => {
      await requireDevMailbox(request);
      const email = uniqueEmail(`confirm-email-${device.name}`);
      const signup = await request.post('/v1/storefront/auth/signup', { data: { business, email, password: 'Hibiscus-2026', name: 'Ada Obi' } });
      expect(signup.status()).toBe(201);
      const auth = { authorization: `Bearer ${(await signup.json()).data.authToken}` };
      const remind = () => request.post('/v1/storefront/account/reminders', { headers: auth, data: { business, name: "Mum's birthday", date: '10-20', daysBefore: 1 } });
      const refused = await remind();
      expect(refused.status()).toBe(409);
      expect((await refused.json()).message).toMatch(/^Please confirm your e-mail address first/);

      const mails = (await (await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json()).data as { subject: string; text: string }[];
      const mail = mails.find((m) => m.subject === 'Confirm your e-mail address for Adire Blooms');
      const link = /(\S+\/account\/confirm-email\?token=\S+)/.exec(mail!.text)?.[1];
      expect(link).toBeTruthy();

      const url = new URL(link!);
      await page.goto(url.pathname + url.search); // this store's own address (the mail's base is PUBLIC_URL)
      await expect(page.getByRole('heading', { name: 'Confirm your e-mail address', level: 1 })).toBeVisible();
      await expectAccessible(page, 'the confirmation page of a sign-up mail');
      expect((await remind()).status()).toBe(409); // opening the link alone changes nothing
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Thank you: ${email} is confirmed.` })).toBeVisible();
      expect((await remind()).status()).toBe(201);
    });
  });
}
