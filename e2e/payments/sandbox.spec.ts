import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { latestMail, uniqueEmail } from '../support';
import { checkoutRoses, chooseNaira, fillDelivery, fillSender } from '../checkout/helpers';

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

const here = path.dirname(fileURLToPath(import.meta.url));
/** Run an operator command against the test server's own database (see serve.mjs). */
function operator(args: string[]): string {
  const state = path.resolve(here, '..', process.env.E2E_STATE_DIR ?? '.state');
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/orders.ts', ...args], {
    cwd: path.resolve(here, '../../server'),
    env: { ...process.env, SQLITE_FILE: path.join(state, 'shop.sqlite'), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

test.describe('a manual transfer', () => {
  test('the shopper reports the transfer, the operator confirms it, the checkout shows the done stage', async ({ page }) => {
    const email = uniqueEmail('transfer');
    const orderNumber = await toPayment(page, email);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Bank transfer \(naira\)/ }).check();
    const instructions = page.getByRole('region', { name: 'Payment instructions' });
    await expect(instructions).toContainText(orderNumber);
    const notice = instructions.getByRole('form', { name: 'Transfer details' });
    await expect(notice.getByLabel('Transfer reference')).toHaveValue(orderNumber);
    await notice.getByLabel('Name on the sending account').fill('Bola Ade');
    await notice.getByRole('button', { name: 'I have made the transfer' }).click();
    await expect(page.getByText('we will check the transfer and confirm your order by e-mail')).toBeVisible();
    const waiting = await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms`);
    expect((await waiting.json()).data.paymentStatus).toBe('awaiting transfer');

    operator(['mark-paid', orderNumber]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const paid = await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms`);
    expect((await paid.json()).data.paymentStatus).toMatch(/^paid/);
  });
});

test.describe('payments through the card provider sandbox', () => {
  test('paying on the hosted page marks the order paid and the checkout shows the done stage', async ({ page }) => {
    const email = uniqueEmail('payer');
    const orderNumber = await toPayment(page, email);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
    // The sandbox's hosted page, on this server, with the amount to pay.
    await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
    await expect(page.getByText('₦48,000').first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back in the checkout: stage 3, the order number, the cart forgotten.
    await expect(page).toHaveURL(/\/checkout\?orderId=/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByTestId('order-number').first()).toHaveText(orderNumber);
    await expect(page.getByRole('button', { name: /^Cart/ })).toContainText('0');

    const tracked = await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms`);
    expect((await tracked.json()).data.paymentStatus).toBe('paid');
    expect((await latestMail(page, email, /receipt|payment/i)).text).toContain(orderNumber);

    // A paid order can be reviewed once.
    const review = page.getByRole('form', { name: 'Review your order' });
    await review.getByRole('radio', { name: '5 stars' }).check();
    await review.getByLabel(/Comment/).fill('Fresh, on time, and beautifully wrapped.');
    await review.getByRole('button', { name: 'Send review' }).click();
    await expect(page.getByText('Thank you for your review!')).toBeVisible();
  });

  test('declining on the hosted page leaves the order unpaid, still at payment', async ({ page }) => {
    const orderNumber = await toPayment(page, uniqueEmail('decliner'));
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/checkout\?orderId=/);
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    const tracked = await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms`);
    expect((await tracked.json()).data.paymentStatus).not.toMatch(/^paid/);
  });
});

test.describe('payments in other currencies and retries', () => {
  test('PayPal in GBP through its sandbox', async ({ page }) => {
    const orderNumber = await toPayment(page, uniqueEmail('paypal'));
    await page.getByLabel('Pay in', { exact: true }).selectOption('GBP');
    const methods = page.getByRole('radiogroup', { name: 'Payment method' });
    await expect(methods.getByRole('radio', { name: /Debit or credit card/ })).toHaveCount(0);
    await methods.getByRole('radio', { name: /^PayPal/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/paypal\/pay\//);
    await expect(page.getByText(/£\s?\d+/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const tracked = await (await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms`)).json();
    expect(tracked.data.paymentStatus).toBe('paid');
  });

  test('a declined card can be retried and then paid', async ({ page }) => {
    const orderNumber = await toPayment(page, uniqueEmail('retry'));
    const card = () => page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ });
    await card().click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await card().click();
    await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const tracked = await (await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms`)).json();
    expect(tracked.data.paymentStatus).toBe('paid');
  });
});
