import { expect, test } from '@playwright/test';

// SPEC 2: the footer is hidden on checkout and unsubscribe only.
test('the order tracker has the footer; the checkout does not', async ({ page }) => {
  await page.goto('/order-tracker');
  await expect(page.getByRole('form', { name: 'Track an order' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  await expect(footer.getByText('We care about your data')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Track', exact: true })).toBeVisible();

  await page.goto('/checkout');
  await expect(page.locator('[data-boundary="checkout"]')).toBeAttached();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});
