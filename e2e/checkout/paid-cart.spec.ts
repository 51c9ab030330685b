import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { requirePaymentSandbox, uniqueEmail } from '../support';
import { checkoutRoses, fillPickup, fillSender, toast } from './helpers';

// A Lagos shopper: prices in naira, card payment in naira.
test.use({ timezoneId: 'Africa/Lagos' });

const PASSWORD = 'Petals-2026!';
const IKOYI = { location: 'Ikoyi LPI', address: '12 Awolowo Road, Ikoyi, Lagos' };

/** The cart the server keeps for a shopper, as a fresh login returns it. */
async function savedCart(request: APIRequestContext, email: string): Promise<unknown[]> {
  const res = await request.post('/v1/storefront/auth/login', { data: { email, password: PASSWORD, business: 'adire-blooms' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { cartItems?: unknown[] } }).data.cartItems ?? [];
}

/** Pick-up at Ikoyi, Continue, pay by card on the sandbox page: back on the done stage. */
async function pickUpAndPay(page: Page) {
  const form = page.getByRole('form', { name: 'Delivery details' });
  await fillPickup(page, IKOYI);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
}

/** The local cart is empty (button, drawer, storage), and stays so after a reload. */
async function expectCartForgotten(page: Page) {
  for (const when of ['on the done stage', 'after a reload']) {
    if (when === 'after a reload') {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    }
    // The checkout's own header: 'Cart (n)'.
    const cartButton = page.getByRole('button', { name: /^Cart \(\d+\)$/ });
    await expect(cartButton, when).toHaveAccessibleName('Cart (0)');
    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByText('Empty Cart'), when).toBeVisible();
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    const stored = await page.evaluate(() => ['adire:cartItems', 'adire:orderId', 'adire:deliveryDate', 'adire:coupon'].map((k) => localStorage.getItem(k)));
    for (const value of stored) expect([null, 'null', '[]']).toContain(value);
  }
}

test.describe('a paid order clears the cart (SPEC 4)', () => {
  test('a logged-in shopper: the local cart and the saved cart on the server are both empty once paid', async ({ page, request }) => {
    test.setTimeout(60_000);
    await requirePaymentSandbox(request);
    const email = uniqueEmail('paid-cart');
    expect((await request.post('/v1/storefront/auth/signup', { data: { email, password: PASSWORD, business: 'adire-blooms' } })).ok()).toBe(true);

    await page.goto('/');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await page.getByRole('button', { name: 'Account' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, `Logged in successfully as ${email}`)).toBeVisible();

    await checkoutRoses(page);
    await expect.poll(() => savedCart(request, email)).toHaveLength(1); // the logged-in cart is saved on the server
    await fillSender(page, { name: 'Femi Ola', email, phone: '0803 444 5555' });
    await pickUpAndPay(page);
    await expectCartForgotten(page);
    await expect.poll(() => savedCart(request, email)).toEqual([]);
  });

  test('a guest who ticks "Create a free account": the new account keeps no paid items either', async ({ page, request }) => {
    test.setTimeout(60_000);
    await requirePaymentSandbox(request);
    const email = uniqueEmail('paid-cart-new');
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await checkoutRoses(page);
    await fillSender(page, { name: 'Ngozi Eze', email, phone: '0803 222 1111' });
    const form = page.getByRole('form', { name: 'Delivery details' });
    await form.getByLabel('Create a free account').check();
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await pickUpAndPay(page);
    await expectCartForgotten(page);
    await expect.poll(() => savedCart(request, email)).toEqual([]);
  });
});
