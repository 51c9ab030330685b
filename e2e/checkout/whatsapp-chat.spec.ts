import { expect, test } from '@playwright/test';
import { checkoutRoses, chooseNaira, fillDelivery, fillSender } from './helpers';

/** Issue 34: the tracker offers a WhatsApp chat with the shop, the order number already typed in. */
test('the order tracker offers "Chat with us on WhatsApp" to the shop’s number with the order number', async ({ page, request }) => {
  await chooseNaira(page);
  await checkoutRoses(page);
  await fillSender(page, { name: 'Kemi Adebayo', email: 'kemi.chat@example.com', phone: '0805 333 4444' });
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();

  await page.goto(`/order-tracker?orderNumber=${encodeURIComponent(orderNumber)}`);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  const href = new URL((await chat.getAttribute('href'))!);
  // The shop's WhatsApp contact from its settings, as the digits wa.me needs.
  const contact = (await (await request.get('/v1/storefront/shop?business=adire-blooms')).json()).data as { whatsapp: string };
  const digits = /(\d{8,15})/.exec(contact.whatsapp.replace(/[\s()+-]/g, ''))![1]!;
  expect(href.origin + href.pathname).toBe(`https://wa.me/${digits}`);
  expect(href.searchParams.get('text')).toBe(`Hello Adire Blooms, I have a question about my order ${orderNumber}.`);
  await expect(chat).toHaveAttribute('target', '_blank');
});
