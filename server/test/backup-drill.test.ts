import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSqliteFile, replicaPosition, restoreReplica, startReplication, type Replication } from '../src/db/backup';
import { drillSku, placeOrder as placeOrderIn, until } from './drill-orders';
import { startTestShop, type TestShop } from './helpers';

/**
 * The backup drill (issue 41, item 3), SQLite with Litestream (the PostgreSQL drill is
 * backup-drill-postgres.test.ts, run by the PostgreSQL pass): the shop runs with backups on; orders are
 * placed and some paid; the time T is noted; more are placed and paid; the database file is deleted;
 * a restore to T holds every order acknowledged before T with its payments and none after; a restore
 * to the latest holds them all. The replica's lag (from an order's acknowledgement to the moment a
 * restore holds it) is measured and printed: RELIABILITY.md's recovery point.
 *
 * Litestream's moments are the machine's: this drill reads the wall clock for T and the lag, as an
 * operator would; nothing waits a fixed time (each wait polls the replica).
 */

let shop: TestShop;
let replication: Replication | undefined;
let tmp: string;
let replica: string;
let sku: string;
let closed = false;

beforeAll(async () => {
  shop = await startTestShop();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-drill-'));
  replica = `file://${path.join(tmp, 'replica')}`;
  sku = await drillSku(shop);
});
afterAll(async () => {
  await replication?.stop();
  if (!closed) await shop?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const placeOrder = (pay: boolean) => placeOrderIn(shop, sku, pay);

let restores = 0;
/** What a restore (latest, or to `to`) holds: order ids with their number of payments. */
async function restored(to?: Date): Promise<Map<string, number>> {
  const into = path.join(tmp, `restored-${++restores}.sqlite`);
  await restoreReplica({ replica, into, to });
  expect(checkSqliteFile(into).integrity).toBe('ok');
  const SQLite = (await import('better-sqlite3')).default;
  const db = new SQLite(into, { readonly: true });
  try {
    const rows = db.prepare('SELECT o.id AS id, (SELECT count(*) FROM payment p WHERE p.order_id = o.id) AS payments FROM shop_order o').all() as { id: string; payments: number }[];
    return new Map(rows.map((r) => [r.id, Number(r.payments)]));
  } finally {
    db.close();
  }
}

/** How long until a restore of the latest holds `order` (the replica's lag for it). */
const replicated = (order: { id: string }) => until('the replica holds the order', async () => (await restored()).has(order.id));

describe('backup drill: SQLite with Litestream', () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)('a restore to T holds every order acknowledged before T with its payments and none after; the latest holds them all', { timeout: 90_000 }, async () => {
    const file = shop.where.sqliteFile;
    replication = startReplication({ dbFile: file, replica, log: fs.createWriteStream(path.join(tmp, 'litestream.log')) });
    await until('Litestream’s first snapshot', async () => (await replicaPosition(replica).catch(() => null)) !== null);

    const before = [];
    for (let i = 0; i < 6; i++) before.push(await placeOrder(i % 3 !== 2));
    const lagBefore = await replicated(before.at(-1)!);
    const T = new Date();
    // Litestream dates a WAL segment by when it reached the replica: T must fall strictly between the last
    // segment holding `before` and the first holding `after`; both are at least a millisecond apart.
    await until('a millisecond after T', async () => Date.now() > T.getTime());

    const after = [];
    for (let i = 0; i < 4; i++) after.push(await placeOrder(i % 2 === 0));
    const lagAfter = await replicated(after.at(-1)!);

    // The disk dies: the server stops, Litestream stops, the database file and its WAL are gone.
    await replication.stop();
    replication = undefined;
    await shop.close(); // the shop's folder, with the database file and its WAL, is deleted
    closed = true;
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(fs.existsSync(f)).toBe(false);

    const atT = await restored(T);
    for (const o of before) {
      expect(atT.has(o.id), `order ${o.orderNumber} acknowledged before T`).toBe(true);
      expect(atT.get(o.id), `payments of ${o.orderNumber}`).toBe(o.paid ? 1 : 0);
    }
    for (const o of after) expect(atT.has(o.id), `order ${o.orderNumber} placed after T`).toBe(false);

    const latest = await restored();
    for (const o of [...before, ...after]) {
      expect(latest.has(o.id), `order ${o.orderNumber} in the latest restore`).toBe(true);
      expect(latest.get(o.id)).toBe(o.paid ? 1 : 0);
    }
    console.log(`backup drill (SQLite, Litestream sync every 1 s): replica lag after an acknowledged order ${Math.round(lagBefore)} ms and ${Math.round(lagAfter)} ms (each measured by restoring until the order is there)`);
    expect(Math.max(lagBefore, lagAfter)).toBeLessThan(5_000);
  });
});
