import { STORAGE_KEYS, STORAGE_SYNC_VERSION } from '@adire/contracts';
import { expect, test, type Page } from '@playwright/test';

/**
 * Every local-storage key the store declares (shared/contracts/src/storage.ts), corrupted: the store
 * treats the value as absent (ARCHITECTURE, "Rules across domains") — no crash, no uncaught exception.
 */

const ROSES = 'Ruby Romance Red Roses';
const keys = Object.values(STORAGE_KEYS).map((k) => k.key);
const syncKey = STORAGE_KEYS.syncVersion.key;

/** Values that are not what the key's owner wrote: cut-off JSON, and JSON of the wrong shape. */
const CORRUPTIONS: Record<string, (key: string) => string> = {
  'cut-off JSON': () => '{"broken":',
  'JSON of the wrong shape': (key) =>
    key === STORAGE_KEYS.cartItems.key
      ? JSON.stringify([null, 7, 'rose', { SKU: 5, quantity: 'many', price: {} }, { name: 'no sku' }])
      : JSON.stringify({ [key]: [1, { nested: null }] }),
};

/** Open the store's origin, write the stored values, then load the page as a returning shopper would. */
async function visitWithStorage(page: Page, values: Record<string, string>, path = '/') {
  await page.goto('/remotes.json');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
  await page.goto(path);
}

function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  return errors;
}

async function expectNoCrash(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops, there is an error!' })).toHaveCount(0);
}

for (const [kind, corrupt] of Object.entries(CORRUPTIONS)) {
  test(`${kind} in every stored key (${keys.length - 1} keys, sync version intact): treated as absent, the store works`, async ({ page }) => {
    const errors = watch(page);
    const values = Object.fromEntries(keys.map((key) => [key, key === syncKey ? String(STORAGE_SYNC_VERSION) : corrupt(key)]));
    await visitWithStorage(page, values);
    await expectNoCrash(page);
    await expect(page.getByRole('heading', { name: 'Fresh flowers and gifts, delivered today in Lagos and Abuja' })).toBeVisible();

    // Nobody is logged in, the cart is empty, the account and the cart open.
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Empty Cart');
    await page.getByRole('button', { name: 'Close cart' }).click();
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();

    // Shopping writes good values over the corrupt ones.
    await page.goto('/product-category/roses');
    await page.getByRole('button', { name: `Add ${ROSES} to cart` }).click();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { name: string }[], STORAGE_KEYS.cartItems.key);
    expect(stored.map((i) => i.name)).toEqual([ROSES]);

    // The checkout without an order, with a corrupt stage and coupon, explains what to do.
    await visitWithStorage(page, { ...values, [STORAGE_KEYS.cartItems.key]: corrupt(STORAGE_KEYS.cartItems.key) }, '/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('Your cart is empty. Add some flowers before checking out.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops, there is an error!' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('a corrupt sync version counts as absent: storage is wiped once and the version written', async ({ page }) => {
  const errors = watch(page);
  await visitWithStorage(page, { [syncKey]: '{"broken":', [STORAGE_KEYS.cartItems.key]: '[{"SKU":"x","name":"Old","quantity":1}]' });
  await expectNoCrash(page);
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  // The drawn page shows an empty cart before any script runs: the storage is the shell's to fix once it runs.
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), syncKey)).toBe(String(STORAGE_SYNC_VERSION));
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cartItems.key)).toBeNull();
  expect(errors).toEqual([]);
});

test('with the API down, a stored user that is not one is not trusted: nobody is shown as signed in', async ({ page }) => {
  const errors = watch(page);
  await page.route('**/v1/**', (route) => route.abort('connectionrefused'));
  // The handshake cannot confirm the stored user, so the stored one stands in — only if it is a user.
  await visitWithStorage(page, { [syncKey]: String(STORAGE_SYNC_VERSION), [STORAGE_KEYS.user.key]: JSON.stringify({ authToken: 't', cartItems: {} }) });
  await expectNoCrash(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
