import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OWN_STORE, RELEASES_DIR, STATE_SQLITE, watchErrors } from '../support';
import { buildFromLive, liveVersion, pageVersions, REMOTES, SERVER_DIR } from './release';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html' };

/** A stand-in for a remote's local dev server: a folder on its own port, with CORS as Vite sends it. */
async function devServer(dir: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' });
    fs.createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

const cartDrawer = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Cart' });

test.describe('version readout and development overrides', () => {
  test('/?versions shows which release of the shell and of each remote the page runs; this store (not in development mode) ignores ?remote.cart=…', async ({ page, request }) => {
    const manifest = (await (await request.get('/remotes.json')).json()) as Record<string, { version: string }> & { devOverrides?: boolean };
    expect(manifest.devOverrides).toBeUndefined();
    await page.goto(`/?versions&remote.cart=${encodeURIComponent('http://127.0.0.1:9/remoteEntry.js')}`);
    const readout = page.getByRole('complementary', { name: 'Store versions' });
    await expect(readout).toBeVisible();
    const row = (part: string) => readout.getByRole('row', { name: new RegExp(`^${part}\\b`) });
    const state = (part: string) => row(part).getByRole('cell').last();
    await expect(row('shell')).toContainText(manifest.shell?.version ?? 'unreleased build');
    for (const remote of REMOTES) await expect(row(remote)).toContainText(manifest[remote]!.version);
    await expect(state('catalog')).toHaveText('loaded');
    await expect(state('cart')).toHaveText('not loaded'); // a first visit loads the cart on first use
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(state('cart')).toHaveText('loaded');
    // The released cart, not the override: nothing is remembered either.
    await expect(cartDrawer(page).getByRole('heading', { name: 'Your cart', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adire:devRemotes'))).toBeNull();
    expect(await pageVersions(page)).toEqual(Object.fromEntries(['shell', ...REMOTES].map((p) => [p, manifest[p]!.version])));
    await page.keyboard.press('Escape');
    await readout.getByRole('button', { name: 'Close store versions' }).click();
    await expect(readout).toHaveCount(0);
  });

  test.describe('on a development store', () => {
    test.skip(!OWN_STORE, 'starts a development store on the suite’s releases, so it runs only without BASE_URL');
    let store: ChildProcess | null = null;
    let base = '';
    let work = '';
    let dev: Awaited<ReturnType<typeof devServer>>;

    test.beforeAll(async () => {
      test.setTimeout(60_000);
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-dev-store-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SQLITE_FILE: STATE_SQLITE, RELEASES_DIR: path.join(work, 'releases'), LOG_LEVEL: 'warn', ADIRE_DEV_OVERRIDES: '1' };
      delete env.NODE_ENV;
      // The server as serve.mjs built it at the suite's start (as production runs it; no tsx compiling).
      store = spawn(process.execPath, ['dist/main.mjs'], { cwd: SERVER_DIR, env, stdio: 'ignore' });
      // The cart under development: the live cart with a visible change, served from its own port.
      dev = await devServer(await buildFromLive('cart', { replace: ['Your cart', 'Your cart (local build)'] }));
      await expect
        .poll(async () => fetch(`${base}/healthz`).then((r) => r.status, () => 0), { timeout: 45_000, intervals: [250] })
        .toBe(200);
    });

    test.afterAll(async () => {
      store?.kill('SIGTERM');
      await dev?.close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    test('?remote.cart points the cart at a local dev server, remembered until ?remote.cart=off; the other remotes stay as released', async ({ page }) => {
      const errors = watchErrors(page);
      const entry = `${dev.origin}/release/remoteEntry.js`;
      expect((await (await fetch(`${base}/remotes.json`)).json()).devOverrides).toBe(true);

      await page.goto(`${base}/?remote.cart=${encodeURIComponent(entry)}`);
      await page.getByRole('button', { name: 'Cart, 0 items' }).click();
      await expect(cartDrawer(page).getByRole('heading', { name: 'Your cart (local build)' })).toBeVisible();
      const versions = await pageVersions(page);
      expect(versions.cart).toBe(`local override ${entry}`);
      expect(versions.catalog).toBe(await liveVersion('catalog'));

      // Remembered: the next page needs no parameter.
      await page.goto(`${base}/product-category/roses`);
      await page.getByRole('button', { name: 'Cart, 0 items' }).click();
      await expect(cartDrawer(page).getByRole('heading', { name: 'Your cart (local build)' })).toBeVisible();

      await page.goto(`${base}/?remote.cart=off`);
      await page.getByRole('button', { name: 'Cart, 0 items' }).click();
      await expect(cartDrawer(page).getByRole('heading', { name: 'Your cart', exact: true })).toBeVisible();
      expect((await pageVersions(page)).cart).toBe(await liveVersion('cart'));
      expect(await page.evaluate(() => localStorage.getItem('adire:devRemotes'))).toBeNull();
      expect(errors).toEqual([]);
    });
  });
});
