import { createServer, type Server, type Socket } from 'node:net';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { OWN_STORE, readManifest, writeManifest, type Manifest } from '../support';

/**
 * A stand-in CDN for one remote on its own port. 'refuse': nothing listens. 'hang': connections are
 * accepted and never answered. 'serve': files are proxied from the store, with CORS as a CDN sends.
 */
class FlakyOrigin {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly upstream: string,
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}/releases`;
  }

  async become(mode: 'refuse' | 'hang' | 'serve') {
    await this.stop();
    if (mode === 'refuse') return;
    const server =
      mode === 'hang'
        ? createServer((socket) => this.sockets.add(socket))
        : http.createServer((req, res) => {
            http.get(`${this.upstream}${req.url}`, (up) => {
              res.writeHead(up.statusCode ?? 502, { ...up.headers, 'access-control-allow-origin': '*' });
              up.pipe(res);
            });
          });
    server.on('connection', (s: Socket) => this.sockets.add(s));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

test.describe('failure isolation', () => {
  test.skip(!OWN_STORE, 'repoints the manifest of the suite’s own store, so it runs only without BASE_URL');
  let original: Manifest;
  let flaky: FlakyOrigin;

  test.beforeEach(async ({ baseURL }) => {
    original = await readManifest();
    flaky = new FlakyOrigin(await freePort(), baseURL!);
  });

  test.afterEach(async () => {
    await writeManifest(original);
    await flaky.stop();
  });

  for (const mode of ['refuse', 'hang'] as const) {
    test(`a cart remote that is ${mode === 'refuse' ? 'refused' : 'hanging'} falls back within 5 s, the rest works, and Retry recovers it`, async ({ page }) => {
      await flaky.become(mode);
      await writeManifest({ ...original, origins: { cart: flaky.origin } });

      await page.goto('/');
      // A first visit loads the cart when it is first used: the click asks for it, the clock starts.
      const cartButton = page.getByRole('button', { name: 'Cart, 0 items' });
      await cartButton.waitFor();
      const started = Date.now();
      await cartButton.click();
      const fallback = page.locator('[data-region="cart"]').getByRole('status');
      await expect(fallback).toContainText('Cart is unavailable right now.', { timeout: 5_000 });
      expect(Date.now() - started).toBeLessThan(5_000);

      // The other regions still work.
      await expect(page.getByRole('list', { name: 'Categories' }).getByRole('link')).toHaveCount(30);
      await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

      // The remote comes back; Retry mounts it in place without a reload.
      await flaky.become('serve');
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator('[data-boundary="cart"]')).toBeAttached();
      await expect(fallback).toHaveCount(0);
      // The click made while the cart was down was kept for it: the drawer opens once it is back.
      await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Empty Cart');
    });
  }

  test('a route application whose remote is missing shows its fallback; the header parcels still work', async ({ page }) => {
    await writeManifest({ ...original, live: { ...original.live, catalog: '0.0.0-missing' } });
    await page.goto('/');
    await expect(page.locator('[data-region="catalog"]').getByRole('status')).toContainText('The catalogue is unavailable right now.', { timeout: 5_000 });
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Empty Cart');
  });

  test('/remotes.json is read on every page load: repointing one entry changes what loads, no restart', async ({ page, request }) => {
    const before = await (await request.get('/remotes.json')).json();
    // The five remotes (the back office's too, which shopper pages never load), and the live shell release's version beside them.
    expect(Object.keys(before).sort()).toEqual(['account', 'backoffice', 'cart', 'catalog', 'checkout', 'shell']);
    await writeManifest({ ...original, live: { ...original.live, account: '0.0.0-missing' } });
    const after = await (await request.get('/remotes.json')).json();
    expect(after.account.entry).toBe('/releases/account/0.0.0-missing/remoteEntry.js');
    expect(after.cart).toEqual(before.cart);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click(); // loaded on first use (no stored user)
    await expect(page.locator('[data-region="account"]').getByRole('status')).toContainText('Account unavailable', { timeout: 5_000 });
    await expect(page.locator('[data-boundary="catalog"]')).toBeAttached();
  });
});
