// What a first visit downloads, read from the browser's own resource timings, and which shared
// library each downloaded script carries (by a string only that library's code contains).
import type { Page } from '@playwright/test';

/** Compressed JavaScript a first visit to the home page may download (issue 10: 160 KB; issue 42: 97.9 KB measured on 2026-11-30, plus about 1 KB). */
export const HOME_SCRIPT_BUDGET_BYTES = 99 * 1024;

/**
 * A string each shared library's shipped code contains and no other library's: a message, a
 * property or a constant that minification keeps. A library bundled twice (a remote carrying its
 * own copy instead of taking the shared one) shows up as two downloaded files containing it.
 */
export const SHARED_LIBRARY_SIGNATURES = {
  react: 'Objects are not valid as a React child',
  'react-dom': '__reactContainer$',
  '@adire/router': 'is used outside a <BrowserRouter> or <MemoryRouter>', // the store's own router (shared/router)
  zustand: 'getInitialState',
  'single-spa': 'LOADING_SOURCE_CODE',
  'event bus': 'confirm-${Date.now()}',
  'API client': 'Could not reach the shop',
} as const;

export type SharedLibrary = keyof typeof SHARED_LIBRARY_SIGNATURES;

/** react-datepicker's class names: only the cart's date field (the drawer with items) needs it. */
export const DATE_PICKER_SIGNATURE = 'react-datepicker__';
/** Texts only the checkout's later steps carry (the payment stage's note, the tracker's heading). */
export const NEXT_STEPS_SIGNATURES = ['Contacting the payment service', 'Track your order'];

export interface LoadedScript {
  url: string;
  /** Bytes on the wire for the body (compressed), as PerformanceResourceTiming.encodedBodySize. */
  encodedBytes: number;
  /** The same plus response headers (transferSize). */
  transferBytes: number;
  decodedBytes: number;
  body: string;
}

const isScriptUrl = (url: string) => /\.m?js$/.test(new URL(url).pathname);

/** Collects the text of every script the page downloads, from now on. */
export function recordScripts(page: Page): Map<string, string> {
  const bodies = new Map<string, string>();
  page.on('response', async (response) => {
    if (!isScriptUrl(response.url()) || response.status() !== 200) return;
    try {
      bodies.set(response.url(), (await response.body()).toString('utf8'));
    } catch {
      // a navigation discarded the body: the resource timings still count its bytes
    }
  });
  return bodies;
}

/** Every script of the page so far, with its sizes from the browser's resource timings. */
export async function loadedScripts(page: Page, bodies: Map<string, string>): Promise<LoadedScript[]> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .map((e) => ({ url: e.name, encodedBytes: e.encodedBodySize, transferBytes: e.transferSize, decodedBytes: e.decodedBodySize })),
  );
  return entries.filter((e) => isScriptUrl(e.url)).map((e) => ({ ...e, body: bodies.get(e.url) ?? '' }));
}

/** For each shared library, the downloaded scripts that carry its code. */
export function librariesIn(scripts: readonly LoadedScript[]): Record<SharedLibrary, LoadedScript[]> {
  const entries = Object.entries(SHARED_LIBRARY_SIGNATURES).map(([library, signature]) => [library, scripts.filter((s) => s.body.includes(signature))]);
  return Object.fromEntries(entries) as Record<SharedLibrary, LoadedScript[]>;
}

export const sum = (scripts: readonly LoadedScript[], key: 'encodedBytes' | 'transferBytes' | 'decodedBytes') => scripts.reduce((total, s) => total + s[key], 0);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A readable list for a failure message or a benchmark: compressed size and path of each script. */
export function describeScripts(scripts: readonly LoadedScript[]): string {
  return scripts.map((s) => `${kb(s.encodedBytes).padStart(9)}  ${new URL(s.url).pathname}`).join('\n');
}

/**
 * What each page's first visit may send (issue 42), scripts only, as the browser counts them (bodies
 * as sent, brotli; the headers not counted), each at most about 1 KB above what it measured when set.
 * History: 33 / 36 / 35 / 46 files on home, a category, a product and the checkout (2026-11-29), 23 /
 * 27 / 26 / 23 after fewer files and the cart on intent, 16 / 20 / 19 / 16 files and 142.4 / 146.7 /
 * 145.8 / 150.0 KB with @module-federation/vite's generated glue; then each remote a container of our
 * own build (2026-11-30, @adire/federation-config's README): 4 / 8 / 7 / 4 files, 97.9 / 102.2 / 101.2 /
 * 105.3 KB; then the shell started in two tasks (its entry, React's file, the bundler's runtime and its
 * own code: two files more), 6 / 10 / 9 / 6 files, 98.1 / 102.3 / 101.4 / 105.5 KB. These ceilings only come down, never up, and never past ISSUE_42_CEILING. A page over one
 * fails with its name and by how much.
 */
export const PAGE_SCRIPT_BUDGETS: Record<'home' | 'category' | 'product' | 'checkout', { bytes: number; files: number }> = {
  home: { bytes: HOME_SCRIPT_BUDGET_BYTES, files: 6 },
  category: { bytes: 103.5 * 1024, files: 10 },
  product: { bytes: 102.5 * 1024, files: 9 },
  checkout: { bytes: 106.5 * 1024, files: 6 },
};

/** Issue 42's bound on every page's first visit: 110 KB of scripts (brotli, as sent) in 12 files at most. */
export const ISSUE_42_CEILING = { bytes: 110 * 1024, files: 12 };

/** Scripts fetched ahead for a later page (`<link rel="prefetch">`): not part of this page's visit. */
export async function prefetchedUrls(page: Page): Promise<Set<string>> {
  return new Set(await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => l.href)));
}

/** Wait until what a page loads by itself is there and the network has been quiet for a while. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000); // anything loaded when idle counts too
  await page.waitForLoadState('networkidle');
}

/**
 * Open the home page as a first-time visitor and wait until what it loads by itself is there (the
 * cart and account remotes wait for their first use) and the network has been quiet for a while.
 */
export async function visitHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('[data-boundary="catalog"]').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000); // anything loaded when idle counts too
  await page.waitForLoadState('networkidle');
}
