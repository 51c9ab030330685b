import { expect, test, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Stops the page's clock before anything can raise a toast: from here no timer fires (a toast's own
 * time to go included) unless `untilShown` moves the clock. A toast's time is not raced against the
 * machine's speed: on a busy machine adding, opening the drawer and its slide took longer than the
 * toast stays (issue 38, item 7).
 */
async function stopClock(page: Page) {
  // A moment ahead (the page's clock runs while the call travels; it cannot be paused in its past),
  // further ahead if a busy machine took longer than that.
  for (const ahead of [1000, 5000]) {
    const at = await page.evaluate((ms) => Date.now() + ms, ahead);
    if (await page.clock.pauseAt(at).then(() => true, () => ahead === 5000 && Promise.reject(new Error('the clock could not be paused')))) return;
  }
}

/**
 * Moves the stopped clock on by `step` ms at a time until the toast shows: it shows on the first step
 * after its delay and stays for far more steps than that, however slow each step is.
 */
async function untilShown(page: Page, toast: Locator, step = 100) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(step);
        return toast.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * The toast's box does not overlap any of the controls (those laid out on screen). The page's clock
 * is stopped (see `stopClock`), so the toast stays while it is measured.
 */
async function expectUncovered(page: Page, toast: Locator, controls: Locator[]) {
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

// Time flows as usual until a test stops it, before the toast it measures can be raised.
test.beforeEach(async ({ page }) => page.clock.install());

async function addRosesAndOpenCart(page: Page) {
  await page.goto('/product-category/roses');
  const add = page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' });
  await expect(add).toBeEnabled({ timeout: 30_000 }); // the page has started (its start needs its timers)
  await stopClock(page);
  await add.click();
  await untilShown(page, page.getByRole('status').filter({ hasText: 'Ruby Romance Red Roses added to cart' }));
  await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('list', { name: 'Cart items' })).toBeVisible();
  // Slid in: its slide's frames need the stopped clock to move, 50 ms at a time (far less than the toast stays).
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return (await drawer.boundingBox())?.x;
    })
    .toBe(page.viewportSize()!.width - (await drawer.boundingBox())!.width);
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
    // Stopped at once: the toast is raised 8 s after the page's start, and a busy machine's start can take that long.
    await stopClock(page);
    const buy = page.getByRole('form', { name: 'Buy Ruby Romance Red Roses' });
    const toast = page.getByRole('status').filter({ hasText: 'Based on your location' });
    await untilShown(page, toast, 2000); // raised 8 s after the page's start, it stays 9 s: it shows for more than four steps
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
    await stopClock(page);
    await login.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByRole('status').filter({ hasText: `Logged in successfully as ${email}` });
    await untilShown(page, toast);
    await expectUncovered(page, toast, []);
    await toast.locator('xpath=..').getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toBeHidden();
  });
});
