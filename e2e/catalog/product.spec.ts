import { expect, test } from '@playwright/test';
import { watchErrors } from '../support';

test.use({ timezoneId: 'Africa/Lagos' });

test.describe('product page', () => {
  test('choose size, design and quantity, add to cart, and the drawer shows them', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/product-category/roses');
    await page.getByRole('link', { name: 'Ruby Romance Red Roses', exact: true }).click();
    await expect(page).toHaveURL(/\/product\/ruby-romance-red-roses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
    await expect(page).toHaveTitle('Ruby Romance Red Roses | Adire Blooms');

    const sizes = page.getByRole('group', { name: 'Size' });
    await expect(sizes.getByRole('radio', { checked: true })).toHaveCount(1);
    await sizes.getByRole('radio', { name: /50 stems/ }).check();
    await page.getByRole('group', { name: 'Design' }).getByRole('radio', { name: /^In vase/ }).check();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await expect(page.getByText('Design: In vase × 2')).toBeVisible();

    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ruby Romance Red Roses added to cart' })).toBeVisible();
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    const items = page.getByRole('dialog', { name: 'Cart' }).getByRole('list', { name: 'Cart items' });
    await expect(items).toContainText('Ruby Romance Red Roses');
    await expect(items).toContainText('Size: 50 stems');
    await expect(items).toContainText('Design: In vase × 2');
    expect(errors).toEqual([]);
  });

  test('quantity stays between 1 and 99', async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await quantity.fill('150');
    await quantity.blur();
    await expect(quantity).toHaveValue('99');
    await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  test('shows reviews, the delivery note and recommendations that lead to other products', async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Delivery' })).toBeVisible();
    const recommendations = page.getByRole('list', { name: 'Recommendations' });
    await expect(recommendations.getByRole('listitem').first()).toBeVisible();
    const name = (await recommendations.getByRole('listitem').first().getByRole('heading').textContent())!;
    await recommendations.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  });

  test('an unknown product gets a not-found page', async ({ page }) => {
    await page.goto('/product/no-such-flower');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page).toHaveTitle('Product not found | Adire Blooms');
  });
});
