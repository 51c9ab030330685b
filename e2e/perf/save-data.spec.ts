import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SERVER_DIR } from '../release/release';
import { OWN_STORE, STATE_SQLITE } from '../support';
import { kb, settle } from './first-visit';
import { storePages, type StorePage } from './lighthouse';

/**
 * Save-Data (issue 42, item 4): each of the four pages, first visit, with and without `Save-Data: on`,
 * on a phone's screen (412 × 823 at 2.625 device pixels per CSS pixel, where a picture for the full
 * ratio is larger than one capped at 1.5; not Playwright's `isMobile`, whose emulation let Chromium's
 * preload scanner pick the product photo for a 980 px layout viewport first, then the right one). The store here has real photos (JPEGs dropped into its own media
 * folder for every product the pages show), so the pictures' variants are chosen as a shop owner's
 * photos would be. Bytes as the browser's resource timings count them (bodies as sent): scripts —
 * including anything fetched ahead for a later page, which Save-Data must not do — and pictures.
 */

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625 };

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A photo of `size` px square: smooth noise (not flat colour, which would compress to nothing). */
async function writePhoto(file: string, seed: number, size = 1200) {
  // The server's sharp (the e2e package does not depend on it): only what is used here.
  type Sharp = { blur(sigma: number): Sharp; jpeg(o: { quality: number }): Sharp; toFile(file: string): Promise<unknown> };
  const sharp = createRequire(path.join(SERVER_DIR, 'package.json'))('sharp') as (input: { create: Record<string, unknown> }) => Sharp;
  await sharp({ create: { width: size, height: size, channels: 3, noise: { type: 'gaussian', mean: 100 + (seed % 60), sigma: 50 } } })
    .blur(2.5)
    .jpeg({ quality: 90 })
    .toFile(file);
}

interface Visit {
  scripts: number;
  images: number;
  scriptFiles: number;
  imageFiles: number;
  prefetched: number;
  imageUrls: string[];
  /** What the console said of hydration (a mismatch between the server's pictures and the browser's). */
  hydrationWarnings: string[];
}

async function visit(page: Page, storePage: StorePage, base: string): Promise<Visit> {
  const hydrationWarnings: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && /hydrat|did not match|didn't match|Minified React error #4(18|19|21|23|25)\b/i.test(m.text())) hydrationWarnings.push(m.text());
  });
  if (storePage.storage) {
    await page.goto(`${base}/healthz`);
    await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(storePage.storage));
  }
  await page.goto(`${base}${storePage.path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settle(page);
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { url: r.name, bytes: r.encodedBodySize, initiator: r.initiatorType };
    }),
  );
  const scripts = entries.filter((e) => /\.m?js$/.test(new URL(e.url).pathname));
  const images = entries.filter((e) => new URL(e.url).pathname.startsWith('/media/'));
  const prefetched = await page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length);
  const total = (list: { bytes: number }[]) => list.reduce((n, e) => n + e.bytes, 0);
  return {
    scripts: total(scripts),
    images: total(images),
    scriptFiles: scripts.length,
    imageFiles: images.length,
    prefetched,
    imageUrls: images.map((e) => new URL(e.url).pathname),
    hydrationWarnings,
  };
}

test.describe('Save-Data: the four pages with and without it', () => {
  test.skip(!OWN_STORE, 'starts another instance on the suite’s database, so it runs only without BASE_URL');

  let store: ChildProcess | null = null;
  let base = '';
  let work = '';

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(120_000);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-save-data-'));
    // Every product picture the four pages show, from the suite's own store (the same database).
    const names = new Set<string>();
    for (const p of (await storePages(baseURL!)).filter((sp) => !sp.storage)) {
      const html = await (await fetch(`${baseURL}${p.path}`)).text();
      for (const m of html.matchAll(/\/media\/products\/([a-z0-9-]+)\.svg/g)) names.add(m[1]!);
    }
    expect(names.size, 'product pictures on the pages').toBeGreaterThan(4);
    fs.mkdirSync(path.join(work, 'media', 'products'), { recursive: true });
    let seed = 0;
    for (const name of names) await writePhoto(path.join(work, 'media', 'products', `${name}.jpg`), seed++);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    store = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        SQLITE_FILE: STATE_SQLITE,
        RELEASES_DIR: path.join(work, 'releases'),
        MEDIA_DIR: path.join(work, 'media'),
        MEDIA_CACHE_DIR: path.join(work, 'media-cache'),
        LOG_LEVEL: 'warn',
        DRAW_BUDGET_MS: '3000',
        DRAW_LIMIT_PER_MINUTE: '100000',
        VITALS_SAMPLE_PERCENT: '0',
      },
    });
    await expect.poll(async () => fetch(`${base}/healthz`).then((r) => r.status, () => 0), { timeout: 60_000, intervals: [250] }).toBe(200);
  });

  test.afterAll(() => {
    store?.kill('SIGTERM');
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('each page sends no more bytes of scripts and pictures with Save-Data: on, fetches nothing ahead, and the product photo is smaller', async ({ browser }) => {
    test.setTimeout(300_000); // eight first visits, pictures' variants made on first request
    const rows: string[] = [];
    const figures: Record<string, { without: Visit; with: Visit }> = {};
    for (const storePage of await storePages(base)) {
      const run = async (saveData: boolean) => {
        const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: saveData ? { 'save-data': 'on' } : {} });
        try {
          return await visit(await context.newPage(), storePage, base);
        } finally {
          await context.close();
        }
      };
      const without = await run(false);
      const saving = await run(true);
      figures[storePage.name] = { without, with: saving };
      const line = (v: Visit) => `${kb(v.scripts + v.images).padStart(9)} (scripts ${kb(v.scripts)} in ${v.scriptFiles}, pictures ${kb(v.images)} in ${v.imageFiles})`;
      rows.push(`${storePage.name.padEnd(9)} without ${line(without)}  with ${line(saving)}`);
    }
    console.log(`Save-Data, first visits on a 412 × 823 phone at DPR 2.625 (bodies as sent):\n${rows.join('\n')}`);
    console.log(`product page's pictures without: ${figures.product!.without.imageUrls.join(', ')}\n  with: ${figures.product!.with.imageUrls.join(', ')}`);
    for (const [name, { without, with: saving }] of Object.entries(figures)) {
      expect(saving.scripts + saving.images, `${name}: bytes with Save-Data against without`).toBeLessThanOrEqual(without.scripts + without.images);
      expect(saving.prefetched, `${name}: links fetching ahead with Save-Data`).toBe(0);
      expect(saving.hydrationWarnings, `${name}: hydration with Save-Data`).toEqual([]);
    }
    // The pictures: the product page's photo and every card are narrower variants with Save-Data.
    const widest = (urls: string[]) => Math.max(...urls.map((u) => Number(/\.w(\d+)\./.exec(u)?.[1] ?? 0)));
    expect(widest(figures.product!.with.imageUrls)).toBeLessThan(widest(figures.product!.without.imageUrls));
    for (const name of ['home', 'category', 'product']) expect(figures[name]!.with.images, `${name}: pictures with Save-Data`).toBeLessThan(figures[name]!.without.images);
  });
});
