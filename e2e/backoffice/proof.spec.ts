import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { latestMail, operator, requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { logIn, newStaff } from './staff';

/**
 * Issue 40, "proof the flowers arrived", in the browser: a florist adds a photo of the arrangement on
 * an order's page and the sender's tracker shows it (on a desktop and on a phone, 412×915); a manager
 * gives two orders to a rider from the board (one on a desktop, one on a phone), who on a phone marks one
 * delivered with a photo at the door and the other failed; the sender's mail and tracker say so. Delivery
 * days are far ahead, so whatever the machine's clock, they are to come.
 */
test.use({ timezoneId: 'Africa/Lagos' });

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Lagos' };
const VIEWS = [
  { name: 'on a desktop', phone: false, date: '2097-06-10' },
  { name: 'on a phone (412×915)', phone: true, date: '2097-06-09' },
] as const;

/** A 64×48 PNG (a flat colour): what a phone's camera would hand the file input, small. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZElEQVR4nO3PUQkAIBTAwBfHOMY2liH8OITBAtzmrP11wwUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY8dgGsgwDi0FjmbAAAAABJRU5ErkJggg==',
  'base64',
);
const photoFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PHOTO });

async function checkedOut(request: APIRequestContext, date: string, email: string, recipient: string): Promise<string> {
  const created = await request.post('/v1/orders/order/create', { data: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: 'AB-1001', quantity: 1 }] } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const res = await request.put(`/v1/orders/order/checkout-order/${id}`, {
    data: {
      business: 'adire-blooms',
      currency: 'NGN',
      shouldCreateAccount: false,
      shouldSaveAddress: false,
      userData: { name: 'Tolu Bakare', email, phone: '+2348031112222', phoneCountryCode: '+234' },
      orderData: {
        deliveryDate: date,
        deliveryZone: 'Lagos Island',
        deliveryMessage: 'Happy birthday, Mum!',
        recipient: { name: recipient, phone: '8095556666', address: '12 Broad Street, Lagos Island', phoneCountryCode: '+234', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { order: { orderNumber: string } } }).data.order.orderNumber;
}

const tracker = async (page: Page, orderNumber: string, email: string) => {
  await page.goto(`/order-tracker?orderNumber=${orderNumber}&email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
};

test.describe('proof the flowers arrived', () => {
  test.beforeEach(async ({ page }) => {
    requireOperator();
    await requireDevMailbox(page.request);
  });

  for (const view of VIEWS) {
    test(`${view.name} a florist adds a photo of the arrangement; the sender is mailed and their tracker shows it`, async ({ page: desktop, browser }) => {
      test.setTimeout(90_000);
      const context = view.phone ? await browser.newContext(PHONE) : desktop.context();
      const page = view.phone ? await context.newPage() : desktop;
      const florist = await newStaff(page, 'florist');
      const email = uniqueEmail('proof-ready');
      const orderNumber = await checkedOut(page.request, view.date, email, 'Mum');
      await logIn(page, florist);
      await page.goto(`/backoffice/orders/${orderNumber}`);
      const form = page.getByRole('form', { name: 'Add a photo' });
      await expect(form.getByLabel('Photo')).toHaveAttribute('capture', 'environment');
      await form.getByLabel('Photo').setInputFiles(photoFile('IMG_0042.png'));
      await form.getByLabel('Caption').fill('Red roses in adire wrap');
      await form.getByRole('button', { name: 'Add photo' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Added the ready photo.' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Photos of this order' }).getByRole('img', { name: 'Ready: Red roses in adire wrap' })).toBeVisible();
      await expectAccessible(page, "an order's page with a photo");

      const mail = await latestMail(page, email, /Your flowers are ready/);
      expect(mail.text).toContain('/v1/orders/photos/');

      await tracker(page, orderNumber, email);
      const shown = page.getByRole('list', { name: 'Photos of your order' }).getByRole('img', { name: 'Ready: Red roses in adire wrap' });
      await expect(shown).toBeVisible();
      // Visible is not yet loaded: wait for the photo itself (a broken one never gets a width).
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
      await expectAccessible(page, 'the tracker with a photo');
      // Without the sender's e-mail: the stage only, no photo.
      await page.goto(`/order-tracker?orderNumber=${orderNumber}`);
      await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Photos of your order' })).toHaveCount(0);
      if (view.phone) await context.close();
    });
  }

  test('a manager gives two orders to a rider from the board (desktop, then a phone); on a phone (412×915) the rider delivers one with a photo and fails the other; the sender is told', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const date = '2097-06-11';
    const manager = await newStaff(page, 'manager');
    const rider = await newStaff(page, 'rider');
    const sender = uniqueEmail('proof-rider');
    const first = await checkedOut(page.request, date, sender, 'Mum');
    const second = await checkedOut(page.request, date, uniqueEmail('proof-rider-2'), 'Kemi');
    operator(['mark-paid', first]);
    operator(['mark-paid', second]);

    // The manager gives the first order to the rider from the board on a desktop, the second on a phone.
    const managerPhone = await browser.newContext(PHONE);
    const boards = [page, await managerPhone.newPage()];
    for (const [i, number] of [first, second].entries()) {
      const board = boards[i]!;
      await logIn(board, manager);
      await board.goto(`/backoffice/?day=${date}`);
      const give = board.getByRole('form', { name: `Give order ${number} to a rider` });
      await give.getByRole('combobox', { name: 'Rider' }).selectOption(rider.email);
      await give.getByRole('button', { name: 'Give to rider' }).click();
      await expect(board.getByRole('status').filter({ hasText: `Gave order ${number} to ${rider.email}.` })).toBeVisible();
      await expect(board.getByRole('listitem').filter({ has: give }).getByRole('definition').filter({ hasText: rider.email })).toBeVisible();
      await expectAccessible(board, `the board after giving an order to a rider${i ? ' on a phone' : ''}`);
    }
    await managerPhone.close();
    // The order's page says who carries it.
    await page.goto(`/backoffice/orders/${first}`);
    await expect(page.getByText(`Carried by ${rider.email}.`)).toBeVisible();

    const phone = await browser.newContext(PHONE);
    const p = await phone.newPage();
    await logIn(p, rider);
    await p.getByLabel('Day', { exact: true }).fill(date);
    const route = p.getByRole('list', { name: 'Route' });
    await expect(route.getByRole('listitem')).toHaveCount(2);
    const stop1 = route.getByRole('listitem', { name: `Stop 1: order ${first}` });
    await expect(stop1.getByRole('link', { name: /^Call Mum/ })).toHaveAttribute('href', 'tel:+2348095556666');
    await expect(stop1.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(stop1.getByText('Happy birthday, Mum!')).toBeVisible();
    await expectAccessible(p, "a rider's deliveries on a phone");

    await stop1.getByRole('button', { name: 'Out for delivery' }).click();
    await expect(p.getByRole('status').filter({ hasText: `Order ${first} is out for delivery.` })).toBeVisible();
    const delivered = route.getByRole('form', { name: `Delivered: order ${first}` });
    await delivered.getByLabel('Photo at the door').setInputFiles(photoFile('door.png'));
    await delivered.getByLabel('Who received it').fill('Mum');
    await delivered.getByRole('button', { name: 'Delivered' }).click();
    await expect(p.getByRole('status').filter({ hasText: `Order ${first} delivered to Mum.` })).toBeVisible();
    await expect(route.getByRole('listitem', { name: `Stop 1: order ${first}` }).getByText(/^Delivered to Mum at \d{1,2}:\d{2}(am|pm)$/)).toBeVisible();

    const failed = route.getByRole('form', { name: `Could not deliver: order ${second}` });
    await failed.getByLabel('Why not').selectOption('nobody-home');
    await failed.getByLabel('Photo').setInputFiles(photoFile('gate.png'));
    await failed.getByRole('button', { name: 'Could not deliver' }).click();
    await expect(p.getByRole('status').filter({ hasText: `Order ${second}: could not deliver (nobody home).` })).toBeVisible();
    await expectAccessible(p, "a rider's day after a delivery and a failed attempt");
    // Another page of the back office is not theirs.
    await p.goto('/backoffice/settings');
    await expect(p.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
    await phone.close();

    const mail = await latestMail(page, sender, /Delivered to Mum at/);
    expect(mail.text).toMatch(/Delivered to Mum at \d{1,2}:\d{2}(am|pm)/);
    await tracker(page, first, sender);
    await expect(page.getByText(/^Delivered to Mum at \d{1,2}:\d{2}(am|pm)$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos of your order' }).getByRole('img', { name: /^Delivered/ })).toBeVisible();
  });
});
