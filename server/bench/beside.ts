/**
 * `BENCH_BEFORE=<another checkout's server folder> pnpm bench beside`: this checkout's shop and the
 * other one's, side by side in one run — each row sent to one, then the other, in alternating order,
 * BENCH_REPEATS × 2 times — to tell a change from the machine's swings (issue 22). Prints each build's
 * server CPU per answer (median, and every run) and req/s. The other checkout's bench/shop-server.ts is
 * compiled here, so both run on this checkout's npm packages (a git worktree needs only links to
 * node_modules: see BENCHMARKS.md).
 *
 * BENCH_BESIDE_ROWS: which rows (default all of them, comma-separated names as printed).
 */
import path from 'node:path';
import { BENCH, compiled, fmt, load, median, startFile, table, type NamedRequest, type Server } from './lib';
import { B, get, listingMix, searchMix, shopRequests } from './requests';
import { copyOf, removeCopy, seededShop } from './shops';

type Rows = Record<string, NamedRequest[]>;

async function rowsOf(shop: Server): Promise<Rows> {
  const { products, revalidate, loggedIn } = await shopRequests(shop);
  return {
    'category listing': listingMix(),
    'category listing, revalidated (304)': revalidate,
    'product page': products,
    search: searchMix(),
    'handshake, no user': [get(`/v1/storefront/handshake?${B}`)],
    'handshake, with user (never cached)': loggedIn,
  };
}

export async function beside(): Promise<string> {
  const other = process.env.BENCH_BEFORE;
  if (!other) throw new Error('BENCH_BEFORE=<another checkout’s server folder> names the build to measure beside this one');
  console.log(`\n## This shop beside ${other}\n`);
  const builds = [
    { name: 'this checkout', file: await compiled('shop-server.ts') },
    { name: 'before', file: await compiled('shop-server.ts', { serverDir: path.resolve(other), label: 'before' }) },
  ];
  const running: { name: string; server: Server; db: string; rows: Rows }[] = [];
  try {
    for (const build of builds) {
      const db = copyOf(await seededShop(), `beside-${build.name.replace(/\W+/g, '-')}`);
      const server = await startFile(build.name, build.file, [db]);
      running.push({ name: build.name, server, db, rows: await rowsOf(server) });
    }
    const asked = process.env.BENCH_BESIDE_ROWS?.split(',').map((s) => s.trim());
    const names = Object.keys(running[0]!.rows).filter((n) => !asked || asked.includes(n));
    const cpu = new Map<string, number[]>();
    const rps = new Map<string, number[]>();
    for (let round = 0; round < BENCH.repeats * 2; round++) {
      for (const row of names) {
        for (const shop of round % 2 ? [...running].reverse() : running) {
          const result = await load(shop.server, shop.rows[row]!);
          const key = `${row}\n${shop.name}`;
          (cpu.get(key) ?? cpu.set(key, []).get(key)!).push(result.serverCpuUs);
          (rps.get(key) ?? rps.set(key, []).get(key)!).push(result.rps);
          console.log(`  round ${round + 1}: ${row}, ${shop.name}: ${result.serverCpuUs.toFixed(1)} µs per answer, ${fmt.rps(result.rps)} req/s`);
        }
      }
    }
    const lines = names.map((row) => {
      const [now, then] = running.map((s) => cpu.get(`${row}\n${s.name}`)!);
      const [nowRps, thenRps] = running.map((s) => rps.get(`${row}\n${s.name}`)!);
      return [row, fmt.us(median(now!)), fmt.us(median(then!)), `${(((median(now!) - median(then!)) / median(then!)) * 100).toFixed(0)}%`, now!.map((x) => x.toFixed(0)).join(' '), then!.map((x) => x.toFixed(0)).join(' '), fmt.rps(median(nowRps!)), fmt.rps(median(thenRps!))];
    });
    const out = [
      `${BENCH.repeats * 2} runs of ${BENCH.duration} s per row and build, alternating which goes first; server CPU µs per answer (median, then every run).`,
      '',
      table(['scenario', 'this checkout', 'before', 'change', 'this checkout, each run', 'before, each run', 'req/s, this checkout', 'req/s, before'], lines),
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
