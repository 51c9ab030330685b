import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { confirmSignupEmail, operator, requireOperator, uniqueEmail } from '../support';

// Issue 33: the shopper's account pages, desktop and a 412 × 915 phone, with axe. A shopper who has
// ordered logs in on /account, sees the order, sends it again, sets a reminder, reviews the order once it
// is paid and delivered, edits a recipient, signs out another session, downloads their data and deletes
// the account — and cannot log in afterwards.

const business = 'adire-blooms';
const PASSWORD = 'Hibiscus-2026';
const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** A registered shopper with one checked-out delivery order whose recipient was saved. */
async function shopperWithOrder(request: APIRequestContext, email: string): Promise<{ orderNumber: string }> {
  const signup = await request.post('/v1/storefront/auth/signup', { data: { business, email, password: PASSWORD, name: 'Ada Obi' } });
  expect(signup.status()).toBe(201);
  // The address confirmed from the sign-up mail, as the shopper would: reminders need it (issue 38, item 5).
  await confirmSignupEmail(request, email);
  const auth = { authorization: `Bearer ${(await signup.json()).data.authToken}` };
  // The demo catalogue's first product (a stable SKU of the seed).
  const sku = 'AB-1001';
  const created = await request.post('/v1/orders/order/create', { headers: auth, data: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(created.status()).toBe(201);
  const orderId = (await created.json()).data.id as string;
  const checkout = await request.put(`/v1/orders/order/checkout-order/${orderId}`, {
    headers: auth,
    data: {
      business,
      currency: 'NGN',
      shouldCreateAccount: false,
      shouldSaveAddress: true,
      userData: { name: 'Ada Obi', email, phone: '+2348031112222', phoneCountryCode: '+234' },
      orderData: {
        deliveryDate: '2099-03-10',
        deliveryZone: 'Lekki / Ajah',
        deliveryMessage: 'Happy birthday, Mum!',
        recipient: { name: 'Mama Obi', phone: '+2348095556666', phoneCountryCode: '+234', address: '7 Admiralty Way, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  return { orderNumber: (await checkout.json()).data.order.orderNumber as string };
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** One of the account's tabs, opened and shown as the current page (a tap as the drawer's closing settles may miss). */
async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name, exact: true });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-current', 'page', { timeout: 2_000 });
  }).toPass();
}

for (const device of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 412, height: 915 } },
]) {
  test.describe(`my account on a ${device.name}`, () => {
    test.use({ viewport: device.viewport });

    test('a shopper sees their order, sends it again, sets a reminder, reviews it, edits a recipient, signs out a session, downloads their data and deletes the account', async ({ page, request }) => {
      requireOperator();
      // The whole account journey, with two operator commands (each a process of its own): longer than one page's test.
      test.slow();
      const email = uniqueEmail(`my-account-${device.name}`);
      const { orderNumber } = await shopperWithOrder(request, email);

      // A guest on /account gets the login view.
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
      const login = page.getByRole('form', { name: 'Login' }).last();
      await expectAccessible(page, 'the account page for a guest');
      await login.getByLabel('Email').fill(email);
      await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await login.getByRole('button', { name: 'Login' }).click();

      // The order, in the tracker's words.
      const order = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) });
      await expect(order).toBeVisible();
      await expect(order).toContainText('Mama Obi');
      await expect(order).toContainText('Order received');
      await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
      await expectAccessible(page, 'the orders page');
      await order.getByRole('button', { name: `Send order ${orderNumber} again` }).click();
      const drawer = page.getByRole('dialog', { name: 'Cart' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // A reminder before the order's date next year, with a name.
      await order.getByRole('button', { name: /^Remind me before 10 Mar next year$/ }).click();
      const remind = page.getByRole('form', { name: `Reminder for order ${orderNumber}` });
      await remind.getByRole('button', { name: 'Save reminder' }).click();
      await expect(remind.getByText('Name for this date is required')).toBeVisible();
      await remind.getByLabel('Name for this date').fill("Mum's birthday");
      await remind.getByRole('button', { name: 'Save reminder' }).click();
      await expect(toast(page, "We will e-mail you 7 days before 10 Mar each year: Mum's birthday")).toBeVisible();
      await openTab(page, 'Reminders');
      await expect(page.getByRole('heading', { name: "Mum's birthday" })).toBeVisible();
      await expect(page.getByText('10 Mar: an e-mail 7 days before')).toBeVisible();
      await expectAccessible(page, 'the reminders page');

      // Paid and delivered since: the order offers the review form (the checkout's, with its rules).
      operator(['mark-paid', orderNumber]);
      operator(['advance', orderNumber, 'delivered']);
      await openTab(page, 'Orders');
      await expect(order).toContainText('Delivered');
      await order.getByRole('button', { name: `Review order ${orderNumber}` }).click();
      const review = page.getByRole('form', { name: `Review order ${orderNumber}` });
      await review.getByRole('button', { name: 'Send review' }).click();
      await expect(review.getByText('Rating is required')).toBeVisible();
      await expectAccessible(page, 'the orders page with the review form');
      await review.getByRole('radio', { name: '5 stars' }).check();
      await review.getByLabel(/Comment/).fill('Mum loved them');
      await review.getByRole('button', { name: 'Send review' }).click();
      await expect(order.getByText('Thank you for your review!')).toBeVisible();
      await page.reload();
      await expect(order).toContainText('Delivered');
      await expect(order.getByRole('button', { name: `Review order ${orderNumber}` })).toHaveCount(0);

      // A recipient edited with the checkout's rules.
      await openTab(page, 'Recipients');
      await page.getByRole('button', { name: 'Edit Mama Obi' }).click();
      const form = page.getByRole('form', { name: 'Edit Mama Obi' });
      await form.getByLabel('Recipient phone number').fill('12');
      await form.getByRole('button', { name: 'Save recipient' }).click();
      await expect(form.getByText('Recipient phone number is not a valid phone number')).toBeVisible();
      await form.getByLabel('Recipient phone number').fill('0803 999 8888');
      await form.getByLabel('Recipient address').fill('12 Bourdillon Road, Ikoyi');
      // The checkout's choices for the state (issue 44, item 3): not free text.
      const state = form.getByRole('combobox', { name: 'State', exact: true });
      await expect(state).toHaveValue('lagos');
      await expect(state.getByRole('option')).toHaveText(['Choose a state', 'Lagos', 'Abuja', 'Other locations']);
      await state.selectOption('Abuja');
      await form.getByRole('button', { name: 'Save recipient' }).click();
      await expect(page.getByText('12 Bourdillon Road, Ikoyi, Abuja')).toBeVisible();
      // The phone as people write it, not +2348039998888.
      await expect(page.getByText('0803 999 8888')).toBeVisible();
      await expectAccessible(page, 'the recipients page');

      // Another session (a Mac), signed out from here.
      const other = await request.post('/v1/storefront/auth/login', { headers: { 'user-agent': MAC_UA }, data: { business, email, password: PASSWORD } });
      const otherAuth = { authorization: `Bearer ${(await other.json()).data.authToken}`, 'user-agent': MAC_UA };
      expect((await request.get(`/v1/storefront/account/sessions?business=${business}`, { headers: otherAuth })).status()).toBe(200);
      await openTab(page, 'Sessions');
      // This device marked, when it signed in and how long ago it was last used (issue 44, item 4).
      const here = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /This device$/ }) });
      await expect(here).toHaveCount(1);
      await expect(here).toContainText('Signed in');
      await expect(here).toContainText(/Last used (just now|\d+ minutes? ago)/);
      await expectAccessible(page, 'the sessions page');
      await page.getByRole('button', { name: /^Sign out Safari on Mac/ }).click();
      await expect(toast(page, 'Safari on Mac was signed out')).toBeVisible();
      expect((await request.get(`/v1/storefront/account/sessions?business=${business}`, { headers: otherAuth })).status()).toBe(401);

      // My data, downloaded.
      await openTab(page, 'My data');
      await expectAccessible(page, 'the my data page');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const file = await (await downloading).path();
      const data = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(data.profile.email).toBe(email);
      expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toContain(orderNumber);
      expect(JSON.stringify(data)).not.toMatch(/authToken|token_hash/);

      // Deleted: the password and the typed word; afterwards no login.
      const erase = page.getByRole('form', { name: 'Delete my account' });
      await erase.getByLabel('Password').fill(PASSWORD);
      // A wrong word says what to type, once (issue 44, item 6).
      await erase.getByLabel('Type DELETE to confirm').fill('remove');
      await erase.getByRole('button', { name: 'Delete my account' }).click();
      await expect(erase.getByText('Type DELETE to confirm.', { exact: true })).toBeVisible();
      await expect(erase.getByText('must be DELETE')).toHaveCount(0);
      await erase.getByLabel('Type DELETE to confirm').fill('delete');
      await erase.getByRole('button', { name: 'Delete my account' }).click();
      await expect(toast(page, `Your account ${email} was deleted.`)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      const again = await request.post('/v1/storefront/auth/login', { data: { business, email, password: PASSWORD } });
      expect(again.status()).toBe(401);
    });
  });
}
