import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The releases copy the test server serves (see serve.mjs). */
export const RELEASES_DIR = path.join(path.resolve(here, process.env.E2E_STATE_DIR ?? '.state'), 'releases');

interface Manifest {
  live: Record<string, string>;
  history: unknown[];
}

export function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(RELEASES_DIR, 'manifest.json'), 'utf8')) as Manifest;
}

export function writeManifest(manifest: Manifest): void {
  const file = path.join(RELEASES_DIR, 'manifest.json');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(manifest, null, 2));
  fs.renameSync(`${file}.tmp`, file);
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

/** A fresh address per test run, so reruns against one server never collide. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
