import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OWN_STORE, readManifest, RELEASES_DIR, watchErrors, writeManifest, type Manifest } from '../support';
import { storePages, type StorePage } from '../perf/lighthouse';
import { fromNetwork, watchScriptLoads } from '../perf/script-loads';
import { buildFromLive, releaseCommand, type Target } from './release';

/**
 * Issue 31, item 1: the four pages Lighthouse measures keep their first screen after a publish of any
 * one remote. A drawn page (kept or not) must announce the new release's files, not the old one's: its
 * inline remotes manifest names the live versions, its after-paint module preloads point into them and
 * answer, it preloads as many files of each release as before (so nothing the first screen needs waits
 * for a round trip), and in the browser the drawn region is hydrated and every script of the published
 * remote comes from its new release (that scripts wait for the first paint: ssr/first-screen.spec.ts).
 */

/** The live versions a drawn page carries inline (`#adire-remotes`). */
function inlineVersions(html: string): Record<string, string> {
  const json = /<script type="application\/json" id="adire-remotes">(.*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the drawn page carries the remotes manifest inline').toBeDefined();
  return Object.fromEntries(Object.entries(JSON.parse(json!) as Record<string, { version: string }>).map(([name, r]) => [name, r.version]));
}

/**
 * The modules a drawn page preloads after its first paint, by remote release (`remote@version`, or
 * `remote@assets` for the files every version of it shares) or `shell`.
 */
function preloadsByRelease(html: string): Map<string, string[]> {
  const template = /<template id="adire-after-paint">(.*?)<\/template>/s.exec(html)?.[1] ?? '';
  const byRelease = new Map<string, string[]>();
  for (const [, href] of template.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    const release = /^\/releases\/([a-z]+)\/([^/]+)\//.exec(href!);
    const key = release ? `${release[1]}@${release[2]}` : 'shell';
    byRelease.set(key, [...(byRelease.get(key) ?? []), href!]);
  }
  return byRelease;
}

/** Files preloaded per remote, without their versions: what the first screen asks for. */
function preloadCounts(html: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [release, hrefs] of preloadsByRelease(html)) counts[release.split('@')[0]!] = (counts[release.split('@')[0]!] ?? 0) + hrefs.length;
  return counts;
}

async function drawn(request: APIRequestContext, page: StorePage): Promise<string> {
  const res = await request.get(page.path);
  expect(res.status(), page.path).toBe(200);
  const html = await res.text();
  expect(html, `${page.path} is drawn by the server`).toContain('data-drawn=');
  return html;
}

/** The page as a shopper's browser loads it: hydrated, every script of the published remote from its new release. */
async function loadInBrowser(browserPage: Page, page: StorePage, target: Target, version: string) {
  const errors = watchErrors(browserPage);
  if (page.storage) {
    await browserPage.goto('/healthz');
    await browserPage.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(page.storage));
  }
  await browserPage.goto(page.path);
  await expect(browserPage.locator('.region-app[data-drawn]')).toHaveCount(0);
  await browserPage.waitForLoadState('networkidle');
  const scripts = await browserPage.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => /\.m?js(\?|$)/.test(r.name)).map((r) => new URL(r.name).pathname),
  );
  // The shell's two files, and the page's remote's entry and mounted code at least.
  expect(scripts.length).toBeGreaterThanOrEqual(4);
  const ofTarget = scripts.filter((s) => s.startsWith(`/releases/${target}/`));
  // Its new release's entry, and the files every version shares (the entry names which: shared layout).
  const fromElsewhere = ofTarget.filter((s) => !s.startsWith(`/releases/${target}/${version}/`) && !s.startsWith(`/releases/${target}/assets/`));
  expect(fromElsewhere, `${page.name}: only ${target} ${version}`).toEqual([]);
  if (ofTarget.length) expect(ofTarget, `${page.name}: ${target} ${version}'s entry`).toContain(`/releases/${target}/${version}/remoteEntry.js`);
  expect(errors).toEqual([]);
}

test.describe('the first screen after a publish of one remote', () => {
  test.skip(!OWN_STORE, 'publishes into the suite’s own store, so it runs only without BASE_URL');
  // One at a time: each publish repoints the suite's store.
  test.describe.configure({ mode: 'serial' });
  let original: Manifest;
  test.beforeEach(async () => {
    original = await readManifest();
  });
  test.afterEach(() => writeManifest(original));

  for (const target of ['catalog', 'cart', 'checkout'] as const) {
    test(`${target}: home, category, product and checkout announce the new release and keep their first screen`, async ({ request, page: browserPage, baseURL }) => {
      test.setTimeout(120_000);
      const pages = await storePages(baseURL!);
      // Drawn (and kept) before the publish.
      const before = new Map<string, string>();
      for (const page of pages) before.set(page.name, await drawn(request, page));

      const published = releaseCommand(['publish', target, '--dist', await buildFromLive(target, { marker: `first screen after publish ${Date.now()}` })]);
      const version = /^\S+ (\S+) is live/m.exec(published.output)?.[1];
      expect(version, published.output).toBeDefined();
      expect(version).not.toBe(original.live[target]);
      const live = (await readManifest()).live;
      expect(live).toEqual({ ...original.live, [target]: version });

      for (const page of pages) {
        const html = await drawn(request, page);
        expect(inlineVersions(html), `${page.name}: the inline manifest follows the publish`).toMatchObject(Object.fromEntries(Object.entries(live).filter(([name]) => name !== 'shell')));
        const releases = preloadsByRelease(html);
        for (const release of releases.keys()) {
          if (release === 'shell') continue;
          const [remote, preloaded] = release.split('@');
          if (preloaded === 'assets') continue; // the files its versions share: each answers below
          expect(preloaded, `${page.name}: ${remote}'s preloads are of its live release`).toBe(live[remote!]);
        }
        expect(preloadCounts(html), `${page.name}: as many files announced as before the publish`).toEqual(preloadCounts(before.get(page.name)!));
        for (const hrefs of releases.values()) {
          for (const href of hrefs) expect((await request.head(href)).status(), href).toBe(200);
        }
        await loadInBrowser(browserPage, page, target, version!);
      }
    });
  }

  test('a second visit after a publish of the catalogue fetches only the catalogue files that changed; every other script comes from the cache', async ({ page }) => {
    test.setTimeout(120_000);
    // Which scripts of a page load cross the network (Chromium's own account of its cache).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const loads = watchScriptLoads(cdp);
    const visit = async (heading: string) => {
      loads.clear();
      await page.goto('/');
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.locator('.region-app[data-drawn]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      return [...loads.values()].map((l) => ({ ...l, url: new URL(l.url).pathname }));
    };
    const first = await visit('Shop by category');
    // The catalogue's entry and its mounted code.
    expect(first.filter((l) => l.url.startsWith('/releases/catalog/')).length).toBeGreaterThanOrEqual(2);

    // A catalogue whose home page says something else: the files with that text change, and the ones naming them.
    const liveAssets = new Set(fs.readdirSync(path.join(RELEASES_DIR, 'catalog', original.live.catalog!, 'assets')));
    const dist = await buildFromLive('catalog', { replace: ['Shop by category', 'Shop by occasion and flower'] });
    const changed = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !liveAssets.has(f));
    expect(changed.length).toBeGreaterThan(0);
    const version = /^catalog (\S+) is live/m.exec(releaseCommand(['publish', 'catalog', '--dist', dist]).output)?.[1];
    expect(version).toBeDefined();

    const second = await visit('Shop by occasion and flower');
    const network = fromNetwork(second);
    const fetched = network.map((l) => l.url);
    const mayChange = new Set([`/releases/catalog/${version}/remoteEntry.js`, ...changed.map((f) => `/releases/catalog/assets/${f}`)]);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`after a publish of the catalogue: ${second.length} scripts, ${fetched.length} from the network (${kb(network.reduce((sum, l) => sum + l.bytes, 0))}):\n  ${network.map((l) => `${l.url} ${kb(l.bytes)}`).join('\n  ')}`);
    expect(fetched.filter((url) => !mayChange.has(url)), 'fetched again though unchanged').toEqual([]);
    expect(fetched).toContain(`/releases/catalog/${version}/remoteEntry.js`);
    // The shell's files were loaded again, from the cache (on home the catalogue has only its entry,
    // new with each version, and its mounted code, which holds the changed heading).
    const fromCache = second.filter((l) => !fetched.includes(l.url)).map((l) => l.url);
    console.log(`  from the cache: ${fromCache.join(', ')}`);
    expect(fromCache.filter((url) => url.startsWith('/assets/')).length).toBeGreaterThanOrEqual(2);
  });
});
