import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, PAGE_DATA_ELEMENT_ID, type Order, type PageData } from '@adire/contracts';
import { ROOT } from '../src/paths';
import { startTestShop, type TestShop } from './helpers';

/**
 * The checkout drawn on the server by the checkout's own draw module (built here from its sources,
 * as its release builds it): the delivery stage of an open order with the order's data, for each
 * request and kept by no one; anything else the frame only, never a 5xx.
 */

const release = { packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };
// Generous: a busy machine must not turn the test's draw into an overrun (the budget is the bench's).
const BUDGET_MS = 5000;

const SHELL_PAGE = `<!doctype html><html><head><title>Generic title</title></head><body><div id="shell-root"><!--adire-frame--><div class="boot-frame">booting</div><!--/adire-frame--></div><script type="module" src="/assets/main-AAAAAAAA.js"></script></body></html>`;
const SHELL_DRAW = `export async function draw() {
  return { html: '<header>Frame</header><main><div id="app-checkout" data-region="checkout"><!--adire-region:checkout--></div></main>', data: { handshake: null, categories: null, contact: null }, status: 200 };
}`;

/** The checkout's release: its server draw module built from the sources by its own build config. */
function buildCheckoutRelease(dist: string): void {
  const checkout = path.join(ROOT, 'mf-checkout');
  const vite = path.join(path.dirname(createRequire(path.join(checkout, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--configLoader', 'runner', '--config', 'vite.server.config.ts', '--outDir', path.join(dist, 'server'), '--logLevel', 'warn'], {
    cwd: checkout,
    // As the release command builds it (the test runner's NODE_ENV would give development JSX).
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'export const checkout = true;');
}

function pageData(html: string): PageData {
  const m = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  if (!m) throw new Error('the page carries no page data');
  return JSON.parse(m[1]!) as PageData;
}

/** The region the checkout drew, as it sits in the page (without React's text separators). */
const region = (html: string) => (/<div class="region-app" data-drawn="[^"]+">([\s\S]*?)<\/div><\/main>/.exec(html)?.[1] ?? '').replaceAll('<!-- -->', '');

let shop: TestShop;

async function newOrder(): Promise<Order> {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/v1/orders/order/create',
    payload: { business: BUSINESS, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: 'AB-1001', quantity: 2 }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as Order;
}

beforeAll(async () => {
  shop = await startTestShop({ shell: true, config: { serverDraw: { enabled: true, budgetMs: BUDGET_MS } } });
  const work = path.dirname(shop.dirs.releasesDir);
  const shell = fs.mkdtempSync(path.join(work, 'shell-'));
  fs.mkdirSync(path.join(shell, 'assets'));
  fs.mkdirSync(path.join(shell, 'server'));
  fs.writeFileSync(path.join(shell, 'index.html'), SHELL_PAGE);
  fs.writeFileSync(path.join(shell, 'assets', 'main-AAAAAAAA.js'), 'console.log(1)');
  fs.writeFileSync(path.join(shell, 'server', 'draw.mjs'), SHELL_DRAW);
  await shop.registry.publish({ ...release, remote: 'shell', distDir: shell });
  const checkout = fs.mkdtempSync(path.join(work, 'checkout-'));
  buildCheckoutRelease(checkout);
  await shop.registry.publish({ ...release, remote: 'checkout', distDir: checkout });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe('the checkout drawn on the server', () => {
  it('draws the delivery stage of an open order with its data, private to the shopper and never kept', async () => {
    const order = await newOrder();
    const res = await shop.app.inject(`/checkout?orderId=${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    const drawn = region(res.body);
    // The delivery form's labels, as the browser's form has them.
    for (const label of ['Delivery details', 'Sender name', 'Sender email', 'Sender phone number', 'Create a free account', 'Delivery or pick-up', 'Continue to payment']) {
      expect(drawn, label).toContain(label);
    }
    // The order's own data: its items and amounts in the summary.
    expect(drawn).toContain('Order summary');
    expect(drawn).toContain('Ruby Romance Red Roses');
    expect(drawn).toContain('Qty 2');
    expect(drawn).toMatch(/₦90,000/);
    expect(drawn).not.toContain('Loading your order…');
    // Controls wait for the browser (disabled, and marked: a tap on one is kept by the page's early-tap
    // script until the browser's stage replaces the drawing), and the page is not for search engines.
    expect(drawn).toMatch(/^<fieldset disabled="" data-until-running=""/);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    // The order travels with the page (the browser shows it without asking again), safely written.
    expect(pageData(res.body).regions.checkout?.answers).toEqual({ order: JSON.parse(JSON.stringify(order)) });
    expect(res.body.split('</script>').length).toBe(res.body.split('<script').length);

    // Drawn again for the next request (never served from the page cache), with a change made since.
    await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/${order.id}`, payload: { business: BUSINESS, currency: 'NGN', cartItems: [{ SKU: 'AB-1001', quantity: 3 }] } });
    const again = await shop.app.inject({ url: `/checkout?orderId=${order.id}`, headers: { 'if-none-match': '"anything"' } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['server-timing']).not.toContain('kept');
    expect(region(again.body)).toContain('Qty 3');
  });

  it('draws the frame only for an unknown, malformed, paid or checked-out order: never a 5xx, never the order', async () => {
    const paid = await newOrder();
    await shop.db.kysely.updateTable('shop_order').set({ payment_status: 'paid' }).where('id', '=', paid.id).execute();
    const checkedOut = await newOrder();
    await shop.db.kysely.updateTable('shop_order').set({ order_number: 'AB-TEST-1', delivery_method: 'pickup' }).where('id', '=', checkedOut.id).execute();
    const ids = ['00000000-0000-4000-8000-000000000000', 'not an id!', '../../v1/orders', 'x'.repeat(200), '%3Cscript%3E', paid.id, checkedOut.id];
    for (const id of ids) {
      const res = await shop.app.inject(`/checkout?orderId=${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['cache-control'], id).toBe('private, no-store');
      const drawn = region(res.body);
      expect(drawn, id).toContain('Loading your order…');
      expect(drawn, id).not.toContain('Sender name');
      expect(pageData(res.body).regions.checkout?.answers, id).toEqual({});
    }
    // The checkout page without an order is the shopper's too (it says what is in their cart).
    const bare = await shop.app.inject('/checkout');
    expect(bare.headers['cache-control']).toBe('private, no-store');
  });
});
