import { expect, test } from '@playwright/test';
import { requireDevMailbox, requireOperator } from '../support';
import { backoffice, logIn, newStaff } from './staff';

test('a manager marks a product sold out and hides one of its reviews with a reason; the shopper’s next product page shows both', async ({ page, browser }) => {
  test.setTimeout(90_000);
  requireOperator();
  await requireDevMailbox(page.request);
  const manager = await newStaff(page, 'manager');
  // A product of the catalogue's far end (other tests buy the first ones), and its newest review.
  const products = (await (await backoffice(page, 'GET', 'products?limit=200', manager.token)).json()).data as { slug: string; name: string; inStock: boolean }[];
  const product = products.filter((p) => p.inStock).at(-1)!;
  const reviews = (await (await backoffice(page, 'GET', `reviews?product=${product.slug}`, manager.token)).json()).data as { id: string; author: string; comment: string }[];
  test.skip(!reviews.length, `${product.name} has no review to hide`);
  const review = reviews[0]!;
  const shopper = await (await browser.newContext()).newPage();
  try {
    // What a shopper sees before.
    await shopper.goto(`/product/${product.slug}`);
    await expect(shopper.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expect(shopper.getByText(review.comment, { exact: true }).first()).toBeVisible();

    await logIn(page, manager);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('search', { name: 'Find products' }).getByLabel('Product name or SKU').fill(product.name);
    await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: product.name, exact: true }).click();
    await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
    const stock = page.getByRole('form', { name: 'Stock' });
    await stock.getByLabel('Units left').fill('0');
    await stock.getByRole('button', { name: 'Save stock' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'now has 0 units left: sold out' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' }).click();
    const hideForm = page.getByRole('form', { name: `Hide the review by ${review.author}` }).first();
    await hideForm.getByRole('button', { name: 'Hide review' }).click();
    await expect(page.getByRole('alert')).toHaveText('Say why the review is hidden (the reason is kept in the audit).');
    await page.getByRole('search', { name: 'Filter the reviews' }).getByLabel('Product address').fill(product.slug);
    const card = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: review.author }).filter({ hasText: review.comment }).first();
    await card.getByLabel('Reason for hiding').fill('Shares a phone number');
    await card.getByRole('button', { name: 'Hide review' }).click();
    await expect(page.getByRole('status').filter({ hasText: `The review by ${review.author} is hidden.` })).toBeVisible();

    // The shopper's next page load: the catalogue's and the reviews' data stamps moved.
    await shopper.reload();
    await expect(shopper.getByRole('button', { name: 'Out of stock' })).toBeVisible();
    await expect(shopper.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
    await expect(shopper.getByText(review.comment, { exact: true })).toHaveCount(0);
  } finally {
    await backoffice(page, 'PUT', `products/${product.slug}`, manager.token, { stock: null });
    await backoffice(page, 'PUT', `reviews/${review.id}`, manager.token, { hidden: false });
    await shopper.context().close();
  }
});
