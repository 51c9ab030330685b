import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 34: the header's search is a real GET form to /filters, so it works the moment the page is
 * drawn and with scripts turned off; on a phone its toggle is a link that opens the box. The
 * listing's sort and filters are links then too.
 */
test.use({ javaScriptEnabled: false });

async function searchFromHeader(page: Page, words: string) {
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search flowers and gifts' });
  await expect(box).toBeVisible();
  await expect(box).toBeEnabled();
  await box.fill(words);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/filters\\?search=${words}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Search results for “${words}”` })).toBeVisible();
}

test.describe('with scripts turned off', () => {
  test('a desktop shopper searches from the header and sorts the results by links', async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
    await searchFromHeader(page, 'lilies');
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('link', { name: /White Grace Lilies/ }).first()).toBeVisible();

    // Sort by a link: the order changes, the search stays.
    await page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: 'Name: Z to A' }).click();
    await expect(page).toHaveURL(/\/filters\?search=lilies&sort=name-desc$/);
    const names = await results.getByRole('heading', { level: 2 }).allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort((a, b) => b.localeCompare(a))).toEqual(names);
  });

  test('a filter is a link that ticks it', async ({ page }) => {
    await page.goto('/product-category/roses');
    const filters = page.getByRole('navigation', { name: 'Filter by' });
    const option = filters.getByRole('link').first();
    const label = (await option.textContent())!.replace(/\s*\(\d+\)$/, '');
    await option.click();
    await expect(page).toHaveURL(/\/product-category\/roses\?[a-zA-Z]+=/);
    await expect(page.getByRole('navigation', { name: 'Filter by' }).getByRole('link', { name: new RegExp(`✓ ${label}`) })).toHaveAttribute('aria-current', 'true');
  });

  test.describe('on a 412 × 915 phone', () => {
    test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

    test('the Search toggle opens the box, and the search finds', async ({ page }) => {
      await page.goto('/');
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search flowers and gifts' });
      await expect(box).toBeHidden();
      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      await searchFromHeader(page, 'roses');
      await expect(page.getByRole('region', { name: 'Results' }).getByRole('link', { name: /Ruby Romance Red Roses/ }).first()).toBeVisible();
      // The results page keeps the box open with what was asked.
      await expect(box).toHaveValue('roses');
    });
  });

  test('a product can be shared on WhatsApp by its link alone', async ({ page }) => {
    await page.goto('/product/ruby-romance-red-roses');
    const link = page.getByRole('link', { name: 'Share on WhatsApp' });
    const text = new URL((await link.getAttribute('href'))!).searchParams.get('text')!;
    expect(text).toContain('Ruby Romance Red Roses');
    expect(text).toContain('₦45,000');
    expect(text).toContain(`${await page.locator('link[rel="canonical"]').getAttribute('href')}`);
  });
});
