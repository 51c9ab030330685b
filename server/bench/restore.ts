/**
 * The recovery time (issue 41, RELIABILITY.md "Backups"): how long a restore of a shop with 100,000
 * orders takes, for each database. `pnpm --filter @adire/server bench:restore [orders]`.
 *
 * SQLite: a migrated, seeded file grows to N orders (copies of the seed's checkout order, each with its
 * own id and number, written as a shop would: one row each, many per transaction); Litestream replicates
 * it (its snapshot, then the WAL); the file is deleted; `litestream restore` of the latest is timed.
 * PostgreSQL (when PostgreSQL is installed): a cluster of its own archiving its WAL, a base backup of
 * the seeded shop, N orders written after it (so the restore replays them from the archive); the data
 * folder is deleted; the restore (copy of the base backup, WAL replay, promotion) is timed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../src/app';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed';
import { archiveSettings, checkSqliteFile, countOrders, giveToPostgres, pgProgram, replicaPosition, restorePostgres, restoreReplica, startReplication, takeBaseBackup } from '../src/db/backup';

const N = Number(process.argv[2] ?? 100_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-bench-restore-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function until(what: string, check: () => Promise<boolean>, deadlineMs = 600_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One order checked out through the API, as a shopper places it: the row the bench copies. */
async function placeOneOrder(db: Db): Promise<void> {
  const app = await buildApp({ db, config: { shellDir: path.join(work, 'shell'), releasesDir: path.join(work, 'releases'), bodyLimitBytes: 16 * 1024, logLevel: 'silent' }, logger: false });
  try {
    const sku = (await db.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).orderBy('position').executeTakeFirstOrThrow()).sku;
    const created = await app.inject({ method: 'POST', url: '/v1/orders/order/create', payload: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: sku, quantity: 1 }] } });
    const id = created.json().data.id as string;
    const done = await app.inject({
      method: 'PUT',
      url: `/v1/orders/order/checkout-order/${id}`,
      payload: { business: 'adire-blooms', currency: 'NGN', userData: { name: 'Adaeze Obi', email: 'bench@example.com', phone: '08031234567' }, orderData: { deliveryDate: '2099-03-10', pickupLocation: 'Lekki LPL', recipient: { method: 'pick-up' } } },
    });
    if (done.statusCode !== 200) throw new Error(`the bench's order was refused: ${done.body}`);
  } finally {
    await app.close();
  }
}

/** The seed's orders copied until there are `n`: SQL that copies one row with a new id and number. */
function copyOrdersSql(columns: string[], dialect: 'sqlite' | 'postgres', from: number, count: number): string {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns
    .map((c) => (c === 'id' ? `'bench-' || g.i` : c === 'order_number' ? `'B' || g.i` : `o."${c}"`))
    .join(', ');
  const series = dialect === 'postgres' ? `generate_series(${from}, ${from + count - 1}) AS g(i)` : `(WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${from + count - 1}) SELECT i FROM s) AS g`;
  return `INSERT INTO shop_order (${list}) SELECT ${values} FROM ${series}, (SELECT * FROM shop_order LIMIT 1) AS o`;
}

async function sqliteBench(): Promise<string> {
  const file = path.join(work, 'shop.sqlite');
  const db = openDatabase({ sqliteFile: file });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await placeOneOrder(db);
  await db.close();
  const replica = `file://${path.join(work, 'replica')}`;
  const replication = startReplication({ dbFile: file, replica, log: fs.createWriteStream(path.join(work, 'litestream.log')) });
  try {
    return await sqliteTimed(file, replica);
  } finally {
    await replication.stop();
  }
}

async function sqliteTimed(file: string, replica: string): Promise<string> {
  await until('the first snapshot', async () => (await replicaPosition(replica)) !== null);
  // Written while Litestream runs, 2,000 orders a transaction, as a busy shop's WAL would grow.
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const columns = (sqlite.prepare('PRAGMA table_info(shop_order)').all() as { name: string }[]).map((c) => c.name);
  const have = Number((sqlite.prepare('SELECT count(*) AS n FROM shop_order').get() as { n: number }).n);
  if (have === 0) throw new Error('the seed made no order to copy');
  for (let done = 0; done < N - have; done += 2000) sqlite.exec(copyOrdersSql(columns, 'sqlite', done + 1, Math.min(2000, N - have - done)));
  const total = Number((sqlite.prepare('SELECT count(*) AS n FROM shop_order').get() as { n: number }).n);
  sqlite.close();
  const size = fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
  // Everything in the replica: a restore of the latest holds the last order.
  await until('the replica holds every order', async () => {
    const probe = path.join(work, `probe-${Date.now()}.sqlite`);
    await restoreReplica({ replica, into: probe });
    const n = checkSqliteFile(probe).orders;
    fs.rmSync(probe, { force: true });
    return n === total;
  });
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const started = performance.now();
  const into = path.join(work, 'restored.sqlite');
  await restoreReplica({ replica, into });
  const took = performance.now() - started;
  const check = checkSqliteFile(into);
  return `SQLite (Litestream ${'v0.3.13'}): ${check.orders.toLocaleString('en')} orders, database ${(size / 1e6).toFixed(0)} MB; restore of the latest ${seconds(took)}; integrity ${check.integrity}`;
}

async function postgresBench(): Promise<string> {
  let initdb: string;
  try {
    initdb = pgProgram('initdb');
  } catch {
    return 'PostgreSQL: not installed here, skipped';
  }
  const dir = path.join(work, 'pg');
  fs.mkdirSync(path.join(dir, 'backup', 'wal'), { recursive: true });
  fs.chmodSync(work, 0o755);
  giveToPostgres(dir);
  const as = (argv: string[]) => (process.getuid?.() === 0 ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', argv.map((a) => `'${a}'`).join(' ')], { stdio: 'pipe' }) : execFileSync(argv[0]!, argv.slice(1), { stdio: 'pipe' }));
  const data = path.join(dir, 'data');
  as([initdb, '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  fs.appendFileSync(path.join(data, 'postgresql.conf'), `\n${archiveSettings(path.join(dir, 'backup'), 10)}`);
  const port = 20000 + Math.floor(Math.random() * 20000);
  as([pgProgram('pg_ctl'), '-D', data, '-w', '-l', path.join(dir, 'pg.log'), '-o', `-h 127.0.0.1 -p ${port} -k ${dir}`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    const db = openDatabase({ databaseUrl: url, sqliteFile: '' });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await placeOneOrder(db);
    await db.close();
    await takeBaseBackup(url, path.join(dir, 'backup'));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const columns = (await client.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'shop_order' ORDER BY ordinal_position`)).rows.map((r) => r.column_name as string);
    const have = Number((await client.query('SELECT count(*) AS n FROM shop_order')).rows[0].n);
    for (let done = 0; done < N - have; done += 2000) await client.query(copyOrdersSql(columns, 'postgres', done + 1, Math.min(2000, N - have - done)));
    // The segment holding the last order, closed now and so archived at once.
    const last = (await client.query('SELECT pg_walfile_name(pg_current_wal_lsn()) AS w')).rows[0].w as string;
    await client.query('SELECT pg_switch_wal()');
    await until('the archive holds every order', async () => {
      const r = (await client.query('SELECT last_archived_wal AS l FROM pg_stat_archiver')).rows[0].l as string | null;
      return r !== null && r >= last;
    });
    const size = Number((await client.query('SELECT pg_database_size(current_database()) AS s')).rows[0].s);
    await client.end();
    as([pgProgram('pg_ctl'), '-D', data, '-m', 'immediate', 'stop']);
    fs.rmSync(data, { recursive: true, force: true });
    const started = performance.now();
    const cluster = await restorePostgres({ folder: path.join(dir, 'backup'), into: path.join(dir, 'restored') });
    const took = performance.now() - started;
    const { orders } = await countOrders(cluster.url('postgres'));
    await cluster.stop();
    return `PostgreSQL 15 (base backup + WAL archive): ${orders.toLocaleString('en')} orders, database ${(size / 1e6).toFixed(0)} MB; restore (copy, replay, promotion) ${seconds(took)}`;
  } finally {
    try {
      as([pgProgram('pg_ctl'), '-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // stopped already
    }
  }
}

try {
  console.log(`Restore of a shop with ${N.toLocaleString('en')} orders (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
  console.log(await sqliteBench());
  console.log(await postgresBench());
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
