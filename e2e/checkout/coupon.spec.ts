import { expect, test } from '@playwright/test';
import { checkoutRoses, chooseNaira, toast } from './helpers';

// Seeded coupons (server/src/domains/orders/seed.ts): BLOOM10 10% from ₦20,000; LAGOS5000 ₦5,000 off
// from ₦40,000; EXPIRED2025 expired at the end of 2025.
test.describe('checkout: coupons', () => {
  test('a wrong or expired code is explained; a good one lowers the total and can be removed', async ({ page }) => {
    await chooseNaira(page);
    await checkoutRoses(page);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const coupon = summary.getByRole('form', { name: 'Coupon' });
    await expect(summary.getByTestId('order-total')).toHaveText('₦45,000');

    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('alert')).toHaveText('Coupon code is required');

    await coupon.getByLabel('Coupon code').fill('NOPE');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('alert')).toHaveText("The coupon code 'NOPE' is not valid. Check the spelling and try again.");

    await coupon.getByLabel('Coupon code').fill('expired2025');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('alert')).toContainText('Coupon EXPIRED2025 expired on');

    await coupon.getByLabel('Coupon code').fill(' bloom10 ');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Coupon BLOOM10 applied: 10% off')).toBeVisible();
    await expect(summary.getByText('Discount (BLOOM10)')).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: '−₦4,500' })).toBeVisible();
    await expect(summary.getByTestId('order-total')).toHaveText('₦40,500');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('adire:coupon') ?? 'null')?.code)).toBe('BLOOM10');

    // It survives a reload (the order holds it) …
    await page.reload();
    await expect(summary.getByTestId('order-total')).toHaveText('₦40,500');

    // … and can be taken off again.
    await summary.getByRole('button', { name: 'Remove coupon' }).click();
    await expect(toast(page, 'Coupon BLOOM10 removed')).toBeVisible();
    await expect(summary.getByTestId('order-total')).toHaveText('₦45,000');
    await expect(summary.getByText(/^Discount/)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('adire:coupon'))).toBeNull();
  });
});
