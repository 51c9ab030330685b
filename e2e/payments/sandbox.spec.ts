import { expect, test, type Page } from '@playwright/test';
import { requirePaymentSandbox, uniqueEmail } from '../support';
import { checkoutRoses, chooseNaira, fillDelivery, fillSender } from '../checkout/helpers';

// A card paid in naira, PayPal in dollars and a manual transfer confirmed by the operator are walked
// whole in journeys/; here are the payment stage's other turns. The order's payment status is the
// sender's to see: the tracker is asked with the sender's e-mail.
test.beforeEach(async ({ request }) => requirePaymentSandbox(request));

/** A guest checkout up to the payment stage; returns the order number shown there. */
async function toPayment(page: Page, email: string): Promise<string> {
  await chooseNaira(page);
  await checkoutRoses(page);
  await fillSender(page, { name: 'Bola Ade', email, phone: '0803 765 4321' });
  await fillDelivery(page);
  await page.getByRole('form', { name: 'Delivery details' }).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  return (await page.getByTestId('order-number').first().textContent())!.trim();
}

test.describe('payments through the card provider sandbox', () => {
  test('declining on the hosted page leaves the order unpaid, still at payment', async ({ page }) => {
    const email = uniqueEmail('decliner');
    const orderNumber = await toPayment(page, email);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/checkout\?orderId=/);
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    const tracked = await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`);
    expect((await tracked.json()).data.paymentStatus).not.toMatch(/^paid/);
  });
});

test.describe('payments in other currencies and retries', () => {
  test('PayPal in GBP through its sandbox', async ({ page }) => {
    const email = uniqueEmail('paypal');
    const orderNumber = await toPayment(page, email);
    await page.getByLabel('Pay in', { exact: true }).selectOption('GBP');
    const methods = page.getByRole('radiogroup', { name: 'Payment method' });
    await expect(methods.getByRole('radio', { name: /Debit or credit card/ })).toHaveCount(0);
    await methods.getByRole('radio', { name: /^PayPal/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/paypal\/pay\//);
    await expect(page.getByText(/£\s?\d+/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const tracked = await (await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`)).json();
    expect(tracked.data.paymentStatus).toBe('paid');
  });

  test('a declined card can be retried and then paid', async ({ page }) => {
    const email = uniqueEmail('retry');
    const orderNumber = await toPayment(page, email);
    const card = () => page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ });
    await card().click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await card().click();
    await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const tracked = await (await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`)).json();
    expect(tracked.data.paymentStatus).toBe('paid');
  });
});
