import type { Locator, Page } from '@playwright/test';

/** The product grid of a listing page. */
export const grid = (page: Page): Locator => page.getByRole('list', { name: 'Products' });

/** Product names in the order the grid shows them. */
export async function shownNames(page: Page): Promise<string[]> {
  return grid(page).getByRole('listitem').getByRole('heading').allTextContents();
}

/**
 * Naira prices in grid order (the currency must be NGN). Read from each card's price, by its text:
 * a card out of view is not laid out (content-visibility), so its rendered text (innerText) is empty
 * until the shopper scrolls near it.
 */
export async function shownPrices(page: Page): Promise<number[]> {
  const texts = await grid(page).getByRole('listitem').locator('[data-currency="NGN"]').allTextContents();
  return texts.map((t) => Number(/₦([\d,]+)/.exec(t)?.[1]?.replace(/,/g, '') ?? Number.NaN));
}

export const isSorted = (values: number[], direction: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (direction === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));

export const isSortedByName = (names: string[], direction: 'asc' | 'desc') =>
  names.every((n, i) => i === 0 || (direction === 'asc' ? names[i - 1]!.localeCompare(n) <= 0 : names[i - 1]!.localeCompare(n) >= 0));
