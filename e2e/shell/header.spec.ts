import { expect, test, type Page } from '@playwright/test';

test.describe('header', () => {
  test('desktop menu: groups built from the categories open their sub-menus', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Flowers' }).click();
    await expect(menu.getByRole('button', { name: 'Flowers' })).toHaveAttribute('aria-expanded', 'true');
    const flowers = menu.getByRole('list', { name: 'Flowers' });
    await expect(flowers.getByRole('link', { name: 'Forever Roses' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(flowers).toBeHidden();
    await menu.getByRole('button', { name: 'Flowers' }).click();
    await flowers.getByRole('link', { name: 'Roses', exact: true }).click();
    await expect(page).toHaveURL(/\/product-category\/roses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Roses' })).toBeVisible();
    for (const link of ['VIP', 'FAQ', 'Track']) await expect(menu.getByRole('link', { name: link })).toBeVisible();
  });

  // Mobile (375 px): the Menu button and sidebar are walked in journeys/mobile.spec.ts.

  test('search is debounced: typing navigates once to /filters?search=, emptying shows the default listing', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-boundary="catalog"]')).toBeAttached();
    const before = await page.evaluate(() => history.length);
    // The server-drawn box takes no typing until the shell runs (it is disabled until then).
    await expect(page.getByRole('searchbox', { name: 'Search flowers and gifts' })).toBeEnabled();
    await page.getByRole('searchbox', { name: 'Search flowers and gifts' }).pressSequentially('lilies', { delay: 40 });
    await expect(page).toHaveURL(/\/filters\?search=lilies$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “lilies”');
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.getByRole('searchbox', { name: 'Search flowers and gifts' }).fill('');
    await expect(page).toHaveURL(/\/product-category\/flowers-for-love-birthday-anniversary-etc$/);
  });

  test('the currency choice re-prices the cart drawer too, and is remembered', async ({ page }) => {
    await page.goto('/product-category/roses');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('₦45,000');
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('$65'); // 45000 / 700 = 64.3 → 65
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
  });
});

/**
 * The handshake has answered and the shell has read it: it remembers the currency in a cookie in the
 * same step that starts the notice's 8 s, so the clock can be moved on from here.
 */
const handshakeRead = (page: Page, currency: string) =>
  expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'adire_currency')?.value).toBe(currency);

/**
 * The page's own tasks after the clock moved: React schedules its renders through MessageChannel (not a
 * timer, so not on the page's fake clock), and two messages posted now run after any render the timers
 * just scheduled.
 */
const settled = (page: Page) =>
  page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(0);
      });
    }
  });

// The 8 s of the currency notice run on the page's own clock (Playwright's), moved on by the test.
test.describe('currency from the time zone', () => {
  test.use({ timezoneId: 'Europe/London' });
  test('a London shopper gets GBP and, after 8 s, the info toast', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('GBP');
    await handshakeRead(page, 'GBP');
    const toast = page.getByRole('status').filter({ hasText: 'Based on your location' });
    await page.clock.runFor(7_000);
    await settled(page);
    await expect(toast).toHaveCount(0);
    await page.clock.runFor(1_400);
    await expect(toast).toHaveText('Based on your location, the site has been set to GBP (£) to enable foreign Credit/Debit Cards and Paypal');
  });
});

test.describe('currency in Lagos', () => {
  test.use({ timezoneId: 'Africa/Lagos' });
  test('a Lagos shopper gets NGN and no toast', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('NGN');
    await handshakeRead(page, 'NGN');
    await page.clock.runFor(9_000);
    await settled(page);
    await expect(page.getByRole('status').filter({ hasText: 'Based on your location' })).toHaveCount(0);
  });
});

test.describe('currency chosen before the notice', () => {
  test.use({ timezoneId: 'America/New_York' });
  test('a shopper who picks a currency within 8 s gets no location notice', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    await handshakeRead(page, 'USD');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await page.clock.runFor(9_000);
    await settled(page);
    await expect(page.getByRole('status').filter({ hasText: 'Based on your location' })).toHaveCount(0);
  });
});
