import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { requireDevMailbox, requireOperator } from '../support';
import { backoffice, logIn, newStaff } from './staff';

interface List {
  id: string;
  title: string;
  products: { slug: string; sku: string; name: string }[];
}

const LIST = 'occasion:valentines-day:flowers';

/** No part of the page wider than the screen. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a manager features a product first in the Valentine’s flowers; the shopper’s next home page shows it; the release page lists every part', async ({ page, browser }) => {
  test.setTimeout(90_000);
  requireOperator();
  await requireDevMailbox(page.request);
  const manager = await newStaff(page, 'manager');
  const lists = (await (await backoffice(page, 'GET', 'featured', manager.token)).json()).data.lists as List[];
  const list = lists.find((l) => l.id === LIST)!;
  // A product of the catalogue's far end that is not featured there yet.
  const products = (await (await backoffice(page, 'GET', 'products?limit=200', manager.token)).json()).data as { slug: string; name: string; inStock: boolean }[];
  const product = products.filter((p) => p.inStock && !list.products.some((x) => x.slug === p.slug) && !products.some((o) => o !== p && o.name.includes(p.name))).at(-1)!;
  const shopper = await (await browser.newContext()).newPage();
  try {
    // The home page as a shopper sees it before (the server keeps the drawn page).
    await shopper.goto('/');
    const showcase = shopper.getByRole('region', { name: 'Valentine’s Day showcase' });
    await expect(showcase.getByText(list.products[0]!.name, { exact: true }).first()).toBeVisible();
    await expect(showcase.getByText(product.name, { exact: true })).toHaveCount(0);

    await logIn(page, manager);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('link', { name: 'Featured products per occasion and location' }).click();
    await expect(page.getByRole('heading', { name: 'Featured products', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Featured list', exact: true }).selectOption(LIST);
    const editor = page.getByRole('form', { name: list.title });
    await editor.getByLabel('Find a product to add').fill(product.name);
    await editor.getByRole('button', { name: `Add ${product.name}`, exact: true }).click();
    const moveUp = editor.getByRole('button', { name: `Move ${product.name} up`, exact: true });
    while (await moveUp.isEnabled()) await moveUp.click();
    await expect(editor.getByRole('list', { name: `Products of ${list.title}` }).getByRole('listitem').first()).toContainText(product.name);
    await expectAccessible(page, 'the featured lists');
    await editor.getByRole('button', { name: 'Save list' }).click();
    await expect(editor.getByRole('status')).toHaveText(`${list.title} saved: shoppers see it on their next page load.`);

    // The shopper's next page load: the catalogue's data stamp moved, the kept page is drawn afresh.
    await shopper.reload();
    await expect(showcase.getByText(product.name, { exact: true }).first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Releases' }).click();
    const parts = page.getByRole('list', { name: 'Parts of the store' });
    for (const part of ['shell', 'catalog', 'cart', 'account', 'checkout', 'backoffice']) {
      await expect(parts.getByRole('heading', { name: part, exact: true })).toBeVisible();
    }
    await expect(parts.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'catalog', exact: true }) })).toContainText(/Live\s*\d+\.\d+\.\d+-[0-9a-f]+/);
    await expectAccessible(page, 'the release status');
    const audit = (await (await backoffice(page, 'GET', `audit?action=catalog.featured&target=${LIST}`, manager.token)).json()).data as { actor: string }[];
    expect(audit[0]?.actor).toBe(manager.email);
  } finally {
    await backoffice(page, 'PUT', `featured/${LIST}`, manager.token, { products: list.products.map((p) => p.slug) });
    await shopper.context().close();
  }
});

test('on a phone: the featured lists, the design prices, a product’s designs and the release status fit the screen and pass axe', async ({ browser }) => {
  test.setTimeout(60_000);
  requireOperator();
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await requireDevMailbox(page.request);
    const manager = await newStaff(page, 'manager');
    await logIn(page, manager);
    await page.goto('/backoffice/catalog/featured');
    await expect(page.getByRole('form', { name: /./ }).getByRole('button', { name: 'Save list' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the featured lists on a phone');

    await page.goto('/backoffice/catalog');
    await expect(page.getByRole('form', { name: 'Design prices' }).getByLabel('In vase adds (₦)')).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the catalogue and design prices on a phone');

    const [first] = (await (await backoffice(page, 'GET', 'products?limit=1', manager.token)).json()).data as { slug: string }[];
    await page.goto(`/backoffice/catalog/${first!.slug}`);
    const designs = page.getByRole('form', { name: 'Designs' });
    await expect(designs.getByRole('group', { name: 'Designs offered' }).getByRole('checkbox', { name: /^In vase/ })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'a product’s prices, stock and designs on a phone');

    await page.goto('/backoffice/releases');
    await expect(page.getByRole('list', { name: 'Parts of the store' }).getByRole('heading', { name: 'shell', exact: true })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the release status on a phone');
  } finally {
    await context.close();
  }
});
