import { expect, test, type Page } from '@playwright/test';
import { requirePaymentSandbox, uniqueEmail } from '../support';
import { checkoutRoses, fillDelivery, fillSender } from '../checkout/helpers';
import { expectAccessible } from './a11y';

// Every page type the journeys visit, scanned with axe once its content is in: no serious or
// critical violations (see a11y.ts). A Lagos shopper, so prices show in naira.
test.use({ timezoneId: 'Africa/Lagos' });

const products = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();

const PAGES: { type: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { type: 'home', path: '/', ready: (page) => expect(page.getByRole('region', { name: 'Valentine’s Day showcase' }).getByRole('group').first()).toBeVisible() },
  { type: 'category', path: '/product-category/roses', ready: (page) => expect(products(page)).toBeVisible() },
  { type: 'product', path: '/product/ruby-romance-red-roses', ready: (page) => expect(page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first()).toBeVisible() },
  { type: 'search results, sorted', path: '/filters?search=lilies&sort=price-asc', ready: (page) => expect(products(page)).toBeVisible() },
  { type: 'VIP', path: '/vip', ready: (page) => expect(products(page)).toBeVisible() },
  { type: 'blog', path: '/blog', ready: (page) => expect(page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first()).toBeVisible() },
  { type: 'FAQ', path: '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja', ready: (page) => expect(page.locator('details').first()).toBeVisible() },
  // The unsubscribe page as a mail's link opens it (the button, not yet pressed), and a link that is
  // not (or no longer) valid once pressed: the page and its message, without needing the mailbox.
  { type: 'unsubscribe', path: '/unsubscribe?token=no-such-token', ready: (page) => expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled() },
  {
    type: 'unsubscribe, link not valid',
    path: '/unsubscribe?token=no-such-token',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid or has expired' })).toBeVisible();
    },
  },
  // The newsletter's confirm page as a mail's link opens it: the button, not yet pressed.
  { type: 'newsletter confirm', path: '/newsletter/confirm?token=no-such-token', ready: (page) => expect(page.getByRole('button', { name: 'Confirm subscription' })).toBeEnabled() },
];

test.describe('accessibility (axe): no serious or critical violations', () => {
  for (const { type, path, ready } of PAGES) {
    test(`the ${type} page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await ready(page);
      // Scanned as the shopper uses it: once a region the server drew has been hydrated (until then its
      // controls are disabled, and axe counts what is inside a disabled fieldset as out of reach).
      await expect(page.locator('[data-region="catalog"] > .region-app[data-drawn]')).toHaveCount(0);
      await expectAccessible(page, `the ${type} page (${path})`);
    });
  }

  test('the header: the account dropdown open, the cart drawer open, and the mobile menu open on a phone', async ({ page }) => {
    test.slow(); // three scans
    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('group', { name: 'Login' }).getByLabel('Email')).toBeFocused();
    await expectAccessible(page, 'the open account dropdown');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText('Ruby Romance Red Roses');
    await expectAccessible(page, 'the open cart drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessible(page, 'the open mobile menu');
  });

  test('the checkout: delivery stage (with a field error), payment stage, done stage, then the tracked order', async ({ page, request }) => {
    test.slow(); // four scans and a payment
    await checkoutRoses(page);
    const form = page.getByRole('form', { name: 'Delivery details' });
    await form.getByLabel('Sender name').focus();
    await form.getByLabel('Sender email').focus();
    await expect(form.getByText('Sender name is required')).toBeVisible();
    await expectAccessible(page, 'the checkout delivery stage');

    await fillSender(page, { name: 'Ngozi Eze', email: uniqueEmail('a11y'), phone: '0803 222 4444' });
    await fillDelivery(page);
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio').first()).toBeVisible();
    await expectAccessible(page, 'the checkout payment stage');

    // The done stage needs a paid order: the card provider's sandbox pays it.
    await requirePaymentSandbox(request);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Review your order' })).toBeVisible();
    await expectAccessible(page, 'the checkout done stage');

    await page.getByRole('link', { name: 'Track this order' }).click();
    await expect(page.getByText('Stage: Payment confirmed')).toBeVisible();
    await expectAccessible(page, 'the order tracker with an order');
  });
});

test('the scan fails on a serious violation, in the page and in a frame of the page', async ({ page }) => {
  await page.goto('/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja');
  await expect(page.locator('details').first()).toBeVisible();
  await expectAccessible(page, 'the FAQ page, as drawn');

  // A button with no name in the page: critical.
  await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('button'), { id: 'nameless' })));
  await expect(expectAccessible(page, 'a nameless button')).rejects.toThrow(/critical button-name: .*#nameless/);

  // A picture with no text in a frame of the page (same origin): critical, found inside the frame.
  await page.evaluate(() => document.querySelector('#nameless')!.remove());
  await page.evaluate(() => {
    const frame = Object.assign(document.createElement('iframe'), { title: 'A framed picture', srcdoc: '<!doctype html><html lang="en"><title>Framed</title><img id="wordless" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' });
    document.querySelector('main')!.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await expect(expectAccessible(page, 'a framed picture without text')).rejects.toThrow(/critical image-alt: .*#wordless/);
});
