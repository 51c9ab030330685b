import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type APIRequestContext, type Page } from '@playwright/test';
import { openDatabase, type Db } from '../server/src/db';
import { ReleaseRegistry } from '../server/src/release/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The test server's cache of unpacked releases (see serve.mjs). */
export const RELEASES_DIR = path.join(path.resolve(here, process.env.E2E_STATE_DIR ?? '.state'), 'releases');
/** The test server's database, which holds its release registry. */
export const STATE_SQLITE = path.join(path.dirname(RELEASES_DIR), 'shop.sqlite');

export interface Manifest {
  live: Record<string, string>;
  origins?: Record<string, string>;
}

/** The suite's store's release registry, opened for one piece of work. */
export async function withRegistry<T>(work: (registry: ReleaseRegistry) => Promise<T>): Promise<T> {
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, sqliteFile: STATE_SQLITE });
  try {
    return await work(new ReleaseRegistry(db, RELEASES_DIR));
  } finally {
    await db.close();
  }
}

/** The live pointers (and CDN origins) of the suite's store. */
export function readManifest(): Promise<Manifest> {
  return withRegistry(async (registry) => (await registry.pointers()) as Manifest);
}

/** Set the live pointers as given, unchecked: a broken deployment for a drill (or the original back). */
export function writeManifest(manifest: Manifest): Promise<void> {
  return withRegistry((registry) => registry.forcePointers(manifest as Parameters<ReleaseRegistry['forcePointers']>[0]));
}

/** Collect console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest mail the shop sent to an address, read from the dev mailbox (/dev/mail.json). */
export async function latestMail(page: Page, to: string, subject?: RegExp): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await page.request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as { data: OutboxMail[] }).data.filter((m) => !subject || subject.test(m.subject));
    if (mails[0]) return mails[0];
    await page.waitForTimeout(250);
  }
  throw new Error(`No mail to ${to}`);
}

/** The six-digit one-time code of the newest code mail to an address. */
export async function latestCode(page: Page, to: string): Promise<string> {
  const mail = await latestMail(page, to, /one-time/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in the mail to ${to}: ${mail.text.slice(0, 200)}`);
  return code;
}

/**
 * Confirms a fresh sign-up's address as its owner would (issue 38, item 5: reminders go only to
 * verified addresses): the link in the newest confirmation mail from the dev mailbox, its token POSTed
 * as the link's page does.
 */
export async function confirmSignupEmail(request: APIRequestContext, to: string, business = 'adire-blooms'): Promise<void> {
  const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`);
  const mail = ((await res.json()) as { data: OutboxMail[] }).data.find((m) => /^Confirm your e-mail address/.test(m.subject));
  const token = mail && /\/account\/confirm-email\?token=(\S+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No confirmation link in the mail to ${to}`);
  const confirmed = await request.post('/v1/storefront/account/email/confirm', { data: { business, token: decodeURIComponent(token) } });
  if (confirmed.status() !== 200) throw new Error(`Confirming ${to}: ${confirmed.status()} ${await confirmed.text()}`);
}

/** A fresh address per test run, so reruns against one server never collide. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * What the store under test offers besides the shop. The suite's own store (no BASE_URL) has all of
 * it; a deployment may not, so the tests that need one skip with the reason instead of failing.
 */
export const OWN_STORE = !process.env.BASE_URL;

/** Whether the store serves the dev mailbox (/dev/mail.json is not served in production). */
export async function hasDevMailbox(request: APIRequestContext): Promise<boolean> {
  const res = await request.get('/dev/mail.json?to=nobody%40example.com');
  return res.ok() && (res.headers()['content-type'] ?? '').includes('json');
}

/** Skip the calling test when the store has no dev mailbox. */
export async function requireDevMailbox(request: APIRequestContext): Promise<void> {
  test.skip(!(await hasDevMailbox(request)), 'needs the dev mailbox (/dev/mail.json), which this store does not serve (production)');
}

/** Skip the calling test when the payment sandbox is off (as in production, unless PAYMENTS_SANDBOX=1). */
export async function requirePaymentSandbox(request: APIRequestContext): Promise<void> {
  const res = await request.get('/sandbox/paystack/pay/no-such-payment');
  const ok = res.status() === 404 && (await res.text()).includes('Payment not found');
  test.skip(!ok, `needs the payment sandbox (/sandbox/…), which this store does not serve (production without PAYMENTS_SANDBOX=1)`);
}

const OPERATOR_DB = OWN_STORE || Boolean(process.env.DATABASE_URL || process.env.SQLITE_FILE);

/** Skip the calling test when the operator command cannot reach the store's database. */
export function requireOperator(): void {
  test.skip(!OPERATOR_DB, 'needs the operator command on the deployment’s database: set DATABASE_URL (or SQLITE_FILE) beside BASE_URL');
}

/**
 * The store's database, opened for one piece of work the shop's own operator would do by hand (the
 * suite's own, or with BASE_URL DATABASE_URL / SQLITE_FILE; call requireOperator first).
 */
export async function withShopDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const sqliteFile = OWN_STORE ? STATE_SQLITE : (process.env.SQLITE_FILE ?? STATE_SQLITE);
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, sqliteFile });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * The node arguments of a server command (server/src/cli/<name>.ts): on the suite's own store, its
 * bundle (dist/cli-<name>.mjs, built with the server by serve.mjs at the suite's start: no 2–3 s of
 * tsx compiling per call); with BASE_URL, or a command that is not bundled, the source through tsx.
 */
export function serverCommand(name: string, args: string[]): string[] {
  const bundle = path.resolve(here, '../server/dist', `cli-${name}.mjs`);
  return OWN_STORE && fs.existsSync(bundle) ? [bundle, ...args] : ['--import', 'tsx', `src/cli/${name}.ts`, ...args];
}

/**
 * Run an operator command (server/src/cli/orders.ts), e.g. ['mark-paid', orderNumber]: against the
 * suite's own database (see serve.mjs), or with BASE_URL against DATABASE_URL / SQLITE_FILE.
 */
export function operator(args: string[]): string {
  const env = OWN_STORE ? { ...process.env, SQLITE_FILE: STATE_SQLITE } : { ...process.env };
  return execFileSync(process.execPath, serverCommand('orders', args), {
    cwd: path.resolve(here, '../server'),
    env: { ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/**
 * Draws every part the page keeps undrawn until it comes near (content-visibility: auto, issue 42),
 * as a shopper scrolling through sees them, and resolves with a function that puts them back. Set
 * on each element itself: the shop's Content-Security-Policy refuses a style sheet a test would add.
 */
export async function drawEverything(page: Page): Promise<() => Promise<void>> {
  const handle = await page.evaluateHandle(() => {
    const waiting = [...document.querySelectorAll<HTMLElement>('*')].filter((e) => getComputedStyle(e).contentVisibility === 'auto');
    for (const e of waiting) e.style.setProperty('content-visibility', 'visible');
    return waiting;
  });
  return async () => {
    await handle.evaluate((waiting) => waiting.forEach((e) => e.style.removeProperty('content-visibility')));
    await handle.dispose();
  };
}
