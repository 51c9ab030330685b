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
 * Another process renames a product as another instance would: the row and the catalogue version, in
 * one transaction, through its own connection (no notification reaches this process).
 */
async function renameInAnotherProcess(slug: string, name: string): Promise<void> {
  const script = connection.databaseUrl
    ? `import pg from 'pg';
       const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
       await c.connect();
       await c.query('begin');
       await c.query('update product set name = $1 where slug = $2', [process.env.NAME, process.env.SLUG]);
       await c.query("update catalog_state set version = version + 1 where id = 'catalog'");
       await c.query('commit');
       await c.end();`
    : `import Database from 'better-sqlite3';
       const d = new Database(process.env.SQLITE_FILE);
       d.pragma('busy_timeout = 5000');
       d.transaction(() => {
         d.prepare('update product set name = ? where slug = ?').run(process.env.NAME, process.env.SLUG);
         d.prepare("update catalog_state set version = version + 1 where id = 'catalog'").run();
       })();
       d.close();`;
  const env = { ...process.env, DATABASE_URL: connection.databaseUrl ?? '', SQLITE_FILE: connection.sqliteFile, NAME: name, SLUG: slug };
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env, cwd: serverDir });
}

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

  it('cannot watch a database held in memory (nobody else could commit to it): callers read every time', () => {
    const memory = openDatabase({ sqliteFile: ':memory:' });
    try {
      expect(watchCommits(memory).version()).toBeUndefined();
    } finally {
      void memory.close();
    }
  });
});
