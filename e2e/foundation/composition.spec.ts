import { expect, test } from '@playwright/test';
import { watchErrors } from '../support';

test.describe('composition', () => {
  test('every region of the home page mounts, with no console errors', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    for (const boundary of ['shell', 'catalog']) {
      await expect(page.locator(`[data-boundary="${boundary}"]`).first()).toBeAttached();
    }
    await expect(page.getByRole('heading', { name: 'Fresh flowers and gifts, delivered today in Lagos and Abuja' })).toBeVisible();
    // The catalog's first screen comes from the API: the category list.
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('link')).toHaveCount(30);
    // A first visit (nothing stored) loads the cart and account remotes when they are first used.
    await expect(page.locator('[data-boundary="cart"]')).toHaveCount(0);
    await expect(page.locator('[data-boundary="account"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Empty Cart');
    await expect(page.locator('[data-boundary="cart"]')).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeHidden();
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.locator('[data-boundary="account"]')).toBeAttached();
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the checkout application mounts on /checkout and the catalog does not', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/checkout');
    await expect(page.locator('[data-boundary="checkout"]')).toBeAttached();
    await expect(page.getByRole('list', { name: 'Checkout stages' }).getByRole('listitem')).toHaveText([/1\s*Delivery/, /2\s*Payment/, /3\s*Done/]);
    await expect(page.locator('[data-boundary="catalog"]')).toHaveCount(0);
    // The footer is hidden on checkout.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('shared libraries are one instance across the shell and every remote', async ({ page }) => {
    await page.goto('/');
    // On a first visit the cart and account remotes load on first use.
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(page.locator('[data-boundary="cart"]')).toBeAttached();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.locator('[data-boundary="account"]')).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-boundary="catalog"]')).toBeAttached();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Track' }).click();
    await expect(page.locator('[data-boundary="checkout"]')).toBeAttached();
    const report = await page.evaluate(() => {
      const all = (window as unknown as { __adireInstances: Record<string, Record<string, unknown>> }).__adireInstances;
      const apps = Object.keys(all).sort();
      const libs = ['react', 'reactDom', 'router', 'zustand', 'bus', 'api'];
      const distinct = Object.fromEntries(libs.map((lib) => [lib, new Set(apps.map((a) => all[a]![lib])).size]));
      return { apps, distinct };
    });
    expect(report.apps).toEqual(['account', 'cart', 'catalog', 'checkout', 'shell']);
    expect(report.distinct).toEqual({ react: 1, reactDom: 1, router: 1, zustand: 1, bus: 1, api: 1 });
  });

  test('an event from the catalog reaches the shell and the cart', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    // shell: the cart button counts it; a toast confirms it
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Ruby Romance Red Roses added to cart' })).toBeVisible();
    // cart remote: the drawer lists it
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('Ruby Romance Red Roses');
    await expect(drawer.getByRole('button', { name: 'Proceed to checkout' })).toBeEnabled();
  });

  test('switching currency in the shell re-prices the catalog', async ({ page }) => {
    await page.goto('/product-category/roses');
    const card = page.getByRole('listitem').filter({ hasText: 'Ruby Romance Red Roses' });
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await expect(card).toContainText('₦45,000');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('GBP');
    await expect(card).toContainText('£51'); // 45000 / 890 = 50.56 → 51
  });

  test('an unknown route gets a real page-not-found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
