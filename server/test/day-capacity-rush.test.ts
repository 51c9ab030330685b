import type { CheckoutResponse, DeliveryDay, Order } from '@adire/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Db } from '../src/db/database';
import { DEFAULT_DAY_HOLD_RULES } from '../src/domains/orders';
import { changeDeliverySettings, readDeliveryChange } from '../src/domains/site';
import { startTestShop, type TestShop } from './helpers';

/**
 * Held and taken, never over (issue 29, item 3): 50 shoppers submit the delivery stage at once for a
 * day with 7 places, on SQLite and on PostgreSQL. Exactly 7 hold a place; 43 hear DAY_FULL with the
 * sentence and the next open days, and keep their cart and their order (no order number drawn). Then
 * two servers on one database (two connections: on SQLite two writers of one file, on PostgreSQL two
 * pools), 25 shoppers each, for 5 places: 5 in all.
 */

let shop: TestShop;
const business = 'adire-blooms';
/** 1 Feb 2099, 10:00 in Lagos. */
const NOW = new Date('2099-02-01T09:00:00Z');
const DAY = '2099-02-14';
let skus: string[] = [];
/** These shoppers share one client address and phone (the test's): the per-holder limits (issue 38) are not what is raced here. */
const MANY_HOLDS = { ...DEFAULT_DAY_HOLD_RULES, perIp: 1000, perEmail: 1000, perPhone: 1000 };

beforeAll(async () => {
  shop = await startTestShop({ now: () => NOW, config: { dayHolds: MANY_HOLDS } });
  skus = (await shop.db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('price_ngn', '>', 5000).orderBy('position').limit(5).execute()).map((r) => r.sku);
  await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day: DAY, place: 'lagos', orders: 7 }), NOW);
});
afterAll(() => shop?.close());

async function cartOrder(i: number): Promise<Order> {
  const res = await shop.app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', deliveryDate: DAY, cartItems: [{ SKU: skus[i % skus.length], quantity: 1 + (i % 3) }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Order;
}

const payload = (i: number) => ({
  business,
  currency: 'NGN',
  userData: { name: 'Ngozi Umeh', email: `valentine${i}@example.com`, phone: '+2348031112222' },
  orderData: {
    deliveryDate: DAY,
    deliveryZone: 'Lekki / Ajah',
    deliveryMessage: `Happy Valentine's Day, love ${i}`,
    recipient: { name: 'Emeka Umeh', phone: '+2348095556666', address: `${i} Admiralty Way, Lekki Phase 1`, state: 'lagos', residenceType: 'Home', method: 'delivery' },
  },
});

describe('50 shoppers checking out at once for a day with 7 places', () => {
  it('exactly 7 hold a place; 43 get 409 DAY_FULL with the next open days and keep their cart and order', { timeout: 120_000 }, async () => {
    const orders = await Promise.all(Array.from({ length: 50 }, (_, i) => cartOrder(i)));
    const answers = await Promise.all(orders.map((o, i) => shop.app.inject({ method: 'PUT', url: `/v1/orders/order/checkout-order/${o.id}`, payload: payload(i) })));
    const won = answers.filter((a) => a.statusCode === 200);
    const full = answers.filter((a) => a.statusCode === 409);
    expect(won.length, answers.find((a) => a.statusCode !== 200 && a.statusCode !== 409)?.body).toBe(7);
    expect(full).toHaveLength(43);
    for (const a of full) {
      expect(a.json()).toEqual({
        code: 'DAY_FULL',
        message: '14 Feb is fully booked: another shopper took the last place while you were checking out. Your cart is kept; choose another day. The next open days: 15 Feb, 16 Feb, 17 Feb.',
        fields: { deliveryDate: 'is fully booked' },
        details: { date: DAY, place: 'lagos', nextOpenDays: ['2099-02-15', '2099-02-16', '2099-02-17'] },
      });
    }
    const winners = new Set(won.map((a) => (a.json().data as CheckoutResponse).order.id));
    expect(new Set(won.map((a) => (a.json().data as CheckoutResponse).order.orderNumber)).size).toBe(7);

    // In the store: 7 places, all held by the winners; the others' orders are as they were.
    const booked = await shop.db.kysely.selectFrom('day_booking').select(['order_id', 'place']).where('date', '=', DAY).execute();
    expect(booked).toHaveLength(7);
    expect(booked.every((b) => winners.has(b.order_id) && b.place === 'lagos')).toBe(true);
    const losers = orders.filter((o) => !winners.has(o.id));
    const rows = await shop.db.kysely.selectFrom('shop_order').select(['id', 'order_number', 'cart_items', 'checked_out_at', 'client_email']).where('id', 'in', losers.map((o) => o.id)).execute();
    expect(rows).toHaveLength(43);
    for (const row of rows) {
      const before = losers.find((o) => o.id === row.id)!;
      expect(row).toMatchObject({ order_number: null, checked_out_at: null, client_email: null });
      expect(JSON.parse(row.cart_items)).toEqual(before.cartItems);
    }

    // Shoppers are shown the day full; a loser takes the next day at once.
    const days = (await shop.app.inject(`/v1/storefront/delivery-days?business=${business}&from=${DAY}&days=2&location=lagos`)).json().data as DeliveryDay[];
    expect(days).toEqual([
      { date: DAY, open: false, reason: 'Fully booked', remaining: 0 },
      { date: '2099-02-15', open: true },
    ]);
    const next = await shop.app.inject({ method: 'PUT', url: `/v1/orders/order/checkout-order/${losers[0]!.id}`, payload: { ...payload(99), orderData: { ...payload(99).orderData, deliveryDate: '2099-02-15' } } });
    expect(next.statusCode, next.body).toBe(200);
  });
});

describe('two servers on one database', () => {
  it('50 shoppers split between them for a day with 5 places: exactly 5 hold one', { timeout: 120_000 }, async () => {
    // A second server of the same shop: its own connection (SQLite: the same file; PostgreSQL: the same database).
    const second: Db = openDatabase(shop.where);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-rush-'));
    const other: FastifyInstance = await buildApp({ db: second, config: { shellDir: path.join(dir, 'shell'), releasesDir: path.join(dir, 'releases'), bodyLimitBytes: 16 * 1024, logLevel: 'silent', dayHolds: MANY_HOLDS }, logger: false, now: () => NOW });
    try {
      const day = '2099-02-21';
      await changeDeliverySettings(shop.db.kysely, readDeliveryChange('set-capacity', { day, place: 'lagos', orders: 5 }), NOW);
      const orders = await Promise.all(Array.from({ length: 50 }, (_, i) => cartOrder(100 + i)));
      const answers = await Promise.all(
        orders.map((o, i) => (i % 2 ? other : shop.app).inject({ method: 'PUT', url: `/v1/orders/order/checkout-order/${o.id}`, payload: { ...payload(100 + i), orderData: { ...payload(100 + i).orderData, deliveryDate: day } } })),
      );
      const won = answers.filter((a) => a.statusCode === 200);
      expect(won.length, answers.find((a) => a.statusCode !== 200 && a.statusCode !== 409)?.body).toBe(5);
      expect(answers.filter((a) => a.statusCode === 409 && a.json().code === 'DAY_FULL')).toHaveLength(45);
      const booked = await shop.db.kysely.selectFrom('day_booking').select('order_id').where('date', '=', day).execute();
      expect(booked).toHaveLength(5);
    } finally {
      await other.close();
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
