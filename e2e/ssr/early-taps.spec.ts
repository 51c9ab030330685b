import { expect, test, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@adire/contracts';
import { watchErrors } from '../support';

/**
 * Issue 31, item 2: a tap made on a page the server drew, before its scripts have hydrated the control,
 * is not lost and not doubled — it happens once the control is ready. The page's scripts are held back
 * (route interception) until the tap has been made on the drawn page, then let through.
 */

test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Lagos' });

const PRODUCT = '/product/ruby-romance-red-roses';

/** Holds every script file of the page until `release` is called: until then only the drawn page is there. */
async function holdScripts(page: Page): Promise<{ release(): void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.m?js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue().catch(() => {}); // the page may be gone when the test ends
  });
  return { release };
}

/** A finger's tap where the drawn control is (no wait for it to be enabled: it may not be yet). */
async function tapDrawn(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, 'the control is drawn').not.toBeNull();
  await page.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

const cartButton = (page: Page) => page.locator('[data-boundary="shell"]').getByRole('button', { name: /^Cart, \d+ items?$/ });

test('a tap on "Add to cart" before the page runs adds the product once, when the page is ready', async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = await holdScripts(page);
  await page.goto(PRODUCT, { waitUntil: 'commit' });
  const add = page.getByRole('form', { name: 'Buy Ruby Romance Red Roses' }).getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await tapDrawn(page, add);
  // The tap answers at once: the control shows it taken while the page has no scripts yet.
  await expect(add).toHaveAttribute('data-tap-waiting', '');
  scripts.release();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item', { timeout: 20_000 });
  await expect(add).not.toHaveAttribute('data-tap-waiting');
  // Once: one line of one rose bouquet in the cart (a replay made twice would have added two).
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { quantity: number }[], STORAGE_KEYS.cartItems.key);
  expect(stored.map((item) => item.quantity)).toEqual([1]);
  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Cart' }).getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  expect(errors).toEqual([]);
});

test('a tap on the cart button before the page runs opens the drawer when the page is ready', async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = await holdScripts(page);
  await page.goto(PRODUCT, { waitUntil: 'commit' });
  const cart = cartButton(page);
  await expect(cart).toBeVisible();
  await tapDrawn(page, cart);
  scripts.release();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer).toBeVisible({ timeout: 20_000 });
  await expect(drawer).toContainText('Empty Cart');
  expect(errors).toEqual([]);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("words typed into the header's search before the page runs bring their results once it runs, as typing after does", async ({ page }) => {
    const errors = watchErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search flowers and gifts' });
    await box.pressSequentially('lilies', { delay: 30 });
    scripts.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “lilies”', { timeout: 20_000 });
    await expect(page).toHaveURL(/\/filters\?search=lilies$/);
    await expect(box).toHaveValue('lilies');
    expect(errors).toEqual([]);
  });
});

test('a tap on the phone menu before the page runs opens the menu when the page is ready', async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = await holdScripts(page);
  await page.goto(PRODUCT, { waitUntil: 'commit' });
  const toggle = page.locator('button[aria-controls="mobile-sidebar"]');
  await expect(toggle).toBeVisible();
  await tapDrawn(page, toggle);
  scripts.release();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible({ timeout: 20_000 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
});

test.describe('with a mouse', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a click on "Add to cart" before the page runs adds the product once, when the page is ready', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto(PRODUCT, { waitUntil: 'commit' });
    const add = page.getByRole('form', { name: 'Buy Ruby Romance Red Roses' }).getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeVisible();
    await add.scrollIntoViewIfNeeded();
    const box = (await add.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(add).toHaveAttribute('data-tap-waiting', '');
    scripts.release();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item', { timeout: 20_000 });
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { quantity: number }[], STORAGE_KEYS.cartItems.key);
    expect(stored.map((item) => item.quantity)).toEqual([1]);
  });
});

/**
 * The checkout's drawn delivery stage (a drawn order): the browser renders its own stage over the
 * drawing (it knows the shopper), so a tap kept on the drawing is made on the same control of the
 * browser's stage — the same radio or check box by its name and value, the same button by its text.
 */
test.describe("the checkout's drawn delivery stage", () => {
  const ROSES_SKU = 'AB-1001';

  /** An open order made as the cart makes it; its checkout page is drawn with the delivery stage. */
  async function openCheckout(page: Page): Promise<{ release(): void }> {
    const created = await page.request.post('/v1/orders/order/create', {
      data: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: ROSES_SKU, quantity: 1 }] },
    });
    const orderId = ((await created.json()) as { data: { id: string } }).data.id;
    const scripts = await holdScripts(page);
    await page.goto(`/checkout?orderId=${orderId}`, { waitUntil: 'commit' });
    await expect(page.getByRole('form', { name: 'Delivery details' }).getByLabel('Sender name')).toBeVisible();
    return scripts;
  }

  test('a tap on the "Pick-up" choice before the page runs chooses pick-up when the page is ready', async ({ page }) => {
    const errors = watchErrors(page);
    const scripts = await openCheckout(page);
    const form = page.getByRole('form', { name: 'Delivery details' });
    await tapDrawn(page, form.locator('label', { hasText: 'Collect it from one of our branches' }));
    scripts.release();
    await expect(form.getByRole('radio', { name: /^Pick-up/ })).toBeChecked({ timeout: 20_000 });
    await expect(form.getByText('Pick-up day', { exact: true })).toBeVisible();
    await expect(form.getByRole('radio', { name: /^Pick-up/ })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('a tap on "Create a free account" before the page runs ticks it once, when the page is ready', async ({ page }) => {
    const errors = watchErrors(page);
    const scripts = await openCheckout(page);
    const form = page.getByRole('form', { name: 'Delivery details' });
    const offer = form.getByRole('checkbox', { name: /Create a free account/ });
    await expect(offer).not.toBeChecked();
    await tapDrawn(page, offer);
    scripts.release();
    // Ticked, and it stays ticked (a tap made twice would untick it).
    await expect(form.getByLabel(/^Password/)).toBeVisible({ timeout: 20_000 });
    await expect(offer).toBeChecked();
    await expect(offer).toBeEnabled();
    await page.waitForLoadState('networkidle');
    await expect(offer).toBeChecked();
    expect(errors).toEqual([]);
  });

  test("a tap on the checkout header's cart button before the page runs opens the cart when the page is ready", async ({ page }) => {
    const errors = watchErrors(page);
    const scripts = await openCheckout(page);
    const cart = page.getByRole('button', { name: /^Cart \(\d+\)$/ });
    await tapDrawn(page, cart);
    await expect(cart).toHaveAttribute('data-tap-waiting', '');
    scripts.release();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});

/**
 * The newsletter's two drawn pages (a link in a mail): their one button waits for the frame to run,
 * and a tap on it before then is made then — the token is sent (this one is not valid: the page says so).
 */
for (const { path, button } of [
  { path: '/unsubscribe?token=no-such-token', button: 'Unsubscribe' },
  { path: '/newsletter/confirm?token=no-such-token', button: 'Confirm subscription' },
]) {
  test(`a tap on "${button}" before the page runs sends the link's token when the page is ready`, async ({ page }) => {
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/v1/storefront/') && posts.push(new URL(r.url()).pathname));
    const scripts = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const control = page.getByRole('button', { name: button });
    await expect(control).toBeVisible();
    await tapDrawn(page, control);
    await expect(control).toHaveAttribute('data-tap-waiting', '');
    scripts.release();
    await expect(page.getByRole('alert').filter({ hasText: /not valid|expired/ })).toBeVisible({ timeout: 20_000 });
    await expect(control).toHaveCount(0);
    expect(posts).toHaveLength(1);
    // The one error is the browser's note of the token's refusal (404: no such token).
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
}
