import { expect, test } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { latestMail, requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { backoffice, logIn, newStaff } from './staff';

test.describe('the back office by role', () => {
  test.beforeEach(async ({ page }) => {
    requireOperator();
    await requireDevMailbox(page.request);
  });

  test('a florist cannot open the settings; a manager changes the alert banner with a live preview (the next shopper page shows it) and invites a florist, who sets a password from the mailed code', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const florist = await newStaff(page, 'florist');
    await logIn(page, florist);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Releases' })).toHaveCount(0);
    await page.goto('/backoffice/settings');
    await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
    const refused = await backoffice(page, 'GET', 'settings', florist.token);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('A florist cannot open the settings. Ask a manager.');

    const manager = await newStaff(page, 'manager');
    const before = (await (await backoffice(page, 'GET', 'settings', manager.token)).json()).data.siteWideAlert as string;
    try {
      await logIn(page, manager);
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expectAccessible(page, 'the settings');

      const alert = page.getByRole('form', { name: 'Alert banner' });
      await alert.getByLabel('Alert banner text').fill('Mothers Day orders close Saturday: free delivery above {{150000}}');
      await expect(alert.getByRole('region', { name: 'Preview' })).toContainText('NGN: Mothers Day orders close Saturday: free delivery above ₦150,000');
      await alert.getByRole('button', { name: 'Save alert' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Site-wide alert set' })).toBeVisible();

      // Bad input: a clear message beside the field, nothing saved.
      const rates = page.getByRole('form', { name: 'Currency rates' });
      await rates.getByLabel('USD rate').fill('1,550');
      await rates.getByRole('button', { name: 'Save rates' }).click();
      await expect(page.getByRole('alert').filter({ hasText: "The rate must be a positive number such as 1550 or 1920.5, got '1,550'." })).toBeVisible();

      // A new shopper page shows the banner.
      const shopper = await browser.newContext({ timezoneId: 'Africa/Lagos' });
      const store = await shopper.newPage();
      await store.goto('/');
      await expect(store.getByRole('region', { name: 'Site alert' })).toContainText('Mothers Day orders close Saturday: free delivery above ₦150,000');
      await shopper.close();

      // The audit lists the change, before and after.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' }).click();
      await page.getByRole('search', { name: 'Filter the audit' }).getByLabel('Who (e-mail)').fill(manager.email);
      const entry = page.getByRole('list', { name: 'Staff actions' }).getByRole('listitem').filter({ hasText: 'settings.alert' });
      await expect(entry).toContainText('free delivery above {{150000}}');
      await expect(entry).toContainText(`${manager.email} (manager)`);

      // The manager invites a florist, who sets a password with the mailed code and lands on the board.
      const invited = uniqueEmail('invited-florist');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
      const invite = page.getByRole('form', { name: 'Invite a member of staff' });
      await invite.getByLabel('E-mail').fill(invited);
      await invite.getByLabel('Role').selectOption('florist');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('status').filter({ hasText: `${invited} is invited as a florist` })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Members of staff' }).getByRole('listitem').filter({ hasText: invited })).toContainText('invited, no password yet');
      const mail = await latestMail(page, invited, /back office/);
      const code = /invitation code: (\d{6})/.exec(mail.text)![1]!;
      const newcomer = await (await browser.newContext()).newPage();
      await newcomer.goto(`/backoffice/welcome?email=${encodeURIComponent(invited)}`);
      const welcome = newcomer.getByRole('form', { name: 'Set your password' });
      await expect(welcome.getByLabel('E-mail')).toHaveValue(invited);
      await welcome.getByLabel('Invitation code').fill(code);
      await welcome.getByLabel('New password').fill('Florist-new-2026');
      await welcome.getByRole('button', { name: 'Set password' }).click();
      await expect(newcomer.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      await expect(newcomer.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
      await newcomer.context().close();
    } finally {
      await backoffice(page, 'PUT', 'settings', manager.token, { siteWideAlert: before });
    }
  });

  test('on a phone: the login, the board and the back office’s own not-found page, without the store’s header and footer', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const florist = await newStaff(page, 'florist');
    await logIn(page, florist);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/backoffice/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('[data-boundary="backoffice"]')).toContainText('The back office has no such page.');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
