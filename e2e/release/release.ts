// Helpers of the release drills: the real release command and library on the suite's own store
// (its copy of releases/, see serve.mjs), and copies of live releases made into "new builds".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { readManifest, RELEASES_DIR, serverCommand, STATE_SQLITE } from '../support';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_DIR = path.resolve(here, '../../server');

export type Target = 'shell' | 'catalog' | 'cart' | 'account' | 'checkout' | 'backoffice';
export const REMOTES = ['catalog', 'cart', 'account', 'checkout', 'backoffice'] as const;

/** `pnpm release …` against the suite's store, timed; throws with its message when it fails. */
export function releaseCommand(args: string[]): { output: string; ms: number } {
  const started = Date.now();
  try {
    const output = execFileSync(process.execPath, serverCommand('release', args), {
      cwd: SERVER_DIR,
      env: { ...process.env, RELEASES_DIR, SQLITE_FILE: STATE_SQLITE },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { output, ms: Date.now() - started };
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`release ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

export const liveVersion = async (target: Target): Promise<string> => {
  const version = (await readManifest()).live[target];
  if (!version) throw new Error(`${target} has no live release in ${RELEASES_DIR}: build the store first`);
  return version;
};

/**
 * A "new build" made from the live release of a target without rebuilding anything: its files copied
 * (not its release record), `replace` applied to its scripts (and its server draw module), `files`
 * written over, `marker` added as a file. Compressed
 * copies of a patched script are dropped, so the server sends the patched text.
 */
export async function buildFromLive(target: Target, change: { replace?: [string, string]; marker?: string; files?: Record<string, string> }): Promise<string> {
  const from = path.join(RELEASES_DIR, target, await liveVersion(target));
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), `adire-drill-${target}-`));
  fs.cpSync(from, dist, { recursive: true, filter: (src) => path.basename(src) !== 'release.json' });
  if (change.replace) {
    const [before, after] = change.replace;
    let patched = 0;
    for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js') && !file.endsWith('.mjs')) continue; // the browser's scripts and the server draw module
      const full = path.join(dist, file);
      const text = fs.readFileSync(full, 'utf8');
      if (!text.includes(before)) continue;
      fs.writeFileSync(full, text.split(before).join(after));
      fs.rmSync(`${full}.br`, { force: true });
      fs.rmSync(`${full}.gz`, { force: true });
      patched++;
    }
    if (!patched) throw new Error(`'${before}' is in none of the ${target} release's scripts`);
  }
  for (const [file, text] of Object.entries(change.files ?? {})) fs.writeFileSync(path.join(dist, file), text);
  if (change.marker) fs.writeFileSync(path.join(dist, 'DRILL.txt'), change.marker);
  return dist;
}

/** What the page says it runs (`window.__ADIRE__.versions`), once the shell has read the manifest. */
export async function pageVersions(page: Page): Promise<Record<string, string>> {
  await expect.poll(() => page.evaluate(() => Boolean((window as { __ADIRE__?: { versions?: unknown } }).__ADIRE__?.versions))).toBe(true);
  return page.evaluate(() => (window as unknown as { __ADIRE__: { versions: Record<string, string> } }).__ADIRE__.versions);
}

/**
 * A canary bucket cookie the store drew and signed (a browser cannot choose its own: issue 38, item 3):
 * new browsers are asked for until one is given a bucket `wanted` accepts (at 10% about ten asks).
 */
export async function drawnBucket(base: string, wanted: (bucket: number) => boolean): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const value = /adire_canary=([^;]+)/.exec((await fetch(`${base}/remotes.json`)).headers.get('set-cookie') ?? '')?.[1];
    if (!value) throw new Error('no canary runs: the store gives no bucket');
    if (wanted(Number(value.split('.')[0]))) return value;
  }
  throw new Error('no bucket drawn in 500 new browsers was wanted');
}
