/**
 * `pnpm bench instructions`: what each read costs the server in instructions, counted by valgrind's
 * callgrind — the same count for the same build and requests whatever else the machine is doing, so a
 * change of a few percent shows where timed runs on a shared machine swing by more (issue 22). Only
 * the server's own code is counted (node, V8's compiled code, libuv, SQLite), not the kernel's work
 * for its sockets: a ratio of counts is the share of bare the server's own work allows.
 *
 * Each server runs under `valgrind --tool=callgrind` with counting off; every row is first sent
 * BENCH_INSTRUCTIONS_WARM times (the JIT settles), then each row again (a quarter as many) and counting is turned on for
 * BENCH_INSTRUCTIONS_COUNT answers (BENCH_INSTRUCTIONS_CONNECTIONS keep-alive connections at once, so
 * answers share event-loop turns as under load) and read back (`callgrind_control`), BENCH_INSTRUCTIONS_ROUNDS
 * times (3): the fewest is compared, printed with the median and the most.
 *
 * BENCH_INSTRUCTIONS_KEEP=<dir>: each count's callgrind file is kept there (`callgrind_annotate <file>`
 * lists the functions the instructions went to: a profile that is the same from run to run).
 *
 * BENCH_BEFORE=<another checkout's server folder>: its shop measured beside this one (its bench's
 * shop-server.ts compiled here, so it runs on this checkout's npm packages), on the seeded shop its own
 * seed command makes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { compiled, fmt, median, startFile, table, type NamedRequest, type Server } from './lib';
import { B, get, listingMix, searchMix, shopRequests } from './requests';
import { copyOf, removeCopy, seededShop, seededShopOf } from './shops';

const WARM = Number(process.env.BENCH_INSTRUCTIONS_WARM ?? 3000);
const COUNT = Number(process.env.BENCH_INSTRUCTIONS_COUNT ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_INSTRUCTIONS_CONNECTIONS ?? 10);
/**
 * Counts per row. The JIT compiling on its threads, or a collection of the old generation, when one falls
 * in a count, adds to it (up to three times the fewest, seen): the fewest is the answers' own cost.
 */
const ROUNDS = Number(process.env.BENCH_INSTRUCTIONS_ROUNDS ?? 3);

/** Send `count` requests, cycling through `requests`, over `connections` keep-alive connections. */
export async function send(server: Server, requests: NamedRequest[], count: number, connections = CONNECTIONS): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let turn = 0;
  const one = (r: NamedRequest) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(`${server.base}${r.path}`, { method: r.method ?? 'GET', headers: r.headers as http.OutgoingHttpHeaders, agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode! < 400 ? resolve() : reject(new Error(`${r.path} → ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(r.body);
    });
  const worker = async () => {
    while (turn < count) await one(requests[turn++ % requests.length]!);
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
}

interface Counted {
  server: Server;
  /** Where callgrind writes its dumps for this server. */
  dir: string;
}

async function underCallgrind(name: string, file: string, args: string[]): Promise<Counted> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-callgrind-'));
  const server = await startFile(name, file, args, {}, [], ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${dir}/cg.out`]);
  return { server, dir };
}

interface Counts {
  median: number;
  min: number;
  max: number;
}

/** `ROUNDS` counts of one row. */
async function counts(counted: Counted, requests: NamedRequest[], label: string): Promise<Counts> {
  const each: number[] = [];
  for (let i = 0; i < ROUNDS; i++) each.push(await count(counted, requests, `${label}-${i + 1}`));
  return { median: median(each), min: Math.min(...each), max: Math.max(...each) };
}

const KEEP = process.env.BENCH_INSTRUCTIONS_KEEP;

/** Instructions per answer for one row: counting on, `COUNT` answers, a dump, counting off. */
async function count({ server, dir }: Counted, requests: NamedRequest[], label: string): Promise<number> {
  const control = (...args: string[]) => execFileSync('callgrind_control', [...args, String(server.pid)], { stdio: 'ignore' });
  const before = new Set(fs.readdirSync(dir));
  control('-z');
  control('-i', 'on');
  await send(server, requests, COUNT);
  control('-d');
  control('-i', 'off');
  const dump = fs.readdirSync(dir).find((f) => !before.has(f));
  if (!dump) throw new Error(`callgrind wrote no dump in ${dir}`);
  const text = fs.readFileSync(path.join(dir, dump), 'utf8');
  if (KEEP) {
    fs.mkdirSync(KEEP, { recursive: true });
    fs.writeFileSync(path.join(KEEP, `${label.replace(/\W+/g, '-')}.${dump}.callgrind`), text);
  }
  const totals = /^totals:\s+(\d+)/m.exec(text);
  if (!totals) throw new Error(`no totals in ${dump}`);
  return Number(totals[1]) / COUNT;
}

const spread = (c: Counts) => `${fmt.rps(c.min)} (median ${fmt.rps(c.median)}, most ${fmt.rps(c.max)})`;

type Scenario = { name: string; requests: NamedRequest[] };

async function shopScenarios(shop: Server): Promise<Scenario[]> {
  const { products, revalidate, loggedIn } = await shopRequests(shop);
  return [
    { name: 'category listing', requests: listingMix() },
    { name: 'category listing, br (as browsers ask)', requests: listingMix().map((r) => ({ ...r, headers: { 'accept-encoding': 'br, gzip' } })) },
    { name: 'category listing, revalidated (304)', requests: revalidate },
    { name: 'product page', requests: products },
    { name: 'search', requests: searchMix() },
    { name: 'handshake, no user', requests: [get(`/v1/storefront/handshake?${B}`)] },
    { name: 'handshake, with user (never cached)', requests: loggedIn },
  ];
}

/** Every row warmed, then each counted, on `db` (a copy of the seeded shop, or another checkout's own). */
async function measureShop(name: string, file: string, db: string): Promise<Map<string, Counts>> {
  const counted = await underCallgrind(name, file, [db]);
  try {
    const scenarios = await shopScenarios(counted.server);
    for (const s of scenarios) await send(counted.server, s.requests, WARM);
    const out = new Map<string, Counts>();
    for (const s of scenarios) {
      await send(counted.server, s.requests, Math.ceil(WARM / 4)); // the row's own path hot again
      out.set(s.name, await counts(counted, s.requests, `${name} ${s.name}`));
      console.log(`  ${name}: ${s.name} ${spread(out.get(s.name)!)} instructions per answer`);
    }
    return out;
  } finally {
    await counted.server.stop();
    removeCopy(db);
    fs.rmSync(counted.dir, { recursive: true, force: true });
  }
}

export async function instructions(): Promise<string> {
  console.log('\n## Instructions per answer (valgrind callgrind)\n');
  const before = process.env.BENCH_BEFORE;
  const bare = await underCallgrind('bare Fastify', await compiled('bare-server.ts'), []);
  let bareIr: Counts;
  try {
    await send(bare.server, [get('/')], WARM * 8); // as many as the shop's rows get before theirs are counted
    bareIr = await counts(bare, [get('/')], 'bare');
    console.log(`  bare Fastify JSON route: ${spread(bareIr)} instructions per answer`);
  } finally {
    await bare.server.stop();
    fs.rmSync(bare.dir, { recursive: true, force: true });
  }
  const now = await measureShop('shop', await compiled('shop-server.ts'), copyOf(await seededShop(), 'instructions-shop'));
  // The other build on the seeded shop its own seed command makes (it may not know this one's migrations).
  const then = before ? await measureShop('shop before', await compiled('shop-server.ts', { serverDir: path.resolve(before), label: 'before' }), seededShopOf(path.resolve(before), 'instructions-shop-before')) : undefined;
  const share = (ir: Counts) => fmt.ratio(bareIr.min / ir.min);
  const rows = [['bare Fastify JSON route', spread(bareIr), '100%', ...(then ? [spread(bareIr), '100%', ''] : [])]];
  for (const [name, ir] of now) {
    const was = then?.get(name);
    rows.push([name, spread(ir), share(ir), ...(then ? [was ? spread(was) : '', was ? share(was) : '', was ? `${(((ir.min - was.min) / was.min) * 100).toFixed(1)}%` : ''] : [])]);
  }
  const out = [
    `${WARM} answers per row to warm up, then ${COUNT} counted ${ROUNDS} times, ${CONNECTIONS} connections at once; instructions the server ran per answer, the fewest of the counts (median and most beside it: the JIT compiling, or an old-generation collection, falling in a count adds to it), in its own code only (user space: node, V8's compiled code and its compiler, libuv, SQLite); share of bare = bare's fewest ÷ this one's.${then ? ` "before": the shop of ${before}.` : ''}`,
    '',
    table(['scenario', 'instructions per answer', 'share of bare', ...(then ? ['before', 'before: share of bare', 'change'] : [])], rows),
  ].join('\n');
  console.log(`\n${out}`);
  return out;
}
