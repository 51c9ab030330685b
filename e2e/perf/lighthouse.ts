// Lighthouse 12 on the store's pages, in Debian's Chromium: mobile defaults, simulated throttling.
// Used by the benchmark (`pnpm bench:store`, medians of several runs) and by the budget test in
// this folder (one run per page, scores with a margin).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { STORAGE_KEYS, STORAGE_SYNC_VERSION } from '@adire/contracts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Stores served over TLS with a certificate made for the bench (side-by-side.sh's front, BENCH_SELF_SIGNED=1)
 * or through a CDN copy: the browser takes the certificate.
 */
export const SELF_SIGNED = process.env.BENCH_SELF_SIGNED === '1' || Boolean(process.env.LIGHTHOUSE_CDN_COPY);

/**
 * The reference stores of `../shared/bench/peers.sh` load their images and font from a CDN host,
 * served by a local copy: `LIGHTHOUSE_CDN_COPY=127.0.0.1:4443` maps that host to it (harmless for our store).
 */
function extraFlags(): string[] {
  const copy = process.env.LIGHTHOUSE_CDN_COPY;
  return [...(copy ? [`--host-resolver-rules=MAP blueprint.the-tractor.store:443 ${copy}`] : []), ...(SELF_SIGNED ? ['--ignore-certificate-errors'] : [])];
}

/**
 * The CPU slowdown that makes this host stand for Lighthouse's mobile phone, from the host's
 * BenchmarkIndex, as Lighthouse's throttling guide calibrates it (docs/throttling.md, "CPU
 * throttling", and its calculator; PageSpeed Insights' own slow hosts use 1.2× by the same rule).
 * The default 4× assumes a desktop of index ~1,533; a slower host already runs the page slower, so
 * it needs less, and a faster one more, for the same phone. The mapping is piecewise linear through
 * the guide's points: 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4×, then +1× per 233 (2,000 → 6×).
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) {
    throw new Error(`This host (Lighthouse BenchmarkIndex ${benchmarkIndex}) is too slow to stand for Lighthouse's mobile phone: its scores would say nothing about the store`);
  }
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650;
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500;
  return 3 + (benchmarkIndex - 1300) / 233;
}

/** Lighthouse's own mobile CPU slowdown: the most a calibrated run simulates (lighthouse.spec.ts says why). */
export const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4;

/**
 * The slowdown for this host: `cpuSlowdownFor` the lower quartile of the BenchmarkIndexes seen so far,
 * at most 4×. Not the median: on the nested VMs CI runs on, the index wanders upwards (1,000–1,600
 * within minutes) while the page's own work does not follow it, so a median drifts between 2.6× and
 * 4× and the same store passes or fails by the reading. The lower quartile is stable there (1,022 and
 * 1,099 in two attempts minutes apart whose medians were 1,122 and 1,400), and with five readings or
 * more one low outlier does not decide it.
 */
export function slowdownForHost(benchmarkIndexes: readonly number[]): number {
  if (benchmarkIndexes.length === 0) throw new Error('no BenchmarkIndex measured yet');
  const sorted = [...benchmarkIndexes].sort((a, b) => a - b);
  return Math.min(LIGHTHOUSE_DEFAULT_SLOWDOWN, cpuSlowdownFor(sorted[Math.floor((sorted.length - 1) / 4)]!));
}

/** A real category and product of the seeded catalogue. */
export const CATEGORY_SLUG = 'flowers-for-love-birthday-anniversary-etc';
export const PRODUCT_SLUG = 'ruby-romance-red-roses';

export interface StorePage {
  name: 'home' | 'category' | 'product' | 'checkout';
  path: string;
  /** Local storage the shopper already has when they open the page (the order in their cart). */
  storage?: Record<string, string>;
}

export interface PageFigures {
  performance: number;
  /** Lighthouse's measure of the host's CPU (about 1,500 on the desktop its default 4× slowdown assumes). */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated. */
  cpuSlowdown: number;
  accessibility: number;
  /** Milliseconds. */
  lcp: number;
  fcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
  /** Compressed bytes of JavaScript that Lighthouse saw downloaded. */
  scriptBytes: number;
  /** How many script files (requests) that was. */
  scriptFiles: number;
  /** Bytes of the page's HTML document as sent (compressed, with headers). */
  documentBytes: number;
  /** Bytes of everything the page downloaded (HTML, scripts, styles, images, fonts, API answers). */
  totalBytes: number;
  /** The main thread's work in the whole load at the run's slowdown (`mainthread-work-breakdown`), ms. */
  mainThread: number;
  /**
   * The blocking time of the whole load: each long task's time over 50 ms, before the first paint as well
   * as after (`long-tasks`, simulated; its 20 longest). TBT counts only after the first paint, so a store that runs its
   * scripts before it paints has them in this figure and not in its TBT.
   */
  blockingWholeLoad: number;
}

/** What Lighthouse blames, for reading a run (not part of the medians). */
export interface PageDiagnosis {
  lcpElement: string;
  layoutShifts: string[];
  /**
   * Lighthouse's long tasks on the simulated phone (its `long-tasks` audit: ≥ 50 ms at the run's
   * slowdown), each as `start+duration file`, the file being the script the task is attributed to.
   */
  longTasks: string[];
  /** The scripts that kept the main thread busiest (`bootup-time`: total, of it script evaluation, ms). */
  busiestScripts: string[];
}

interface ApiProduct {
  id: string;
  SKU: string;
  name: string;
  description: string;
  price: number;
  image: { src: string; alt?: string };
}

/**
 * The checkout as a shopper reaches it: an order created from a cart of roses, with the cart, the
 * order id and the sync version in local storage, opened at /checkout?orderId=….
 */
export async function checkoutPage(baseURL: string): Promise<StorePage> {
  const productRes = await fetch(`${baseURL}/v1/catalog/products/${PRODUCT_SLUG}?business=adire-blooms`);
  if (!productRes.ok) throw new Error(`product ${PRODUCT_SLUG}: ${productRes.status}`);
  const { data } = (await productRes.json()) as { data: ApiProduct | { product: ApiProduct } };
  const product = 'product' in data ? data.product : data;
  const cartItems = [
    { SKU: product.SKU, name: product.name, description: product.description, image: product.image, price: product.price, quantity: 1, productId: product.id },
  ];
  const orderRes = await fetch(`${baseURL}/v1/orders/order/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business: 'adire-blooms', deliveryDate: '', cartItems, currency: 'NGN' }),
  });
  if (!orderRes.ok) throw new Error(`order/create: ${orderRes.status} ${await orderRes.text()}`);
  const order = ((await orderRes.json()) as { data: { id: string } }).data;
  return {
    name: 'checkout',
    path: `/checkout?orderId=${encodeURIComponent(order.id)}`,
    storage: {
      [STORAGE_KEYS.syncVersion.key]: JSON.stringify(STORAGE_SYNC_VERSION),
      [STORAGE_KEYS.cartItems.key]: JSON.stringify(cartItems),
      [STORAGE_KEYS.orderId.key]: JSON.stringify(order.id),
    },
  };
}

/** The four pages the budgets are set for. */
export async function storePages(baseURL: string): Promise<StorePage[]> {
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/product-category/${CATEGORY_SLUG}` },
    { name: 'product', path: `/product/${PRODUCT_SLUG}` },
    await checkoutPage(baseURL),
  ];
}

/** Put the shopper's local storage into the browser profile, from a page that loads no script. */
async function seedStorage(port: number, baseURL: string, storage: Record<string, string>) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/healthz`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(storage));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run in a fresh Chromium profile: a first visit (Lighthouse clears the cache; it
 * keeps local storage, which is how the checkout's order gets there).
 */
export async function runLighthouse(
  baseURL: string,
  page: StorePage,
  options: { cpuSlowdown?: number } = {},
): Promise<PageFigures & { diagnosis: PageDiagnosis }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROME_FLAGS, ...extraFlags()], logLevel: 'silent' });
  try {
    if (page.storage) await seedStorage(chrome.port, baseURL, page.storage);
    const result = await lighthouse(`${baseURL}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Not needed for the figures, and slow on a small machine.
      disableFullPageScreenshot: true,
      // Merged into the mobile defaults: only the CPU slowdown changes.
      ...(options.cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } }),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? Number.NaN,
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
      tbt: audit('total-blocking-time'),
      speedIndex: audit('speed-index'),
      cls: audit('cumulative-layout-shift'),
      scriptBytes: bytesOf(requests, (r) => r.resourceType === 'Script'),
      scriptFiles: requests.filter((r) => r.resourceType === 'Script').length,
      documentBytes: bytesOf(requests, (r) => r.resourceType === 'Document'),
      totalBytes: bytesOf(requests, () => true),
      mainThread: audit('mainthread-work-breakdown'),
      blockingWholeLoad: blockingOf(((lhr.audits['long-tasks']?.details as TaskItems | undefined)?.items ?? []).map((t) => t.duration ?? 0)),
      diagnosis: diagnose(lhr),
    };
  } finally {
    chrome.kill();
  }
}

type NetworkRequest = { resourceType?: string; transferSize?: number };

/** Each task's time over 50 ms, summed: how TBT weighs tasks, without its window from the first paint. */
export function blockingOf(taskDurations: readonly number[]): number {
  return taskDurations.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
}

function bytesOf(requests: NetworkRequest[], which: (r: NetworkRequest) => boolean): number {
  return requests.filter(which).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

type Details = { items?: { node?: { snippet?: string; selector?: string }; score?: number; items?: { node?: { snippet?: string } }[] }[] };
type TaskItems = { items?: { url?: string; startTime?: number; duration?: number; total?: number; scripting?: number }[] };

/** The last part of a script's path (the file), or what Lighthouse calls a task with no script. */
const fileOf = (url: string | undefined) => (url && /^https?:/.test(url) ? new URL(url).pathname.split('/').pop() || url : url || '?');

function diagnose(lhr: { audits: Record<string, { details?: unknown } | undefined> }): PageDiagnosis {
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as Details | undefined;
  const shifts = lhr.audits['layout-shifts']?.details as Details | undefined;
  const longTasks = (lhr.audits['long-tasks']?.details as TaskItems | undefined)?.items ?? [];
  const bootup = (lhr.audits['bootup-time']?.details as TaskItems | undefined)?.items ?? [];
  return {
    lcpElement: lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? '?',
    layoutShifts: (shifts?.items ?? []).map((s) => `${(s.score ?? 0).toFixed(3)} ${s.node?.selector ?? s.node?.snippet ?? '?'}`),
    longTasks: longTasks.map((t) => `${Math.round(t.startTime ?? 0)}+${Math.round(t.duration ?? 0)} ${fileOf(t.url)}`),
    busiestScripts: bootup.slice(0, 6).map((t) => `${fileOf(t.url)} ${Math.round(t.total ?? 0)}/${Math.round(t.scripting ?? 0)}`),
  };
}

/** The median of each figure over several runs of one page. */
export function medianFigures(runs: readonly PageFigures[]): PageFigures {
  const figures: (keyof PageFigures)[] = ['performance', 'benchmarkIndex', 'cpuSlowdown', 'accessibility', 'lcp', 'fcp', 'tbt', 'speedIndex', 'cls', 'scriptBytes', 'scriptFiles', 'documentBytes', 'totalBytes', 'mainThread', 'blockingWholeLoad'];
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return Object.fromEntries(figures.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as PageFigures;
}
