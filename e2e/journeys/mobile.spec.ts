import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillDelivery, fillSender, toast } from '../checkout/helpers';
import { uniqueEmail } from '../support';

// A phone 375 px wide, in Lagos.
test.use({ viewport: { width: 375, height: 740 }, timezoneId: 'Africa/Lagos' });

/** Nothing may make the page wider than the phone's screen. */
async function expectNoSideScroll(page: Page, where: string) {
  const { content, screen } = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(content, `the page scrolls sideways on ${where}`).toBeLessThanOrEqual(screen);
}

/** The element lies within the screen's width. */
async function expectWithinScreen(element: Locator) {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375 + 0.5);
}

test('on a phone: the menu, the search, the cart drawer and the checkout all work, and nothing scrolls sideways', async ({ page }) => {
  test.setTimeout(60_000); // a whole journey, on a busy machine too
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  await expectNoSideScroll(page, 'the home page');

  // The Menu button opens the sidebar (the desktop menu is hidden); Escape closes it; a link navigates and closes it.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Menu' });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await sidebar.getByRole('button', { name: 'Gifts' }).click();
  await sidebar.getByRole('link', { name: 'Teddy Bears' }).click();
  await expect(page).toHaveURL(/\/product-category\/teddy-bears$/);
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Teddy Bears' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  await expectNoSideScroll(page, 'a category page');

  // The Search button opens the search box (full width under the header row) → the results → a product page.
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const search = page.getByRole('searchbox', { name: 'Search flowers and gifts' });
  await expectWithinScreen(search);
  await search.pressSequentially('roses', { delay: 30 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “roses”');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  await expectNoSideScroll(page, 'the search results');
  await page.getByRole('link', { name: 'Ruby Romance Red Roses', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
  await expectNoSideScroll(page, 'a product page');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(toast(page, 'Ruby Romance Red Roses added to cart')).toBeVisible();

  // The cart drawer fits the screen and leads to the checkout.
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('Ruby Romance Red Roses');
  await expectWithinScreen(drawer);
  const proceed = drawer.getByRole('button', { name: 'Proceed to checkout' });
  await expectWithinScreen(proceed);
  await proceed.click();

  // The checkout's delivery stage fills in and submits on a phone; the payment stage offers its methods.
  const form = page.getByRole('form', { name: 'Delivery details' });
  await expect(form).toBeVisible();
  await expectNoSideScroll(page, 'the checkout delivery stage');
  await fillSender(page, { name: 'Tunde Bakare', email: uniqueEmail('journey-mobile'), phone: '0803 123 4567' });
  await fillDelivery(page);
  const submit = form.getByRole('button', { name: 'Continue to payment' });
  await expectWithinScreen(submit);
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio').first()).toBeVisible();
  await expectWithinScreen(page.getByRole('complementary', { name: 'Order summary' }));
  await expectNoSideScroll(page, 'the checkout payment stage');
});
