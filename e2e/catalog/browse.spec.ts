import { expect, test } from '@playwright/test';
import { watchErrors } from '../support';
import { grid, isSorted, isSortedByName, shownNames, shownPrices } from './listing';

// A Lagos shopper: prices in naira.
test.use({ timezoneId: 'Africa/Lagos' });

test.describe('browsing the catalogue', () => {
  test('a category shows its title, description, filters and priced products, with a page title', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/product-category/roses');
    await expect(page.getByRole('heading', { level: 1, name: 'Roses' })).toBeVisible();
    await expect(page).toHaveTitle('Roses | Adire Blooms');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    for (const group of ['Budget', 'Flower type', 'Design', 'Packages', 'Delivery', 'Flower name']) {
      await expect(filters.getByRole('group', { name: group })).toBeVisible();
    }
    await expect(grid(page).getByRole('listitem').first()).toContainText('₦');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    expect(errors).toEqual([]);
  });

  test('ticking a filter narrows the listing, lives in the URL, and back undoes it', async ({ page }) => {
    await page.goto('/product-category/roses');
    const range = page.getByText(/^(\d+ products?|Showing \d+–\d+ of \d+ products)$/);
    await expect(range).toBeVisible();
    const before = await range.textContent();
    const budget = page.getByRole('group', { name: 'Budget' });
    const option = budget.getByRole('listitem').filter({ has: page.getByRole('checkbox', { disabled: false }) }).first();
    const count = Number(/\((\d+)\)/.exec(await option.innerText())?.[1]);
    await option.getByRole('checkbox').check();
    await expect(page).toHaveURL(/[?&]budget=/);
    await expect(range).toHaveText(count === 1 ? '1 product' : new RegExp(`(^${count} products$|of ${count} products$)`));
    expect(await range.textContent()).not.toBe(before);
    await page.goBack();
    await expect(page).not.toHaveURL(/budget=/);
    await expect(budget.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(range).toHaveText(before!);
  });

  test('sorting changes the order of the products', async ({ page }) => {
    await page.goto('/product-category/roses');
    await expect(grid(page).getByRole('listitem').first()).toBeVisible();
    const initial = await shownNames(page);
    const sort = page.getByRole('combobox', { name: 'Sort by' });

    await sort.selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect.poll(async () => isSorted(await shownPrices(page), 'asc')).toBe(true);
    const ascending = await shownNames(page);
    expect(ascending).not.toEqual(initial);

    await sort.selectOption({ label: 'Price: high to low' });
    await expect.poll(async () => isSorted(await shownPrices(page), 'desc')).toBe(true);
    expect((await shownPrices(page))[0]).toBeGreaterThan((await shownPrices(page)).at(-1)!);

    await sort.selectOption({ label: 'Name: Z to A' });
    await expect.poll(async () => isSortedByName(await shownNames(page), 'desc')).toBe(true);
    await sort.selectOption({ label: 'Name: A to Z' });
    await expect.poll(async () => isSortedByName(await shownNames(page), 'asc')).toBe(true);
    expect(await shownNames(page)).not.toEqual(ascending);
  });

  test('a long listing has pages that keep the sort', async ({ page }) => {
    await page.goto('/product-category/all?sort=name-asc');
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    const first = await grid(page).getByRole('listitem').first().getByRole('heading').textContent();
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/sort=name-asc&page=2|page=2.*sort=name-asc/);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(grid(page).getByRole('listitem').first().getByRole('heading')).not.toHaveText(first!);
    await expect(page.getByText(/^Showing 25–48 of \d+ products$/)).toBeVisible();
  });

  test('a jump to the pagination moves nothing under it: "Next" stays where it was, frame after frame', async ({ page }) => {
    await page.goto('/product-category/all?sort=name-asc');
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });
    // As a shopper's End key or a test's click does: straight to it, then its place over the next frames.
    const tops = await next.evaluate(async (link) => {
      link.scrollIntoView({ block: 'end' });
      const seen = [link.getBoundingClientRect().top];
      for (let i = 0; i < 6; i++) {
        await new Promise((frame) => requestAnimationFrame(frame));
        seen.push(link.getBoundingClientRect().top);
      }
      return seen.map(Math.round);
    });
    expect(new Set(tops).size, `its top, frame by frame: ${tops.join(', ')}`).toBe(1);
  });

  test('searching from the header lists matching products', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-boundary="catalog"]')).toBeAttached();
    // The server-drawn box takes no typing until the shell runs (it is disabled until then).
    await expect(page.getByRole('searchbox', { name: 'Search flowers and gifts' })).toBeEnabled();
    await page.getByRole('searchbox', { name: 'Search flowers and gifts' }).pressSequentially('lilies', { delay: 30 });
    await expect(page).toHaveURL(/\/filters\?search=lilies$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “lilies”');
    await expect(page).toHaveTitle('Search results for “lilies” | Adire Blooms');
    await expect(grid(page).getByRole('listitem').first()).toBeVisible();
    const names = await shownNames(page);
    expect(names.some((n) => /lil/i.test(n))).toBe(true);
  });

  test('a search with no match says so', async ({ page }) => {
    await page.goto('/filters?search=zzqxv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “zzqxv”');
    // Issue 43's no-results page: the sentence names the search.
    await expect(page.getByText('We found nothing for “zzqxv”.', { exact: false })).toBeVisible();
  });

  test('/filters?shopBy= lists a tag under its label', async ({ page }) => {
    await page.goto('/filters?shopBy=same-day-delivery');
    await expect(page.getByRole('heading', { level: 1, name: 'Same day delivery' })).toBeVisible();
    await expect(grid(page).getByRole('listitem').first()).toBeVisible();
  });

  test('an unknown category gets a not-found page', async ({ page }) => {
    await page.goto('/product-category/no-such-category');
    await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
    await expect(page).toHaveTitle('Category not found | Adire Blooms');
    await page.getByRole('link', { name: 'Browse flowers and gifts' }).click();
    await expect(page).toHaveURL(/\/product-category\/flowers-for-love-birthday-anniversary-etc$/);
  });
});
