import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from '../support';
import { toast } from '../checkout/helpers';

const PASSWORD = 'Petals-2026!';

/** The cart the server keeps for a shopper, as a fresh login returns it. */
async function savedCart(request: APIRequestContext, email: string): Promise<unknown[]> {
  const res = await request.post('/v1/storefront/auth/login', { data: { email, password: PASSWORD, business: 'adire-blooms' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { cartItems?: unknown[] } }).data.cartItems ?? [];
}

test('a logged-in shopper who reloads right after adding an item keeps it (the waiting save goes as the page is left)', async ({ page, request }) => {
  const email = uniqueEmail('saved-cart');
  expect((await request.post('/v1/storefront/auth/signup', { data: { email, password: PASSWORD, business: 'adire-blooms' } })).ok()).toBe(true);
  await page.goto('/product-category/roses');
  await page.getByRole('button', { name: 'Account' }).click();
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, `Logged in successfully as ${email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  // At once, well inside the cart's save debounce (400 ms).
  await page.reload();
  await expect.poll(() => savedCart(request, email)).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});
