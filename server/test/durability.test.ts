import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { createTestDatabase, freePort } from './helpers';

/**
 * Durability (issue 11): the real server as a child process takes a load of checkouts, is killed with
 * SIGKILL in the middle of it, and is started again on the same database. Every write it acknowledged
 * (a 2xx that reached the client) must be there, whole; nothing half-written may be found; the
 * database passes its integrity check (PRAGMA integrity_check on SQLite; rows and their links on
 * PostgreSQL); and the restarted server goes on numbering orders without a clash.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const business = 'adire-blooms';
const WORKERS = 8;
/** Acknowledged checkouts before the kill. */
const KILL_AFTER = 30;

let tmp: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sku: string;

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
  output: () => string;
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SQLITE_FILE: path.join(tmp, 'shop.sqlite'),
    RELEASES_DIR: path.join(tmp, 'releases'),
    SHELL_DIR: path.join(tmp, 'shell'),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, exited, output: () => output };
}

interface Acknowledged {
  orders: Map<string, { total: number; sku: string; quantity: number }>;
  checkouts: Map<string, { orderNumber: string; total: number; email: string }>;
}

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** One shopper after another: a cart order, then its checkout; only answers fully received count. */
async function shopper(base: string, n: number, acks: Acknowledged, stop: { now: boolean; inFlight: number }) {
  for (let i = 0; !stop.now; i++) {
    const quantity = 1 + ((n + i) % 3);
    const email = `durable-${n}-${i}@example.com`;
    try {
      stop.inFlight++;
      const created = await fetch(`${base}/v1/orders/order/create`, { method: 'POST', ...json({ business, currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity }] }) });
      const order = (await created.json()) as { data: { id: string; total: number } };
      stop.inFlight--;
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      acks.orders.set(order.data.id, { total: order.data.total, sku, quantity });
      stop.inFlight++;
      const done = await fetch(`${base}/v1/orders/order/checkout-order/${order.data.id}`, {
        method: 'PUT',
        ...json({
          business,
          currency: 'NGN',
          userData: { name: 'Durable Shopper', email, phone: '08031112222' },
          orderData: { deliveryDate: '2099-05-05', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } },
        }),
      });
      const answer = (await done.json()) as { data: { order: { orderNumber: string; total: number } } };
      stop.inFlight--;
      if (done.status !== 200) throw new Error(`checkout answered ${done.status}`);
      acks.checkouts.set(order.data.id, { orderNumber: answer.data.order.orderNumber, total: answer.data.order.total, email });
    } catch (err) {
      if (!stop.now) throw err; // before the kill every request must succeed
      return;
    }
  }
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-durable-'));
  database = await createTestDatabase();
}, 30_000);
afterAll(async () => {
  await database.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('SIGKILL in the middle of a load of checkouts', () => {
  it('keeps every acknowledged write, whole, and the database passes its integrity check', { timeout: 120_000 }, async () => {
    const first = await startServer();
    sku = ((await (await fetch(`${first.base}/v1/catalog/products?business=${business}&limit=1`)).json()) as { data: { SKU: string }[] }).data[0]!.SKU;

    const acks: Acknowledged = { orders: new Map(), checkouts: new Map() };
    const stop = { now: false, inFlight: 0 };
    const shoppers = Array.from({ length: WORKERS }, (_, n) => shopper(first.base, n, acks, stop));
    while (acks.checkouts.size < KILL_AFTER) {
      await Promise.race([new Promise((r) => setTimeout(r, 5)), ...shoppers]);
    }
    stop.now = true;
    const inFlight = stop.inFlight;
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(shoppers);
    expect(inFlight, 'requests were under way when the server died').toBeGreaterThan(0);

    const second = await startServer();
    try {
      // Every acknowledged order and checkout, through the API, exactly as it was acknowledged.
      for (const [id, ack] of acks.orders) {
        const res = await fetch(`${second.base}/v1/orders/order/${id}?business=${business}`);
        expect(res.status, `order ${id} acknowledged before the kill`).toBe(200);
        const order = ((await res.json()) as { data: { total: number; cartItems: { SKU: string; quantity: number }[]; orderNumber?: string; client?: { email?: string } } }).data;
        const checkedOut = acks.checkouts.get(id);
        expect(order.cartItems).toEqual([expect.objectContaining({ SKU: ack.sku, quantity: ack.quantity })]);
        if (checkedOut) {
          expect(order.orderNumber).toBe(checkedOut.orderNumber);
          expect(order.total).toBe(checkedOut.total);
          expect(order.client?.email).toBe(checkedOut.email);
        } else {
          expect(order.total).toBe(ack.total);
        }
      }
      // The restarted server numbers new orders after the old ones.
      const more = { orders: new Map(), checkouts: new Map() } as Acknowledged;
      const after = { now: false, inFlight: 0 };
      const one = shopper(second.base, 99, more, after);
      while (more.checkouts.size < 1) await Promise.race([new Promise((r) => setTimeout(r, 5)), one]);
      after.now = true;
      await one;
      const fresh = [...more.checkouts.values()][0]!.orderNumber;
      expect([...acks.checkouts.values()].map((c) => c.orderNumber)).not.toContain(fresh);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }

    // The database itself: integrity, and no half-written checkout anywhere (acknowledged or not).
    if (!database.databaseUrl) {
      const sqlite = new SQLite(path.join(tmp, 'shop.sqlite'), { readonly: true });
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      sqlite.close();
    }
    const db = openDatabase({ databaseUrl: database.databaseUrl, sqliteFile: path.join(tmp, 'shop.sqlite') });
    try {
      const orders = await db.kysely.selectFrom('shop_order').select(['id', 'order_number', 'delivery_status', 'cart_items', 'total']).execute();
      const received = new Set((await db.kysely.selectFrom('order_status_event').select('order_id').where('step', '=', 'received').execute()).map((e) => e.order_id));
      const numbers = orders.filter((o) => o.order_number).map((o) => o.order_number!);
      expect(new Set(numbers).size).toBe(numbers.length);
      for (const o of orders) {
        expect(JSON.parse(o.cart_items)).toHaveLength(1);
        expect(Number(o.total)).toBeGreaterThan(0);
        // A checkout is one transaction: a number, its 'received' status and its timeline step, or none of them.
        expect(!!o.order_number, `order ${o.id}`).toBe(o.delivery_status === 'received');
        expect(!!o.order_number, `order ${o.id}`).toBe(received.has(o.id));
      }
      const counter = Number((await db.kysely.selectFrom('order_sequence').select('value').executeTakeFirstOrThrow()).value);
      expect(Math.max(...numbers.map((n) => Number(/\d+/.exec(n)![0])))).toBeLessThanOrEqual(counter);
      const found = orders.filter((o) => acks.orders.has(o.id)).length;
      console.log(
        `Durability (${db.dialect}): ${acks.orders.size} orders and ${acks.checkouts.size} checkouts acknowledged, ${inFlight} requests in flight at SIGKILL; ` +
          `after restart ${found}/${acks.orders.size} acknowledged orders and ${acks.checkouts.size}/${acks.checkouts.size} checkouts found whole; ` +
          `${orders.length - found - 1} unacknowledged writes had committed; integrity ok`,
      );
      expect(found).toBe(acks.orders.size);
    } finally {
      await db.close();
    }
  });
});
