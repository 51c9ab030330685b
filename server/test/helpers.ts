import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ReleaseRegistry } from '../src/release';
import type { ShopMetrics } from '../src/metrics';
import { seedIfEmpty } from '../src/seed';
import { PG_TEMPLATE_PREFIX } from './global-setup';

export interface TestShop {
  app: FastifyInstance;
  db: Db;
  dirs: { shellDir: string; releasesDir: string };
  /** The release registry in the shop's database, as the release command uses it (releasesDir is its cache). */
  registry: ReleaseRegistry;
  /** Where a second connection finds the shop's database: PostgreSQL's URL, or the SQLite file. */
  where: { databaseUrl: string | undefined; sqliteFile: string };
  close(): Promise<void>;
}

/**
 * A loopback port free at the moment of asking, for a server started as its own process (the
 * durability test, the scale drill, `bench:scale`, `bench peak`): one is listened on and closed.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A database of its own: none (use a SQLite file) unless TEST_DATABASE_URL points at a PostgreSQL
 * server, where a database is created — empty, or as a copy of `template` — and dropped by `drop`.
 */
export async function createTestDatabase(options: { template?: string } = {}): Promise<{ databaseUrl: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { databaseUrl: undefined, drop: async () => {} };
  const name = `adire_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  return {
    databaseUrl: databaseAt(adminUrl, name),
    drop: () => dropDatabase(adminUrl, name),
  };
}

function databaseAt(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    // pg's pool.end() resolves before its sockets have closed; a FORCE drop would then kill a closing
    // connection and its FATAL notice would surface as an uncaught error. Wait for them to go first.
    await waitForNoSessions(c, name);
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Waits (up to 5 s) until no session is connected to the database `name`. */
async function waitForNoSessions(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Per server (a test may point TEST_DATABASE_URL at a cluster of its own: the backup drill). */
const pgTemplates = new Map<string, Promise<string>>();
/**
 * PostgreSQL's counterpart of the SQLite template below: a database migrated and seeded once per
 * process and server, which each test shop's database is created from (`CREATE DATABASE … TEMPLATE`, a file
 * copy in the server) instead of migrated and seeded afresh (~0.9 s a shop here). A template takes
 * no connection while it is copied: its pool is closed, and its sessions gone, before the first copy.
 * Named by the run (ADIRE_TEST_RUN, set by test/global-setup.ts) so the run's end drops them.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  const made = pgTemplates.get(adminUrl);
  if (made) return made;
  const making = (async () => {
    const name = `${PG_TEMPLATE_PREFIX}${process.env.ADIRE_TEST_RUN ?? 'norun'}_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const db = openDatabase({ databaseUrl: databaseAt(adminUrl, name), sqliteFile: '' });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await waitForNoSessions(c, name);
    } finally {
      await c.end();
    }
    return name;
  })();
  pgTemplates.set(adminUrl, making);
  return making;
}

let template: Promise<string> | undefined;
/**
 * A SQLite file migrated and seeded once per process (a worker runs many test files: vitest.config.ts),
 * which each test shop starts as a copy of: migrating and seeding took about 0.7 s a shop. The shop
 * still runs the migrations and the seed on its copy, which find nothing to do. The file is closed
 * (its WAL checkpointed into it) before it is copied, and removed when the process exits. The seed's
 * own times are the template's (the seed takes no clock: a test that moves time injects its own).
 */
function sqliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'shop.sqlite');
    const db = openDatabase({ databaseUrl: undefined, sqliteFile: file });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.close();
    if (fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0) throw new Error("the template's WAL was not checkpointed into it on closing");
    return file;
  })();
  return template;
}

/**
 * A fresh, migrated, seeded shop for one test file: a temporary SQLite file, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a database created for this file alone; each a
 * copy of its process's template (the migrations and the seed then find nothing to do).
 */
export async function startTestShop(
  options: {
    auth?: AppOptions['config']['auth'];
    /** Other settings of the app (trustProxy, corsOrigins, …). */
    config?: Partial<AppOptions['config']>;
    /** Write a minimal built shell (index.html) first, so the page routes serve HTML as in production. */
    shell?: boolean;
    /** SQLite: how long a write waits for a lock held by another process (default 5 s). */
    busyWaitMs?: number;
    /** The release telemetry's clock (page tokens' expiry, vitals' hours). */
    clock?: () => number;
    /** The shop's clock for orders and payments (a test moves it instead of waiting). */
    now?: () => Date;
    /** The metrics (issue 41): the routes instrumented, the domains counting, the gauges read at scrape time. */
    metrics?: ShopMetrics;
  } = {},
): Promise<TestShop> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const { databaseUrl, drop: dropDatabase } = await createTestDatabase({ template: adminUrl ? await postgresTemplate(adminUrl) : undefined });
  const where = { databaseUrl, sqliteFile: path.join(tmp, 'shop.sqlite') };
  if (!databaseUrl) fs.copyFileSync(await sqliteTemplate(), where.sqliteFile);
  const db = openDatabase({ ...where, busyWaitMs: options.busyWaitMs });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const dirs = { shellDir: path.join(tmp, 'shell'), releasesDir: path.join(tmp, 'releases') };
  if (options.shell) {
    fs.mkdirSync(dirs.shellDir, { recursive: true });
    fs.writeFileSync(path.join(dirs.shellDir, 'index.html'), '<!doctype html><title>Adire Blooms</title><div id="shell-root"></div>');
  }
  const app = await buildApp({
    db,
    config: { ...dirs, bodyLimitBytes: 16 * 1024, logLevel: 'silent', auth: options.auth, ...options.config },
    logger: false,
    clock: options.clock,
    now: options.now,
    metrics: options.metrics,
  });
  return {
    app,
    db,
    dirs,
    registry: new ReleaseRegistry(db, dirs.releasesDir),
    where,
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * Calls to the back office's API as its page makes them: `business` in the query of a GET and in the
 * body of the others, the staff token as a bearer; `data` checks a success and unwraps it.
 */
export function backofficeCalls(shop: () => TestShop, business = 'adire-blooms') {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>) =>
    shop().app.inject({
      method,
      url: method === 'GET' ? `${url}${url.includes('?') ? '&' : '?'}business=${business}` : url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'GET' ? {} : { payload: { business, ...payload } }),
    });
  const data = <T = any>(res: LightMyRequestResponse): T => {
    if (res.statusCode >= 300) throw new Error(`expected a success, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return res.json().data as T;
  };
  return { call, data };
}

/**
 * Confirms a fresh sign-up's address the way its owner would (issue 38, item 5): the token from the
 * newest confirmation mail to the address in the outbox, POSTed to the confirm route.
 */
export async function confirmSignupEmail(shop: TestShop, email: string, business = 'adire-blooms'): Promise<LightMyRequestResponse> {
  const mail = await shop.db.kysely
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .where('subject', 'like', 'Confirm your e-mail address%')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const token = /confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.text_body)![1]!;
  return shop.app.inject({ method: 'POST', url: '/v1/storefront/account/email/confirm', payload: { business, token: decodeURIComponent(token) } });
}
