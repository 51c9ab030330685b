import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { backoffice, logIn, newStaff, type Staff } from './staff';

/**
 * Issue 30's "new back-office field": the florist's note. A florist writes a note on an order's page;
 * the board and the rider's day sheet show it; a note past the limit is refused beside the field; on
 * a phone another note replaces it and is removed again. The tracker a shopper opens never shows it.
 * The delivery days are far ahead, so whatever the machine's clock, they are days to come.
 */
test.use({ timezoneId: 'Africa/Lagos' });

const ROSES_SKU = 'AB-1001';
const NOTE = 'Recipient allergic to lilies: roses only.\nCall the gate-man (Musa) first.';

/** A guest's order delivered in Lagos on `date`, checked out through the API as the checkout sends it. */
async function checkedOut(request: APIRequestContext, date: string, email: string): Promise<string> {
  const created = await request.post('/v1/orders/order/create', { data: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: ROSES_SKU, quantity: 1 }] } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const res = await request.put(`/v1/orders/order/checkout-order/${id}`, {
    data: {
      business: 'adire-blooms',
      currency: 'NGN',
      shouldCreateAccount: false,
      shouldSaveAddress: false,
      userData: { name: 'Tunde Bakare', email, phone: '+2348031112222', phoneCountryCode: '+234' },
      orderData: {
        deliveryDate: date,
        deliveryZone: 'Lagos Island',
        recipient: { name: 'Kemi Adeyemi', phone: '8095556666', address: '12 Broad Street, Lagos Island', phoneCountryCode: '+234', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { order: { orderNumber: string } } }).data.order.orderNumber;
}

const noteForm = (page: Page) => page.getByRole('form', { name: "Florist's note" });
const boardNote = (page: Page, orderNumber: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: orderNumber }) }).locator('dt:text-is("Florist\'s note") + dd');

test.describe("the florist's note", () => {
  test.beforeEach(async ({ page }) => {
    requireOperator();
    await requireDevMailbox(page.request);
  });

  test('a florist writes a note on an order; the board and the day sheet show it; too long a note is refused beside the field', async ({ page }) => {
    test.setTimeout(90_000);
    const date = '2097-05-20';
    const florist = await newStaff(page, 'florist');
    const email = uniqueEmail('florist-note');
    const orderNumber = await checkedOut(page.request, date, email);

    await logIn(page, florist);
    await page.goto(`/backoffice/orders/${orderNumber}`);
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
    const form = noteForm(page);
    const field = form.getByRole('textbox', { name: "Florist's note" });
    await expect(field).toHaveValue('');
    await expect(form.getByText('0 of 500 characters')).toBeVisible();
    await field.fill(NOTE);
    await expect(form.getByText(`${[...NOTE].length} of 500 characters`)).toBeVisible();
    await form.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Saved the florist's note on order ${orderNumber}.` })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove note' })).toBeVisible();
    await expectAccessible(page, "an order's page with its florist's note");

    // Past the limit (the field itself stops at 500; an API client is told why, nothing changes).
    const long = await backoffice(page, 'PUT', `orders/${orderNumber}/note`, florist.token, { note: 'x'.repeat(501) });
    expect(long.status()).toBe(400);
    expect(await long.json()).toMatchObject({ code: 'INVALID_NOTE', fields: { note: "The florist's note is 501 characters long; keep it to 500 or fewer." } });
    await page.reload();
    await expect(noteForm(page).getByRole('textbox', { name: "Florist's note" })).toHaveValue(NOTE);

    await page.goto(`/backoffice/?day=${date}`);
    await expect(boardNote(page, orderNumber)).toHaveText(NOTE);
    await expectAccessible(page, "the board with a florist's note");

    await page.goto(`/backoffice/days/${date}/sheet?place=lagos`);
    const onSheet = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: orderNumber }) });
    await expect(onSheet.locator('dt:text-is("Florist\'s note") + dd')).toHaveText(NOTE);

    // The shopper's tracker knows nothing of it.
    const tracker = await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`);
    expect(tracker.status()).toBe(200);
    expect(await tracker.text()).not.toContain('allergic');
  });

  test('on a phone (412×915) a florist changes the note, then removes it; the board shows none', async ({ browser }) => {
    test.setTimeout(90_000);
    const date = '2097-05-21';
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Lagos' });
    const page = await context.newPage();
    try {
      await requireDevMailbox(page.request);
      const florist: Staff = await newStaff(page, 'florist');
      const orderNumber = await checkedOut(page.request, date, uniqueEmail('florist-note-phone'));
      expect((await backoffice(page, 'PUT', `orders/${orderNumber}/note`, florist.token, { note: 'Ring twice.' })).status()).toBe(200);

      await logIn(page, florist);
      await page.goto(`/backoffice/orders/${orderNumber}`);
      const form = noteForm(page);
      const field = form.getByRole('textbox', { name: "Florist's note" });
      await expect(field).toHaveValue('Ring twice.');
      await field.fill('Ring twice, then call Kemi.');
      await form.getByRole('button', { name: 'Save note' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Saved the florist's note on order ${orderNumber}.` })).toBeVisible();
      await expectAccessible(page, "an order's florist's note on a phone");

      await page.goto(`/backoffice/?day=${date}`);
      await expect(boardNote(page, orderNumber)).toHaveText('Ring twice, then call Kemi.');
      await expectAccessible(page, "the board with a florist's note on a phone");

      await page.goto(`/backoffice/orders/${orderNumber}`);
      await noteForm(page).getByRole('button', { name: 'Remove note' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Removed the florist's note on order ${orderNumber}.` })).toBeVisible();
      await expect(noteForm(page).getByRole('textbox', { name: "Florist's note" })).toHaveValue('');
      await page.goto(`/backoffice/?day=${date}`);
      // Listed on the day (and, unpaid, among the day's holds too).
      await expect(page.getByRole('link', { name: orderNumber }).first()).toBeVisible();
      await expect(boardNote(page, orderNumber)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
