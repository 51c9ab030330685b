import { expect, test } from '@playwright/test';

// The first screen of a 412 × 915 phone: 780 of its 915 px are left once the browser's own bars are drawn.
test.use({ viewport: { width: 412, height: 780 }, screen: { width: 412, height: 915 }, timezoneId: 'Africa/Lagos' });

test.describe('a product page on the first screen of a 412 px phone', () => {
  test('shows the picture and the price above the fold', async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    const picture = page.getByRole('img', { name: /Ruby Romance Red Roses/ }).first();
    const price = page.getByRole('form', { name: 'Buy Ruby Romance Red Roses' }).locator('p').first();
    await expect(price).toBeVisible();
    await expect(picture).toBeVisible();
    const fold = page.viewportSize()!.height;
    const pictureBox = (await picture.boundingBox())!;
    const priceBox = (await price.boundingBox())!;
    expect(pictureBox.y + pictureBox.height, 'the picture ends below the fold').toBeLessThanOrEqual(fold);
    expect(priceBox.y + priceBox.height, 'the price ends below the fold').toBeLessThanOrEqual(fold);
  });
});
