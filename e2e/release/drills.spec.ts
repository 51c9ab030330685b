import { expect, test, type Page } from '@playwright/test';
import type { ReleaseTarget } from '../../server/src/release/testing';
import { fillDelivery, fillSender } from '../checkout/helpers';
import { OWN_STORE, readManifest, uniqueEmail, watchErrors, withRegistry, writeManifest, type Manifest } from '../support';
import { buildFromLive, drawnBucket, liveVersion, pageVersions, releaseCommand, REMOTES } from './release';

/** Well under the minute a release manager is promised, with room for a busy machine. */
const RELEASE_STEP_LIMIT_MS = 30_000;

/** Publish a copy of a target's live release through the release registry, as a newer build. */
async function publishCopyOfLive(target: ReleaseTarget, marker: string): Promise<string> {
  const distDir = await buildFromLive(target, { marker });
  return withRegistry(async (registry) => {
    const live = (await registry.status()).targets.find((t) => t.target === target)!.live!;
    const info = await registry.publish({
      remote: target,
      distDir,
      packageVersion: live.version.split('-')[0]!,
      commit: 'drill',
      contractsVersion: live.contractsVersion,
    });
    return info.version;
  });
}

/** A short journey across every remote: account menu, catalogue, cart drawer, checkout up to payment. */
async function shortJourney(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/product-category/roses');
  await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?orderId=/);
  await fillSender(page, { name: 'Skew Drill', email: uniqueEmail('skew'), phone: '0803 765 4321' });
  await fillDelivery(page);
  await page.getByRole('form', { name: 'Delivery details' }).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
}

test.describe('release drills', () => {
  test.skip(!OWN_STORE, 'publishes into the suite’s own store, so it runs only without BASE_URL');
  let original: Manifest;
  test.beforeEach(async () => {
    original = await readManifest();
  });
  test.afterEach(() => writeManifest(original));

  test('the cart alone is published and rolled back while the store runs, each in well under a minute, and shoppers see each on their next page load', async ({ page }) => {
    const errors = watchErrors(page);
    const before = await liveVersion('cart');
    await page.goto('/');
    await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByRole('heading', { name: 'Your cart', exact: true })).toBeVisible();

    // A visibly changed cart, published with the release command (no rebuild of anything).
    const published = releaseCommand(['publish', 'cart', '--dist', await buildFromLive('cart', { replace: ['Your cart', 'Your basket of blooms'] })]);
    const version = /^cart (\S+) is live/m.exec(published.output)?.[1];
    expect(version, published.output).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    expect(version).not.toBe(before);
    expect(published.ms).toBeLessThan(RELEASE_STEP_LIMIT_MS);
    // Only the cart moved.
    expect((await readManifest()).live).toEqual({ ...original.live, cart: version });

    // The page already open keeps working; the next load runs the new cart, with the shopper's cart kept.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await expect(drawer.getByRole('heading', { name: 'Your basket of blooms' })).toBeVisible();
    await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('Ruby Romance Red Roses');
    expect((await pageVersions(page)).cart).toBe(version);

    const rolledBack = releaseCommand(['rollback', 'cart']);
    expect(rolledBack.output).toContain(`cart rolled back: ${before} is live`);
    expect(rolledBack.ms).toBeLessThan(RELEASE_STEP_LIMIT_MS);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await expect(drawer.getByRole('heading', { name: 'Your cart', exact: true })).toBeVisible();
    await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('Ruby Romance Red Roses');
    expect((await pageVersions(page)).cart).toBe(before);

    // The release manager's view.
    const status = releaseCommand(['status']).output;
    expect(status).toMatch(new RegExp(`cart\\n  live     ${before}  published .* commit \\S+  contracts \\d+\\.\\d+\\.\\d+  live since .* \\(rollback\\)`));
    expect(status).toContain(`  earlier  ${version}  published`);
    expect(errors).toEqual([]);
    test.info().annotations.push({ type: 'timing', description: `publish ${published.ms} ms, rollback ${rolledBack.ms} ms (release command, process start included)` });
  });

  test('the back office alone is published and rolled back; the store does not move', async ({ page }) => {
    const errors = watchErrors(page);
    const before = await liveVersion('backoffice');
    await page.goto('/backoffice/login');
    await expect(page.getByRole('heading', { name: 'Back office login' })).toBeVisible();

    const published = releaseCommand(['publish', 'backoffice', '--dist', await buildFromLive('backoffice', { replace: ['Back office login', 'Staff sign-in'] })]);
    const version = /^backoffice (\S+) is live/m.exec(published.output)?.[1];
    expect(version, published.output).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    expect((await readManifest()).live).toEqual({ ...original.live, backoffice: version });
    expect(published.ms).toBeLessThan(RELEASE_STEP_LIMIT_MS);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    expect((await pageVersions(page)).backoffice).toBe(version);

    const rolledBack = releaseCommand(['rollback', 'backoffice']);
    expect(rolledBack.output).toContain(`backoffice rolled back: ${before} is live`);
    expect((await readManifest()).live).toEqual(original.live);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Back office login' })).toBeVisible();
    expect((await pageVersions(page)).backoffice).toBe(before);
    expect(releaseCommand(['status']).output).toMatch(new RegExp(`backoffice\\n  live     ${before}  published .* \\(rollback\\)`));
    expect(errors).toEqual([]);
  });

  test('a canary of the cart: a browser in its share runs it, the versions panel says so, and the shell reports how it fared', async ({ page, context, baseURL }) => {
    // Five runs of the release command (each a few seconds on a busy 2-core machine) and a beacon's wait.
    test.setTimeout(60_000);
    const errors = watchErrors(page);
    const stable = await liveVersion('cart');
    const stored = releaseCommand(['publish', 'cart', '--store-only', '--dist', await buildFromLive('cart', { replace: ['Your cart', 'Your canary cart'] })]).output;
    const canary = /^cart (\S+) is stored/m.exec(stored)?.[1];
    expect(canary, stored).toBeTruthy();
    releaseCommand(['canary', 'cart', canary!, '--percent', '10']);
    // This browser's bucket (one the store drew below 10) is in the 10%: it gets the canary, sticky by its cookie.
    await context.addCookies([{ name: 'adire_canary', value: await drawnBucket(baseURL!, (bucket) => bucket < 10), url: baseURL! }]);
    await page.goto('/?versions');
    const readout = page.getByRole('complementary', { name: 'Store versions' });
    const cartRow = readout.getByRole('row', { name: /^cart\b/ });
    await expect(cartRow).toContainText(`${canary} canary`);
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' }).getByRole('heading', { name: 'Your canary cart' })).toBeVisible();
    await expect(cartRow.getByRole('cell').last()).toHaveText('loaded');
    // Leaving the page sends the report (a beacon): the release manager sees the canary's page load.
    await page.goto('about:blank');
    await expect
      .poll(() => releaseCommand(['status']).output, { timeout: 15_000, intervals: [500] })
      .toContain(`  canary   ${canary}  for 10% of browsers: 1 page loads, error rate 0.0%; stable ${stable}:`);
    expect(releaseCommand(['abort', 'cart']).output).toContain(`cart canary ${canary} aborted`);
    await page.goto('/?versions');
    await expect(cartRow).toContainText(stable);
    await expect(cartRow).not.toContainText('canary');
    expect(errors).toEqual([]);
  });

  test('version skew: a newer shell with the previous release of every remote still sells', async ({ page }) => {
    test.setTimeout(60_000);
    // Each remote gets a newer release, then is rolled back on its own to its previous one; the shell
    // gets a newer release and stays on it.
    const previous = Object.fromEntries(await Promise.all(REMOTES.map(async (remote) => [remote, await liveVersion(remote)])));
    for (const remote of REMOTES) await publishCopyOfLive(remote, `skew drill: newer ${remote}`);
    const shell = await publishCopyOfLive('shell', 'skew drill: newer shell');
    for (const remote of REMOTES) expect(await withRegistry((registry) => registry.rollback(remote))).toBe(previous[remote]);
    expect((await readManifest()).live).toEqual({ ...original.live, ...previous, shell });

    await shortJourney(page);
    expect(await pageVersions(page)).toEqual({ shell, ...previous });
  });

  test('with the cart remote down (its entry answers 404), browsing, logging in and tracking still work', async ({ page, request }) => {
    await writeManifest({ ...original, live: { ...original.live, cart: '0.0.0-gone' } });
    expect((await request.get('/releases/cart/0.0.0-gone/remoteEntry.js')).status()).toBe(404);
    await page.goto('/product-category/roses');
    await page.getByRole('link', { name: 'Ruby Romance Red Roses', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    // The header says the cart is unavailable, in its place.
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(page.locator('[data-region="cart"]').getByRole('status')).toContainText('Cart is unavailable right now.', { timeout: 5_000 });
    await page.goto('/order-tracker');
    await expect(page.getByRole('form', { name: 'Track an order' })).toBeVisible();
    expect((await pageVersions(page)).cart).toBe('0.0.0-gone');
  });

  test('with the checkout remote down (its entry answers 404), browsing and the cart still work, and the cart is kept for later', async ({ page, request }) => {
    await writeManifest({ ...original, live: { ...original.live, checkout: '0.0.0-gone' } });
    expect((await request.get('/releases/checkout/0.0.0-gone/remoteEntry.js')).status()).toBe(404);
    await page.goto('/product-category/roses');
    await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' }).getByRole('list', { name: 'Cart items' })).toContainText('Ruby Romance Red Roses');
    await page.keyboard.press('Escape');
    await page.goto('/checkout');
    await expect(page.getByRole('status').filter({ hasText: 'Checkout is unavailable right now.' })).toBeVisible({ timeout: 5_000 });
    expect((await pageVersions(page)).checkout).toBe('0.0.0-gone');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  });
});
