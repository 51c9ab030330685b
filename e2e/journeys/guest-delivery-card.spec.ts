import { expect, test } from '@playwright/test';
import { hasDevMailbox, latestMail, requirePaymentSandbox, uniqueEmail } from '../support';
import { AMAKA, fillDelivery, fillSender, toast } from '../checkout/helpers';

// A Lagos shopper: prices in naira from the first page.
test.use({ timezoneId: 'Africa/Lagos' });

test('a guest browses the menu, buys roses for delivery, pays by card in naira, tracks the order and reviews it', async ({ page, request }) => {
  test.setTimeout(60_000); // a whole journey, on a busy machine too
  await requirePaymentSandbox(request);
  const email = uniqueEmail('journey-card');

  // Home → the Flowers menu → Roses → the product page.
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Flowers' }).click();
  await menu.getByRole('list', { name: 'Flowers' }).getByRole('link', { name: 'Roses', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roses' })).toBeVisible();
  await page.getByRole('link', { name: 'Ruby Romance Red Roses', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(toast(page, 'Ruby Romance Red Roses added to cart')).toBeVisible();

  // The cart drawer → the checkout's delivery stage.
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
  const form = page.getByRole('form', { name: 'Delivery details' });
  await fillSender(page, { name: 'Bola Ade', email, phone: '0803 765 4321' });
  await fillDelivery(page);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByTestId('order-total')).toHaveText('₦48,000');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();

  // The card provider's hosted page (its sandbox), with the amount to pay.
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
  await expect(page.getByText('₦48,000').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back in the checkout: the done stage, the order number, the cart forgotten.
  await expect(page).toHaveURL(/\/checkout\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('order-number').first()).toHaveText(orderNumber);
  await expect(page.getByRole('button', { name: /^Cart/ })).toContainText('0');
  const tracked = await request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`);
  expect((await tracked.json()).data.paymentStatus).toBe('paid');
  if (await hasDevMailbox(request)) expect((await latestMail(page, email, /receipt|payment/i)).text).toContain(orderNumber);

  // A paid order is reviewed once, and the review joins the product's page.
  const comment = `Fresh, on time and beautifully wrapped (${orderNumber}).`;
  const review = page.getByRole('form', { name: 'Review your order' });
  await review.getByRole('radio', { name: '5 stars' }).check();
  await review.getByLabel(/Comment/).fill(comment);
  await review.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();

  // The tracker, from the done stage: paid, with the details for the sender's e-mail.
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Stage: Payment confirmed')).toBeVisible();
  const tracker = page.getByRole('form', { name: 'Track an order' });
  await tracker.getByLabel('Phone or e-mail').fill(email);
  await tracker.getByRole('button', { name: 'Track' }).click();
  const timeline = page.getByRole('list', { name: 'Order status' });
  await expect(timeline.getByRole('listitem').nth(0)).toHaveText(/Order received\s*Done/);
  await expect(timeline.getByRole('listitem').nth(1)).toHaveText(/Payment confirmed\s*Done/);
  await expect(page.getByLabel('Order details')).toContainText(AMAKA.name);

  await page.goto('/product/ruby-romance-red-roses');
  await expect(page.getByRole('list', { name: 'Latest reviews' })).toContainText(comment);
});
