// A quick look at a page's long tasks as a phone would run them: Chromium at a CPU slowdown (CDP's
// Emulation.setCPUThrottlingRate, real throttling, not Lighthouse's simulation), no network throttling,
// a fresh context per load, several loads interleaved between the variants given. Prints each load's
// tasks over 50 ms after the first contentful paint, their sum beyond 50 ms (a TBT-like figure) and the
// medians per variant. For comparing two builds or two settings side by side, not for budgets.
//
//   node --import tsx perf/probe-tasks.ts <url> [<url>…]   PROBE_RUNS=5 PROBE_CPU=4 PROBE_TZ=UTC,Africa/Lagos
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from './lighthouse';

const RUNS = Number(process.env.PROBE_RUNS ?? 5);
const CPU = Number(process.env.PROBE_CPU ?? 4);
const ZONES = (process.env.PROBE_TZ ?? 'UTC').split(',');
const urls = process.argv.slice(2);
if (!urls.length) throw new Error('give one or more page URLs');

interface Load {
  fcp: number;
  tasks: { start: number; duration: number }[];
  blocking: number;
}


async function load(browser: Browser, url: string, timezoneId: string): Promise<Load> {
  const context = await browser.newContext({ timezoneId, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await page.addInitScript(() => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[] };
    w.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500 * CPU); // tasks after the last request (hydration, idle prefetch)
  const result = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    tasks: (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks,
  }));
  const after = result.tasks.filter((t) => t.start >= result.fcp);
  await context.close();
  return { fcp: result.fcp, tasks: after, blocking: after.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0) };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
const byVariant = new Map<string, Load[]>();
try {
  for (let run = 0; run < RUNS; run++) {
    for (const url of urls) {
      for (const zone of ZONES) {
        const variant = `${url} ${zone}`;
        const l = await load(browser, url, zone);
        byVariant.set(variant, [...(byVariant.get(variant) ?? []), l]);
        console.log(`run ${run + 1} ${variant}: FCP ${Math.round(l.fcp)} ms, blocking ${Math.round(l.blocking)} ms, tasks ${l.tasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(' ') || 'none'}`);
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`\nmedians of ${RUNS} at ${CPU}× CPU (real throttling):`);
for (const [variant, loads] of byVariant) {
  console.log(`  ${variant}: blocking ${Math.round(median(loads.map((l) => l.blocking)))} ms, long tasks ${median(loads.map((l) => l.tasks.length))}, longest ${Math.round(median(loads.map((l) => Math.max(0, ...l.tasks.map((t) => t.duration)))))} ms`);
}
