import { expect, test, type Locator, type Page } from '@playwright/test';
import { toast } from '../checkout/helpers';
import { uniqueEmail } from '../support';

/** The element lies wholly within the screen's width. */
async function expectWithinScreen(page: Page, element: Locator, what: string) {
  const width = page.viewportSize()!.width;
  const box = (await element.boundingBox())!;
  expect(box, `${what} is not laid out`).not.toBeNull();
  expect(box.x, `${what} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends right of the screen`).toBeLessThanOrEqual(width + 0.5);
}

for (const width of [412, 360, 320]) {
  test.describe(`the account dropdown on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: width === 412 ? 915 : 780 }, timezoneId: 'Africa/Lagos' });

    test('fits the screen: a shopper signs up from the header, and the signed-in panel fits too', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Account' }).click();
      const panel = page.getByRole('group', { name: 'Login' });
      await expect(panel).toBeVisible();
      await expectWithinScreen(page, panel, 'the login panel');
      await expectWithinScreen(page, panel.getByRole('heading', { name: 'Login' }), 'the login title');
      await expectWithinScreen(page, panel.getByLabel('Email'), 'the Email field');
      const register = panel.getByRole('button', { name: 'Register' });
      await expectWithinScreen(page, register, 'the Register link');
      await expectWithinScreen(page, panel.getByRole('button', { name: 'Forgot Password' }), 'the Forgot Password link');

      await register.click();
      const signup = page.getByRole('form', { name: 'Sign up' });
      await expect(signup).toBeVisible();
      const email = uniqueEmail(`phone-${width}`);
      for (const [label, value] of [['Email', email], ['Password', 'Petals-2026!']] as const) {
        const field = signup.getByLabel(label, { exact: true });
        await expectWithinScreen(page, field, `the ${label} field`);
        await field.fill(value);
      }
      const submit = signup.getByRole('button', { name: 'Register' });
      await expectWithinScreen(page, submit, 'the Register button');
      await submit.click();
      await expect(toast(page, 'User signed up successfully')).toBeVisible();

      const signedIn = page.getByRole('group', { name: 'Your account' });
      if (!(await signedIn.isVisible())) await page.getByRole('button', { name: new RegExp(email.split('@')[0]!) }).click();
      await expect(signedIn).toBeVisible();
      await expectWithinScreen(page, signedIn, 'the signed-in panel');
      await expectWithinScreen(page, signedIn.getByRole('button', { name: 'Logout' }), 'the Logout button');
    });
  });
}
