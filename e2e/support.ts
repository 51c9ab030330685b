import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The releases copy the test server serves (see serve.mjs). */
export const RELEASES_DIR = path.join(here, '.state', 'releases');

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
