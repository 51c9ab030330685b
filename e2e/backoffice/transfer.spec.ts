import { expect, test } from '@playwright/test';
import { fillPickup, fillSender, checkoutRoses } from '../checkout/helpers';
import { expectAccessible } from '../journeys/a11y';
import { latestMail, requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { logIn, newStaff } from './staff';

test.use({ timezoneId: 'Africa/Lagos' });

test('a guest pays by transfer; a florist sees the order arrive on the board, confirms the transfer and delivers it; the shopper is told; the audit lists it', async ({ page, browser }) => {
  test.setTimeout(120_000); // two people and a whole journey, on a busy machine too
  requireOperator();
  await requireDevMailbox(page.request);
  const florist = await newStaff(page, 'florist');

  // The florist's board is open before the order exists.
  const staffContext = await browser.newContext({ timezoneId: 'Africa/Lagos' });
  const board = await staffContext.newPage();
  await logIn(board, florist);
  await expect(board.locator('[data-boundary="backoffice"]')).toBeVisible();
  await expect(board.getByRole('searchbox', { name: 'Search flowers and gifts' })).toHaveCount(0); // not the store's header
  await expectAccessible(board, 'the orders board');

  // A guest checks out for pick-up and pays by bank transfer, then says it is sent.
  const email = uniqueEmail('bo-transfer');
  await checkoutRoses(page);
  await fillSender(page, { name: 'Bola Ade', email, phone: '0803 765 4321' });
  await fillPickup(page);
  await page.getByRole('form', { name: 'Delivery details' }).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Bank transfer \(naira\)/ }).check();
  const notice = page.getByRole('region', { name: 'Payment instructions' }).getByRole('form', { name: 'Transfer details' });
  await notice.getByLabel('Name on the sending account').fill('Bola Ade');
  await notice.getByRole('button', { name: 'I have made the transfer' }).click();
  await expect(page.getByText('we will check the transfer and confirm your order by e-mail')).toBeVisible();

  // It appears on the florist's board without a reload (the board polls).
  const card = board.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('awaiting transfer');
  await expect(card).toContainText('Lekki LPL');
  await card.getByRole('link', { name: orderNumber }).click();
  await expect(board.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();

  // The shopper's notice beside the order total, in its currency.
  const transfer = board.getByRole('region', { name: 'Transfer notice' });
  const total = (await transfer.locator('dt:text-is("Order total") + dd').textContent())!.trim();
  expect(total).toMatch(/^₦[\d,]+$/);
  await expect(transfer.locator('dt:text-is("Amount sent") + dd')).toHaveText(total);
  await expect(transfer.locator('dt:text-is("Account name") + dd')).toHaveText('Bola Ade');
  await expect(transfer.locator('dt:text-is("Reference") + dd')).toHaveText(orderNumber);
  await expect(board.getByRole('region', { name: 'Items' })).toContainText('Ruby Romance Red Roses');
  await expect(board.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0); // not paid yet
  await expectAccessible(board, 'an order page');

  await transfer.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(board.getByRole('status').filter({ hasText: `Order ${orderNumber} is marked paid` })).toBeVisible();
  await expect(board.getByRole('region', { name: 'Transfer notice' })).toHaveCount(0);

  // The shopper's tracker (with the sender's e-mail: the timeline is the sender's to see) shows it paid; the receipt is in the outbox.
  await page.goto('/order-tracker');
  const track = page.getByRole('form', { name: 'Track an order' });
  await track.getByLabel('Order number').fill(orderNumber);
  await track.getByLabel('Phone or e-mail').fill(email);
  await track.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('list', { name: 'Order status' }).getByRole('listitem').nth(1)).toHaveText(/Payment confirmed\s*Done/);
  expect((await latestMail(page, email, /Payment received/)).subject).toBe(`Payment received: Adire Blooms order ${orderNumber}`);

  // The florist delivers it: the same steps as the orders command.
  await board.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(board.getByRole('status').filter({ hasText: `Order ${orderNumber} is now delivered` })).toBeVisible();
  await expect(board.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).toHaveText([/✓ received/, /✓ paid/, /✓ arranged/, /✓ despatched/, /✓ delivered/]);

  // A manager reads both actions in the audit, with who did them.
  const manager = await newStaff(page, 'manager');
  const managerPage = await staffContext.newPage();
  await logIn(managerPage, manager);
  await managerPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' }).click();
  await managerPage.getByRole('search', { name: 'Filter the audit' }).getByLabel('Order or setting').fill(orderNumber);
  const actions = managerPage.getByRole('list', { name: 'Staff actions' }).getByRole('listitem');
  await expect(actions.getByRole('heading')).toHaveText([`order.advance ${orderNumber}`, `transfer.confirm ${orderNumber}`]);
  await expect(actions.first()).toContainText(`${florist.email} (florist)`);
  await staffContext.close();
});
