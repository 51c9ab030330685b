import { expect, test } from '@playwright/test';
import { requirePaymentSandbox, uniqueEmail } from '../support';
import { fillDelivery, toast } from '../checkout/helpers';

test.use({ timezoneId: 'Africa/Lagos' });

const ROSES = 'Ruby Romance Red Roses';

test('a logged-in shopper switches to dollars with an order open: prices and the order follow, and PayPal takes the dollars', async ({ page, request }) => {
  test.setTimeout(60_000); // a whole journey, on a busy machine too
  await requirePaymentSandbox(request);
  const email = uniqueEmail('journey-paypal');
  const password = 'Frangipani-2026';
  expect((await request.post('/v1/storefront/auth/signup', { data: { business: 'adire-blooms', email, password } })).ok()).toBe(true);

  // Log in from the account dropdown.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, `Logged in successfully as ${email}`)).toBeVisible();

  // An order opened in naira.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Add ${ROSES} to cart` }) }).first();
  await expect(card).toContainText('₦45,000');
  await card.getByRole('button', { name: `Add ${ROSES} to cart` }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
  const orderId = new URL((await page.waitForURL(/\/checkout\?orderId=/), page.url())).searchParams.get('orderId')!;
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByTestId('order-total')).toHaveText('₦45,000');
  const form = page.getByRole('form', { name: 'Delivery details' });
  await expect(form.getByLabel('Sender email')).toHaveValue(email);

  // Back in the shop, the shopper switches to US dollars: the catalogue and the cart follow (45000 / 700 → $65)…
  await page.getByRole('link', { name: 'Adire Blooms' }).first().click();
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
  await expect(card).toContainText('$65');
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('$65');

  // …and so does the open order: 'Update Cart' goes back to it, now in dollars.
  await drawer.getByRole('button', { name: 'Update Cart' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?orderId=${orderId}`));
  await expect(summary.getByTestId('order-total')).toHaveText('$65');
  await expect.poll(async () => (await (await request.get(`/v1/orders/order/${orderId}?business=adire-blooms`)).json()).data.currency).toBe('USD');

  await form.getByLabel('Sender name').fill('Ifeoma Nwosu');
  await form.getByLabel('Sender phone number').fill('0807 111 2222');
  await fillDelivery(page);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByLabel('Pay in', { exact: true })).toHaveValue('USD');
  const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();

  // PayPal's hosted page (its sandbox) asks for dollars.
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /^PayPal/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\/pay\//);
  await expect(page.getByText(/\$\s?\d+/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('order-number').first()).toHaveText(orderNumber);
  const paid = (await (await request.get(`/v1/orders/order/${orderId}?business=adire-blooms`)).json()).data;
  expect(paid).toMatchObject({ paymentStatus: 'paid', currency: 'USD' });
});
