import { createHmac } from 'node:crypto';
import type { Order, PaymentDetailsResponse } from '@adire/contracts';
import { expect } from 'vitest';
import { sandboxRootSecret, sandboxSecret } from '../src/domains/payments/testing';
import type { TestShop } from './helpers';

/** What the backup drills (backup-drill*.test.ts) do to a shop: orders placed and paid as shoppers do, and patient waits. */

const business = 'adire-blooms';

/** Polls `check` every 50 ms until it holds (or the deadline passes); returns how long it took. */
export async function until(what: string, check: () => Promise<boolean>, deadlineMs = 20_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > deadlineMs) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let emails = 0;
/** An order checked out for pick-up and, when `pay`, paid by a signed webhook: acknowledged as the shopper sees it. */
export async function placeOrder(shop: TestShop, sku: string, pay: boolean): Promise<{ id: string; orderNumber: string; paid: boolean }> {
  const created = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json().data as Order).id;
  const res = await shop.app.inject({
    method: 'PUT',
    url: `/v1/orders/order/checkout-order/${id}`,
    payload: {
      business,
      currency: 'NGN',
      userData: { name: 'Adaeze Obi', email: `drill${++emails}@example.com`, phone: '08031234567' },
      orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json().data.order as Order;
  if (pay) {
    const chosen = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/update-payment-details/${id}`, payload: { business, currency: 'NGN', paymentMethod: 'cardProvider' } });
    const { reference } = chosen.json().data as PaymentDetailsResponse;
    await shop.db.kysely.updateTable('sandbox_transaction').set({ status: 'success', amount_paid: order.total! }).where('reference', '=', reference!).execute();
    const raw = JSON.stringify({ event: 'charge.success', data: { status: 'success', reference, amount: Math.round(order.total! * 100), currency: 'NGN' } });
    const signature = createHmac('sha512', sandboxSecret(await sandboxRootSecret(shop.db), 'paystack')).update(raw).digest('hex');
    const hook = await shop.app.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, payload: raw });
    expect(hook.json().data.outcome).toBe('paid');
  }
  return { id, orderNumber: order.orderNumber!, paid: pay };
}


/** A product in stock for the drills' orders. */
export async function drillSku(shop: TestShop): Promise<string> {
  return (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>', 5000).orderBy('position').executeTakeFirstOrThrow()).sku;
}
