import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { watchCommits } from '../src/db/commit-watch';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed';
import { createTestDatabase } from './helpers';

/**
 * Issue 22: cached answers learn of a change without a query per request (SQLite: a commit check on a
 * second connection), and a change committed by another process is still seen by the very next
 * request — on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const B = 'business=adire-blooms';
const PRODUCT = 'ruby-romance-red-roses';

let app: FastifyInstance;
let db: Db;
let tmp: string;
let connection: { databaseUrl: string | undefined; sqliteFile: string };
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-fresh-'));
  const created = await createTestDatabase();
  dropDatabase = created.drop;
  connection = { databaseUrl: created.databaseUrl, sqliteFile: path.join(tmp, 'shop.sqlite') };
  db = openDatabase(connection);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  app = await buildApp({ db, config: { shellDir: path.join(tmp, 'shell'), releasesDir: path.join(tmp, 'releases'), bodyLimitBytes: 16 * 1024, logLevel: 'silent' }, logger: false });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await dropDatabase?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Another process commits the statements in one transaction through its own connection, as another
 * instance or an operator's tool would (no notification reaches this process). Each statement takes
 * its parameters as `?` (SQLite) / `$n` (PostgreSQL) from the list beside it.
 */
async function commitInAnotherProcess(statements: [sqlite: string, postgres: string, params: unknown[]][]): Promise<void> {
  const script = connection.databaseUrl
    ? `import pg from 'pg';
       const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
       await c.connect();
       await c.query('begin');
       for (const [, text, params] of JSON.parse(process.env.STATEMENTS)) await c.query(text, params);
       await c.query('commit');
       await c.end();`
    : `import Database from 'better-sqlite3';
       const d = new Database(process.env.SQLITE_FILE);
       d.pragma('busy_timeout = 5000');
       d.transaction(() => {
         for (const [text, , params] of JSON.parse(process.env.STATEMENTS)) d.prepare(text).run(...params);
       })();
       d.close();`;
  const env = { ...process.env, DATABASE_URL: connection.databaseUrl ?? '', SQLITE_FILE: connection.sqliteFile, STATEMENTS: JSON.stringify(statements) };
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env, cwd: serverDir });
}

/** A product renamed elsewhere: the row and the catalogue version, as another instance's catalogue write does. */
const renameInAnotherProcess = (slug: string, name: string) =>
  commitInAnotherProcess([
    ['update product set name = ? where slug = ?', 'update product set name = $1 where slug = $2', [name, slug]],
    ["update catalog_state set version = version + 1 where id = 'catalog'", "update catalog_state set version = version + 1 where id = 'catalog'", []],
  ]);

const productUrl = `/v1/catalog/products/${PRODUCT}?${B}`;
const nameOf = (res: { json(): { data: { name: string } } }) => res.json().data.name;

describe('a change committed by another process', () => {
  it('shows on the very next request for a cached product page, and the old tag no longer revalidates', async () => {
    const before = await app.inject({ method: 'GET', url: productUrl });
    expect(before.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: productUrl, headers: { 'if-none-match': before.headers.etag as string } })).statusCode).toBe(304); // kept
    for (const name of ['Ruby Romance, renamed elsewhere', 'Ruby Romance, renamed again']) {
      await renameInAnotherProcess(PRODUCT, name);
      const after = await app.inject({ method: 'GET', url: productUrl, headers: { 'if-none-match': before.headers.etag as string } });
      expect(after.statusCode).toBe(200);
      expect(nameOf(after)).toBe(name);
    }
  }, 60_000);
});

describe('a change committed by another process, asked over HTTP', () => {
  // Through a real socket the kept answer is sent before Fastify routes the request (response-cache.ts,
  // keptFirst): the same promise must hold there.
  it('shows on the very next request for a kept listing and product page, and the old tags no longer revalidate', async () => {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const listingUrl = `${base}/v1/catalog/categories/roses/products?${B}`;
    const ask = (url: string, etag?: string) => fetch(url, { headers: etag ? { 'if-none-match': etag } : {} });
    const before = await ask(`${base}${productUrl}`);
    const listingBefore = await ask(listingUrl);
    const tags = [before.headers.get('etag')!, listingBefore.headers.get('etag')!];
    expect((await ask(`${base}${productUrl}`, tags[0])).status).toBe(304); // kept
    expect((await ask(listingUrl, tags[1])).status).toBe(304);
    for (const name of ['Ruby Romance, renamed over HTTP', 'Ruby Romance Red Roses']) {
      await renameInAnotherProcess(PRODUCT, name);
      const after = await ask(`${base}${productUrl}`, tags[0]);
      expect(after.status).toBe(200);
      expect(((await after.json()) as { data: { name: string } }).data.name).toBe(name);
      const listing = await ask(listingUrl, tags[1]);
      expect(listing.status).toBe(200);
      expect(((await listing.json()) as { data: { products: { name: string }[] } }).data.products.map((p) => p.name)).toContain(name);
    }
  }, 60_000);
});

describe('a logged-in handshake', () => {
  it('shows a rate changed by another process on the very next request (its shop part is reused only under the same stamp)', async () => {
    const login = await app.inject({ method: 'POST', url: '/v1/storefront/auth/login', payload: { business: 'adire-blooms', email: 'ada@example.com', password: 'Bloom-2026!' } });
    expect(login.statusCode).toBe(200);
    const authorization = `Bearer ${login.json().data.authToken as string}`;
    const handshake = () => app.inject({ method: 'GET', url: `/v1/storefront/handshake?${B}`, headers: { authorization } });
    const usd = (res: Awaited<ReturnType<typeof handshake>>) => (res.json().data.currencies as { name: string; conversionRate: number }[]).find((c) => c.name === 'USD')?.conversionRate;
    const first = await handshake();
    expect(first.json().data.user.email).toBe('ada@example.com');
    expect((await handshake()).body).toBe(first.body);
    for (const rate of [1717, 1818]) {
      await commitInAnotherProcess([["update currency set conversion_rate = ? where name = 'USD'", "update currency set conversion_rate = $1 where name = 'USD'", [rate]]]);
      const after = await handshake();
      expect(usd(after)).toBe(rate);
      expect(after.json().data.user.email).toBe('ada@example.com');
      expect(after.headers['cache-control']).toBe('private, no-store');
    }
    // The shared answer without a user shows the same rate, and no user.
    const anonymous = await app.inject({ method: 'GET', url: `/v1/storefront/handshake?${B}` });
    expect(anonymous.json().data.user).toBeNull();
    expect(usd(anonymous)).toBe(1818);
  }, 60_000);
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('the commit check on SQLite', () => {
  it('stays put while nothing is committed, and moves after a commit here or by another process', async () => {
    const watch = watchCommits(db);
    try {
      const first = watch.version();
      expect(first).toBeTypeOf('number');
      expect(watch.version()).toBe(first); // nothing committed: no new read needed
      await db.kysely.updateTable('product').set({ name: 'Ruby Romance, renamed here' }).where('slug', '=', PRODUCT).execute();
      const afterOwn = watch.version();
      expect(afterOwn).not.toBe(first);
      expect(watch.version()).toBe(afterOwn);
      await renameInAnotherProcess(PRODUCT, 'Ruby Romance Red Roses');
      expect(watch.version()).not.toBe(afterOwn);
    } finally {
      watch.close();
    }
  }, 60_000);

  it('asks the database at most once a millisecond while this process writes nothing, and at once after it writes', async () => {
    let clock = 0;
    const watch = watchCommits(db, { now: () => clock });
    try {
      const first = watch.version();
      expect(watch.settled()).toBe(true);
      await renameInAnotherProcess(PRODUCT, 'Ruby Romance, within the millisecond');
      expect(watch.version()).toBe(first); // the clock has not moved: the last check holds
      clock += 1;
      expect(watch.settled()).toBe(false);
      const afterOther = watch.version();
      expect(afterOther).not.toBe(first); // a millisecond later the other process's commit is seen
      await db.kysely.updateTable('product').set({ name: 'Ruby Romance Red Roses' }).where('slug', '=', PRODUCT).execute();
      expect(watch.settled()).toBe(false); // written here: the next call asks, whatever the clock says
      expect(watch.version()).not.toBe(afterOther);
    } finally {
      watch.close();
    }
  }, 60_000);

  it('cannot watch a database held in memory (nobody else could commit to it): callers read every time', () => {
    const memory = openDatabase({ sqliteFile: ':memory:' });
    try {
      expect(watchCommits(memory).version()).toBeUndefined();
    } finally {
      void memory.close();
    }
  });
});
