// Issue 31, item 2: "a tap answers at once". On a phone (412×915, touch, mobile user agent) at a CPU
// slowdown (4× by default, as Lighthouse's phone), three taps made 1.5 s after navigation starts —
// while the page the server drew may still be hydrating — each on a page of its own:
//   - "Add to cart" on the product page (the cart count must go up by exactly one),
//   - the header's cart button (the drawer must open),
//   - the phone menu's button (the sidebar must open).
// For each, the interaction's INP-style latency from Event Timing (input to next paint: the longest
// entry of its interactionId, split into input delay, processing and presentation as web-vitals does),
// whether the control was still waiting for its scripts when tapped, and when the tap's effect showed.
// Used by `pnpm bench:store` (BENCH_TAPS=0 skips it); alone: `node --import tsx perf/taps.ts` (BASE_URL
// of a running store; BENCH_RUNS, BENCH_CPU_SLOWDOWN=<n>).
import os from 'node:os';
import { chromium, devices, type Browser, type Page } from '@playwright/test';
import { CHROMIUM, PRODUCT_SLUG, SELF_SIGNED } from './lighthouse';

/** When the tap is made: milliseconds after the navigation started (the issue's 1.5 s). */
export const TAP_AT_MS = 1500;
/** How long a tap's effect may take to show before the run counts it as lost. */
const EFFECT_DEADLINE_MS = 20_000;

export type TapName = 'add to cart' | 'cart drawer' | 'phone menu';

export interface TapRun {
  tap: TapName;
  /** When the tap was made, ms after navigation start (1.5 s unless the page was not there yet). */
  tappedAt: number;
  /** Whether the control was still waiting for its scripts (drawn, not yet hydrated) when tapped. */
  beforeHydration: boolean;
  /** Event Timing of the tap's interaction, ms; null when no entry reached the 16 ms threshold. */
  latency: number | null;
  inputDelay: number | null;
  processing: number | null;
  presentation: number | null;
  /** When the effect showed, ms after the tap; null: it never did (the tap was lost). */
  effectAfter: number | null;
  /** The effect happened exactly once (a cart count of one, the drawer or menu open). */
  ok: boolean;
  note: string;
}

interface Scenario {
  tap: TapName;
  path: string;
  /** The control tapped. */
  selector: string;
  /** In the page: true once the tap's effect shows. */
  effect: string;
}

const CART_COUNT = `(() => { const b = document.querySelector('[data-boundary="shell"] button[aria-label^="Cart, "]'); const m = b && /Cart, (\\d+)/.exec(b.getAttribute('aria-label')); return m ? Number(m[1]) : 0; })()`;

const SCENARIOS: Scenario[] = [
  {
    tap: 'add to cart',
    path: `/product/${PRODUCT_SLUG}`,
    selector: 'form[aria-label^="Buy "] button[type="submit"]',
    effect: `${CART_COUNT} > 0`,
  },
  {
    tap: 'cart drawer',
    path: `/product/${PRODUCT_SLUG}`,
    selector: '[data-boundary="shell"] button[aria-label^="Cart, "]',
    effect: `(() => { const d = document.querySelector('[data-boundary="cart"] [role="dialog"][aria-label="Cart"]'); return !!d && !d.hidden; })()`,
  },
  {
    tap: 'phone menu',
    path: `/product/${PRODUCT_SLUG}`,
    selector: 'button[aria-controls="mobile-sidebar"]',
    effect: `(() => { const d = document.getElementById('mobile-sidebar'); return !!d && !d.hidden; })()`,
  },
];

/**
 * Before any of the page's scripts: Event Timing entries (type 'event', 16 ms threshold, buffered),
 * the state of the first pointerdown's control (waiting for its scripts: inside a disabled fieldset or
 * a region still marked as drawn-not-running), and the moment the effect first shows.
 */
function probeScript(selector: string, effect: string): string {
  return `(() => {
    const probe = (window.__tapProbe = { events: [], pointerdown: null, effectAt: null });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        probe.events.push({ name: e.name, interactionId: e.interactionId, startTime: e.startTime, processingStart: e.processingStart, processingEnd: e.processingEnd, duration: e.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    addEventListener('pointerdown', (e) => {
      if (probe.pointerdown || !e.isTrusted) return;
      const control = e.target instanceof Element ? e.target.closest(${JSON.stringify(selector)}) : null;
      probe.pointerdown = { at: e.timeStamp, onControl: !!control, waiting: !!(control && (control.matches(':disabled') || control.closest('[data-until-running]'))) };
    }, true);
    const check = () => {
      if (probe.effectAt !== null || !probe.pointerdown) return;
      try { if (${effect}) { probe.effectAt = performance.now(); observer.disconnect(); } } catch {}
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })();`;
}

interface Probe {
  events: { name: string; interactionId: number; startTime: number; processingStart: number; processingEnd: number; duration: number }[];
  pointerdown: { at: number; onControl: boolean; waiting: boolean } | null;
  effectAt: number | null;
}

/** The tap's interaction as web-vitals' INP attribution splits it (its entries grouped by interactionId). */
function interactionOf(probe: Probe, after: number): Pick<TapRun, 'latency' | 'inputDelay' | 'processing' | 'presentation'> {
  const entries = probe.events.filter((e) => e.startTime >= after - 1);
  if (!entries.length) return { latency: null, inputDelay: null, processing: null, presentation: null };
  const first = Math.min(...entries.map((e) => e.interactionId));
  const group = entries.filter((e) => e.interactionId === first).sort((a, b) => a.startTime - b.startTime || a.processingStart - b.processingStart);
  const start = group[0]!;
  const latency = Math.max(...group.map((e) => e.duration));
  const processingEnd = Math.max(...group.map((e) => e.processingEnd));
  const inputDelay = start.processingStart - start.startTime;
  const processing = processingEnd - start.processingStart;
  return { latency, inputDelay, processing, presentation: Math.max(0, start.startTime + latency - processingEnd) };
}

/** Waits for the probe to see the effect (a function, not a string: the store's CSP forbids eval). */
async function effectShown(page: Page, timeout: number): Promise<boolean> {
  return page
    .waitForFunction(() => (window as unknown as { __tapProbe: Probe }).__tapProbe.effectAt !== null, null, { timeout, polling: 100 })
    .then(() => true)
    .catch((error: unknown) => {
      if (process.env.BENCH_VERBOSE === '1') console.log(`    waiting for the effect: ${String(error)}`);
      return false;
    });
}

async function tapOnce(browser: Browser, baseURL: string, scenario: Scenario, cpuSlowdown: number): Promise<TapRun> {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 412, height: 915 }, baseURL, ignoreHTTPSErrors: SELF_SIGNED });
  try {
    const page = await context.newPage();
    await page.addInitScript(probeScript(scenario.selector, scenario.effect));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(scenario.path, { waitUntil: 'commit' });
    // The navigation's start on the machine's clock (the tap is placed relative to it) and the
    // control's place, in one look at the page as soon as the control is there (the page's main
    // thread is busy; every look waits for it). A phone's "Add to cart" may sit below the picture:
    // brought into view first, as a shopper scrolls to it.
    const found = await page.waitForFunction(
      (selector) => {
        const control = document.querySelector(selector);
        if (!control) return null;
        control.scrollIntoView({ block: 'center', behavior: 'instant' });
        const r = control.getBoundingClientRect();
        return { origin: performance.timeOrigin, x: r.x + r.width / 2, y: r.y + r.height / 2 };
      },
      scenario.selector,
      { polling: 20 },
    );
    const { origin, x, y } = (await found.jsonValue())!;
    const wait = origin + TAP_AT_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const tappedAt = Date.now() - origin;
    await page.touchscreen.tap(x, y);
    const shown = await effectShown(page, EFFECT_DEADLINE_MS);
    // Settled: everything the page loads has loaded, so a tap replayed twice would have shown by now.
    await page.waitForLoadState('networkidle').catch(() => {});
    const probe = (await page.evaluate(() => (window as unknown as { __tapProbe: Probe }).__tapProbe)) as Probe;
    const tapTime = probe.pointerdown?.at ?? tappedAt;
    const notes: string[] = [];
    if (!probe.pointerdown?.onControl) notes.push('the tap missed the control');
    let ok = shown;
    if (scenario.tap === 'add to cart') {
      const count = (await page.evaluate(CART_COUNT)) as number;
      if (count !== 1) notes.push(`cart count ${count}`);
      ok = ok && count === 1;
    }
    if (!shown) notes.push('lost: no effect');
    return {
      tap: scenario.tap,
      tappedAt,
      beforeHydration: probe.pointerdown?.waiting ?? false,
      ...interactionOf(probe, tapTime),
      effectAfter: probe.effectAt === null ? null : probe.effectAt - tapTime,
      ok,
      note: notes.join('; '),
    };
  } finally {
    await context.close();
  }
}

export interface TapFigures {
  tap: TapName;
  runs: TapRun[];
}

/** Every tap `runs` times, interleaved (the same moment's machine load weighs on each). */
export async function runTaps(baseURL: string, options: { runs: number; cpuSlowdown: number; log?: (line: string) => void }): Promise<TapFigures[]> {
  const log = options.log ?? (() => {});
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const figures: TapFigures[] = SCENARIOS.map((s) => ({ tap: s.tap, runs: [] }));
    for (let i = 0; i < options.runs; i++) {
      for (const [index, scenario] of SCENARIOS.entries()) {
        const run = await tapOnce(browser, baseURL, scenario, options.cpuSlowdown);
        figures[index]!.runs.push(run);
        log(`  run ${i + 1} ${run.tap}: ${describe(run)}, load ${os.loadavg()[0]!.toFixed(2)}`);
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}

const ms = (v: number | null) => (v === null ? '—' : `${Math.round(v)} ms`);

function describe(run: TapRun): string {
  return [
    `tapped at ${ms(run.tappedAt)}${run.beforeHydration ? ' (before hydration)' : ' (hydrated)'}`,
    `latency ${run.latency === null ? '< 16 ms' : ms(run.latency)} (input delay ${ms(run.inputDelay)}, processing ${ms(run.processing)}, presentation ${ms(run.presentation)})`,
    `effect after ${ms(run.effectAfter)}`,
    run.ok ? 'ok' : `NOT OK${run.note ? `: ${run.note}` : ''}`,
  ].join(', ');
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (!known.length) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
}

/** The medians as a table (a latency under Event Timing's 16 ms threshold counts as 16). */
export function tapTable(figures: TapFigures[]): string[] {
  const lines = [
    '| Tap (at 1.5 s) | INP-style latency | input delay | processing | presentation | effect after the tap | before hydration | effect once |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const { tap, runs } of figures) {
    const latency = median(runs.map((r) => r.latency ?? 16));
    const effect = runs.some((r) => r.effectAfter === null) ? `lost in ${runs.filter((r) => r.effectAfter === null).length}/${runs.length}` : ms(median(runs.map((r) => r.effectAfter)));
    lines.push(
      `| ${tap} | ${latency === 16 ? '≤ 16 ms' : ms(latency)} | ${ms(median(runs.map((r) => r.inputDelay)))} | ${ms(median(runs.map((r) => r.processing)))} | ${ms(median(runs.map((r) => r.presentation)))} | ${effect} | ${runs.filter((r) => r.beforeHydration).length}/${runs.length} | ${runs.filter((r) => r.ok).length}/${runs.length} |`,
    );
  }
  return lines;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const baseURL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
  if (!(cpuSlowdown >= 1)) {
    // The host-calibrated slowdown needs Lighthouse's BenchmarkIndex, which only `pnpm bench:store` reads.
    throw new Error(`BENCH_CPU_SLOWDOWN must be a number of at least 1 here, not "${process.env.BENCH_CPU_SLOWDOWN}" (host-calibrated: run pnpm bench:store)`);
  }
  console.log(`Taps at ${TAP_AT_MS} ms after navigation start, ${cpuSlowdown}× CPU, phone 412×915 (touch), ${runs} runs, against ${baseURL}; load ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const figures = await runTaps(baseURL, { runs, cpuSlowdown, log: console.log });
  console.log(`\nMedians of ${runs}:\n${tapTable(figures).join('\n')}`);
  console.log(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
}
