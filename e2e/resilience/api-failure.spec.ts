import { expect, test, type Page, type Route } from '@playwright/test';

/**
 * The store when its API is down, answers 500, or is slow: the frame (header, footer) always renders,
 * failures are said in clear words (the spec's toasts where it has them), and the guest's cart, kept
 * in local storage, is still there — and usable — once the API is back. The page itself comes drawn
 * by the server (it does not need the browser to reach the API); the browser's own calls fail from the
 * next listing the shopper asks for.
 */

const API = '**/v1/**';
const ROSES = 'Ruby Romance Red Roses';
const NETWORK_MESSAGE = 'Could not reach the shop. Please check your connection and try again.';
const SERVER_MESSAGE = 'Something went wrong on our side. Please try again.';

const PROXY_MESSAGE = 'The shop is having trouble answering (error 502). Please try again in a moment.';

/** How the API fails, and what the listing (a read) and the order (a write) then say. */
const failures: Record<string, { fail: (route: Route) => Promise<void>; listing: string; order: string; tryLogin?: boolean }> = {
  down: { fail: (route) => route.abort('connectionrefused'), listing: NETWORK_MESSAGE, order: NETWORK_MESSAGE, tryLogin: true },
  // Reads get the server's own envelope for an unexpected error (server/src/http/errors.ts); writes
  // a proxy's HTML error page, which carries no message of its own.
  'answering 5xx': {
    fail: (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { message: SERVER_MESSAGE, code: 'INTERNAL' } })
        : route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
    listing: SERVER_MESSAGE,
    order: PROXY_MESSAGE,
  },
};

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A guest cart with one bouquet in it, added through the store while the API is up. */
async function guestCartWithRoses(page: Page) {
  await page.goto('/product-category/roses');
  await page.getByRole('button', { name: `Add ${ROSES} to cart` }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
}

const storedCartNames = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('adire:cartItems') ?? '[]') as { name: string }[]).map((i) => i.name));

/** The shopper asks for another listing in the page (a new sort order): the browser calls the API. */
async function sortByPrice(page: Page) {
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
}

/** The shell's frame is there: no white screen, no crash screen. */
async function expectFrame(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('We care about your data');
  await expect(page.getByRole('heading', { name: 'Oops, there is an error!' })).toHaveCount(0);
}

test.describe('the store with its API failing', () => {
  for (const [mode, { fail, listing, order, tryLogin }] of Object.entries(failures)) {
    test(`API ${mode}: the frame renders, clear messages, the cart is kept and works once the API is back`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await guestCartWithRoses(page);

      await page.route(API, fail);
      await page.reload();
      await expectFrame(page);
      // The server drew the listing: it is there although the browser cannot reach the API.
      await expect(page.getByRole('button', { name: `Add ${ROSES} to cart` })).toBeVisible();
      await sortByPrice(page);
      // The next listing says what went wrong, with a way to try again.
      const loadError = page.locator('[data-boundary="catalog"]').getByRole('alert');
      await expect(loadError).toContainText(listing);
      // The cart is read from local storage: still one item, listed in the drawer.
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      const drawer = page.getByRole('dialog', { name: 'Cart' });
      await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText(ROSES);
      // An order cannot be made: the spec's toast, and the shopper stays with the cart.
      await drawer.getByRole('button', { name: 'Proceed to checkout' }).click();
      await expect(page.getByRole('alert').filter({ hasText: `Unable to create order: ${order}` })).toBeVisible();
      await expect(page).toHaveURL(/\/product-category\/roses\?sort=price-asc$/);
      expect(await storedCartNames(page)).toEqual([ROSES]);
      await drawer.getByRole('button', { name: 'Close cart' }).click();

      if (tryLogin) {
        // Logging in fails the same way (SPEC section 8: 'Unable to login: {message}').
        await page.getByRole('button', { name: 'Account' }).click();
        const login = page.getByRole('form', { name: 'Login' });
        await login.getByLabel('Email').fill('ada@example.com');
        await login.getByLabel('Password', { exact: true }).fill('Anything-123');
        await login.getByRole('button', { name: 'Login' }).click();
        await expect(page.getByRole('alert').filter({ hasText: `Unable to login: ${order}` })).toBeVisible();
      }

      // The API comes back: the listing recovers in place, and the kept cart goes to checkout.
      await page.unroute(API);
      await loadError.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('button', { name: `Add ${ROSES} to cart` })).toBeVisible();
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      await drawer.getByRole('button', { name: 'Proceed to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\?orderId=/);
      await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(ROSES);
      expect(errors).toEqual([]);
    });
  }

  test('API slow (5 s per call): the frame, the drawn listing and the stored cart show at once, a new listing when it comes, no error', async ({ page }) => {
    const errors = collectPageErrors(page);
    await guestCartWithRoses(page);

    await page.route(API, async (route) => {
      await new Promise((r) => setTimeout(r, 5_000));
      await route.fallback();
    });
    let started = Date.now();
    await page.reload();
    await expectFrame(page);
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    // The server drew the listing: it shows with the page, not after the browser's slow calls.
    await expect(page.getByRole('button', { name: `Add ${ROSES} to cart` })).toBeVisible();
    const frameShownMs = Date.now() - started;
    expect(frameShownMs).toBeLessThan(4_000); // well before the first API answer
    started = Date.now();
    await sortByPrice(page);
    // Waiting, not failing: the products shown are marked busy until the new order arrives.
    const busyGrid = page.locator('[data-boundary="catalog"] [aria-label="Products"][aria-busy="true"]');
    await expect(busyGrid).toBeAttached();
    await expect(busyGrid).toHaveCount(0, { timeout: 12_000 });
    await expect(page.getByRole('button', { name: `Add ${ROSES} to cart` })).toBeVisible();
    const listingShownMs = Date.now() - started;
    expect(listingShownMs).toBeGreaterThanOrEqual(5_000);
    // Nothing failed, so nothing was reported as failed.
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await storedCartNames(page)).toEqual([ROSES]);
    expect(errors).toEqual([]);
    test.info().annotations.push({ type: 'figures', description: `frame ${frameShownMs} ms, listing ${listingShownMs} ms` });
  });
});
