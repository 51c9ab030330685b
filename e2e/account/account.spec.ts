import { expect, test, type Page } from '@playwright/test';
import { latestCode, requireDevMailbox, uniqueEmail } from '../support';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function openAccount(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  return page.getByRole('group', { name: 'Login' });
}

test.describe('account dropdown', () => {
  test('sign up, log out, log in again', async ({ page }) => {
    const email = uniqueEmail('signup');
    const login = await openAccount(page);
    await login.getByRole('button', { name: 'Register' }).click();
    const signup = page.getByRole('form', { name: 'Sign up' });
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill('Hibiscus-2026');
    await signup.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'User signed up successfully')).toBeVisible();
    // Logged in: the toggle shows who, and the user survives a reload (the handshake confirms the token).
    await expect(page.getByRole('button', { name: email })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: email })).toBeVisible();

    await page.getByRole('button', { name: email }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adire:user'))).toBeNull();

    await page.getByRole('button', { name: 'Account' }).click();
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(errorToast(page, 'Unable to login: Invalid email or password')).toBeVisible();
    await form.getByLabel('Password', { exact: true }).fill('Hibiscus-2026');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, `Logged in successfully as ${email}`)).toBeVisible();
  });

  test('a duplicate sign-up is refused with the server message', async ({ page }) => {
    const login = await openAccount(page);
    await login.getByRole('button', { name: 'Register' }).click();
    const signup = page.getByRole('form', { name: 'Sign up' });
    await signup.getByLabel('Email').fill('ada@example.com');
    await signup.getByLabel('Password', { exact: true }).fill('Anything-123');
    await signup.getByRole('button', { name: 'Register' }).click();
    await expect(errorToast(page, 'Unable to register: An account with this email address already exists')).toBeVisible();
  });

  // Forgot password → code → new password → log in: journeys/account-recovery.spec.ts.

  test('a legacy user is sent to the one-time code, then sets a new password', async ({ page, request }) => {
    await requireDevMailbox(request);
    const email = 'legacy@adireblooms.ng';
    const login = await openAccount(page);
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('Roses-2019');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Your password has expired. Please enter the OTP sent to your inbox')).toBeVisible();
    const otp = page.getByRole('form', { name: 'Enter one-time password' });
    await otp.getByLabel('OTP').fill(await latestCode(page, email));
    await otp.getByRole('button', { name: 'Validate' }).click();
    await expect(toast(page, 'OTP validated successfully')).toBeVisible();
    const fresh = page.getByRole('form', { name: 'Create a new password' });
    await fresh.getByLabel('New password').fill('Upgraded-2026');
    await fresh.getByLabel('Confirm password').fill('Upgraded-2026');
    await fresh.getByRole('button', { name: 'Save password' }).click();
    await expect(toast(page, 'Password changed successfully and user logged in')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kemi Adeyemi' })).toBeVisible();
  });

  test('blank fields say what is required, and the password can be revealed', async ({ page }) => {
    const login = await openAccount(page);
    const email = login.getByLabel('Email');
    await email.focus();
    await email.blur();
    await expect(login.getByText('Email is required')).toBeVisible();
    const password = login.getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await login.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Account' })).toBeFocused();
  });
});
