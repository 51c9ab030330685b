import { expect, test } from '@playwright/test';
import { checkoutRoses, chooseNaira, fillDelivery, fillSender } from './helpers';

test.describe('order tracker', () => {
  test('a first visit keeps the drawn tracker on screen until the tracker runs: its file is announced, and it never gives way to “Loading…”', async ({ page }) => {
    // Every change of the page once it is parsed (the scripts run only then): the tracker's heading is
    // always there, and no "Loading…" (the checkout's fallback while a later step's file is fetched).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { trackerSeen: string[] }).trackerSeen = seen;
      const look = () => {
        const region = document.querySelector('[data-region="checkout"]');
        if (!region?.querySelector('#tracker-heading')) seen.push('no heading');
        if (region?.textContent?.includes('Loading…')) seen.push('Loading…');
      };
      document.addEventListener('DOMContentLoaded', () => {
        look();
        new MutationObserver(look).observe(document, { childList: true, subtree: true });
      });
    });
    await page.goto('/order-tracker');
    // Announced in the page as served (its scripts' links wait in a template until the first paint).
    expect(await page.content()).toMatch(/<link rel="modulepreload"[^>]*href="[^"]*\/releases\/checkout\/assets\/nextSteps-[^"/]+\.js"/);
    await expect(page.getByRole('form', { name: 'Track an order' }).getByLabel('Order number')).toBeEnabled();
    expect(await page.evaluate(() => [...new Set((window as unknown as { trackerSeen: string[] }).trackerSeen)])).toEqual([]);
  });

  test('shows the stage for an order number, the timeline and details only with the sender’s e-mail, and a clear message for unknown numbers', async ({ page }) => {
    await chooseNaira(page);
    await checkoutRoses(page);
    await fillSender(page, { name: 'Bola Tinubu-Adeyemi', email: 'bola.tracker@example.com', phone: '0805 111 2222' });
    await fillDelivery(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();
    expect(orderNumber).not.toBe('');

    await page.goto('/order-tracker');
    const form = page.getByRole('form', { name: 'Track an order' });
    // Required, said on blur (once the tracker runs: the form the server drew is disabled until then).
    await expect(form.getByLabel('Order number')).toBeEnabled();
    await form.getByLabel('Order number').focus();
    await form.getByLabel('Phone or e-mail').focus();
    await expect(form.getByRole('alert')).toHaveText('Order number is required');

    await form.getByLabel('Order number').fill(orderNumber);
    await form.getByRole('button', { name: 'Track' }).click();
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    // Without the sender's phone or e-mail: only the stage in words (order numbers follow each other).
    await expect(page.getByText('Stage: Order received')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Order status' })).toHaveCount(0);
    await expect(page.getByText(/Payment:/)).toHaveCount(0);
    await expect(page.getByLabel('Order details')).toHaveCount(0);

    await form.getByLabel('Phone or e-mail').fill('bola.tracker@example.com');
    await form.getByRole('button', { name: 'Track' }).click();
    const timeline = page.getByRole('list', { name: 'Order status' });
    await expect(timeline.getByRole('listitem')).toHaveText([/Order received\s*Done/, /Payment confirmed\s*Not yet/, /Flowers arranged\s*Not yet/, /Out for delivery\s*Not yet/, /Delivered\s*Not yet/]);
    await expect(page.getByLabel('Order details')).toContainText('Amaka Obi');
    await expect(page.getByLabel('Order details')).toContainText('Ruby Romance Red Roses');

    await form.getByLabel('Order number').fill('ZZ99999W');
    await form.getByLabel('Phone or e-mail').fill('');
    await form.getByRole('button', { name: 'Track' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We could not find an order numbered ZZ99999W' })).toBeVisible();
  });
});
