import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { operator, requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { backoffice, logIn, newStaff, type Staff } from './staff';

/**
 * Issue 29, items 1 and 5 (and item 7's last journey): a manager prepares a peak day in the back
 * office — a capacity for a place on the date, a weekday default, an order-by time — and sees them
 * listed; the board shows the day's places taken and held against capacity; a zone's day sheet lists
 * the day's orders for a rider to carry, printed without the back office around it.
 *
 * The clock: the browser's is set to the morning before the peak day (no test reads the machine's);
 * the days are far enough ahead that the server's own clock finds them ahead too. Every setting made
 * is removed again, so the other specs keep unlimited days.
 */
test.use({ timezoneId: 'Africa/Lagos' });

const ROSES_SKU = 'AB-1001';

interface Day {
  date: string;
  /** 10:00 in Lagos the day before: the page's clock. */
  morningBefore: Date;
  /** The day as the board and the sheet head it, seen from the day before. */
  heading: string;
  shortDate: string;
  longDate: string;
}

const FRI_14_FEB: Day = { date: '2098-02-14', morningBefore: new Date('2098-02-13T09:00:00Z'), heading: 'Tomorrow, Fri 14 Feb 2098', shortDate: '14 Feb', longDate: '14 Feb 2098' };
const SAT_15_FEB: Day = { date: '2098-02-15', morningBefore: new Date('2098-02-14T09:00:00Z'), heading: 'Tomorrow, Sat 15 Feb 2098', shortDate: '15 Feb', longDate: '15 Feb 2098' };

/** A guest's order for the day, checked out through the API as the checkout sends it; its number. */
async function checkedOut(request: APIRequestContext, orderData: Record<string, unknown>): Promise<{ id: string; status: number; orderNumber: string; body: { message?: string; code?: string } }> {
  const created = await request.post('/v1/orders/order/create', { data: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: ROSES_SKU, quantity: 1 }] } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const res = await request.put(`/v1/orders/order/checkout-order/${id}`, {
    data: {
      business: 'adire-blooms',
      currency: 'NGN',
      shouldCreateAccount: false,
      shouldSaveAddress: false,
      userData: { name: 'Tunde Bakare', email: uniqueEmail('peak-day'), phone: '+2348031112222', phoneCountryCode: '+234' },
      orderData,
    },
  });
  const body = (await res.json()) as { data?: { order: { orderNumber: string } }; message?: string; code?: string };
  return { id, status: res.status(), orderNumber: body.data?.order.orderNumber ?? '', body };
}

const toLagos = (date: string, recipient: { name: string; phone: string; address: string }, notes: Record<string, string> = {}) => ({
  deliveryDate: date,
  deliveryZone: 'Lagos Island',
  ...notes,
  recipient: { ...recipient, phoneCountryCode: '+234', state: 'lagos', residenceType: 'Home', method: 'delivery' },
});

const settle = (page: Page, manager: Staff, change: Record<string, unknown>) => backoffice(page, 'POST', 'settings/delivery', manager.token, change);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

test.describe('peak days in the back office', () => {
  test.beforeEach(async ({ page }) => {
    requireOperator();
    await requireDevMailbox(page.request);
  });

  test('a manager sets a capacity, a weekday default and an order-by time and sees them listed; the board shows the day’s load; the day sheet lists its orders and prints alone', async ({ page }) => {
    test.setTimeout(120_000);
    const day = FRI_14_FEB;
    const manager = await newStaff(page, 'manager');
    await page.clock.install({ time: day.morningBefore });
    try {
      await logIn(page, manager);
      await nav(page).getByRole('link', { name: 'Peak days' }).click();
      await expect(page.getByRole('heading', { name: 'Peak days', level: 1 })).toBeVisible();

      // A capacity for the date: tomorrow is offered first; a refusal shows beside its field.
      const capacity = page.getByRole('form', { name: 'Set a capacity' });
      await expect(capacity.getByLabel('Date', { exact: true })).toHaveValue(day.date);
      await capacity.getByLabel('Place').selectOption({ label: 'Lagos' });
      await expect(capacity.getByText('Now: no limit.')).toBeVisible();
      await capacity.getByLabel('Orders').fill('-4');
      await capacity.getByRole('button', { name: 'Set capacity' }).click();
      await expect(capacity.getByText("The capacity must be a whole number of orders from 0 to 10000 written as digits, or none to remove it; got '-4'.")).toBeVisible();
      await expect(capacity.getByLabel('Orders')).toHaveAttribute('aria-invalid', 'true');
      await capacity.getByLabel('Orders').fill('2');
      await capacity.getByRole('button', { name: 'Set capacity' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Delivery in Lagos can take 2 orders on ${day.longDate} (was unlimited).` })).toBeVisible();
      await expect(capacity.getByLabel('Orders')).not.toHaveAttribute('aria-invalid', 'true');
      const listed = page.getByRole('list', { name: 'Capacities set' });
      await expect(listed.getByRole('list', { name: day.heading })).toContainText('Lagos: 2 orders');

      // A weekday default for a branch, listed, then removed again ('none').
      await capacity.getByRole('radio', { name: 'Every week' }).check();
      await capacity.getByLabel('Weekday').selectOption({ label: 'Every Saturday' });
      await capacity.getByLabel('Place').selectOption({ label: 'Pick-up at Lekki LPL' });
      await capacity.getByLabel('Orders').fill('30');
      await capacity.getByRole('button', { name: 'Set capacity' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Pick-up at Lekki LPL can take 30 orders every Saturday (was unlimited).' })).toBeVisible();
      await expect(listed.getByRole('list', { name: 'Every Saturday' })).toContainText('Pick-up at Lekki LPL: 30 orders');
      await listed.getByRole('button', { name: 'No limit for Pick-up at Lekki LPL, Every Saturday' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Pick-up at Lekki LPL every Saturday: no capacity of its own now, so it takes unlimited orders.' })).toBeVisible();
      await expect(listed.getByRole('list', { name: 'Every Saturday' })).toHaveCount(0);

      // The order-by time: the day before by default, at a time in Lagos time.
      const orderBy = page.getByRole('form', { name: 'Set an order-by time' });
      await expect(orderBy.getByLabel('Delivery day')).toHaveValue(day.date);
      await expect(orderBy.getByLabel('On', { exact: true })).toHaveValue('2098-02-13');
      await orderBy.getByLabel('At (Lagos time)').fill('18:00');
      await orderBy.getByRole('button', { name: 'Set order-by time' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Orders for ${day.shortDate} close at 6pm on 13 Feb (Lagos time)` })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Order-by times set' })).toContainText(`Orders for ${day.shortDate} close at 6pm on 13 Feb`);
      await expectAccessible(page, 'the peak days page with capacities and an order-by time');

      // Two shoppers take the day's two places in Lagos (one pays); a third is refused with DAY_FULL.
      const first = await checkedOut(page.request, toLagos(day.date, { name: 'Amaka Obi', phone: '+2348095551234', address: '3 Bourdillon Road, Ikoyi, Lagos' }, { deliveryMessage: 'Happy Valentine’s, Amaka. Always yours, Tunde', deliveryInstruction: 'Call before arriving; gate code 4411' }));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const second = await checkedOut(page.request, toLagos(day.date, { name: 'Kemi Adeyemi', phone: '+2348034445555', address: '12 Awolowo Road, Ikoyi, Lagos' }));
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const third = await checkedOut(page.request, toLagos(day.date, { name: 'Bisi Ade', phone: '+2348036667777', address: '1 Kingsway Road, Ikoyi, Lagos' }));
      expect([third.status, third.body.code]).toEqual([409, 'DAY_FULL']);
      const transfer = await page.request.put(`/v1/orders/order/update-payment-details/${first.id}`, { data: { business: 'adire-blooms', currency: 'NGN', paymentMethod: 'gtbTransfer' } });
      expect(transfer.status(), await transfer.text()).toBe(200);
      operator(['mark-paid', first.orderNumber]);

      // The board for that day: each place's taken and held against its capacity, Lagos full.
      await nav(page).getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('group', { name: 'Pick a delivery day' }).getByRole('button', { name: 'Tomorrow' }).click();
      await expect(page).toHaveURL(new RegExp(`/backoffice/?\\?day=${day.date}$`));
      const places = page.getByRole('region', { name: `Places on ${day.heading}`, exact: true });
      const lagos = places.getByRole('listitem').filter({ hasText: /^Lagos/ });
      await expect(lagos).toContainText('1 taken + 1 held of 2');
      await expect(lagos).toContainText('Full');
      await expect(places).toContainText(`Orders for ${day.shortDate} close at 6pm on 13 Feb`);
      await expect(places.getByRole('listitem').filter({ hasText: /^Abuja/ })).toContainText('no limit');
      const board = page.getByRole('region', { name: day.heading, exact: true }); // not 'Who holds places on …'
      await expect(board.getByRole('link', { name: first.orderNumber })).toBeVisible();
      await expect(board.getByRole('link', { name: second.orderNumber })).toBeVisible();
      await expectAccessible(page, 'the board for one day with its places');
      await page.screenshot({ path: test.info().outputPath('board-day-desktop.png'), fullPage: true });

      // Lagos's day sheet: what a rider needs, a phone to call, printed without the back office.
      await lagos.getByRole('link', { name: 'Day sheet for Lagos' }).click();
      await expect(page.getByRole('heading', { name: `Day sheet: Lagos, ${day.heading}`, level: 1 })).toBeVisible();
      await expect(page.getByText('2 orders, 1 paid.')).toBeVisible();
      const sheet = page.getByRole('list', { name: 'Orders on the sheet' });
      const amaka = sheet.getByRole('listitem').filter({ has: page.getByRole('heading', { name: first.orderNumber }) });
      await expect(amaka.getByRole('heading', { name: first.orderNumber })).toContainText('Paid');
      await expect(amaka).toContainText('Amaka Obi');
      await expect(amaka.getByRole('link', { name: '+2348095551234' })).toHaveAttribute('href', 'tel:+2348095551234');
      await expect(amaka).toContainText('3 Bourdillon Road, Ikoyi, Lagos');
      await expect(amaka).toContainText('1 × Ruby Romance Red Roses, 24 stems');
      await expect(amaka).toContainText('Happy Valentine’s, Amaka. Always yours, Tunde');
      await expect(amaka).toContainText('Call before arriving; gate code 4411');
      await expect(sheet.getByRole('listitem').filter({ has: page.getByRole('heading', { name: second.orderNumber }) })).toContainText('Not paid yet');
      await expectAccessible(page, 'the day sheet');

      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void (window as unknown as { printed: number }).printed++;
      });
      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      await expect(nav(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
      await expect(page.getByLabel('Zone or branch')).toBeHidden();
      await expect(amaka).toBeVisible();
      expect(await amaka.evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
      await page.screenshot({ path: test.info().outputPath('day-sheet-print.png'), fullPage: true });
      await page.emulateMedia({ media: 'screen' });
    } finally {
      await settle(page, manager, { change: 'set-capacity', day: day.date, place: 'lagos', orders: null });
      await settle(page, manager, { change: 'set-capacity', day: 'sat', place: 'pickup:Lekki LPL', orders: null });
      await settle(page, manager, { change: 'clear-order-by', date: day.date });
    }
  });

  test('on a phone the night before: the manager sets a branch’s capacity and the order-by time, then reads the board and the branch’s day sheet', async ({ browser }) => {
    test.setTimeout(120_000);
    const day = SAT_15_FEB;
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Lagos' });
    const page = await context.newPage();
    const manager = await newStaff(page, 'manager');
    await page.clock.install({ time: day.morningBefore });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    try {
      await logIn(page, manager);
      await nav(page).getByRole('link', { name: 'Peak days' }).click();
      const capacity = page.getByRole('form', { name: 'Set a capacity' });
      await expect(capacity.getByLabel('Date', { exact: true })).toHaveValue(day.date);
      await capacity.getByLabel('Place').selectOption({ label: 'Pick-up at Ikoyi LPI' });
      await capacity.getByLabel('Orders').fill('25');
      await capacity.getByRole('button', { name: 'Set capacity' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Pick-up at Ikoyi LPI can take 25 orders on ${day.longDate}` })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Capacities set' }).getByRole('list', { name: day.heading })).toContainText('Pick-up at Ikoyi LPI: 25 orders');
      const orderBy = page.getByRole('form', { name: 'Set an order-by time' });
      await orderBy.getByLabel('At (Lagos time)').fill('20:30');
      await orderBy.getByRole('button', { name: 'Set order-by time' }).click();
      await expect(page.getByRole('list', { name: 'Order-by times set' })).toContainText(`Orders for ${day.shortDate} close at 8:30pm on 14 Feb`);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'the peak days page on a phone');
      await page.screenshot({ path: test.info().outputPath('peak-days-phone.png'), fullPage: true });

      const order = await checkedOut(page.request, { deliveryDate: day.date, pickupLocation: 'Ikoyi LPI', pickupState: 'lagos', deliveryMessage: 'For Mama, with love', recipient: { method: 'pick-up' } });
      expect(order.status, JSON.stringify(order.body)).toBe(200);

      await nav(page).getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('group', { name: 'Pick a delivery day' }).getByRole('button', { name: 'Tomorrow' }).click();
      const ikoyi = page.getByRole('region', { name: `Places on ${day.heading}`, exact: true }).getByRole('listitem').filter({ hasText: /^Pick-up at Ikoyi LPI/ });
      await expect(ikoyi).toContainText('0 taken + 1 held of 25');
      await expect(ikoyi).toContainText('24 left');
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath('board-day-phone.png'), fullPage: true });

      await ikoyi.getByRole('link', { name: 'Day sheet for Pick-up at Ikoyi LPI' }).click();
      await expect(page.getByRole('heading', { name: `Day sheet: Pick-up at Ikoyi LPI, ${day.heading}` })).toBeVisible();
      const entry = page.getByRole('list', { name: 'Orders on the sheet' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: order.orderNumber }) });
      await expect(entry).toContainText('For Mama, with love');
      await expect(entry).toContainText('Ruby Romance Red Roses');
      expect(await overflow()).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'the day sheet on a phone');
      await page.screenshot({ path: test.info().outputPath('day-sheet-phone.png'), fullPage: true });
    } finally {
      await settle(page, manager, { change: 'set-capacity', day: day.date, place: 'pickup:Ikoyi LPI', orders: null });
      await settle(page, manager, { change: 'clear-order-by', date: day.date });
      await context.close();
    }
  });

  test('a florist has no peak days page but reads the day’s load and its sheets', async ({ page }) => {
    const florist = await newStaff(page, 'florist');
    await page.clock.install({ time: FRI_14_FEB.morningBefore });
    await logIn(page, florist);
    await expect(nav(page).getByRole('link', { name: 'Peak days' })).toHaveCount(0);
    await page.goto('/backoffice/peak-days');
    await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
    const refused = await settle(page, florist, { change: 'set-capacity', day: FRI_14_FEB.date, place: 'lagos', orders: 1 });
    expect(refused.status()).toBe(403);
    await page.goto(`/backoffice/?day=${FRI_14_FEB.date}`);
    await expect(page.getByRole('region', { name: `Places on ${FRI_14_FEB.heading}`, exact: true }).getByRole('listitem')).toHaveCount(6);
    await page.goto(`/backoffice/days/${FRI_14_FEB.date}/sheet?place=abuja`);
    await expect(page.getByRole('heading', { name: `Day sheet: Abuja, ${FRI_14_FEB.heading}` })).toBeVisible();
  });
});
