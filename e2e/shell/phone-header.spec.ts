import { expect, test, type Locator, type Page } from '@playwright/test';

// A 412 × 915 phone in Lagos.
test.use({ viewport: { width: 412, height: 915 }, timezoneId: 'Africa/Lagos' });

/** The element's box once it is laid out (a part of the drawn frame may be swapped for the browser's own in between). */
async function boxOf(element: Locator) {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await element.boundingBox()), { message: 'not laid out' }).not.toBeNull();
  return box!;
}

/** Menu, brand, account and cart: in one row, inside the screen. */
async function expectOneCompactRow(page: Page) {
  const header = page.getByRole('banner');
  const parts = [
    header.getByRole('button', { name: 'Menu' }),
    header.getByRole('link', { name: 'Adire Blooms' }),
    header.getByRole('button', { name: /^Account$|@/ }),
    header.getByRole('button', { name: /^Cart, \d+ items?$/ }),
  ];
  const width = page.viewportSize()!.width;
  const boxes = [];
  for (const part of parts) {
    await expect(part).toBeVisible();
    boxes.push(await boxOf(part));
  }
  const middles = boxes.map((b) => b.y + b.height / 2);
  for (const [i, m] of middles.entries()) expect(Math.abs(m - middles[0]!), `part ${i} is not in the first part's row`).toBeLessThanOrEqual(4);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x, `part ${i} is not right of part ${i - 1}`).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
  const last = boxes[boxes.length - 1]!;
  expect(boxes[0]!.x).toBeGreaterThanOrEqual(0);
  expect(last.x + last.width).toBeLessThanOrEqual(width);
  expect((await boxOf(header)).height, 'the header is taller than one compact row').toBeLessThanOrEqual(64);
}

test.describe('the phone header', () => {
  test('is one compact row (menu, brand, account, cart) that stays on top; search is a tap away', async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
    // Measured once the scripts have taken the drawn page over (the header's parts are the browser's then).
    await expect(page.locator('[data-region="catalog"] > .region-app')).not.toHaveAttribute('data-drawn');
    await expectOneCompactRow(page);

    // Scrolled down the page, the header is still at the top of the screen.
    await page.mouse.wheel(0, 1200);
    await expect.poll(async () => (await boxOf(page.getByRole('banner'))).y).toBe(0);
    await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));

    // Search: one tap opens the box, focused; typing searches.
    const search = page.getByRole('searchbox', { name: 'Search flowers and gifts' });
    await expect(search).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(search).toBeVisible();
    await expect(search).toBeFocused();
    const box = await boxOf(search);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(412);
    await search.pressSequentially('lilies', { delay: 30 });
    await expect(page).toHaveURL(/\/filters\?search=lilies$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “lilies”');
  });

  test('currency and Contact are in the menu, a tap away', async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    const price = page.getByRole('form', { name: 'Buy Ruby Romance Red Roses' }).locator('p').first();
    await page.getByRole('button', { name: 'Menu' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await sidebar.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await expect(price).toHaveText('₦45,000');
    await sidebar.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await expect(price).toHaveText('$65');

    // SPEC 2: the header has a contact link; on a phone it is in the sidebar.
    await sidebar.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(sidebar).toBeHidden();
    await expect(page.locator('#contact')).toBeInViewport();
  });
});
