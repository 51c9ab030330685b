/**
 * `BENCH_BEFORE=<another checkout's server folder> pnpm bench beside`: this checkout's shop and the
 * other one's, side by side in one run — each row sent to one, then the other, in alternating order,
 * BENCH_REPEATS × 2 times — to tell a change from the machine's swings (issue 22). Prints each build's
 * server CPU per answer (median, and every run), req/s, p50 and errors. The other checkout's
 * bench/shop-server.ts is compiled here, so both run on this checkout's npm packages (a git worktree
 * needs only links to node_modules: see BENCHMARKS.md).
 *
 * Rows: the reads (`pnpm bench reads`' shop rows) and the order writes (`pnpm bench orders`: 50
 * shoppers at a brisk pace, and saturated). Each build runs on the seeded shop its own migrations and
 * seed make (the other's seed command, run from its folder: an older build cannot open this one's
 * database); the order rows add orders to each, run after run, alike on both sides.
 *
 * BENCH_BESIDE_ROWS: which rows (default all of them, comma-separated names as printed).
 */
import path from 'node:path';
import { BENCH, compiled, fmt, load, median, shoppers, startFile, table, type LoadResult, type Server } from './lib';
import { B, get, listingMix, orderRequests, orderSkus, searchMix, shopRequests, typoSearchMix } from './requests';
import { copyOf, removeCopy, seededShop, seededShopOf } from './shops';

/** Each row: one measurement against its shop. */
type Rows = Record<string, () => Promise<LoadResult>>;

/** Order writes' think time, as `pnpm bench orders` (BENCH_THINK_MS). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);

async function rowsOf(shop: Server, db: string): Promise<Rows> {
  const { products, revalidate, loggedIn } = await shopRequests(shop);
  const orders = orderRequests(await orderSkus(db));
  const reads = {
    'category listing': listingMix(),
    'category listing, revalidated (304)': revalidate,
    'product page': products,
    search: searchMix(),
    'search with typos': typoSearchMix(),
    'handshake, no user': [get(`/v1/storefront/handshake?${B}`)],
    'handshake, with user (never cached)': loggedIn,
  };
  return {
    ...Object.fromEntries(Object.entries(reads).map(([name, requests]) => [name, () => load(shop, requests)])),
    'orders at a brisk pace (50 shoppers)': () => shoppers(shop, orders.steps, { shoppers: BENCH.connections, thinkMs: THINK_MS, durationS: BENCH.duration }),
    'orders saturated (50 connections)': () => load(shop, orders.cannon),
  };
}

export async function beside(): Promise<string> {
  const other = process.env.BENCH_BEFORE;
  if (!other) throw new Error('BENCH_BEFORE=<another checkout’s server folder> names the build to measure beside this one');
  console.log(`\n## This shop beside ${other}\n`);
  // Each build on the seeded shop its own migrations and seed make (the other may not know this one's migrations).
  const builds = [
    { name: 'this checkout', file: await compiled('shop-server.ts'), db: async () => copyOf(await seededShop(), 'beside-this-checkout') },
    { name: 'before', file: await compiled('shop-server.ts', { serverDir: path.resolve(other), label: 'before' }), db: async () => seededShopOf(path.resolve(other), 'beside-before') },
  ];
  const running: { name: string; server: Server; db: string; rows: Rows }[] = [];
  try {
    for (const build of builds) {
      const db = await build.db();
      // The order rows' shoppers each check out from an address of their own, behind a trusted proxy.
      const server = await startFile(build.name, build.file, [db], { TRUST_PROXY: '127.0.0.1' }).catch((err: unknown) => {
        removeCopy(db); // a build that does not start leaves no database behind
        throw err;
      });
      running.push({ name: build.name, server, db, rows: await rowsOf(server, db) });
    }
    const asked = process.env.BENCH_BESIDE_ROWS?.split(',').map((s) => s.trim());
    const names = Object.keys(running[0]!.rows).filter((n) => !asked || asked.includes(n));
    const cpu = new Map<string, number[]>();
    const rps = new Map<string, number[]>();
    const p50 = new Map<string, number[]>();
    const errors = new Map<string, number>();
    for (let round = 0; round < BENCH.repeats * 2; round++) {
      for (const row of names) {
        for (const shop of round % 2 ? [...running].reverse() : running) {
          const result = await shop.rows[row]!();
          const key = `${row}\n${shop.name}`;
          (cpu.get(key) ?? cpu.set(key, []).get(key)!).push(result.serverCpuUs);
          (rps.get(key) ?? rps.set(key, []).get(key)!).push(result.rps);
          (p50.get(key) ?? p50.set(key, []).get(key)!).push(result.p50);
          errors.set(key, (errors.get(key) ?? 0) + result.errors);
          console.log(`  round ${round + 1}: ${row}, ${shop.name}: ${result.serverCpuUs.toFixed(1)} µs per answer, ${fmt.rps(result.rps)} req/s, p50 ${fmt.ms(result.p50)} ms, errors ${result.errors}`);
        }
      }
    }
    const lines = names.map((row) => {
      const [now, then] = running.map((s) => cpu.get(`${row}\n${s.name}`)!);
      const [nowRps, thenRps] = running.map((s) => rps.get(`${row}\n${s.name}`)!);
      const [nowP50, thenP50] = running.map((s) => p50.get(`${row}\n${s.name}`)!);
      const [nowErrors, thenErrors] = running.map((s) => errors.get(`${row}\n${s.name}`)!);
      return [row, fmt.us(median(now!)), fmt.us(median(then!)), `${(((median(now!) - median(then!)) / median(then!)) * 100).toFixed(0)}%`, now!.map((x) => x.toFixed(0)).join(' '), then!.map((x) => x.toFixed(0)).join(' '), fmt.rps(median(nowRps!)), fmt.rps(median(thenRps!)), fmt.ms(median(nowP50!)), fmt.ms(median(thenP50!)), `${nowErrors} / ${thenErrors}`];
    });
    const out = [
      `${BENCH.repeats * 2} runs of ${BENCH.duration} s per row and build, alternating which goes first; server CPU µs per answer (median, then every run).`,
      '',
      table(['scenario', 'this checkout', 'before', 'change', 'this checkout, each run', 'before, each run', 'req/s, this checkout', 'req/s, before', 'p50 ms, this checkout', 'p50 ms, before', 'errors'], lines),
    ].join('\n');
    console.log(`\n${out}`);
    return out;
  } finally {
    for (const shop of running) {
      await shop.server.stop();
      removeCopy(shop.db);
    }
  }
}
