import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from '../support';

/** Resource timings of a remote's release files: how each was asked for and what crossed the network. */
async function timingsOf(page: Page, remote: string) {
  return page.evaluate(
    (folder) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes(folder))
        .map((e) => ({ url: e.name, initiator: (e as PerformanceResourceTiming).initiatorType, transferSize: (e as PerformanceResourceTiming).transferSize })),
    `/releases/${remote}/`,
  );
}

const entryFetchedAhead = async (page: Page, remote: string) =>
  (await timingsOf(page, remote)).some((t) => t.initiator === 'link' && t.url.endsWith('/remoteEntry.js'));

/**
 * The next likely remote is fetched ahead when the browser is idle (issue 10), so the shopper's next
 * step does not wait for its code: nothing of it runs or mounts until it is needed.
 */
test.describe('fetching the next likely remote ahead', () => {
  test('a product page fetches the cart ahead; "Add to cart" then mounts it from the cache', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/product/ruby-romance-red-roses');
    await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
    await expect.poll(() => entryFetchedAhead(page, 'cart'), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('[data-boundary="cart"]')).toHaveCount(0); // fetched, not run

    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ruby Romance Red Roses added to cart' })).toBeVisible();
    await expect(page.locator('[data-boundary="cart"]')).toBeAttached();
    // Every cart file the mount asked for had been fetched ahead: none crossed the network again.
    const cart = await timingsOf(page, 'cart');
    const ahead = new Set(cart.filter((t) => t.initiator === 'link').map((t) => t.url));
    const byMount = cart.filter((t) => t.initiator !== 'link' && !t.url.endsWith('preload.json'));
    expect(byMount.length).toBeGreaterThan(0);
    for (const t of byMount) {
      if (ahead.has(t.url)) expect(t.transferSize, `${t.url} fetched again`).toBe(0);
    }
    expect(byMount.filter((t) => t.url.endsWith('/remoteEntry.js')).every((t) => ahead.has(t.url))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('with something in the cart, a catalogue page fetches the checkout ahead, and the checkout opens from the cache', async ({ page }) => {
    await page.goto('/product-category/roses');
    // A first visit to a category page fetches nothing ahead: the shell decides in an idle callback
    // queued at the page's load; one queued after it here runs after that decision (idle callbacks
    // run in the order they were asked for), and anything it started then shows as a network request.
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done())));
    await page.waitForLoadState('networkidle');
    expect(await timingsOf(page, 'checkout')).toEqual([]);
    expect(await timingsOf(page, 'cart')).toEqual([]);

    await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await expect.poll(() => entryFetchedAhead(page, 'checkout'), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('[data-boundary="checkout"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
    const checkout = await timingsOf(page, 'checkout');
    const entry = checkout.filter((t) => t.url.endsWith('/remoteEntry.js'));
    expect(entry.some((t) => t.initiator === 'link')).toBe(true);
    expect(entry.filter((t) => t.initiator !== 'link').every((t) => t.transferSize === 0)).toBe(true);
  });
});
