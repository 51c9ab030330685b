import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiverState, archiveSettings, giveToPostgres, pgProgram, restorePostgres, takeBaseBackup } from '../src/db/backup';
import { drillSku, placeOrder as placeOrderIn, until } from './drill-orders';
import { startTestShop, type TestShop } from './helpers';

/**
 * The backup drill (issue 41, item 3), PostgreSQL with its own WAL archiving, run by the PostgreSQL
 * pass (TEST_DATABASE_URL set: PostgreSQL is installed). The drill starts a cluster of its own with
 * archive_mode on (archive_timeout 1 s) and takes a base backup; orders are placed and some paid; T is
 * noted once the archive holds them; more are placed; the cluster is stopped and its data folder
 * deleted; a restore to T (base backup + WAL replay to recovery_target_time) holds every order
 * acknowledged before T with its payments and none after; a restore to the archive's end holds them
 * all. The archive's lag is measured and printed (RELIABILITY.md's recovery point).
 */

const PG = !!process.env.TEST_DATABASE_URL;
let tmp: string;
let dataDir: string;
let port: number;
let shop: TestShop | undefined;
let sku: string;
let clusterUp = false;
const pgCtl = () => pgProgram('pg_ctl');

function asPostgres(argv: string[]): void {
  if (process.getuid?.() === 0) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', argv.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ')], { stdio: 'pipe' });
  else execFileSync(argv[0]!, argv.slice(1), { stdio: 'pipe' });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

beforeAll(async () => {
  if (!PG) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-pgdrill-'));
  fs.chmodSync(tmp, 0o755);
  dataDir = path.join(tmp, 'data');
  fs.mkdirSync(path.join(tmp, 'backup', 'wal'), { recursive: true });
  giveToPostgres(tmp);
  asPostgres([pgProgram('initdb'), '-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--wal-segsize=1']);
  // Archive every segment with writes in it each second (the drill's recovery point; the shop's default is
  // 10 s); 1 MB segments (16 MB by default) keep the copies, and so the drill, short.
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${archiveSettings(path.join(tmp, 'backup'), 1)}`);
  port = await freePort();
  asPostgres([pgCtl(), '-D', dataDir, '-w', '-l', path.join(tmp, 'pg.log'), '-o', `-h 127.0.0.1 -p ${port} -k ${tmp} -c fsync=off`, 'start']);
  clusterUp = true;
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // The shop's own database on this cluster (startTestShop creates it where TEST_DATABASE_URL points).
  const before = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = admin;
  try {
    shop = await startTestShop();
  } finally {
    process.env.TEST_DATABASE_URL = before;
  }
  sku = await drillSku(shop);
  await takeBaseBackup(admin, path.join(tmp, 'backup'));
}, 60_000);

afterAll(async () => {
  if (!PG) return;
  if (clusterUp) {
    await shop?.app.close();
    await shop?.db.close();
    asPostgres([pgCtl(), '-D', dataDir, '-m', 'immediate', 'stop']);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

const placeOrder = (pay: boolean) => placeOrderIn(shop!, sku, pay);

/** How long until the archive holds everything written so far (the segment being written now is archived). */
async function archived(): Promise<number> {
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const writing = (await archiverState(admin)).currentWal;
  return until('the WAL archive holds the orders', async () => {
    const s = await archiverState(admin);
    return s.lastArchivedWal !== null && s.lastArchivedWal >= writing;
  });
}

/** What a restore (to the archive's end, or to `to`) holds: order ids with their number of payments. */
let restores = 0;
async function restored(to?: Date): Promise<Map<string, number>> {
  const cluster = await restorePostgres({ folder: path.join(tmp, 'backup'), into: path.join(tmp, `restored-${++restores}`), to });
  try {
    const client = new pg.Client({ connectionString: cluster.url(new URL(shop!.where.databaseUrl!).pathname.slice(1)) });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT o.id, (SELECT count(*) FROM payment p WHERE p.order_id = o.id)::int AS payments FROM shop_order o');
      return new Map(rows.map((r: { id: string; payments: number }) => [r.id, r.payments]));
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
}

describe('backup drill: PostgreSQL with WAL archiving', () => {
  it.skipIf(!PG)('a restore to T holds every order acknowledged before T with its payments and none after; the archive’s end holds them all', { timeout: 180_000 }, async () => {
    const before = [];
    for (let i = 0; i < 6; i++) before.push(await placeOrder(i % 3 !== 2));
    const lagBefore = await archived();
    const T = new Date();
    await until('a millisecond after T', async () => Date.now() > T.getTime());

    const after = [];
    for (let i = 0; i < 4; i++) after.push(await placeOrder(i % 2 === 0));
    const lagAfter = await archived();

    // The disk dies: the server stops, the cluster stops, its data folder is gone.
    await shop!.app.close();
    await shop!.db.close();
    asPostgres([pgCtl(), '-D', dataDir, '-m', 'immediate', 'stop']);
    clusterUp = false;
    fs.rmSync(dataDir, { recursive: true, force: true });

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
    console.log(`backup drill (PostgreSQL, archive_timeout 1 s): WAL archived ${Math.round(lagBefore)} ms and ${Math.round(lagAfter)} ms after the last acknowledged order`);
    expect(Math.max(lagBefore, lagAfter)).toBeLessThan(10_000);
  });
});
