import { expect, type Page } from '@playwright/test';

export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
export const errorToast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** A day a few days ahead in Lagos (YYYY-MM-DD): clear of any same-day cutoff. */
export function daysAhead(days: number): string {
  const lagosToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const d = new Date(`${lagosToday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Prices in naira, so amounts can be checked exactly (the browser's time zone would pick USD). */
export async function chooseNaira(page: Page) {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
}

/** Roses into the cart, then 'Proceed to checkout' from the drawer: lands on /checkout?orderId=… */
export async function checkoutRoses(page: Page): Promise<string> {
  await page.goto('/product-category/roses');
  await page.getByRole('button', { name: 'Add Ruby Romance Red Roses to cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?orderId=[\w-]+/);
  await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
  return new URL(page.url()).searchParams.get('orderId')!;
}

export interface Recipient {
  name: string;
  phone: string;
  address: string;
}

export const AMAKA: Recipient = { name: 'Amaka Obi', phone: '0809 555 1234', address: '3 Bourdillon Road, Ikoyi, Lagos' };

/** The sender part of the delivery form. */
export async function fillSender(page: Page, sender: { name: string; email: string; phone: string }) {
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Sender name').fill(sender.name);
  await form.getByLabel('Sender email').fill(sender.email);
  await form.getByLabel('Sender phone number').fill(sender.phone);
}

/** Delivery to Lagos Island for a recipient, on a day a few days ahead. */
export async function fillDelivery(page: Page, recipient: Recipient = AMAKA) {
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByRole('radio', { name: /^Delivery/ }).check();
  await form.getByRole('combobox', { name: 'State', exact: true }).selectOption('lagos');
  await form.getByLabel('Delivery zone').selectOption('Lagos Island');
  await form.getByLabel('Recipient name').fill(recipient.name);
  await form.getByLabel('Recipient phone number').fill(recipient.phone);
  await form.getByLabel('Recipient address').fill(recipient.address);
  await form.getByLabel('Delivery date').fill(daysAhead(4));
}

/** Pick-up at a branch (Lekki by default) on a day a few days ahead; checks the branch address shows. */
export async function fillPickup(page: Page, branch = { location: 'Lekki LPL', address: '5 Admiralty Way, Lekki Phase 1, Lagos' }) {
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByRole('radio', { name: /^Pick-up/ }).check();
  await form.getByRole('combobox', { name: 'Pick-up location' }).selectOption(branch.location);
  await expect(form.getByLabel('Pick-up address')).toContainText(branch.address);
  await form.getByLabel('Delivery date').fill(daysAhead(3));
}
