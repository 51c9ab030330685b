// `pnpm bench:store`: Lighthouse on home, a category, a product and the checkout, several runs each,
// and the medians printed with the machine they ran on. Against the built store on the real server
// (started here on its own port and database, NODE_ENV=production) or any BASE_URL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { describeScripts, kb, librariesIn, loadedScripts, recordScripts, sum, visitHome } from './first-visit';
import { CHROMIUM, medianFigures, runLighthouse, SELF_SIGNED, slowdownForHost, storePages, type PageFigures, type StorePage } from './lighthouse';
import { runTaps, TAP_AT_MS, tapTable } from './taps';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8089);
/** BENCH_PAGES=home,product runs only those; BENCH_VERBOSE=1 prints each run's LCP element and shifts. */
const ONLY = process.env.BENCH_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/**
 * BENCH_CPU_SLOWDOWN: unset, Lighthouse's standard mobile 4× (the figures the issues' budgets are
 * set in); a number, that slowdown; `host-calibrated` (or its older name `host`), the slowdown
 * Lighthouse's guide gives for this host's BenchmarkIndex (the lower quartile of the runs so far, at
 * most 4×), as the budget test in `npm test` uses.
 */
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN === 'host' ? 'host-calibrated' : process.env.BENCH_CPU_SLOWDOWN;
if (CPU_SLOWDOWN && CPU_SLOWDOWN !== 'host-calibrated' && !(Number(CPU_SLOWDOWN) >= 1)) {
  throw new Error(`BENCH_CPU_SLOWDOWN must be a number of at least 1 or "host-calibrated", not "${CPU_SLOWDOWN}"`);
}
const benchmarkIndexes: number[] = [];
function cpuSlowdown(): number | undefined {
  if (!CPU_SLOWDOWN) return undefined;
  if (CPU_SLOWDOWN !== 'host-calibrated') return Number(CPU_SLOWDOWN);
  return benchmarkIndexes.length ? slowdownForHost(benchmarkIndexes) : undefined; // the warm-up measures the host
}
const SLOWDOWN_NAME = !CPU_SLOWDOWN ? "Lighthouse's standard 4× CPU" : CPU_SLOWDOWN === 'host-calibrated' ? 'CPU slowdown calibrated to this host (BENCH_CPU_SLOWDOWN=host-calibrated)' : `${CPU_SLOWDOWN}× CPU`;

async function startStore(): Promise<{ baseURL: string; server: ChildProcess | null }> {
  if (process.env.BASE_URL) return { baseURL: process.env.BASE_URL.replace(/\/+$/, ''), server: null };
  const baseURL = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, [path.join(here, '..', 'serve.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', E2E_PORT: String(PORT), E2E_STATE_DIR: process.env.E2E_STATE_DIR ?? '.state-bench' },
  });
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error('the store did not start (is it built? run `pnpm build`)');
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return { baseURL, server };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('the store did not answer /healthz within 60 s');
}

function machine(): string[] {
  const chromium = (() => {
    try {
      return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return `${CHROMIUM} (version unknown)`;
    }
  })();
  return [
    `cpus: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    `memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `os: ${os.type()} ${os.release()} ${os.arch()}`,
    `node: ${process.version}; ${chromium}`,
    `load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`,
  ];
}

const ms = (v: number) => `${Math.round(v)} ms`;

function row(name: string, f: PageFigures): string {
  return `| ${name} | ${f.performance} | ${ms(f.lcp)} | ${f.cls.toFixed(3)} | ${ms(f.tbt)} | ${f.accessibility} | ${ms(f.fcp)} | ${ms(f.speedIndex)} | ${kb(f.scriptBytes)} | ${Math.round(f.scriptFiles)} | ${kb(f.documentBytes)} | ${kb(f.totalBytes)} | ${ms(f.mainThread)} | ${ms(f.blockingWholeLoad)} |`;
}

/** Another store measured in turn with this one, page by page and run by run. */
interface OtherStore {
  label: string;
  url: string;
  /** Its own path for each of our pages (a reference store has its own routes); unset: the same paths. */
  paths?: Record<StorePage['name'], string>;
}

/**
 * The reference stores of `../shared/bench/peers.sh` (the Tractor Store 2.0): their home, a category, a
 * product and their checkout (an empty cart: they keep the cart in the browser, none is seeded).
 */
const TRACTOR_PATHS: Record<StorePage['name'], string> = { home: '/', category: '/products/classic', product: '/product/AU-01', checkout: '/checkout/checkout' };

/**
 * BENCH_BASELINE_URL: another build of this store (the last commit, or the one serving with SSR=0).
 * BENCH_PEERS: reference stores as `label=url,label=url` (their CDN copy needs LIGHTHOUSE_CDN_COPY).
 */
const OTHERS: OtherStore[] = [
  ...(process.env.BENCH_BASELINE_URL ? [{ label: process.env.BENCH_BASELINE_LABEL ?? 'baseline', url: process.env.BENCH_BASELINE_URL.replace(/\/+$/, '') }] : []),
  ...(process.env.BENCH_PEERS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [label, url] = entry.split('=');
      if (!label || !url) throw new Error(`BENCH_PEERS entry "${entry}" is not label=url`);
      return { label, url: url.replace(/\/+$/, ''), paths: TRACTOR_PATHS };
    }),
];

const HEADER = [
  '| Page | Performance | LCP | CLS | TBT | Accessibility | FCP | Speed Index | JS (compressed) | JS files | HTML | All bytes | Main thread | Blocking, whole load |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

async function measure(label: string, url: string, page: StorePage): Promise<PageFigures> {
  const figures = await runLighthouse(url, page, { cpuSlowdown: cpuSlowdown() });
  benchmarkIndexes.push(figures.benchmarkIndex);
  console.log(
    `  ${label}${page.name}: performance ${figures.performance}, LCP ${ms(figures.lcp)}, CLS ${figures.cls.toFixed(3)}, TBT ${ms(figures.tbt)} (whole load ${ms(figures.blockingWholeLoad)}, main thread ${ms(figures.mainThread)}), JS ${kb(figures.scriptBytes)} in ${figures.scriptFiles} files, FCP ${ms(figures.fcp)}, accessibility ${figures.accessibility}, BenchmarkIndex ${Math.round(figures.benchmarkIndex)} at ${figures.cpuSlowdown.toFixed(2)}× CPU, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  if (VERBOSE) {
    const { lcpElement, layoutShifts, longTasks, busiestScripts } = figures.diagnosis;
    console.log(`    LCP element ${lcpElement}; shifts: ${layoutShifts.join(', ') || 'none'}`);
    console.log(`    long tasks (start+ms, simulated): ${longTasks.join(', ') || 'none'}`);
    console.log(`    busiest scripts (ms, of it evaluation): ${busiestScripts.join(', ')}`);
  }
  return figures;
}

/** The home page's first visit as the budget test sees it: compressed JavaScript, by file and by library. */
async function firstVisitBytes(url: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  try {
    const page = await (await browser.newContext({ baseURL: url, ignoreHTTPSErrors: SELF_SIGNED })).newPage();
    const bodies = recordScripts(page);
    await visitHome(page);
    const scripts = await loadedScripts(page, bodies);
    const lines = [
      `${url}: ${scripts.length} scripts, ${kb(sum(scripts, 'encodedBytes'))} compressed, ${kb(sum(scripts, 'transferBytes'))} with headers, ${kb(sum(scripts, 'decodedBytes'))} uncompressed`,
    ];
    for (const [library, carriers] of Object.entries(librariesIn(scripts))) {
      lines.push(`  ${library.padEnd(20)} ${String(carriers.length)}×  in ${carriers.map((s) => `${new URL(s.url).pathname.split('/').pop()} (${kb(s.encodedBytes)})`).join(', ') || '—'}`);
    }
    if (VERBOSE) lines.push(describeScripts(scripts));
    return lines;
  } finally {
    await browser.close();
  }
}

const { baseURL, server } = await startStore();
try {
  console.log(`Lighthouse 12, mobile defaults (simulated throttling) at ${SLOWDOWN_NAME}, ${RUNS} runs per page, against ${baseURL}${OTHERS.map((o) => ` and, in turn, ${o.label} ${o.url}`).join('')}`);
  for (const line of machine()) console.log(`  ${line}`);
  console.log('\nFirst visit to the home page (resource timings):');
  for (const url of [...OTHERS.filter((o) => !o.paths).map((o) => o.url), baseURL]) for (const line of await firstVisitBytes(url)) console.log(`  ${line}`);
  console.log('');
  const pick = (pages: StorePage[]) => pages.filter((p) => !ONLY || ONLY.includes(p.name));
  const pages = pick(await storePages(baseURL));
  const otherPages = await Promise.all(
    OTHERS.map(async (o) => (o.paths ? pages.map((p) => ({ name: p.name, path: o.paths![p.name] })) : pick(await storePages(o.url)))),
  );
  if (CPU_SLOWDOWN === 'host-calibrated' && pages[0]) {
    const warmUp = await runLighthouse(baseURL, pages[0]); // measures the host; not counted
    benchmarkIndexes.push(warmUp.benchmarkIndex);
    console.log(`warm-up: BenchmarkIndex ${Math.round(warmUp.benchmarkIndex)}, so ${cpuSlowdown()!.toFixed(2)}× CPU from here on\n`);
  }
  const lines = [...HEADER];
  const otherLines = OTHERS.map(() => [...HEADER]);
  for (const [index, page] of pages.entries()) {
    const runs: PageFigures[] = [];
    const otherRuns: PageFigures[][] = OTHERS.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      // Side by side: the same moment's machine load weighs on every store.
      for (const [o, other] of OTHERS.entries()) otherRuns[o]!.push(await measure(`run ${i + 1} ${other.label} `, other.url, otherPages[o]![index]!));
      runs.push(await measure(`run ${i + 1} `, baseURL, page));
    }
    const name = `${page.name} (${page.path.replace(/\?.*/, '')})`;
    lines.push(row(name, medianFigures(runs)));
    for (const o of OTHERS.keys()) {
      const path = otherPages[o]![index]!.path.replace(/\?.*/, '');
      otherLines[o]!.push(row(`${page.name} (${path})`, medianFigures(otherRuns[o]!)));
    }
  }
  for (const [o, other] of OTHERS.entries()) console.log(`\n${other.label} (${other.url}), medians of ${RUNS}:\n${otherLines[o]!.join('\n')}`);
  console.log(`\n${OTHERS.length ? `This store (${baseURL}), m` : 'M'}edians of ${RUNS}:`);
  console.log(lines.join('\n'));
  // Issue 31, item 2 (perf/taps.ts): taps made while the page may still hydrate. BENCH_TAPS=0 skips them.
  if (process.env.BENCH_TAPS !== '0') {
    const slowdown = cpuSlowdown() ?? 4;
    console.log(`\nTaps ${TAP_AT_MS} ms after navigation starts: phone 412×915 (touch), ${slowdown.toFixed(2)}× CPU (CDP), ${RUNS} runs each`);
    const taps = await runTaps(baseURL, { runs: RUNS, cpuSlowdown: slowdown, log: console.log });
    console.log(`\nTaps, medians of ${RUNS}:\n${tapTable(taps).join('\n')}`);
  }
  console.log(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
} finally {
  server?.kill();
}
