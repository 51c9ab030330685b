import { expect, test } from '@playwright/test';
import { latestCode, requireDevMailbox, uniqueEmail } from '../support';
import { errorToast, toast } from '../checkout/helpers';

test('a shopper who forgot the password gets a code by e-mail, sets a new password and logs in with it', async ({ page, request }) => {
  test.setTimeout(60_000); // a whole journey, on a busy machine too
  await requireDevMailbox(request);
  // A fresh account, so the demo shoppers' passwords stay as seeded.
  const email = uniqueEmail('journey-forgot');
  expect((await request.post('/v1/storefront/auth/signup', { data: { business: 'adire-blooms', email, password: 'First-password-1' } })).ok()).toBe(true);

  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('group', { name: 'Login' }).getByRole('button', { name: 'Forgot Password' }).click();
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, `One-time password has been sent to ${email}`)).toBeVisible();

  // The code from the mailbox; a wrong one first.
  const code = await latestCode(page, email);
  const otp = page.getByRole('form', { name: 'Enter one-time password' });
  await otp.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
  await otp.getByRole('button', { name: 'Validate' }).click();
  await expect(errorToast(page, 'Unable to enter one-time password:')).toBeVisible();
  await otp.getByLabel('OTP').fill(code);
  await otp.getByRole('button', { name: 'Validate' }).click();
  await expect(toast(page, 'OTP validated successfully')).toBeVisible();

  // A new password, confirmed (a mismatch first).
  const fresh = page.getByRole('form', { name: 'Create a new password' });
  await fresh.getByLabel('New password').fill('Second-password-2');
  await fresh.getByLabel('Confirm password').fill('Second-password-3');
  await fresh.getByRole('button', { name: 'Save password' }).click();
  await expect(errorToast(page, 'Passwords do not match')).toBeVisible();
  await fresh.getByLabel('Confirm password').fill('Second-password-2');
  await fresh.getByRole('button', { name: 'Save password' }).click();
  await expect(toast(page, 'Password changed successfully and user logged in')).toBeVisible();
  await expect(page.getByRole('button', { name: email })).toBeVisible();

  // The dropdown now shows the account; log out, then in again: the old password fails, the new one works.
  const account = page.getByRole('group', { name: 'Your account' });
  await expect(account).toContainText(`Signed in as ${email}`);
  await account.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill('First-password-1');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(errorToast(page, 'Unable to login:')).toBeVisible();
  await login.getByLabel('Password', { exact: true }).fill('Second-password-2');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, `Logged in successfully as ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: email })).toBeVisible();
});
