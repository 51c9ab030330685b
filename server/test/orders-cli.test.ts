import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed';
import { parseOrdersCommand } from '../src/domains/orders';

const business = 'adire-blooms';

describe('parsing the orders command', () => {
  it('reads the three commands and explains bad input', () => {
    expect(parseOrdersCommand(['status', 'abl1042w'])).toEqual({ kind: 'status', orderNumber: 'ABL1042W' });
    expect(parseOrdersCommand(['advance', 'ABL1042W', 'Despatched'])).toEqual({ kind: 'advance', orderNumber: 'ABL1042W', step: 'despatched' });
    expect(parseOrdersCommand(['mark-paid', 'ABL1042W'])).toEqual({ kind: 'mark-paid', orderNumber: 'ABL1042W' });
    expect(() => parseOrdersCommand(['advance', 'ABL1042W', 'received'])).toThrow("'received' is not a delivery step; use one of arranged, despatched, delivered.");
    expect(() => parseOrdersCommand(['status'])).toThrow("'status' takes one argument: pnpm orders status <orderNumber>");
    expect(() => parseOrdersCommand(['status', '!!'])).toThrow("'!!' is not an order number; they look like ABL1042W.");
    expect(() => parseOrdersCommand(['cancel', 'X'])).toThrow("Unknown command 'cancel'.");
  });
});

// The command runs as the operator runs it, against an SQLite file (the service itself is tested on
// both databases in checkout.test.ts).
describe('the orders command', () => {
  const serverDir = fileURLToPath(new URL('..', import.meta.url));
  const cli = path.join(serverDir, 'src/cli/orders.ts');
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let orderNumber: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-orders-cli-'));
    const sqliteFile = path.join(dir, 'shop.sqlite');
    const db = openDatabase({ sqliteFile });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const app = await buildApp({ db, config: { shellDir: path.join(dir, 'shell'), releasesDir: path.join(dir, 'releases'), bodyLimitBytes: 16 * 1024, logLevel: 'silent' }, logger: false });
    const product = await db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).limit(1).executeTakeFirstOrThrow();
    const order = (await app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business, currency: 'NGN', cartItems: [{ SKU: product.sku, quantity: 1 }] } })).json().data;
    const done = await app.inject({
      method: 'PUT',
      url: `/v1/orders/order/checkout-order/${order.id}`,
      payload: {
        business,
        currency: 'NGN',
        userData: { name: 'Musa Bello', email: 'musa@example.com', phone: '08035550000' },
        orderData: { deliveryDate: '2099-01-05', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } },
      },
    });
    orderNumber = done.json().data.order.orderNumber;
    await app.close();
    await db.close();
    env = { ...process.env, DATABASE_URL: '', SQLITE_FILE: sqliteFile, NODE_ENV: 'test' };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const exec = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env, cwd: serverDir });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('shows, marks paid and advances an order; refuses with a clear message and exit 1', { timeout: 60_000 }, async () => {
    expect(orderNumber).toMatch(/^ABL\d+W$/);
    const early = await exec('advance', orderNumber, 'arranged');
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`Order ${orderNumber} is not paid yet`);
    expect(await exec('mark-paid', orderNumber.toLowerCase())).toMatchObject({ code: 0, stdout: `Order ${orderNumber} is marked paid (paid - confirmed by transfer).\n` });
    expect(await exec('advance', orderNumber, 'delivered')).toMatchObject({ code: 0, stdout: `Order ${orderNumber} is now delivered (also marked arranged, despatched).\n` });
    const status = await exec('status', orderNumber);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Status: delivered; payment: paid - confirmed by transfer');
    expect(status.stdout).toContain('pick-up at Lekki LPL');
    // The commands' changes are in the staff audit too, by the operator, from the command line.
    const db = openDatabase({ sqliteFile: env.SQLITE_FILE! });
    const audit = await db.kysely.selectFrom('staff_audit').select(['actor', 'action', 'target', 'source']).orderBy('created_at').execute();
    await db.close();
    expect(audit).toEqual([
      { actor: 'operator', action: 'transfer.confirm', target: orderNumber, source: 'command line' },
      { actor: 'operator', action: 'order.advance', target: orderNumber, source: 'command line' },
    ]);
  });
});
