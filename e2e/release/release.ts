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
 * written over, `marker` added as a file. Compressed copies of a patched script are dropped, so the
 * server sends the patched text. In the shared layout (a remote's entry in release/, its hashed files
 * served at one address for every version) a changed file gets a new name, as the bundler would give
 * it, and so does each file whose content changes because it names one (`renameChanged`).
 */
export async function buildFromLive(target: Target, change: { replace?: [string, string]; marker?: string; files?: Record<string, string> }): Promise<string> {
  const from = path.join(RELEASES_DIR, target, await liveVersion(target));
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), `adire-drill-${target}-`));
  const shared = fs.existsSync(path.join(from, 'release', 'remoteEntry.js'));
  // The store's cache also has a shared-layout entry at the folder's top (where it is served): not a build file.
  const servedOnly = (rel: string) => rel === 'release.json' || (shared && /^remoteEntry\.js(\.br|\.gz)?$/.test(rel));
  fs.cpSync(from, dist, { recursive: true, filter: (src) => !servedOnly(path.relative(from, src)) });
  const patched: string[] = [];
  if (change.replace) {
    const [before, after] = change.replace;
    for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js') && !file.endsWith('.mjs')) continue; // the browser's scripts and the server draw module
      const full = path.join(dist, file);
      const text = fs.readFileSync(full, 'utf8');
      if (!text.includes(before)) continue;
      writeChanged(full, text.split(before).join(after));
      patched.push(file.split(path.sep).join('/'));
    }
    if (!patched.length) throw new Error(`'${before}' is in none of the ${target} release's scripts`);
  }
  if (shared) renameChanged(dist, patched);
  for (const [file, text] of Object.entries(change.files ?? {})) fs.writeFileSync(path.join(dist, file), text);
  if (change.marker) fs.writeFileSync(path.join(dist, 'DRILL.txt'), change.marker);
  return dist;
}

/** A file written with new text, its compressed copies (now stale) dropped. */
function writeChanged(full: string, text: string): void {
  fs.writeFileSync(full, text);
  fs.rmSync(`${full}.br`, { force: true });
  fs.rmSync(`${full}.gz`, { force: true });
}

/**
 * Each changed file of `assets/` under a new name, and the files naming it changed to the new name,
 * then renamed in turn (each once: a new name is new to every version).
 */
function renameChanged(dist: string, changed: string[]): void {
  const renamed = new Set<string>(); // the new names
  const done = new Set<string>(); // the old ones
  const texts = () => fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(m?js|css|json|html)$/.test(f)).map((f) => f.split(path.sep).join('/'));
  let queue = changed.filter((f) => f.startsWith('assets/'));
  while (queue.length) {
    const next: string[] = [];
    for (const file of queue) {
      if (done.has(file) || renamed.has(file)) continue;
      done.add(file);
      const name = path.posix.basename(file);
      const fresh = name.replace(/(\.[a-z]+)$/, `-drill${Math.random().toString(36).slice(2, 8)}$1`);
      const to = path.posix.join(path.posix.dirname(file), fresh);
      fs.renameSync(path.join(dist, file), path.join(dist, to));
      for (const ext of ['.br', '.gz']) fs.rmSync(path.join(dist, file + ext), { force: true });
      renamed.add(to);
      for (const other of texts()) {
        const full = path.join(dist, other);
        const text = fs.readFileSync(full, 'utf8');
        if (!text.includes(name)) continue;
        writeChanged(full, text.split(name).join(fresh));
        if (other.startsWith('assets/') && !renamed.has(other)) next.push(other);
      }
    }
    queue = next;
  }
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
