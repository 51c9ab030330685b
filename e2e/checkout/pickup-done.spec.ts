import { expect, test } from '@playwright/test';
import { requirePaymentSandbox, uniqueEmail } from '../support';
import { checkoutRoses, chooseNaira, fillPickup, fillSender } from './helpers';

test.use({ timezoneId: 'Africa/Lagos' });

test('the done stage of a pick-up order shows the branch as the delivery stage did: name, address, opening hours', async ({ page, request }) => {
  test.setTimeout(60_000);
  await requirePaymentSandbox(request);
  await chooseNaira(page);
  await checkoutRoses(page);
  await fillSender(page, { name: 'Tolu Bello', email: uniqueEmail('pickup-done'), phone: '0803 111 2222' });
  await fillPickup(page, { location: 'Ikoyi LPI', address: '12 Awolowo Road, Ikoyi, Lagos' });
  const form = page.getByRole('form', { name: 'Delivery details' });
  const shownBefore = (await form.getByLabel('Pick-up address').innerText()).replace(/\s+/g, ' ').trim();
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/pay\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

  const branch = page.getByLabel('Pick-up address');
  await expect(branch).toContainText('Lagos Head Office (Ikoyi)');
  await expect(branch).toContainText('12 Awolowo Road, Ikoyi, Lagos');
  await expect(branch).toContainText('Open Mon–Sat 8am–7pm');
  expect((await branch.innerText()).replace(/\s+/g, ' ').trim()).toBe(shownBefore);
});
