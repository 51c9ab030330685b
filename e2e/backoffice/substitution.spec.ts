import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { latestMail, operator, requireDevMailbox, requireOperator, uniqueEmail } from '../support';
import { logIn, newStaff } from './staff';

/**
 * Issue 40, item 4, in the browser: a florist proposes a substitute on an order's page (a cheaper one is
 * refused with the shop's rule), the sender opens the mail's link (the dev mailbox) on a phone (412×915)
 * and accepts it with one click, no login; the order's page lists it accepted. Axe on each page.
 */
test.use({ timezoneId: 'Africa/Lagos' });

async function checkedOut(request: APIRequestContext, email: string): Promise<string> {
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
        deliveryDate: '2097-06-12',
        deliveryZone: 'Lagos Island',
        recipient: { name: 'Mum', phone: '8095556666', address: '12 Broad Street, Lagos Island', phoneCountryCode: '+234', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { order: { orderNumber: string } } }).data.order.orderNumber;
}

test.describe('substitutions the sender approves', () => {
  test.beforeEach(async ({ page }) => {
    requireOperator();
    await requireDevMailbox(page.request);
  });

  test("a florist proposes a substitute; the sender accepts it from the mail's link on a phone", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const florist = await newStaff(page, 'florist');
    const email = uniqueEmail('substitute');
    const orderNumber = await checkedOut(page.request, email);
    operator(['mark-paid', orderNumber]);

    await logIn(page, florist);
    await page.goto(`/backoffice/orders/${orderNumber}`);
    const form = page.getByRole('form', { name: 'Propose a substitute' });
    // The shop's rule: never cheaper.
    await form.getByLabel('Substitute SKU').fill('AB-1001-12');
    await form.getByRole('button', { name: 'Propose a substitute' }).click();
    await expect(form.getByRole('alert')).toContainText('Refund the difference instead');
    await form.getByLabel('Substitute SKU').fill('AB-1001-50');
    await form.getByLabel('Note to the sender').fill('Our 24 red roses ran short: 50 stems instead, same colour.');
    await form.getByRole('button', { name: 'Propose a substitute' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Proposed: the sender has been mailed' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Substitutions of this order' });
    await expect(list).toContainText('Proposed: waiting for the sender');
    await expectAccessible(page, "an order's page with a substitution proposed");

    const mail = await latestMail(page, email, /A substitute for your order/);
    expect(mail.text).toContain("the shop's proposal stands");
    const link = /https?:\/\/\S+\/substitution\/[A-Za-z0-9_-]+/.exec(mail.text)![0];

    const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    await p.goto(new URL(link).pathname);
    await expect(p.getByRole('heading', { name: `A substitute for order ${orderNumber}` })).toBeVisible();
    await expect(p.getByRole('button', { name: 'Refund the item instead' })).toBeVisible();
    await expectAccessible(p, "the sender's substitution page on a phone");
    await p.getByRole('button', { name: 'Accept' }).click();
    await expect(p.getByRole('status')).toContainText('Accepted by the sender');
    await expect(p.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expectAccessible(p, 'the substitution accepted');
    // Once: the link no longer offers a choice.
    await p.goto(new URL(link).pathname);
    await expect(p.getByRole('status')).toContainText('Accepted by the sender');
    await phone.close();

    await page.reload();
    await expect(page.getByRole('list', { name: 'Substitutions of this order' })).toContainText('Accepted by the sender');
  });
});
