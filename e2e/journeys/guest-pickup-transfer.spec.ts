import { expect, test } from '@playwright/test';
import { operator, requireOperator, uniqueEmail } from '../support';
import { fillPickup, fillSender, toast } from '../checkout/helpers';

test.use({ timezoneId: 'Africa/Lagos' });

test('a guest searches, picks the order up at a branch and pays by bank transfer, which the operator confirms', async ({ page, request }) => {
  test.setTimeout(60_000); // a whole journey, on a busy machine too
  requireOperator();
  const email = uniqueEmail('journey-transfer');

  // The header's search box → the results → straight into the cart.
  await page.goto('/');
  // The drawn box takes typing at once (a GET form); what is typed before the shell runs brings its results once it does.
  await page.getByRole('searchbox', { name: 'Search flowers and gifts' }).pressSequentially('lilies', { delay: 30 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “lilies”');
  const first = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  await first.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(toast(page, `${name} added to cart`)).toBeVisible();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();

  // Pick-up: free, at the branch's address; no recipient to fill in.
  const form = page.getByRole('form', { name: 'Delivery details' });
  await fillSender(page, { name: 'Bola Ade', email, phone: '0803 765 4321' });
  await fillPickup(page);
  await expect(form.getByText('Pick-up is free.')).toBeVisible();
  await expect(form.getByLabel('Recipient name')).toHaveCount(0);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();

  // The transfer: where to send the money, quoting the order number; the shopper says it is sent.
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Bank transfer \(naira\)/ }).check();
  const instructions = page.getByRole('region', { name: 'Payment instructions' });
  await expect(instructions).toContainText(orderNumber);
  const notice = instructions.getByRole('form', { name: 'Transfer details' });
  await expect(notice.getByLabel('Transfer reference')).toHaveValue(orderNumber);
  await notice.getByLabel('Name on the sending account').fill('Bola Ade');
  await notice.getByRole('button', { name: 'I have made the transfer' }).click();
  await expect(page.getByText('we will check the transfer and confirm your order by e-mail')).toBeVisible();
  const status = async () => (await (await request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`)).json()).data.paymentStatus as string;
  expect(await status()).toBe('awaiting transfer');

  // The operator sees the money arrive and confirms it; the checkout then shows the done stage.
  operator(['mark-paid', orderNumber]);
  expect(await status()).toMatch(/^paid/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  // The branch to pick it up from, with its address and hours.
  await expect(page.getByLabel('Pick-up address')).toContainText('5 Admiralty Way, Lekki Phase 1, Lagos');
  await expect(page.getByLabel('Pick-up address')).toContainText('Open 24/7');
});
