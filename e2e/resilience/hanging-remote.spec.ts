import { expect, test, type Page } from '@playwright/test';

/**
 * A remote whose remoteEntry.js is requested and never answered: its region shows its fallback with
 * a Retry control within 5 s, the other regions keep working, and Retry mounts it once it answers.
 * (The cart, refused and hanging, is in foundation/isolation.spec.ts.)
 */

/**
 * Counted from the moment the shell has rendered its frame (it starts the page's applications right
 * after), or for a remote loaded on first use, from the click that asks for it.
 */
const FALLBACK_WITHIN_MS = 5_000;

/**
 * Requests for a remote's entry are held open, unanswered. Once released, new requests (a retry adds
 * ?attempt=n) are answered; those already held stay silent, so the region needs its Retry.
 */
async function hang(page: Page, remote: string) {
  const entry = new RegExp(`/releases/${remote}/[^/]+/remoteEntry\\.js`);
  let released = false;
  await page.route(entry, (route) => (released ? route.continue() : undefined));
  return { release: async () => void (released = true) };
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('catalog and account hanging: both fall back within 5 s, the cart and header work, Retry recovers each', async ({ page }) => {
  const errors = collectPageErrors(page);
  const hungCatalog = await hang(page, 'catalog');
  const hungAccount = await hang(page, 'account');

  const started = Date.now();
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: /^Cart/ }).waitFor();
  const shellRuns = Date.now();
  const catalog = page.locator('[data-region="catalog"]').getByRole('status');
  await expect(catalog).toContainText('The catalogue is unavailable right now.', { timeout: FALLBACK_WITHIN_MS });
  const catalogFallbackMs = Date.now() - shellRuns;
  const catalogFromNavigationMs = Date.now() - started;

  // The header, the footer and the cart still work.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Flowers' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('We care about your data');
  await page.getByRole('button', { name: 'Cart, 0 items' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Empty Cart');
  await page.getByRole('button', { name: 'Close cart' }).click();

  // The account loads when first used, and falls back in its own small region.
  const accountAsked = Date.now();
  await page.getByRole('button', { name: 'Account' }).click();
  const account = page.locator('[data-region="account"]').getByRole('status');
  await expect(account).toContainText('Account unavailable', { timeout: FALLBACK_WITHIN_MS });
  const accountFallbackMs = Date.now() - accountAsked;

  await hungCatalog.release();
  await hungAccount.release();
  await catalog.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: /^Fresh flowers and gifts, delivered today/ })).toBeVisible();
  await expect(catalog).toHaveCount(0);
  await account.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-boundary="account"]')).toBeAttached();
  await expect(account).toHaveCount(0);
  expect(errors).toEqual([]);
  test.info().annotations.push({ type: 'figures', description: `catalog fallback ${catalogFallbackMs} ms after the shell’s frame (${catalogFromNavigationMs} ms after navigation), account ${accountFallbackMs} ms after the click` });
});

test('checkout hanging: the tracker page falls back within 5 s, the cart and account work, Retry recovers it', async ({ page }) => {
  const errors = collectPageErrors(page);
  const hungCheckout = await hang(page, 'checkout');

  const started = Date.now();
  await page.goto('/order-tracker', { waitUntil: 'commit' });
  await page.getByRole('button', { name: /^Cart/ }).waitFor();
  const shellRuns = Date.now();
  const checkout = page.locator('[data-region="checkout"]').getByRole('status');
  await expect(checkout).toContainText('Checkout is unavailable right now.', { timeout: FALLBACK_WITHIN_MS });
  const fallbackMs = Date.now() - shellRuns;
  const fromNavigationMs = Date.now() - started;

  // The header's parcels still work: the cart and the account.
  await page.getByRole('button', { name: /^Cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Empty Cart');
  await page.getByRole('button', { name: 'Close cart' }).click();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();

  await hungCheckout.release();
  await page.locator('[data-region="checkout"]').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Track your order' })).toBeVisible();
  expect(errors).toEqual([]);
  test.info().annotations.push({ type: 'figures', description: `checkout fallback ${fallbackMs} ms after the shell’s frame (${fromNavigationMs} ms after navigation)` });
});
