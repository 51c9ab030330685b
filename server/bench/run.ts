/**
 * The API bench suite (issue 10; not a test): wrk or autocannon on loopback against the real shop running in
 * a child process, printing Markdown tables of medians over several runs.
 *
 *   pnpm bench                 every part below except `catalog` and `images`
 *   pnpm bench reads           shop reads vs a bare Fastify JSON route, measured side by side
 *   pnpm bench orders          order create, update and checkout by 50 concurrent shoppers
 *   pnpm bench scale           listing and search at 1,000 / 20,000 / 100,000 products, server memory
 *   pnpm bench catalog         the older single-connection latency bench (bench/catalog.ts)
 *   pnpm bench images          real photos: the product page's LCP picture before/after variants (bench/images.ts)
 *   pnpm bench pages           the server-drawn category page (kept, drawn each time, SSR=0) beside its API answer (bench/pages.ts)
 *   pnpm bench processes       fresh shop processes one after another: how often one is slow for its whole life
 *   pnpm bench instructions    instructions per answer under valgrind, shop reads beside bare (bench/instructions.ts)
 *   pnpm bench beside          this shop beside another checkout's (BENCH_BEFORE), runs alternating (bench/beside.ts)
 *   pnpm bench peak            Valentine's Day: shoppers' whole journeys against a capacity, two instances behind nginx
 *                              on PostgreSQL, one killed mid-rush (scale/peak.ts; --shoppers 20, --capacity, --now)
 *
 * BENCH_DURATION (s per measurement, 5), BENCH_REPEATS (3), BENCH_CONNECTIONS (50),
 * BENCH_SIZES (1000,20000,100000), BENCH_THINK_MS (100), BENCH_DIR (where built databases are kept),
 * BENCH_PAIRED=1 (reads: each row against a bare run made just before it), BENCH_SLICES=n (reads: each
 * row's run as n one-second slices alternating with bare's), BENCH_LOADER (wrk or autocannon; wrk where
 * it is installed: `apt-get install wrk`).
 */
import { BENCH, fmt, load, loadWatcher, machine, median, pinLoadGenerator, rssMb, settle, shoppers, startBare, startShop, table, type LoadResult, type NamedRequest, type Server } from './lib';
import { images } from './images';
import { instructions } from './instructions';
import { beside } from './beside';
import { pages } from './pages';
import { copyOf, generatedShop, removeCopy, seededShop } from './shops';
import { B, filtersMix, get, json, listingMix, orderRequests, orderSkus, QUERIES, searchMix, shopRequests } from './requests';

/** Order writes: each shopper's mean pause before a request (BENCH_THINK_MS). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);

interface Row {
  name: string;
  server: Server;
  requests: NamedRequest[];
  results: LoadResult[];
  /** BENCH_PAIRED=1: the first row (bare) measured again right before each of this row's runs. */
  paired?: LoadResult[];
}

/**
 * BENCH_PAIRED=1: each row's run is compared with a run of the first row (bare) made just before it,
 * not with the bare run at the start of the round — on a machine whose load swings from one minute
 * to the next (other work on the same cores), the two halves of a ratio then meet the same load.
 */
const PAIRED = process.env.BENCH_PAIRED === '1';

/**
 * BENCH_SLICES=n (reads): each row's run is n one-second slices alternating with n of bare, added up;
 * a swing of the machine's load within a run then falls on both halves of the ratio.
 */
const SLICES = Number(process.env.BENCH_SLICES ?? 0);

/** Slices of one measurement added up: answers and CPU summed, latency as the slices' median. */
function together(parts: LoadResult[]): LoadResult {
  const requests = parts.reduce((n, p) => n + p.requests, 0);
  const cpuUs = parts.reduce((n, p) => n + p.serverCpuUs * p.requests, 0);
  const userUs = parts.reduce((n, p) => n + p.serverUserUs * p.requests, 0);
  const clientUs = parts.reduce((n, p) => n + p.clientCpuUs * p.requests, 0);
  return {
    rps: parts.reduce((n, p) => n + p.rps, 0) / parts.length,
    p50: median(parts.map((p) => p.p50)),
    p99: median(parts.map((p) => p.p99)),
    requests,
    errors: parts.reduce((n, p) => n + p.errors, 0),
    maxRssMb: Math.max(...parts.map((p) => p.maxRssMb)),
    serverCpuUs: cpuUs / Math.max(1, requests),
    serverUserUs: userUs / Math.max(1, requests),
    clientCpuUs: clientUs / Math.max(1, requests),
    byName: parts[0]!.byName,
  };
}

async function measure(rows: Row[], log = console.log): Promise<void> {
  for (const row of rows) await load(row.server, row.requests, { duration: 1 }); // warm-up (JIT, caches)
  for (let r = 0; r < BENCH.repeats; r++) {
    for (const row of rows) {
      if (SLICES > 1 && row !== rows[0]) {
        // One second of bare, one of this row, and again: both halves of the ratio meet the same load.
        await settle(row.server);
        const bareParts: LoadResult[] = [];
        const rowParts: LoadResult[] = [];
        for (let k = 0; k < SLICES; k++) {
          bareParts.push(await load(rows[0]!.server, rows[0]!.requests, { duration: 1 }));
          rowParts.push(await load(row.server, row.requests, { duration: 1 }));
        }
        (row.paired ??= []).push(together(bareParts));
        const result = together(rowParts);
        row.results.push(result);
        log(`  run ${r + 1}/${BENCH.repeats} ${row.name.padEnd(40)} ${fmt.rps(result.rps).padStart(7)} req/s  p50 ${fmt.ms(result.p50).padStart(5)} ms  p99 ${fmt.ms(result.p99).padStart(5)} ms  errors ${result.errors}  (bare beside it ${fmt.rps(row.paired.at(-1)!.rps)} req/s)`);
        continue;
      }
      if (PAIRED && row !== rows[0]) {
        await settle(rows[0]!.server);
        (row.paired ??= []).push(await load(rows[0]!.server, rows[0]!.requests));
      }
      await settle(row.server);
      const result = await load(row.server, row.requests);
      row.results.push(result);
      log(`  run ${r + 1}/${BENCH.repeats} ${row.name.padEnd(40)} ${fmt.rps(result.rps).padStart(7)} req/s  p50 ${fmt.ms(result.p50).padStart(5)} ms  p99 ${fmt.ms(result.p99).padStart(5)} ms  errors ${result.errors}`);
    }
  }
}

// ---- reads vs bare ---------------------------------------------------------------------------------

async function reads(): Promise<string> {
  console.log('\n## Shop reads vs a bare Fastify JSON route (same run, interleaved)\n');
  const file = copyOf(await seededShop(), 'reads');
  const bare = await startBare();
  const shop = await startShop('shop', file);
  const uncached = await startShop('shop, cache off', file, { RESPONSE_CACHE: '0' });
  try {
    const { products, revalidate, loggedIn } = await shopRequests(shop);
    const rows: Row[] = [
      { name: 'bare Fastify JSON route', server: bare, requests: [get('/')], results: [] },
      { name: 'category listing', server: shop, requests: listingMix(), results: [] },
      // What a browser sends: the answer compressed (brotli), made once per answer and kept.
      { name: 'category listing, br (as browsers ask)', server: shop, requests: listingMix().map((r) => ({ ...r, headers: { 'accept-encoding': 'br, gzip' } })), results: [] },
      { name: 'category listing, revalidated (304)', server: shop, requests: revalidate, results: [] },
      { name: 'category listing, cache off', server: uncached, requests: listingMix(), results: [] },
      { name: 'product page', server: shop, requests: products, results: [] },
      { name: 'search', server: shop, requests: searchMix(), results: [] },
      { name: 'filters (search + filter)', server: shop, requests: filtersMix(), results: [] },
      { name: 'categories', server: shop, requests: [get(`/v1/catalog/categories?${B}`)], results: [] },
      { name: 'handshake, no user', server: shop, requests: [get(`/v1/storefront/handshake?${B}`)], results: [] },
      { name: 'handshake, with user (never cached)', server: shop, requests: loggedIn, results: [] },
    ];
    await measure(rows);
    const bareOf = (row: Row) => row.paired ?? rows[0]!.results;
    const lines = rows.map((row) => {
      const ratios = row.results.map((res, i) => res.rps / bareOf(row)[i]!.rps);
      return [
        row.name,
        fmt.rps(median(row.results.map((x) => x.rps))),
        fmt.ms(median(row.results.map((x) => x.p50))),
        fmt.ms(median(row.results.map((x) => x.p99))),
        fmt.ratio(median(ratios)),
        fmt.us(median(row.results.map((x) => x.serverCpuUs))),
        fmt.ratio(median(row.results.map((res, i) => bareOf(row)[i]!.serverCpuUs / res.serverCpuUs))),
        fmt.us(median(row.results.map((x) => x.serverUserUs))),
        fmt.us(median(row.results.map((x) => x.clientCpuUs))),
        String(row.results.reduce((n, x) => n + x.errors, 0)),
        fmt.mb(Math.max(...row.results.map((x) => x.maxRssMb))),
      ];
    });
    const rowOf = (name: string) => rows.find((r) => r.name === name)!;
    const ratioOf = (name: string) => median(rowOf(name).results.map((res, i) => res.rps / bareOf(rowOf(name))[i]!.rps));
    const listingRatio = ratioOf('category listing');
    const browserRatio = ratioOf('category listing, br (as browsers ask)');
    const revalidatedRatio = ratioOf('category listing, revalidated (304)');
    const listingCapacity = median(rowOf('category listing').results.map((res, i) => bareOf(rowOf('category listing'))[i]!.serverCpuUs / res.serverCpuUs));
    // Issue 22: every run, not only the median — each share of bare, by server CPU per answer and by req/s.
    const cpuShares = (row: Row) => row.results.map((res, i) => bareOf(row)[i]!.serverCpuUs / res.serverCpuUs);
    const rpsShares = (row: Row) => row.results.map((res, i) => res.rps / bareOf(row)[i]!.rps);
    const eachRun = rows.slice(1).map((row) => [row.name, cpuShares(row).map(fmt.ratio).join(' / '), rpsShares(row).map(fmt.ratio).join(' / ')]);
    const verdict = (name: string, cpuAtLeast: number, rpsAtLeast: number) => {
      const row = rows.find((r) => r.name === name)!;
      const cpu = Math.min(...cpuShares(row));
      const rps = Math.min(...rpsShares(row));
      return `${name} ${fmt.ratio(cpu)} by CPU and ${fmt.ratio(rps)} by req/s in its worst runs — ${cpu >= cpuAtLeast && rps >= rpsAtLeast ? 'met' : 'NOT met'}`;
    };
    const out = [
      `Load generator: ${BENCH.loader} (BENCH_LOADER), ${BENCH.connections} connections, ${BENCH.duration} s per run, medians of ${BENCH.repeats} runs; "of bare" is the median of the per-run req/s ratios. The load generator shares the machine's 2 cores with the server, so req/s is partly its limit: "load generator CPU µs/req" is its own CPU time per answer (autocannon turns every body into a string; wrk does not keep bodies). "server CPU µs/req" is the server process's own CPU time per answer (from /proc; "of it user" is the part spent in its own code, the rest is the kernel's work for it), and "capacity of bare" = bare's CPU per answer ÷ this one's: the share of bare's req/s the server could answer on the same CPU.`,
      '',
      table(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'of bare', 'server CPU µs/req', 'capacity of bare', 'of it user µs/req', 'load generator CPU µs/req', 'errors', 'server RSS MB'], lines),
      '',
      `Budget: category listing ≥ 50% of bare — plain ${fmt.ratio(listingRatio)} (${listingRatio >= 0.5 ? 'met' : 'NOT met'}), as browsers ask (br) ${fmt.ratio(browserRatio)} (${browserRatio >= 0.5 ? 'met' : 'NOT met'}), revalidated ${fmt.ratio(revalidatedRatio)} (${revalidatedRatio >= 0.5 ? 'met' : 'NOT met'}); by server CPU per answer ${fmt.ratio(listingCapacity)} (${listingCapacity >= 0.5 ? 'met' : 'NOT met'}).`,
      '',
      `Each run, share of bare in the same run (run 1 / run 2 / run 3)${SLICES > 1 ? `, each of ${SLICES} one-second slices alternating with slices of bare (BENCH_SLICES=${SLICES})` : PAIRED ? ', each against a bare run made just before it (BENCH_PAIRED=1)' : ''}:`,
      '',
      table(['scenario', 'by server CPU per answer', 'by req/s'], eachRun),
      '',
      `Budget (issue 22: ≥ 50% by CPU and ≥ 45% by req/s in every run; the logged-in handshake ≥ 25%): ${verdict('category listing', 0.5, 0.45)}; ${verdict('product page', 0.5, 0.45)}; ${verdict('search', 0.5, 0.45)}; ${verdict('handshake, with user (never cached)', 0.25, 0.25)}.`,
    ].join('\n');
    console.log(`\n${out}`);
    return out;
  } finally {
    await Promise.all([bare.stop(), shop.stop(), uncached.stop()]);
    removeCopy(file);
  }
}

// ---- orders ----------------------------------------------------------------------------------------

async function orders(): Promise<string> {
  console.log('\n## Order writes, 50 concurrent shoppers\n');
  const file = copyOf(await seededShop(), 'orders');
  const { steps, cannon } = orderRequests(await orderSkus(file));
  // Each order is a shopper of its own, on an address of their own, as behind the shop's proxy (which
  // the server trusts for X-Forwarded-For): the shop's per-IP mail limit stays as it is in production.
  const shop = await startShop('shop', file, { TRUST_PROXY: '127.0.0.1' });

  const report = (title: string, description: string, results: LoadResult[]) => {
    const lines = ['create', 'update', 'checkout'].map((op) => {
      const runs = results.map((r) => r.byName.get(op)!).filter(Boolean);
      const p99 = median(runs.map((x) => x.p99));
      const errors = runs.reduce((n, x) => n + x.errors, 0);
      return [op, fmt.rps(median(runs.map((x) => x.count / BENCH.duration))), fmt.ms(median(runs.map((x) => x.p50))), fmt.ms(p99), String(errors), p99 <= 50 && errors === 0 ? 'met' : 'NOT met'];
    });
    lines.push(['all three', fmt.rps(median(results.map((x) => x.rps))), fmt.ms(median(results.map((x) => x.p50))), fmt.ms(median(results.map((x) => x.p99))), String(results.reduce((n, x) => n + x.errors, 0)), '']);
    return [`### ${title}`, '', `${description} ${BENCH.duration} s per run, medians of ${BENCH.repeats} runs. Server RSS max ${fmt.mb(Math.max(...results.map((x) => x.maxRssMb)))} MB.`, '', table(['operation', 'per s', 'p50 ms', 'p99 ms', 'errors', 'p99 ≤ 50 ms, no errors'], lines), ''].join('\n');
  };
  try {
    const paced: LoadResult[] = [];
    const saturated: LoadResult[] = [];
    await shoppers(shop, steps, { shoppers: BENCH.connections, thinkMs: THINK_MS, durationS: 1 }); // warm-up
    await load(shop, cannon, { duration: 1 });
    for (let r = 0; r < BENCH.repeats; r++) {
      await settle(shop);
      const a = await shoppers(shop, steps, { shoppers: BENCH.connections, thinkMs: THINK_MS, durationS: BENCH.duration });
      paced.push(a);
      console.log(`  run ${r + 1}/${BENCH.repeats} ${'shoppers, paced'.padEnd(40)} ${fmt.rps(a.rps).padStart(7)} req/s  p50 ${fmt.ms(a.p50).padStart(5)} ms  p99 ${fmt.ms(a.p99).padStart(5)} ms  errors ${a.errors}`);
      await settle(shop);
      const b = await load(shop, cannon);
      saturated.push(b);
      console.log(`  run ${r + 1}/${BENCH.repeats} ${'shoppers, saturated'.padEnd(40)} ${fmt.rps(b.rps).padStart(7)} req/s  p50 ${fmt.ms(b.p50).padStart(5)} ms  p99 ${fmt.ms(b.p99).padStart(5)} ms  errors ${b.errors}`);
    }
    const out = [
      report(
        `${BENCH.connections} shoppers at a brisk pace`,
        `${BENCH.connections} shoppers at once, each on a connection of its own cycling create → update → checkout on an order of its own, pausing a random think time (exponential, mean ${THINK_MS} ms — far quicker than a person) before each request.`,
        paced,
      ),
      report(
        `${BENCH.connections} connections, saturated`,
        `autocannon's closed loop: ${BENCH.connections} connections, each sending its next request the moment the last is answered — the most the server takes; latency here is mostly queueing (Little's law: 50 in flight ÷ throughput).`,
        saturated,
      ),
    ].join('\n');
    console.log(`\n${out}`);
    return out;
  } finally {
    await shop.stop();
    removeCopy(file);
  }
}

// ---- scale -----------------------------------------------------------------------------------------

async function scale(): Promise<string> {
  console.log('\n## Scale: listing and search by catalogue size\n');
  const sizes = (process.env.BENCH_SIZES ?? '1000,20000,100000').split(',').map(Number);
  type Figures = { listing: LoadResult[]; search: LoadResult[]; indexMs: number; idleRssMb: number };
  const figures = new Map<string, Figures>();
  for (const size of sizes) {
    const file = await generatedShop(size);
    for (const mode of ['cached', 'computed'] as const) {
      const server = await startShop(`${size} products`, file, mode === 'computed' ? { RESPONSE_CACHE: '0' } : {});
      try {
        const t = performance.now();
        await json(server, `/v1/catalog/categories?${B}`); // the first call builds the listing index
        const indexMs = performance.now() - t;
        const f: Figures = { listing: [], search: [], indexMs, idleRssMb: rssMb(server.pid) };
        console.log(`  ${size.toLocaleString('en-US')} products, ${mode}: index built in ${(indexMs / 1000).toFixed(1)} s, RSS ${fmt.mb(f.idleRssMb)} MB`);
        const rows: Row[] = [
          { name: `listing, ${size} products, ${mode}`, server, requests: listingMix(), results: f.listing },
          { name: `search, ${size} products, ${mode}`, server, requests: searchMix(), results: f.search },
        ];
        await measure(rows);
        figures.set(`${size}|${mode}`, f);
      } finally {
        await server.stop();
      }
    }
  }
  const lines: string[][] = [];
  for (const size of sizes) {
    for (const mode of ['cached', 'computed'] as const) {
      const f = figures.get(`${size}|${mode}`)!;
      const maxRss = Math.max(...f.listing.map((x) => x.maxRssMb), ...f.search.map((x) => x.maxRssMb));
      lines.push([
        `${size.toLocaleString('en-US')}, ${mode === 'cached' ? 'cache on' : 'cache off'}`,
        `${(f.indexMs / 1000).toFixed(1)} s`,
        fmt.rps(median(f.listing.map((x) => x.rps))),
        fmt.ms(median(f.listing.map((x) => x.p99))),
        fmt.rps(median(f.search.map((x) => x.rps))),
        fmt.ms(median(f.search.map((x) => x.p99))),
        String([...f.listing, ...f.search].reduce((n, x) => n + x.errors, 0)),
        `${fmt.mb(maxRss)}${maxRss <= 250 ? '' : ' (over 250)'}`,
      ]);
    }
  }
  const small = sizes[0]!;
  const big = sizes[sizes.length - 1]!;
  const ratioLines = (['cached', 'computed'] as const).map((mode) => {
    const a = figures.get(`${small}|${mode}`)!;
    const b = figures.get(`${big}|${mode}`)!;
    const listing = median(b.listing.map((x) => x.p99)) / median(a.listing.map((x) => x.p99));
    const search = median(b.search.map((x) => x.p99)) / median(a.search.map((x) => x.p99));
    return [mode === 'cached' ? 'cache on' : 'cache off', fmt.times(listing), fmt.times(search), listing <= 2 && search <= 2 ? 'met' : 'NOT met'];
  });
  const out = [
    `${BENCH.connections} connections, ${BENCH.duration} s per run, medians of ${BENCH.repeats} runs. Listing: ${listingMix().length} category pages (3 pages × 5 sorts of 10 categories, and filtered pages); search: ${QUERIES.length} queries. "cache off" computes every answer (RESPONSE_CACHE=0): the listing index's own scaling.`,
    '',
    table(['products', 'index build', 'listing req/s', 'listing p99 ms', 'search req/s', 'search p99 ms', 'errors', 'max RSS MB'], lines),
    '',
    `p99 at ${big.toLocaleString('en-US')} products over p99 at ${small.toLocaleString('en-US')} (budget ≤ ×2):`,
    '',
    table(['', 'listing', 'search', 'budget'], ratioLines),
  ].join('\n');
  console.log(`\n${out}`);
  return out;
}

// ---- processes ---------------------------------------------------------------------------------------

/**
 * The same shop started afresh, process after process, each warmed by a second of every reads row and
 * then measured: the listing and its 304 by server CPU per answer. Now and then a process is 4–5 µs
 * slower on every answer for its whole life (BENCHMARKS.md, "A slow shop process"); this shows how
 * often (BENCH_PROCESSES, 12).
 */
async function processes(): Promise<string> {
  console.log('\n## Fresh shop processes, one after another\n');
  const count = Number(process.env.BENCH_PROCESSES ?? 12);
  const runs: { listing: number; revalidated: number }[] = [];
  for (let i = 0; i < count; i++) {
    const file = copyOf(await seededShop(), `processes-${i}`);
    const shop = await startShop('shop', file);
    try {
      const { products, revalidate, loggedIn } = await shopRequests(shop);
      const warmUp = [listingMix(), listingMix().map((r) => ({ ...r, headers: { 'accept-encoding': 'br, gzip' } })), revalidate, products, searchMix(), filtersMix(), [get(`/v1/catalog/categories?${B}`)], [get(`/v1/storefront/handshake?${B}`)], loggedIn];
      for (const requests of warmUp) await load(shop, requests, { duration: 1 });
      const listing = (await load(shop, listingMix())).serverCpuUs;
      const revalidated = (await load(shop, revalidate)).serverCpuUs;
      runs.push({ listing, revalidated });
      console.log(`  process ${i + 1}/${count}: listing ${listing.toFixed(1)} µs, revalidated (304) ${revalidated.toFixed(1)} µs per answer`);
    } finally {
      await shop.stop();
      removeCopy(file);
    }
  }
  const typical = median(runs.map((r) => r.listing));
  const slow = runs.filter((r) => r.listing > typical * 1.15);
  const out = [
    `${count} shop processes, each warmed by 1 s of every reads row, then ${BENCH.duration} s of each below (server CPU µs per answer).`,
    '',
    table(['process', 'listing', 'revalidated (304)'], runs.map((r, i) => [String(i + 1), r.listing.toFixed(1), r.revalidated.toFixed(1)])),
    '',
    `Listing median ${typical.toFixed(1)} µs; ${slow.length} of ${count} processes more than 15% above it.`,
  ].join('\n');
  console.log(`\n${out}`);
  return out;
}

// ---- main ------------------------------------------------------------------------------------------

const PARTS: Record<string, () => Promise<string>> = { reads, orders, scale, images, pages, processes, instructions, beside };
const asked = process.argv.slice(2).filter((a) => a !== '--');
if (asked.includes('catalog')) {
  await import('./catalog');
} else if (asked[0] === 'peak') {
  await import('../scale/peak');
} else {
  const names = asked.length ? asked : Object.keys(PARTS).filter((n) => n !== 'images' && n !== 'pages' && n !== 'processes' && n !== 'instructions' && n !== 'beside');
  const unknown = names.filter((n) => !PARTS[n]);
  if (unknown.length) {
    console.error(`Unknown bench part: ${unknown.join(', ')}. Parts: ${[...Object.keys(PARTS), 'catalog'].join(', ')}`);
    process.exit(1);
  }
  pinLoadGenerator();
  console.log(`# API bench\n\n${machine()}\nload generator: ${BENCH.loader} (BENCH_LOADER; wrk from Debian's package where installed, else autocannon)\n${BENCH.pinned ? 'cores: each server on core 0, the load generator on the others (BENCH_PIN)' : 'cores: shared by the servers and the load generator (BENCH_PIN=0, or no taskset)'}`);
  const watcher = loadWatcher();
  for (const name of names) await PARTS[name]!();
  const loadavg = watcher.stop();
  console.log(`\nload average (1 min) during the run: min ${loadavg.min.toFixed(2)}, median ${loadavg.median.toFixed(2)}, max ${loadavg.max.toFixed(2)}`);
}
