import { expect, test } from '@playwright/test';
import {
  DATE_PICKER_SIGNATURE,
  describeScripts,
  HOME_SCRIPT_BUDGET_BYTES,
  kb,
  librariesIn,
  loadedScripts,
  ISSUE_42_CEILING,
  NEXT_STEPS_SIGNATURES,
  PAGE_SCRIPT_BUDGETS,
  prefetchedUrls,
  recordScripts,
  settle,
  sum,
  visitHome,
} from './first-visit';
import { checkoutPage, storePages } from './lighthouse';

/**
 * Byte budgets of a first visit, from the browser's own resource timings (issue 10): the home page's
 * compressed JavaScript, each shared library downloaded once, and no code the page does not need.
 */
test.describe('first visit budgets', () => {
  test(`the home page sends at most ${kb(HOME_SCRIPT_BUDGET_BYTES)} of compressed JavaScript, each shared library once, no checkout or back-office code`, async ({ page }) => {
    const bodies = recordScripts(page);
    await visitHome(page);
    const scripts = await loadedScripts(page, bodies);
    const list = describeScripts(scripts);
    console.log(`home, first visit: ${scripts.length} scripts, ${kb(sum(scripts, 'encodedBytes'))} compressed (${kb(sum(scripts, 'transferBytes'))} with headers, ${kb(sum(scripts, 'decodedBytes'))} uncompressed)`);

    // The server compresses what it sends (precompressed brotli/gzip or on the fly).
    const uncompressed = scripts.filter((s) => s.decodedBytes > 1024 && s.encodedBytes >= s.decodedBytes);
    expect(uncompressed.map((s) => s.url), 'scripts sent without compression').toEqual([]);

    expect(sum(scripts, 'encodedBytes'), `compressed JavaScript on the home page:\n${list}`).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET_BYTES);

    const libraries = librariesIn(scripts);
    for (const [library, carriers] of Object.entries(libraries)) {
      console.log(`  ${library.padEnd(20)} ${kb(sum(carriers, 'encodedBytes')).padStart(9)}  ${carriers.map((s) => new URL(s.url).pathname.split('/').pop()).join(', ')}`);
      expect(
        carriers.map((s) => new URL(s.url).pathname),
        `${library} must be downloaded exactly once`,
      ).toHaveLength(1);
    }

    expect(scripts.filter((s) => s.url.includes('/releases/checkout/')).map((s) => s.url), 'checkout code on the home page').toEqual([]);
    // The staff's back office is never a byte of a shopper's page.
    expect(scripts.filter((s) => s.url.includes('/releases/backoffice/')).map((s) => s.url), 'back-office code on the home page').toEqual([]);
    expect(scripts.filter((s) => s.body.includes(DATE_PICKER_SIGNATURE)).map((s) => s.url), 'the date picker on the home page').toEqual([]);
  });

  test('each of home, a category, a product and the checkout stays within its files and bytes of scripts', async ({ browser, baseURL }) => {
    test.setTimeout(180_000); // four first visits, each waiting for the network to be quiet
    const over: string[] = [];
    for (const storePage of await storePages(baseURL!)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (storePage.storage) {
        await page.goto('/healthz');
        await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(storePage.storage));
      }
      const bodies = recordScripts(page);
      await page.goto(storePage.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settle(page);
      const ahead = await prefetchedUrls(page);
      const scripts = (await loadedScripts(page, bodies)).filter((s) => !ahead.has(s.url));
      const budget = PAGE_SCRIPT_BUDGETS[storePage.name];
      // A budget is never raised past the issue's bound, whatever the page measures.
      expect(budget.bytes, `${storePage.name}'s byte budget`).toBeLessThanOrEqual(ISSUE_42_CEILING.bytes);
      expect(budget.files, `${storePage.name}'s file budget`).toBeLessThanOrEqual(ISSUE_42_CEILING.files);
      const bytes = sum(scripts, 'encodedBytes');
      if (process.env.BUDGET_VERBOSE === '1') console.log(describeScripts(scripts));
      console.log(`${storePage.name.padEnd(9)} ${String(scripts.length).padStart(2)} script files (budget ${budget.files}), ${kb(bytes)} compressed (budget ${kb(budget.bytes)})`);
      if (scripts.length > budget.files) over.push(`${storePage.name}: ${scripts.length} script files, ${scripts.length - budget.files} over its ${budget.files}`);
      if (bytes > budget.bytes) over.push(`${storePage.name}: ${kb(bytes)} of scripts, ${kb(bytes - budget.bytes)} over its ${kb(budget.bytes)}`);
      if (scripts.length > budget.files || bytes > budget.bytes) over.push(describeScripts(scripts));
      await context.close();
    }
    expect(over, 'pages over their script budget (e2e/perf/first-visit.ts, PAGE_SCRIPT_BUDGETS)').toEqual([]);
  });

  test('the date picker comes only with the cart drawer that shows a date; the checkout page does without it', async ({ page }) => {
    const bodies = recordScripts(page);
    await page.goto('/product-category/roses');
    await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    await page.waitForLoadState('networkidle');
    const beforeDrawer = await loadedScripts(page, bodies);
    expect(beforeDrawer.filter((s) => s.body.includes(DATE_PICKER_SIGNATURE)), 'date picker before the drawer opens').toEqual([]);

    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByLabel('Delivery date')).toBeVisible();
    await expect.poll(async () => (await loadedScripts(page, bodies)).filter((s) => s.body.includes(DATE_PICKER_SIGNATURE)).length).toBe(1);

    await drawer.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\?orderId=/);
    await page.reload();
    await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const checkout = await loadedScripts(page, bodies);
    expect(checkout.filter((s) => s.body.includes(DATE_PICKER_SIGNATURE)).map((s) => s.url), 'the date picker on a fresh checkout page').toEqual([]);
    expect(checkout.filter((s) => s.url.includes('/releases/catalog/')).map((s) => s.url), 'catalog code on the checkout page').toEqual([]);
    expect(checkout.filter((s) => s.url.includes('/releases/backoffice/')).map((s) => s.url), 'back-office code on the checkout page').toEqual([]);
  });

  test('the checkout page loads its payment and done stages and the tracker only when the shopper reaches for the delivery form', async ({ page, baseURL }) => {
    const checkout = await checkoutPage(baseURL!);
    await page.goto('/healthz');
    await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(checkout.storage!));
    const bodies = recordScripts(page);
    await page.goto(checkout.path);
    const form = page.getByRole('form', { name: 'Delivery details' });
    await expect(form).toBeVisible();
    await settle(page);
    const nextSteps = async () => (await loadedScripts(page, bodies)).filter((s) => NEXT_STEPS_SIGNATURES.some((text) => s.body.includes(text))).map((s) => s.url);
    expect(await nextSteps(), 'the later steps before the shopper reaches for the form').toEqual([]);

    await form.getByLabel('Sender name').focus();
    await expect.poll(nextSteps).toHaveLength(1);
  });

  test('the checkout page loads the cart only when the shopper reaches for it; its count is there before, and a tap opens it', async ({ page, baseURL }) => {
    const checkout = await checkoutPage(baseURL!);
    await page.goto('/healthz');
    await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(checkout.storage!));
    const bodies = recordScripts(page);
    await page.goto(checkout.path);
    await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
    await settle(page);
    const cartButton = page.getByRole('button', { name: 'Cart (1)' });
    await expect(cartButton).toBeVisible();
    expect((await loadedScripts(page, bodies)).filter((s) => s.url.includes('/releases/cart/')).map((s) => s.url), 'cart code before the shopper reaches for it').toEqual([]);
    await expect(page.locator('[data-boundary="cart"]')).toHaveCount(0);

    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
    await expect(drawer.getByRole('button', { name: 'Update Cart' })).toBeVisible();
    expect((await loadedScripts(page, bodies)).filter((s) => s.url.includes('/releases/cart/')).length).toBeGreaterThan(0);
  });
});
