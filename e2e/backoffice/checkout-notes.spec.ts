import { expect, test } from '@playwright/test';
import { checkoutRoses, fillPickup, fillSender } from '../checkout/helpers';
import { requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { logIn, newStaff } from './staff';

test.use({ timezoneId: 'Africa/Lagos' });

// The checkout's notes come from one table in the contracts (CHECKOUT_NOTES): the gift wrap note is
// drawn in the delivery form by its label and reaches the order summary and the florist's order page.
test('a note from the note table is asked for in the delivery form and reaches the order summary and the back office order page', async ({ page, browser }) => {
  test.setTimeout(90_000);
  requireOperator();
  await requireDevMailbox(page.request);
  const florist = await newStaff(page, 'florist');

  await checkoutRoses(page);
  const form = page.getByRole('form', { name: 'Delivery details' });
  await fillSender(page, { name: 'Kemi Adeyemi', email: uniqueEmail('gift-wrap'), phone: '0803 222 4444' });
  await fillPickup(page);
  const notes = form.getByRole('group', { name: 'Message and notes' });
  await notes.getByLabel('Message for the card').fill('Happy anniversary, Dayo');
  await notes.getByLabel('Gift wrap note').fill('Gold paper, no price tags');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();
  const summaryNotes = page.getByRole('complementary', { name: 'Order summary' }).getByRole('region', { name: 'Notes with this order' });
  await expect(summaryNotes).toContainText('Gift wrap note');
  await expect(summaryNotes).toContainText('Gold paper, no price tags');

  const staff = await (await browser.newContext({ timezoneId: 'Africa/Lagos' })).newPage();
  await logIn(staff, florist);
  await staff.goto(`/backoffice/orders/${orderNumber}`);
  await expect(staff.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Card message' })).toContainText('Happy anniversary, Dayo');
  const sheet = staff.getByRole('region', { name: 'Notes' });
  await expect(sheet.locator('dt:text-is("Gift wrap note") + dd')).toHaveText('Gold paper, no price tags');
});
