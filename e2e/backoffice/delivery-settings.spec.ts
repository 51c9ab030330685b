import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { daysAhead, fillSender } from '../checkout/helpers';
import { requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { backoffice, logIn, newStaff } from './staff';

test.use({ timezoneId: 'Africa/Lagos' });

/** A day ahead that no fee window prices (the seeded festive windows move with the calendar). */
async function usualDay(page: Page): Promise<string> {
  const settings = (await (await page.request.get('/v1/storefront/handshake?business=adire-blooms')).json()).data.settings;
  const windows = settings.deliverySettings.overrideConfigs as { active: boolean; startDate?: string; endDate?: string }[];
  for (let days = 5; ; days++) {
    const day = daysAhead(days);
    if (!windows.some((w) => w.active && w.startDate! <= day && day <= w.endDate!)) return day;
  }
}

/**
 * Issue 20, item 4: a manager changes delivery in the back office and the next shopper checkout shows
 * it. The zone is the test's own and the closed day far ahead, so tests running beside it keep the
 * shop's usual fees and days.
 */
test('a manager adds a zone and sets its fee, closes a day and sets a busy day’s cutoff: a new checkout charges the fee and refuses the closed day', async ({ page, browser }) => {
  test.setTimeout(90_000);
  requireOperator();
  await requireDevMailbox(page.request);
  const manager = await newStaff(page, 'manager');
  const zone = `Test zone ${Date.now().toString(36)}`;
  const ahead = 40 + Math.floor(Math.random() * 200);
  const closed = daysAhead(ahead);
  const busy = daysAhead(ahead + 1);
  try {
    await logIn(page, manager);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
    const add = page.getByRole('form', { name: 'Add a zone' });
    await add.getByLabel('State').selectOption('lagos');
    await add.getByLabel('New zone name').fill(zone);
    await add.getByLabel('New zone fee (₦)').fill('7,200');
    await add.getByRole('button', { name: 'Add zone' }).click();
    // Bad input: the server's message beside the field, nothing added.
    await expect(add.getByText("The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got '7,200'.")).toBeVisible();
    await expect(page.getByRole('form', { name: `${zone} (Lagos)` })).toHaveCount(0);
    await add.getByLabel('New zone fee (₦)').fill('7200');
    await add.getByRole('button', { name: 'Add zone' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Zone ${zone} added to lagos at ₦7,200` })).toBeVisible();

    const row = page.getByRole('form', { name: `${zone} (Lagos)` });
    await row.getByLabel('Fee (₦)').fill('7900');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Delivery to ${zone} (lagos) now costs ₦7,900 (was ₦7,200).` })).toBeVisible();

    const close = page.getByRole('form', { name: 'Close a day' });
    await close.getByLabel('Day to close').fill(closed);
    await close.getByLabel('Note for shoppers (optional)').fill('Public holiday');
    await close.getByRole('button', { name: 'Close this day' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^We are closed on .+ \(Public holiday\): shoppers cannot choose that day\.$/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Days we are closed' })).toContainText('(Public holiday)');
    // A busy day's own same-day cutoff (the day after the closed one, so no checkout beside this test meets it).
    const cutoff = page.getByRole('form', { name: "Set a day's cutoff" });
    await cutoff.getByLabel('Day', { exact: true }).fill(busy);
    await cutoff.getByLabel('Same-day delivery closes at').fill('12:00');
    await cutoff.getByRole('button', { name: 'Set the day’s cutoff' }).click();
    await expect(page.getByRole('list', { name: 'Days with their own cutoff' })).toContainText('delivery until 12:00pm');
    await expectAccessible(page, 'the settings with the delivery sections');

    // A new shopper's checkout: the zone and its fee are there, the closed day is refused beside the field.
    const shopper = await browser.newContext({ timezoneId: 'Africa/Lagos' });
    const store = await shopper.newPage();
    await store.goto('/');
    await store.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await store.goto('/product-category/roses');
    await store.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
    await store.getByRole('button', { name: 'Cart, 1 item' }).click();
    await store.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
    const form = store.getByRole('form', { name: 'Delivery details' });
    await fillSender(store, { name: 'Ngozi Eze', email: uniqueEmail('closed-day'), phone: '0803 222 7788' });
    await form.getByRole('radio', { name: /^Delivery/ }).check();
    await form.getByRole('combobox', { name: 'State', exact: true }).selectOption('lagos');
    await form.getByLabel('Delivery zone').selectOption(zone);
    await form.getByLabel('Recipient name').fill('Bisi Ade');
    await form.getByLabel('Recipient phone number').fill('0809 555 4321');
    await form.getByLabel('Recipient address').fill('3 Bourdillon Road, Ikoyi, Lagos');
    await form.getByLabel('Delivery date').fill(closed);
    await form.getByLabel('Recipient name').focus();
    await expect(form.getByText(/^We are closed on .+ \(Public holiday\): choose another day$/)).toBeVisible();
    await form.getByLabel('Delivery date').fill(await usualDay(store));
    await expect(form.getByText(/Delivery fee: ₦7,900/)).toBeVisible();
    await shopper.close();
  } finally {
    await backoffice(page, 'POST', 'settings/delivery', manager.token, { change: 'remove-zone', state: 'lagos', zone });
    await backoffice(page, 'POST', 'settings/delivery', manager.token, { change: 'open-date', date: closed });
    await backoffice(page, 'POST', 'settings/delivery', manager.token, { change: 'clear-day-cutoff', date: busy });
  }
});
