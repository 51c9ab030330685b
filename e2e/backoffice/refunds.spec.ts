import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { checkoutRoses, chooseNaira, fillPickup, fillSender } from '../checkout/helpers';
import { expectAccessible } from '../journeys/a11y';
import { latestMail, requireDevMailbox, requirePaymentSandbox, uniqueEmail } from '../support';
import { logIn, newStaff } from './staff';

/**
 * Refunds and the accountant's CSV (issue 39, items 4-5): a guest pays with the card provider's
 * sandbox; a manager refunds part of it on the order's page, which lists the refund and the payment as
 * partly refunded; the sender's tracker says so and the refund mail is in the outbox; the CSV downloads
 * from the board. Desktop and 412×915, with axe.
 */

test.use({ timezoneId: 'Africa/Lagos' });

const DESKTOP: BrowserContextOptions = { timezoneId: 'Africa/Lagos' };
const PHONE: BrowserContextOptions = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Lagos' };

/** A guest's pick-up order, paid in naira in the card provider's sandbox; its number. */
async function paidOrder(page: Page, email: string): Promise<string> {
  await chooseNaira(page);
  await checkoutRoses(page);
  await fillSender(page, { name: 'Ngozi Eze', email, phone: '0803 222 3344' });
  await fillPickup(page);
  await page.getByRole('form', { name: 'Delivery details' }).getByRole('button', { name: 'Continue to payment' }).click();
  const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  return orderNumber;
}

async function refundsJourney(page: Page, browser: Browser, options: BrowserContextOptions, label: string) {
  await requirePaymentSandbox(page.request);
  await requireDevMailbox(page.request);
  const email = uniqueEmail(`refund-${label}`);
  const orderNumber = await paidOrder(page, email);
  const manager = await newStaff(page, 'manager');

  const context = await browser.newContext(options);
  const staff = await context.newPage();
  await logIn(staff, manager);

  // The CSV downloads from the board (managers), under the server's file name.
  const csv = staff.getByRole('form', { name: 'Orders for the accountant' });
  await expect(csv).toBeVisible();
  const [download] = await Promise.all([staff.waitForEvent('download'), csv.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^adire-orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('number,created,delivery date,place,channel,sender,items,total,currency,received,refunded,payment status,delivery status');
  expect(text).toContain(`${orderNumber},`);
  await expectAccessible(staff, `the board with the CSV form (${label})`);

  // The manager refunds part of the order on its page.
  await staff.goto(`/backoffice/orders/${orderNumber}`);
  await expect(staff.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  const refunds = staff.getByRole('region', { name: 'Refunds' });
  const form = refunds.getByRole('form', { name: 'Refund this order' });
  await form.getByLabel(/Amount to refund/).fill('5000');
  await form.getByLabel('Why').fill('Two stems short');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(staff.getByRole('status').filter({ hasText: '₦5,000 is refunded.' })).toBeVisible();
  await expect(refunds.getByRole('list', { name: 'Refunds made' }).getByRole('listitem')).toHaveText([/₦5,000.*refunded, through the payment provider: Two stems short/]);
  await expect(staff.locator('dt:text-is("Payment") + dd')).toHaveText('paid - partly refunded');
  await expectAccessible(staff, `an order page with a refund (${label})`);
  await context.close();

  // The sender's tracker says so; the refund mail is in the outbox.
  await page.goto('/order-tracker');
  const track = page.getByRole('form', { name: 'Track an order' });
  await track.getByLabel('Order number').fill(orderNumber);
  await track.getByLabel('Phone or e-mail').fill(email);
  await track.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText(/Payment: paid - partly refunded/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Refunds' }).getByRole('listitem')).toHaveText([/^Refund of ₦5,000: refunded/]);
  await expectAccessible(page, `the tracker with a refund (${label})`);
  const mail = await latestMail(page, email, /Refund/);
  expect(mail.subject).toBe(`Refund: Adire Blooms order ${orderNumber}`);
  expect(mail.text).toContain('Two stems short');
}

test('a manager refunds part of a paid order on its page; the page and the tracker show it; the CSV downloads from the board (desktop)', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await refundsJourney(page, browser, DESKTOP, 'desktop');
});

test('the same on a phone (412×915)', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await refundsJourney(page, browser, PHONE, 'phone');
});
