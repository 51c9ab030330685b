/**
 * `pnpm bench pages` (issue 16): the server-drawn category page beside the API answer of the same
 * listing and a bare Fastify route, in one run: req/s at 50 connections of the page kept (cached),
 * drawn each time (every cache off) and the page without drawing (SSR=0, the shell alone); and the
 * server time one drawing takes (its Server-Timing), p50 and p99 over sequential uncached draws.
 * Runs against the store's builds (`pnpm build` first), published into the bench database's registry.
 */
import path from 'node:path';
import fs from 'node:fs';
import { BENCH, fmt, load, median, settle, startBare, startShop, table, type LoadResult, type NamedRequest, type Server } from './lib';
import { BENCH_DIR, copyOf, publishBuilds, removeCopy, seededShop } from './shops';

const B = 'business=adire-blooms';
const SLUGS = ['roses', 'all', 'gifts', 'lilies', 'flowers-for-love-birthday-anniversary-etc', 'valentines-day-flowers-and-gifts', 'teddy-bears', 'mothers-day-flowers', 'get-well-soon', 'wine-and-champagne'];
const SORTS = ['', 'sort=price-asc', 'sort=name-asc'];
/** The same listings as pages and as API answers: 10 categories × 2 pages × 3 sorts. */
const LISTINGS = SLUGS.flatMap((slug) => [1, 2].flatMap((page) => SORTS.map((sort) => ({ slug, query: [`page=${page}`, sort].filter(Boolean).join('&') }))));
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'text/html' };

const pageRequests = (): NamedRequest[] => LISTINGS.map((l) => ({ method: 'GET', path: `/product-category/${l.slug}?${l.query}`, headers: BROWSER }));
const apiRequests = (): NamedRequest[] => LISTINGS.map((l) => ({ method: 'GET', path: `/v1/catalog/categories/${l.slug}/products?${B}&${l.query}`, headers: { 'accept-encoding': 'br, gzip' } }));

/** Server time of one drawing each, from the page's Server-Timing, drawn with every cache off. */
async function drawTimes(server: Server, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const request of pageRequests()) {
      const res = await fetch(`${server.base}${request.path}`);
      await res.arrayBuffer();
      const dur = /draw;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
      if (!dur) throw new Error(`${request.path} was not drawn on the server (no Server-Timing): is the store built?`);
      times.push(Number(dur));
    }
  }
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function pages(): Promise<string> {
  console.log('\n## Server-drawn pages beside the API answer of the same listing (same run)\n');
  const file = copyOf(await seededShop(), 'pages');
  // The builds published into this copy's release registry, unpacked into a cache of its own.
  const RELEASES_DIR = path.join(BENCH_DIR, `pages-releases-${process.pid}`);
  await publishBuilds(file, RELEASES_DIR);
  const bare = await startBare();
  const shop = await startShop('shop', file, { RELEASES_DIR });
  const uncached = await startShop('shop, caches off', file, { RELEASES_DIR, RESPONSE_CACHE: '0' });
  const shellOnly = await startShop('shop, SSR=0', file, { RELEASES_DIR, SSR: '0' });
  try {
    // Draws are checked, and warm, before anything is measured.
    const times = await drawTimes(uncached, 3);
    const rows: { name: string; server: Server; requests: NamedRequest[]; results: LoadResult[] }[] = [
      { name: 'bare Fastify JSON route', server: bare, requests: [{ method: 'GET', path: '/' }], results: [] },
      { name: 'category listing API answer (br)', server: shop, requests: apiRequests(), results: [] },
      { name: 'category page, drawn and kept (br)', server: shop, requests: pageRequests(), results: [] },
      { name: 'category page, drawn each time (caches off)', server: uncached, requests: pageRequests(), results: [] },
      { name: 'category page, not drawn (SSR=0)', server: shellOnly, requests: pageRequests(), results: [] },
    ];
    for (const row of rows) await load(row.server, row.requests, { duration: 1 });
    for (let r = 0; r < BENCH.repeats; r++) {
      for (const row of rows) {
        await settle(row.server);
        const result = await load(row.server, row.requests);
        row.results.push(result);
        console.log(`  run ${r + 1}/${BENCH.repeats} ${row.name.padEnd(46)} ${fmt.rps(result.rps).padStart(7)} req/s  p50 ${fmt.ms(result.p50).padStart(5)} ms  p99 ${fmt.ms(result.p99).padStart(5)} ms  errors ${result.errors}`);
      }
    }
    const bareRuns = rows[0]!.results;
    const apiRuns = rows[1]!.results;
    const lines = rows.map((row) => [
      row.name,
      fmt.rps(median(row.results.map((x) => x.rps))),
      fmt.ms(median(row.results.map((x) => x.p50))),
      fmt.ms(median(row.results.map((x) => x.p99))),
      fmt.us(median(row.results.map((x) => x.serverCpuUs))),
      fmt.ratio(median(row.results.map((res, i) => bareRuns[i]!.serverCpuUs / res.serverCpuUs))),
      fmt.ratio(median(row.results.map((res, i) => apiRuns[i]!.serverCpuUs / res.serverCpuUs))),
      String(row.results.reduce((n, x) => n + x.errors, 0)),
    ]);
    const out = [
      `${BENCH.connections} connections, ${BENCH.duration} s per run, medians of ${BENCH.repeats} runs, ${LISTINGS.length} listings (10 categories × 2 pages × 3 sorts) asked as pages (as a browser: brotli) and as API answers. "capacity of …" = that row's server CPU per answer ÷ this row's.`,
      '',
      table(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'capacity of bare', 'capacity of the API answer', 'errors'], lines),
      '',
      `Server time of one drawing (Server-Timing, frame and category region, every cache off, ${times.length} sequential draws): p50 ${fmt.ms(pct(times, 50))} ms, p99 ${fmt.ms(pct(times, 99))} ms, max ${fmt.ms(times.at(-1)!)} ms (budget 100 ms).`,
    ].join('\n');
    console.log(`\n${out}`);
    return out;
  } finally {
    await Promise.all([bare.stop(), shop.stop(), uncached.stop(), shellOnly.stop()]);
    removeCopy(file);
    fs.rmSync(RELEASES_DIR, { recursive: true, force: true });
  }
}
