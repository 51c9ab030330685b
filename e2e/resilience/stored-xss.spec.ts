import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { OWN_STORE, RELEASES_DIR, serverCommand } from '../support';

/**
 * Stored XSS: script payloads saved where the shop's operator or its shoppers write text — the
 * site-wide alert, a product's name and description, a review — show as text wherever the store
 * shows them, and no script runs.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');
const dbFile = path.join(path.dirname(RELEASES_DIR), 'shop.sqlite');
const SLUG = 'kauna-sorbet-roses';
const NAME = 'Kauna Sorbet Roses';
const PAYLOADS = ['<img src=x onerror="window.__xss=1">', '<script>window.__xss=1</script>', '<svg onload="window.__xss=1"></svg>'];
const PAYLOAD = PAYLOADS.join(' ');
const REVIEW_ID = 'xss-review-0000-0000-000000000000';

/** Run a server command (server/src/cli/<name>.ts) against the suite's own database. */
function serverCli(name: string, args: string[]): string {
  return execFileSync(process.execPath, serverCommand(name, args), {
    cwd: serverDir,
    env: { ...process.env, SQLITE_FILE: dbFile, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/**
 * Write the database directly, as a tool or a compromised admin could, then move the catalogue
 * version so the server rebuilds its listing and search index (see bumpCatalogVersion).
 */
function writeCatalog(statements: [sql: string, ...params: unknown[]][]): void {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1], { timeout: 5000 });
    db.transaction(() => {
      for (const [sql, ...params] of JSON.parse(process.argv[2])) db.prepare(sql).run(...params);
      db.prepare("UPDATE catalog_state SET version = version + 1, updated_at = ? WHERE id = 'catalog'").run(new Date().toISOString());
    })();`;
  execFileSync(process.execPath, ['-e', script, dbFile, JSON.stringify(statements)], { cwd: serverDir });
}

function readRow<T>(sql: string, ...params: unknown[]): T {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1], { readonly: true, timeout: 5000 });
    console.log(JSON.stringify(db.prepare(process.argv[2]).get(...JSON.parse(process.argv[3]))));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script, dbFile, sql, JSON.stringify(params)], { cwd: serverDir, encoding: 'utf8' })) as T;
}

/** Record any dialog a payload might open, and whether a payload's script ran. */
function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    async expectNoneRan() {
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      // No element the payloads would have made exists; their text is there instead.
      await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
      // No script that runs carries them (a server-drawn page carries them as data, in JSON that
      // never runs and cannot end its element: checked by the absence of the elements above).
      const DATA_TYPES = ['application/json', 'application/ld+json'];
      expect(await page.evaluate((data) => [...document.scripts].filter((s) => !data.includes(s.type) && s.text.includes('__xss')).length, DATA_TYPES)).toBe(0);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    },
  };
}

test.describe('stored XSS', () => {
  test.skip(!OWN_STORE, 'writes the suite’s own database, so it runs only without BASE_URL');
  test.use({ timezoneId: 'Africa/Lagos' });
  let original: { id: string; name: string; description: string };
  let originalAlert: string;

  test.beforeAll(() => {
    original = readRow('SELECT id, name, description FROM product WHERE slug = ?', SLUG);
    originalAlert = (JSON.parse(readRow<{ value: string }>("SELECT value FROM setting WHERE key = 'alertSettings'").value) as { siteWideAlert: string }).siteWideAlert;
    serverCli('settings', ['set-alert', `Sale today ${PAYLOAD}`]);
    writeCatalog([
      ['UPDATE product SET name = ?, description = ? WHERE id = ?', `${NAME} ${PAYLOAD}`, `Sorbet roses. ${PAYLOAD}`, original.id],
      ['INSERT INTO review (id, product_id, rating, comment, author, order_id, created_at) VALUES (?, ?, 5, ?, ?, NULL, ?)', REVIEW_ID, original.id, `Lovely ${PAYLOAD}`, `Eve ${PAYLOADS[0]}`, new Date().toISOString()],
    ]);
  });

  test.afterAll(() => {
    serverCli('settings', ['set-alert', originalAlert]);
    writeCatalog([
      ['UPDATE product SET name = ?, description = ? WHERE id = ?', original.name, original.description, original.id],
      ['DELETE FROM review WHERE id = ?', REVIEW_ID],
    ]);
  });

  test('alert, product name and description, and a review render as text everywhere; no script runs', async ({ page }) => {
    const scripts = watchForScripts(page);
    const name = `${NAME} ${PAYLOAD}`;

    // The banner (home page).
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Site alert' })).toContainText(`Sale today ${PAYLOAD}`);
    await scripts.expectNoneRan();

    // The listing card, and the toast and cart drawer after adding it.
    await page.goto('/product-category/roses');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' }).getByRole('list', { name: 'Cart items' })).toContainText(name);
    await scripts.expectNoneRan();

    // Search results.
    await page.goto('/filters?search=Kauna');
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await scripts.expectNoneRan();

    // The product page: heading, breadcrumb, description, the review and its author, the page title.
    await page.goto(`/product/${SLUG}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
    await expect(page.getByText(`Sorbet roses. ${PAYLOAD}`)).toBeVisible();
    const review = page.getByRole('list', { name: 'Latest reviews' }).getByRole('listitem').first();
    await expect(review).toContainText(`Lovely ${PAYLOAD}`);
    await expect(review).toContainText(`Eve ${PAYLOADS[0]}`);
    await expect(page).toHaveTitle(`${name} | Adire Blooms`);
    await scripts.expectNoneRan();

    // The order the cart makes carries the name from the catalogue: the checkout's summary shows it as text.
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(name);
    await scripts.expectNoneRan();
  });
});
