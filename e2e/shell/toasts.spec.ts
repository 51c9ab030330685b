import { expect, test, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toast's box does not overlap any of the controls (those laid out on screen). The page's clock
 * is paused first (see `withClock`), so the toast stays while it is measured.
 */
async function expectUncovered(page: Page, toast: Locator, controls: Locator[]) {
  // A moment ahead: the page's clock keeps running while this call travels (a busy machine is slow).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const card = toast.locator('xpath=..'); // the toast: its message and its close control
  const box = (await card.boundingBox())!;
  const viewport = page.viewportSize()!;
  for (const control of controls) {
    for (const one of await control.all()) {
      const b = await one.boundingBox();
      if (!b || b.y >= viewport.height || b.y + b.height <= 0) continue;
      expect(overlaps(box, b), `the toast covers ${await one.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(false);
    }
  }
  // Its close control is on screen and inside the toast.
  const close = (await card.getByRole('button', { name: 'Dismiss notification' }).boundingBox())!;
  expect(close.x).toBeGreaterThanOrEqual(box.x);
  expect(close.x + close.width).toBeLessThanOrEqual(Math.min(box.x + box.width, viewport.width) + 0.5);
}

// Time flows as usual until a test pauses it to measure a toast.
test.beforeEach(async ({ page }) => page.clock.install());

async function addRosesAndOpenCart(page: Page) {
  await page.goto('/product-category/roses');
  await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('list', { name: 'Cart items' })).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(page.viewportSize()!.width - (await drawer.boundingBox())!.width); // slid in
  return drawer;
}

/** The drawer's actions: closing it, its date, its totals and its button. */
const drawerActions = (drawer: Locator) => [
  drawer.getByRole('button', { name: 'Close cart' }),
  drawer.getByPlaceholder('Select date'),
  drawer.getByRole('term'),
  drawer.getByRole('definition'),
  drawer.getByRole('button', { name: 'Proceed to checkout' }),
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 412, height: 915 },
]) {
  test.describe(`toasts at ${viewport.width} px`, () => {
    test.use({ viewport, timezoneId: 'Africa/Lagos' });

    test("the 'added to cart' toast leaves the open drawer's actions uncovered", async ({ page }) => {
      const drawer = await addRosesAndOpenCart(page);
      const toast = page.getByRole('status').filter({ hasText: 'Ruby Romance Red Roses added to cart' });
      await expect(toast).toBeVisible();
      await expectUncovered(page, toast, drawerActions(drawer));
    });
  });
}

test.describe('the location toast on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, timezoneId: 'Europe/London' });

  test("covers neither a product's price and choices nor the header", async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    const toast = page.getByRole('status').filter({ hasText: 'Based on your location' });
    await expect(toast).toBeVisible({ timeout: 12_000 });
    const buy = page.getByRole('form', { name: 'Buy Ruby Romance Red Roses' });
    const header = page.getByRole('banner');
    await expectUncovered(page, toast, [buy.locator('p').first(), buy.getByRole('radio'), buy.getByRole('button'), header.getByRole('button'), header.getByRole('link')]);
  });
});

test.describe('a long e-mail in a toast', () => {
  test.use({ viewport: { width: 412, height: 915 }, timezoneId: 'Africa/Lagos' });

  test('keeps the close control in view', async ({ page, request }) => {
    // No hyphen: nothing in it lets a line break.
    const email = `oluwaseun.adebayo.okonkwo.amarachukwu.${Date.now().toString(36)}@customersofadireblooms.example.com`;
    const password = 'Petals-2026!';
    expect((await request.post('/v1/storefront/auth/signup', { data: { email, password, business: 'adire-blooms' } })).ok()).toBe(true);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByRole('status').filter({ hasText: `Logged in successfully as ${email}` });
    await expect(toast).toBeVisible();
    await expectUncovered(page, toast, []);
    await toast.locator('xpath=..').getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toBeHidden();
  });
});
