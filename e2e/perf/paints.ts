// The first paint and the largest one, as Chromium paints them on a throttled phone (issue 42, item 2),
// for one or more stores side by side, page by page and run by run so one moment's load weighs on all:
//
//   node --import tsx perf/paints.ts http://127.0.0.1:8401 http://127.0.0.1:8402
//
// Not Lighthouse's figures (those are simulated from an unthrottled load, `bench-store.ts`): the paint
// timings of real loads in Chromium with DevTools throttling, 4× CPU, 150 ms latency and 1.6 Mbit/s
// (Lighthouse's mobile network), at 412 × 823 and DPR 2.625, each load in a new context (no cache).
// PAINTS_RUNS (default 9), PAINTS_PAGES (comma-separated paths).
import { chromium, type Browser } from '@playwright/test';
import os from 'node:os';

const RUNS = Number(process.env.PAINTS_RUNS ?? 9);
const PAGES = process.env.PAINTS_PAGES?.split(',') ?? ['/', '/product-category/roses', '/product/ruby-romance-red-roses'];
const stores = process.argv.slice(2).map((url) => url.replace(/\/+$/, ''));
if (stores.length === 0) throw new Error('usage: node --import tsx perf/paints.ts <store url> [<store url> …]');

interface Paints {
  fcp: number;
  lcp: number;
  element: string;
}

async function load(browser: Browser, url: string): Promise<Paints> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
    await page.goto(url, { waitUntil: 'load' });
    // Paint entries are buffered: read them once the page has settled.
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise<Paints>((resolve) => {
          let lcp = 0;
          let element = '';
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
              lcp = entry.startTime;
              element = entry.element ? `${entry.element.tagName.toLowerCase()}${entry.element.id ? `#${entry.element.id}` : ''}` : '?';
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN, lcp, element }), 50);
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const results = new Map<string, Paints[]>();
console.error(`paints: ${stores.length} store(s), ${PAGES.length} pages, ${RUNS} runs; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}`);
for (let run = 0; run < RUNS; run++) {
  for (const path of PAGES) {
    for (const store of stores) {
      const paints = await load(browser, store + path);
      const key = `${store} ${path}`;
      results.set(key, [...(results.get(key) ?? []), paints]);
    }
  }
}
await browser.close();

console.log(`| store and page | FCP | LCP | LCP − FCP (median) | LCP − FCP, each run | largest element |`);
console.log('|---|--:|--:|--:|---|---|');
for (const [key, runs] of results) {
  const gaps = runs.map((r) => Math.round(r.lcp - r.fcp));
  const elements = [...new Set(runs.map((r) => r.element))].join(', ');
  console.log(`| ${key} | ${Math.round(median(runs.map((r) => r.fcp)))} ms | ${Math.round(median(runs.map((r) => r.lcp)))} ms | ${median(gaps)} ms | ${gaps.join(' ')} | ${elements} |`);
}
console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
