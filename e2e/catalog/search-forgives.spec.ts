import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { requireDevMailbox, requireOperator } from '../support';
import { logIn, newStaff } from '../backoffice/staff';

// Issue 43, search that forgives, on a desktop and a 412 × 915 phone with axe: a misspelt search finds the
// product and says "Showing results for … — search instead for …" (drawn on the server: it works without
// scripts too); a search for nothing shows the no-results page with popular products, the categories and
// the WhatsApp link; the back office's Searches page shows the searches just made.

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 412, height: 915 } },
] as const;

/** Letters only, new on every run: a search that finds nothing and is counted as it was typed. */
const nonsense = () => `zq${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function searchFromHeader(page: Page, text: string, phone: boolean): Promise<void> {
  await page.goto('/');
  if (phone) await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('searchbox', { name: 'Search flowers and gifts' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/filters\\?search=${text}`));
}

for (const size of SIZES) {
  test.describe(`search that forgives (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('a misspelt search finds the product and offers the search as typed; a search for nothing still sells', async ({ page }) => {
      test.setTimeout(180_000);
      await searchFromHeader(page, 'teady', size.name === 'phone');
      const results = page.getByRole('region', { name: 'Results' });
      const instead = results.getByRole('link', { name: 'search instead for teady' });
      await expect(instead).toBeVisible({ timeout: 20_000 });
      await expect(results.getByText('Showing results for teddy — search instead for teady')).toBeVisible();
      await expect(results.getByRole('heading', { level: 2, name: /Teddy/ }).first()).toBeVisible();
      await expectAccessible(page, `search results corrected (${size.name})`);

      // The words as typed: nothing has them, so the page that still sells.
      await instead.click();
      await expect(page).toHaveURL(/exact=1/);
      await expect(results.getByText('We found nothing for “teady”.', { exact: false })).toBeVisible();

      const word = nonsense();
      await page.goto(`/filters?search=${word}`);
      await expect(results.getByText(`We found nothing for “${word}”`, { exact: false })).toBeVisible();
      await expect(results.getByRole('heading', { level: 2, name: 'Popular right now' })).toBeVisible();
      await expect(results.getByRole('list', { name: 'Popular products' }).getByRole('listitem').first()).toBeVisible();
      await expect(results.getByRole('navigation', { name: 'Browse our categories' }).getByRole('link', { name: 'Roses', exact: true })).toBeVisible();
      const ask = results.getByRole('link', { name: "Can't find it? Ask us on WhatsApp" });
      await expect(ask).toBeVisible();
      const href = (await ask.getAttribute('href'))!;
      expect(href).toMatch(/^https:\/\/wa\.me\/234\d+\?text=/);
      expect(decodeURIComponent(href.split('text=')[1]!)).toContain(`"${word}"`);
      await expectAccessible(page, `no results (${size.name})`);
    });
  });
}

test('drawn on the server: the correction and its link work without scripts', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/filters?search=baloon');
    await expect(page.getByText('Showing results for balloon — search instead for baloon')).toBeVisible();
    await page.getByRole('link', { name: 'search instead for baloon' }).click();
    await expect(page).toHaveURL(/search=baloon.*exact=1|exact=1.*search=baloon/);
    await expect(page.getByText('We found nothing for “baloon”', { exact: false })).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const size of SIZES) {
  test(`the back office's Searches page shows the searches just made (${size.name})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    requireOperator();
    await requireDevMailbox(page.request);
    const word = nonsense();
    const shopper = await (await browser.newContext()).newPage();
    try {
      await shopper.goto(`/filters?search=${word}`);
      await expect(shopper.getByText(`We found nothing for “${word}”`, { exact: false })).toBeVisible();
      await shopper.goto('/filters?search=Sunflowr');
      await expect(shopper.getByText('Showing results for sunflower', { exact: false })).toBeVisible();
    } finally {
      await shopper.context().close();
    }
    await page.setViewportSize(size.viewport);
    const manager = await newStaff(page, 'manager');
    await logIn(page, manager);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Searches' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Searches' })).toBeVisible();
    const nothing = page.getByRole('table', { name: 'Searches that found nothing, last 7 days' });
    await expect(nothing.getByRole('rowheader', { name: word, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Top searches, last 7 days' }).getByRole('rowheader', { name: 'sunflowr', exact: true })).toBeVisible();
    await expectAccessible(page, `the Searches page (${size.name})`);
    await page.getByRole('radio', { name: 'Last 30 days' }).check();
    await expect(page.getByRole('table', { name: 'Searches that found nothing, last 30 days' }).getByRole('rowheader', { name: word, exact: true })).toBeVisible();
  });
}
