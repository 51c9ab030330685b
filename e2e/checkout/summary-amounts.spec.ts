import { expect, test } from '@playwright/test';
import { requirePaymentSandbox, uniqueEmail } from '../support';
import { checkoutRoses, chooseNaira, fillPickup, fillSender } from './helpers';

test.use({ timezoneId: 'Africa/Lagos' });

test.describe('checkout: the order summary', () => {
  test('Subtotal leaves designs out, as in the drawer (SPEC 9): one rule for subtotal and total', async ({ page }) => {
    await chooseNaira(page);
    await page.goto('/product/ruby-romance-red-roses');
    await page.getByRole('group', { name: 'Design' }).getByRole('radio', { name: /^In vase/ }).check();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    const drawerAmount = (term: string) => drawer.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('+ dd');
    await expect(drawerAmount('Subtotal')).toHaveText('₦90,000');
    await expect(drawerAmount('Total')).toHaveText('₦120,000');

    await drawer.getByRole('button', { name: 'Proceed to checkout' }).click();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const summaryAmount = (term: string) => summary.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('+ dd');
    await expect(summary.getByTestId('order-total')).toHaveText('₦120,000');
    await expect(summaryAmount('Subtotal')).toHaveText('₦90,000');
    await expect(summaryAmount('Designs')).toHaveText('₦30,000');
  });

  test('a paid order shows every amount in its own currency, and says nothing about choosing one', async ({ page, request }) => {
    test.setTimeout(60_000);
    await requirePaymentSandbox(request);
    await chooseNaira(page);
    await checkoutRoses(page);
    await fillSender(page, { name: 'Chidi Okafor', email: uniqueEmail('usd-done'), phone: '0803 999 0000' });
    await fillPickup(page);
    await page.getByRole('form', { name: 'Delivery details' }).getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();

    // The site stays in naira; this order is paid in dollars.
    await page.getByLabel('Pay in', { exact: true }).selectOption('USD');
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /^PayPal/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/paypal\/pay\//);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByTestId('order-total')).toHaveText('$65'); // ₦45,000 ÷ 700, rounded up; pick-up is free
    await expect(summary.getByRole('list', { name: 'Items in this order' }).getByRole('listitem')).toContainText('$65');
    await expect(summary).not.toContainText('₦');
    await expect(summary).not.toContainText('choose another currency');
  });
});
