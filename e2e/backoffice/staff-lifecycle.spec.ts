import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { latestMail, requireDevMailbox, requireOperator } from '../support';
import { backoffice, logIn, newStaff, type Staff } from './staff';

// Issue 32: a manager ends and changes staff accounts from the Staff page; a member who forgot the
// password gets a code by mail and sets a new one on the reset page. Desktop and a 412 px phone, axe.

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

async function openStaff(page: Page, manager: Staff) {
  await logIn(page, manager);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
}
const card = (page: Page, email: string) => page.getByRole('list', { name: 'Members of staff' }).getByRole('listitem', { name: email, exact: true });

test.describe('staff accounts after the invitation', () => {
  test.beforeEach(async ({ page }) => {
    requireOperator();
    await requireDevMailbox(page.request);
  });

  test('a manager disables and enables a florist (the florist’s session stops), changes the role, signs them out everywhere, unlocks, sends a reset code and removes them', async ({ page }) => {
    test.setTimeout(90_000);
    const florist = await newStaff(page, 'florist');
    const manager = await newStaff(page, 'manager');
    await openStaff(page, manager);
    const member = card(page, florist.email);
    await expect(member).toContainText('active');
    await expectAccessible(page, 'the Staff page with its controls');

    await member.getByRole('button', { name: 'Disable' }).click();
    await expect(status(page, `${florist.email} is disabled`)).toBeVisible();
    await expect(member).toContainText('disabled');
    expect((await backoffice(page, 'GET', 'me', florist.token)).status()).toBe(401);
    await member.getByRole('button', { name: 'Enable' }).click();
    await expect(status(page, `${florist.email} is enabled again`)).toBeVisible();

    await member.getByLabel(`Role of ${florist.email}`).selectOption('manager');
    await member.getByRole('button', { name: 'Change role' }).click();
    await expect(status(page, `${florist.email} is now a manager`)).toBeVisible();
    await expect(member.getByRole('definition').filter({ hasText: /^manager$/ })).toBeVisible();
    await member.getByLabel(`Role of ${florist.email}`).selectOption('florist');
    await member.getByRole('button', { name: 'Change role' }).click();
    await expect(status(page, `${florist.email} is now a florist`)).toBeVisible();

    const login = await page.request.post('/v1/backoffice/auth/login', { data: { business: 'adire-blooms', email: florist.email, password: florist.password } });
    const token = (await login.json()).data.token as string;
    await member.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(status(page, `${florist.email} is signed out everywhere (1 session ended).`)).toBeVisible();
    expect((await backoffice(page, 'GET', 'me', token)).status()).toBe(401);

    await member.getByRole('button', { name: 'Unlock logins' }).click();
    await expect(status(page, `${florist.email} can log in again`)).toBeVisible();
    await member.getByRole('button', { name: 'Send a password reset code' }).click();
    await expect(status(page, `A code to choose a new password is on its way to ${florist.email}`)).toBeVisible();
    expect((await latestMail(page, florist.email, /new .*password/)).text).toMatch(/Your code: \d{6}/);

    await member.getByRole('button', { name: 'Remove' }).click();
    await member.getByRole('button', { name: `Yes, remove ${florist.email}` }).click();
    await expect(status(page, `${florist.email} is removed from the staff`)).toBeVisible();
    await expect(card(page, florist.email)).toHaveCount(0);

    // The audit keeps who they were.
    const audit = (await (await backoffice(page, 'GET', `audit?target=${encodeURIComponent(florist.email)}`, manager.token)).json()).data as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['staff.remove', 'staff.reset-sent', 'staff.unlock', 'staff.sign-out', 'staff.role', 'staff.enable', 'staff.disable']));
  });

  test('a role picked while the list reloads after enabling a florist is kept, and changes the role', async ({ page }) => {
    const florist = await newStaff(page, 'florist');
    const manager = await newStaff(page, 'manager');
    await openStaff(page, manager);
    const member = card(page, florist.email);
    await member.getByRole('button', { name: 'Disable' }).click();
    await expect(member).toContainText('disabled');
    // The list read after "Enable" is held until the manager has picked a role.
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(/\/v1\/backoffice\/staff(\?|$)/, async (route) => (route.request().method() === 'GET' ? (await held, route.continue()) : route.continue()));
    await member.getByRole('button', { name: 'Enable' }).click();
    await expect(status(page, `${florist.email} is enabled again`)).toBeVisible();
    await member.getByLabel(`Role of ${florist.email}`).selectOption('manager');
    letThrough();
    await expect(member).toContainText('active');
    await expect(member.getByLabel(`Role of ${florist.email}`)).toHaveValue('manager');
    await member.getByRole('button', { name: 'Change role' }).click();
    await expect(status(page, `${florist.email} is now a manager`)).toBeVisible();
  });

  test('a member who forgot the password asks for a code on the reset page, sets a new one and lands on the board', async ({ page }) => {
    test.setTimeout(60_000);
    const florist = await newStaff(page, 'florist');
    await page.goto('/backoffice/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await page.getByRole('form', { name: 'Ask for a code' }).getByLabel('E-mail').fill(florist.email);
    await page.getByRole('button', { name: 'Mail me a code' }).click();
    await expect(status(page, 'If this address belongs to a member of staff, a code to choose a new password is on its way')).toBeVisible();
    await expectAccessible(page, 'the reset page');
    const code = /Your code: (\d{6})/.exec((await latestMail(page, florist.email, /new .*password/)).text)![1]!;
    const form = page.getByRole('form', { name: 'Set a new password' });
    await form.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
    await form.getByLabel('New password').fill('Chosen-anew-2026');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right, or it has expired. Ask for a new code.');
    await form.getByLabel('Code from the e-mail').fill(code);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    expect((await backoffice(page, 'GET', 'me', florist.token)).status()).toBe(401);
  });

  test('on a phone: the Staff page with its controls and the reset page fit the screen and pass axe', async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      const florist = await newStaff(page, 'florist');
      const manager = await newStaff(page, 'manager');
      await openStaff(page, manager);
      const member = card(page, florist.email);
      await expect(member.getByRole('button', { name: 'Disable' })).toBeVisible();
      await member.getByRole('button', { name: 'Remove' }).click();
      await expect(member.getByRole('button', { name: `Yes, remove ${florist.email}` })).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'the Staff page on a phone');
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.goto(`/backoffice/reset?email=${encodeURIComponent(florist.email)}`);
      await expect(page.getByRole('form', { name: 'Ask for a code' }).getByLabel('E-mail')).toHaveValue(florist.email);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'the reset page on a phone');
    } finally {
      await context.close();
    }
  });
});
