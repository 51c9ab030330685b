import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/db/seed';

export interface TestShop {
  app: FastifyInstance;
  db: Db;
  dirs: { shellDir: string; releasesDir: string };
  close(): Promise<void>;
}

/**
 * A fresh, migrated, seeded shop for one test file: a temporary SQLite file, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a database created for this file alone.
 */
export async function startTestShop(options: { auth?: AppOptions['config']['auth'] } = {}): Promise<TestShop> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `adire_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pg's pool.end() resolves before its sockets have closed; a FORCE drop would then kill a closing
      // connection and its FATAL notice would surface as an uncaught error. Wait for them to go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const db = openDatabase({ databaseUrl, sqliteFile: path.join(tmp, 'shop.sqlite') });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const dirs = { shellDir: path.join(tmp, 'shell'), releasesDir: path.join(tmp, 'releases') };
  const app = await buildApp({ db, config: { ...dirs, bodyLimitBytes: 16 * 1024, logLevel: 'silent', auth: options.auth }, logger: false });
  return {
    app,
    db,
    dirs,
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
