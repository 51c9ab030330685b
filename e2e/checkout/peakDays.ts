// Helpers of the shopper-side peak-day specs (issue 29): a manager's capacity through the back
// office's API, another shopper's order through the store's API, and the screens they are run on.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { backoffice, newStaff, type Staff } from '../backoffice/staff';
import { uniqueEmail } from '../support';

/**
 * The clock: the page's is set to 10:00 in Lagos on Sunday 10 Feb 2097, four days before a
 * Valentine's Day no other spec uses; no test reads the machine's clock. The server's own clock is
 * decades before these days, so to it they are simply days ahead, as they are to the page.
 */
export const PAGE_NOW = new Date('2097-02-10T09:00:00Z');

/** The screens each journey runs on: a desktop and a 412 × 915 phone. */
export const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 412, height: 915 } },
] as const;

export const ROSES = 'Ruby Romance Red Roses';
const ROSES_SKU = 'AB-1001';

/** A manager made by the staff command (the invitation read from the dev mailbox). */
export const newManager = (page: Page): Promise<Staff> => newStaff(page, 'manager');

/** Set (or with null remove) a place's capacity for a day, as the back office's Peak days page does. */
export async function setCapacity(page: Page, manager: Staff, day: string, place: string, orders: number | null): Promise<void> {
  const res = await backoffice(page, 'POST', 'settings/delivery', manager.token, { change: 'set-capacity', day, place, orders });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Another shopper's order for a day in Lagos, created and checked out through the store's API as the
 * checkout sends it: the status and what the server said.
 */
export async function otherShopperTakes(request: APIRequestContext, date: string): Promise<{ status: number; code?: string }> {
  const created = await request.post('/v1/orders/order/create', { data: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: ROSES_SKU, quantity: 1 }] } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const res = await request.put(`/v1/orders/order/checkout-order/${id}`, {
    data: {
      business: 'adire-blooms',
      currency: 'NGN',
      shouldCreateAccount: false,
      shouldSaveAddress: false,
      userData: { name: 'Bola Ade', email: uniqueEmail('other-shopper'), phone: '+2348031112222', phoneCountryCode: '+234' },
      orderData: {
        deliveryDate: date,
        deliveryZone: 'Lagos Island',
        recipient: { name: 'Kemi Ade', phone: '+2348095550000', address: '12 Awolowo Road, Ikoyi', phoneCountryCode: '+234', state: 'lagos', residenceType: 'House', method: 'delivery' },
      },
    },
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status(), code: body.code };
}

/** Roses in the cart, the drawer open (the main header's cart button). */
export async function rosesInTheDrawer(page: Page) {
  await page.goto('/product-category/roses');
  await page.getByRole('button', { name: `Add ${ROSES} to cart` }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  return page.getByRole('dialog', { name: 'Cart' });
}

/** The delivery form's sender and Lagos Island delivery, the day left to choose. */
export async function fillAllButTheDay(page: Page) {
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Sender name').fill('Tunde Bakare');
  await form.getByLabel('Sender email').fill(uniqueEmail('peak-shopper'));
  await form.getByLabel('Sender phone number').fill('0803 222 7788');
  await form.getByRole('radio', { name: /^Delivery/ }).check();
  await form.getByRole('combobox', { name: 'State', exact: true }).selectOption('lagos');
  await form.getByLabel('Delivery zone').selectOption('Lagos Island');
  await form.getByLabel('Recipient name').fill('Amaka Obi');
  await form.getByLabel('Recipient phone number').fill('0809 555 1234');
  await form.getByLabel('Recipient address').fill('3 Bourdillon Road, Ikoyi, Lagos');
  return form;
}

/** No part of the page is wider than the screen (a phone must not scroll sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}
