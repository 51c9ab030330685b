import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { latestMail, requireDevMailbox, requireOperator, requirePaymentSandbox, uniqueEmail } from '../support';
import { backoffice, logIn, newStaff, type Staff } from './staff';

/**
 * The shop's counter (issue 39): a florist takes a WhatsApp order on the back office's "New order" page
 * and sends the payment link; the customer opens the link, pays in the card sandbox and the tracker says
 * paid; on a phone a florist changes the date and the card message (the difference shown first) and the
 * sender's mail and the tracker show it; a manager cancels a paid order with a full refund and the board and
 * tracker say Cancelled and refunded. Desktop and 412×915, with axe.
 */
test.use({ timezoneId: 'Africa/Lagos' });

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Lagos' };

/** The zone: a list when the page has the shop's settings, a text field otherwise. */
async function chooseZone(page: Page, zone: string) {
  const field = page.getByRole('form', { name: 'New order' }).getByLabel('Zone');
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(zone);
  else await field.fill(zone);
}

/** The New order form filled for a WhatsApp order delivered in Lagos; answers the day chosen. */
async function fillNewOrder(page: Page, email: string): Promise<string> {
  const form = page.getByRole('form', { name: 'New order' });
  await form.getByLabel('Find a product (name or SKU)').fill('Ruby Romance');
  await page.getByRole('button', { name: 'Add Ruby Romance Red Roses' }).click();
  await expect(form.getByRole('group', { name: 'Ruby Romance Red Roses' })).toBeVisible();
  await form.getByLabel('Sender’s name').fill('Funke Adebayo');
  await form.getByLabel('Sender’s phone').fill('0803 123 4567');
  await form.getByLabel('Sender’s e-mail (optional)').fill(email);
  await form.getByLabel('Recipient’s name').fill('Kemi Adebayo');
  await form.getByLabel('Recipient’s phone').fill('0809 555 6666');
  await form.getByLabel('Address').fill('5 Fola Osibo Road, Lekki Phase 1');
  await chooseZone(page, 'Lagos Island');
  const day = form.getByLabel('Day');
  // A few days ahead: open whatever the hour.
  await day.selectOption({ index: 4 });
  const date = await day.inputValue();
  await form.getByLabel('Message for the card').fill('Happy birthday, Mama!');
  await form.getByLabel('Channel').selectOption('whatsapp');
  await form.getByLabel('Send a payment link').check();
  return date;
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

test.describe('the shop’s counter', () => {
  test.beforeEach(async ({ page }) => {
    requireOperator();
    await requireDevMailbox(page.request);
    await requirePaymentSandbox(page.request);
  });

  test('a florist takes a WhatsApp order and sends the link; the customer pays it in the sandbox and the tracker says paid', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const florist = await newStaff(page, 'florist');
    const email = uniqueEmail('counter');
    await logIn(page, florist);
    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
    await fillNewOrder(page, email);
    await expectAccessible(page, 'the New order page');
    await page.getByRole('button', { name: 'Take the order' }).click();

    const taken = page.getByRole('heading', { level: 1, name: /^Order ABL\d+W taken$/ });
    await expect(taken).toBeVisible();
    const orderNumber = /ABL\d+W/.exec((await taken.textContent()) ?? '')![0];
    const box = page.getByRole('region', { name: 'Payment link' });
    const whatsapp = box.getByRole('link', { name: 'Send on WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348031234567\?text=Hello%20Funke/);
    await expect(box.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(box.getByText('Mailed to the sender.')).toBeVisible();
    const link = (await box.getByRole('link', { name: /\/pay\// }).textContent())!.trim();
    await expectAccessible(page, 'a staff order taken with its payment link');
    expect((await latestMail(page, email, /Pay for your/)).text).toContain(link);

    // The board lists it under WhatsApp.
    await page.goto('/backoffice/');
    await page.getByRole('search', { name: 'Find orders' }).getByLabel('Channel').selectOption('whatsapp');
    await page.getByRole('search', { name: 'Find orders' }).getByLabel('Order number, phone or e-mail').fill(orderNumber);
    await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();

    // The customer, on a phone, opens the link: the order's payment stage; pays by card in the sandbox.
    const customer = await phonePage(browser);
    try {
      await customer.goto(link);
      await expect(customer.getByRole('heading', { name: 'Payment' })).toBeVisible();
      await expectAccessible(customer, 'a payment link’s payment stage on a phone');
      await customer.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /Debit or credit card/ }).click();
      await expect(customer).toHaveURL(/\/sandbox\/paystack\/pay\//);
      await customer.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(customer.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    } finally {
      await customer.context().close();
    }
    const tracked = await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`);
    expect((await tracked.json()).data.paymentStatus).toBe('paid');
  });

  test('on a phone a florist changes the date and the card message; the sender’s mail and the tracker show it', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await phonePage(browser);
    try {
      const florist: Staff = await newStaff(page, 'florist');
      const email = uniqueEmail('counter-change');
      const made = await backoffice(page, 'POST', 'orders', florist.token, {
        channel: 'phone',
        currency: 'NGN',
        cartItems: [{ SKU: 'AB-1001', quantity: 1 }],
        userData: { name: 'Funke Adebayo', email, phone: '08031234567' },
        orderData: {
          deliveryDate: '2097-06-10',
          deliveryZone: 'Lagos Island',
          deliveryMessage: 'Happy birthday, Mama!',
          recipient: { name: 'Kemi Adebayo', phone: '8095556666', address: '12 Broad Street, Lagos Island', state: 'lagos', residenceType: 'Home', method: 'delivery' },
        },
        payment: { kind: 'counter', method: 'cash', reference: 'TILL-7' },
      });
      expect(made.status(), await made.text()).toBe(201);
      const orderNumber = (await made.json()).data.orderNumber as string;

      await logIn(page, florist);
      await page.goto(`/backoffice/orders/${orderNumber}`);
      const form = page.getByRole('form', { name: 'Change the order' });
      await form.getByLabel('Delivery date').fill('2097-06-12');
      await form.getByLabel('Card message').fill('Happy 70th, Mama!');
      await form.getByLabel(/^Why/).fill('The sender called');
      await form.getByRole('button', { name: 'Show the difference' }).click();
      await expect(form.getByRole('status')).toContainText('No change to the price');
      await expect(form.getByRole('status')).toContainText('Message for the card: Happy birthday, Mama! → Happy 70th, Mama!');
      await expectAccessible(page, 'an order’s change with its difference, on a phone');
      await form.getByRole('button', { name: 'Save the change' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Order ${orderNumber} changed.` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Changes' })).toContainText('The sender called');

      const mail = await latestMail(page, email, /was updated/);
      expect(mail.text).toContain('Your order was updated');
      expect(mail.text).toContain('Message for the card: Happy birthday, Mama! → Happy 70th, Mama!');
      const tracked = (await (await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`)).json()).data;
      expect(tracked.deliveryDate).toBe('2097-06-12');
      expect(tracked.details.deliveryMessage).toBe('Happy 70th, Mama!');
    } finally {
      await page.context().close();
    }
  });

  test('a manager cancels a paid order with a full refund; the board and the tracker say Cancelled and refunded', async ({ page }) => {
    test.setTimeout(90_000);
    const manager = await newStaff(page, 'manager');
    const email = uniqueEmail('counter-cancel');
    const made = await backoffice(page, 'POST', 'orders', manager.token, {
      channel: 'walk-in',
      currency: 'NGN',
      cartItems: [{ SKU: 'AB-1001', quantity: 1 }],
      userData: { name: 'Tunde Bakare', email, phone: '08035550000' },
      orderData: { deliveryDate: '2097-06-11', pickupLocation: 'Lekki LPL', recipient: { method: 'pickup' } },
      payment: { kind: 'counter', method: 'pos', reference: 'POS-1' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const orderNumber = (await made.json()).data.orderNumber as string;

    await logIn(page, manager);
    await page.goto(`/backoffice/orders/${orderNumber}`);
    const form = page.getByRole('form', { name: 'Cancel the order' });
    await form.getByLabel('Reason').selectOption('duplicate');
    // Paid at the counter by POS: the whole of it goes back by hand, with the till's reference.
    await form.getByLabel('Refund everything received').check();
    await form.getByLabel('How the money goes back').selectOption({ label: 'POS, made by hand' });
    await form.getByLabel('Bank or till reference of the refund').fill('POS-REFUND-1');
    await expectAccessible(page, 'an order’s cancel form');
    await form.getByRole('button', { name: `Cancel order ${orderNumber}` }).click();
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`^Order ${orderNumber} is cancelled and ₦[\\d,]+ is being refunded\\.$`) })).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();

    await page.goto(`/backoffice/?day=2097-06-11`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: orderNumber }) });
    await expect(card.locator('dt:text-is("Status") + dd')).toHaveText('Cancelled');
    const tracked = (await (await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms`)).json()).data;
    expect(tracked.cancelled).toBe(true);
    // The sender's own lookup: refunded, and the refund listed.
    const mine = (await (await page.request.get(`/v1/orders/order/order-number/${orderNumber}?business=adire-blooms&email=${encodeURIComponent(email)}`)).json()).data;
    expect(mine).toMatchObject({ cancelled: true, paymentStatus: 'refunded' });
    expect(mine.refunds).toHaveLength(1);
  });
});
