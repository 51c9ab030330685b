import { expect, test, type Page } from '@playwright/test';
import { checkoutRoses, chooseNaira, daysAhead, fillDelivery, toast } from './helpers';

const ADA = { email: 'ada@example.com', password: 'Bloom-2026!' };
const KEMI = { name: 'Kemi Adebayo', phone: '0812 345 6789', address: '14 Admiralty Way, Lekki Phase 1' };

async function login(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(ADA.email);
  await form.getByLabel('Password', { exact: true }).fill(ADA.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, `Logged in successfully as ${ADA.email}`)).toBeVisible();
}

test.describe('checkout: a logged-in shopper', () => {
  test('saves a recipient, then picks them from the saved list and picks the order up at a branch', async ({ page }) => {
    await chooseNaira(page);
    await login(page);

    // First order: delivery to Kemi, saved for next time.
    await checkoutRoses(page);
    // Loaded afresh, the page comes drawn by the server as a guest sees it (the server does not know the
    // shopper); the browser then shows the shopper's own.
    await page.reload();
    let form = page.getByRole('form', { name: 'Delivery details' });
    // The sender comes from the account; no free-account offer for a logged-in shopper.
    await expect(form.getByLabel('Sender name')).toHaveValue('Ada Obi');
    await expect(form.getByLabel('Sender email')).toHaveValue(ADA.email);
    await expect(form.getByLabel('Sender phone number')).toHaveValue('8031234567');
    await expect(form.getByLabel('Create a free account')).toHaveCount(0);
    await fillDelivery(page, KEMI);
    await form.getByLabel('Save this recipient for next time').check();
    const first = page.waitForRequest((r) => r.url().includes('/checkout-order/') && r.method() === 'PUT');
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    expect((await first).postDataJSON()).toMatchObject({ shouldSaveAddress: true });
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    // The answer's user (with the saved recipient) is stored for the account domain's key.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('adire:user') ?? '{}').recipients?.length ?? 0)).toBe(1);

    // Second order: the cart forgets the first one (as after a finished order), then checks out again.
    await page.evaluate(() => localStorage.removeItem('adire:orderId'));
    await page.goto('/');
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
    form = page.getByRole('form', { name: 'Delivery details' });
    await expect(form).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Recipient name')).toHaveValue('');

    // The saved recipient fills the recipient part in one go.
    await form.getByLabel('Saved recipients').selectOption({ label: `${KEMI.name} — ${KEMI.address}` });
    await expect(form.getByLabel('Recipient name')).toHaveValue(KEMI.name);
    await expect(form.getByLabel('Recipient phone number')).toHaveValue('8123456789');
    await expect(form.getByLabel('Recipient address')).toHaveValue(KEMI.address);
    await expect(form.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('lagos');

    // …but this one is picked up: the branch's address shows and the recipient part goes away.
    await form.getByRole('radio', { name: /^Pick-up/ }).check();
    await expect(form.getByLabel('Recipient name')).toHaveCount(0);
    await form.getByRole('combobox', { name: 'Pick-up location' }).selectOption('Lekki LPL');
    await expect(form.getByLabel('Pick-up address')).toContainText('5 Admiralty Way, Lekki Phase 1, Lagos');
    await expect(form.getByText('Pick-up is free.')).toBeVisible();
    await expect(form.getByText(/Same-day pick-up (closes in|closed at)/)).toBeVisible();
    await form.getByLabel('Delivery date').fill(daysAhead(3));

    const second = page.waitForRequest((r) => r.url().includes('/checkout-order/') && r.method() === 'PUT');
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    const body = (await second).postDataJSON() as { orderData: Record<string, unknown> };
    expect(body.orderData.recipient).toEqual({ method: 'pick-up' });
    expect(body.orderData).toMatchObject({ pickupLocation: 'Lekki LPL', despatchLocation: 'Lekki LPL', pickupState: 'lagos' });
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByRole('definition').filter({ hasText: 'Free' })).toBeVisible();
  });
});
