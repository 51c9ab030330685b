/**
 * `pnpm bench peak [--shoppers 50] [--capacity 300|none] [--now <ISO instant>] [--side 4] [--no-kill] [--profile <dir>]`
 * (issue 29, item 6): Valentine's Day on the `pnpm scale` set-up — two instances of the production
 * server behind nginx on one PostgreSQL (DATABASE_URL, a database it may fill; else TEST_DATABASE_URL's
 * server; else a throw-away cluster started by scripts/with-postgres.sh).
 *
 * A capacity (300) is set for delivery in Lagos on the peak date — 14 February of the year after "now"
 * (`--now` injects it; the instances themselves run on the real clock, and a date over a month ahead has
 * no same-day cutoff, and the bench checks that the day is open before the rush). Each simulated shopper
 * (50, or `--shoppers 20`) signs up once, then runs the whole journey again and again as fast as answers
 * come: handshake, listing, product, cart update, create order, checkout for the date (delivery in
 * Lagos), choose the card payment, the provider's hosted sandbox page, its form posted (Pay) — the
 * sandbox books the payment and sends the shop its signed webhook itself, as the provider does, before
 * it returns the shopper — and the return to the shop. A shopper stops when the checkout answers
 * 409 DAY_FULL. Half-way through, instance b is killed with SIGKILL and started again. Meanwhile a side
 * load (wrk, `--side` connections; 0: none) asks for category listings.
 *
 * Printed: per step req/s and p50/p95/p99; checkouts accepted for the date against the capacity (OK or
 * MISMATCH, from the shoppers' answers and from the database); shoppers refused with DAY_FULL; every
 * other error by step and status; acknowledged orders and payments lost (every one checked in the
 * database); the side load's req/s; the CPU each process used; whole journeys per second.
 *
 * `--profile <dir>`: instance a writes a V8 CPU profile there when it stops (`node --import tsx
 * bench/profile-top.ts <file>` lists where it spent its time), and PostgreSQL's sessions are sampled
 * every 20 ms during the rush: what each was doing or waiting for (lock, I/O, the client), by query.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { capacityVerdict, errorsByStatus, journeysPerSecond, parseProcStat, peakDate, stepFigures, treeTicks, type ProcStat } from './peak-stats';
import type { NamedRequest } from '../bench/lib';
import { addressOf, codeOf, dataOf, lagosCheckout, phoneOf, Shopper, type Answer } from './shopper';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = path.resolve(here, '..');
const ROOT = path.resolve(SERVER_DIR, '..');

// ---- arguments -------------------------------------------------------------------------------------

const argv = process.argv.slice(2).filter((a) => a !== '--' && a !== 'peak');
const flag = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const SHOPPERS = Number(flag('shoppers') ?? process.env.BENCH_PEAK_SHOPPERS ?? 50);
const CAPACITY_ARG = flag('capacity') ?? '300';
const SIDE_CONNECTIONS = Number(flag('side') ?? 4);
const KILL = !argv.includes('--no-kill');
const PROFILE = flag('profile') ? path.resolve(flag('profile')!) : undefined;
const NOW = flag('now') ? new Date(flag('now')!) : new Date();
/** The rush stops here whatever happened (a server that never says DAY_FULL must not run forever). */
const MAX_RUSH_S = Number(process.env.BENCH_PEAK_MAX_S ?? 600);
if (!Number.isInteger(SHOPPERS) || SHOPPERS < 1 || Number.isNaN(NOW.getTime()) || !/^(\d+|none)$/.test(CAPACITY_ARG)) {
  console.error('usage: pnpm bench peak [--shoppers 50] [--capacity 300|none] [--now <ISO instant>] [--side 4] [--no-kill] [--profile <dir>]');
  process.exit(1);
}

// No PostgreSQL named: run again under a throw-away cluster.
if (!process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL) {
  const again = spawnSync('bash', [path.join(ROOT, 'scripts', 'with-postgres.sh'), process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), ...argv], { stdio: 'inherit', cwd: SERVER_DIR });
  process.exit(again.status ?? 1);
}

// Every process of the rush shares every core, as on one machine in production: bench/lib pins only what
// a bench part asks it to (pinLoadGenerator), which the rush never does.
const { BENCH, fmt, load, loadWatcher, machine, table } = await import('../bench/lib');
const { createTestDatabase, freePort } = await import('../test/helpers');
const { prepare, startInstance, startNginx } = await import('./cluster');

// ---- CPU from /proc ----------------------------------------------------------------------------------

const TICK_MS = 10;
function processes(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const s = parseProcStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (s) out.push(s);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
const treeMs = (pid: number | undefined, stats = processes()) => (pid ? treeTicks(pid, stats) * TICK_MS : Number.NaN);

// ---- the run -----------------------------------------------------------------------------------------

const business = 'adire-blooms';
const B = `business=${business}`;
const date = peakDate(NOW);
const warmDate = `${date.slice(0, 8)}15`;
const capacity = CAPACITY_ARG === 'none' ? null : Number(CAPACITY_ARG);
/** Without a capacity the rush ends after this many acknowledged checkouts. */
const target = capacity ?? 300;

const database = process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, drop: async () => {} } : await createTestDatabase();
const databaseUrl = database.databaseUrl!;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-peak-'));
const nginxPort = await freePort();
const publicUrl = `http://127.0.0.1:${nginxPort}`;
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', PUBLIC_URL: publicUrl, LOG_LEVEL: 'error' };
delete env.SQLITE_FILE;

const settings = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/settings.ts', ...args], { cwd: SERVER_DIR, env: { ...env, NODE_ENV: '' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

console.log(`# Peak day: ${date}, delivery in Lagos, ${capacity ?? 'no'} capacity, ${SHOPPERS} shoppers, two instances behind nginx on PostgreSQL (issue 29)\n\n${machine()}\nuptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}\n`);
prepare(env);
let capacitySet = false;
if (capacity !== null) {
  try {
    console.log(settings('set-capacity', date, String(capacity), '--location', 'lagos'));
    capacitySet = true;
  } catch (err) {
    const said = String((err as { stderr?: string }).stderr ?? (err as Error).message).trim();
    const line = said.split('\n').find((l) => /error/i.test(l)) ?? said.split('\n')[0];
    console.log(`The capacity could not be set (${line}): the rush runs without one and stops after ${target} acknowledged checkouts; no capacity verdict, and the bench fails.`);
  }
}

const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const products = (
  await db.query<{ sku: string; slug: string }>(`SELECT sku, slug FROM product WHERE in_stock = 1 AND stock IS NULL AND price_ngn > 0 ORDER BY position LIMIT 8`)
).rows;
if (!products.length) throw new Error('no product to sell in the seeded catalogue');
const SLUGS = ['roses', 'all', 'gifts', 'lilies', 'teddy-bears', 'mothers-day-flowers', 'get-well-soon', 'wine-and-champagne'];
/** PostgreSQL's postmaster (its backends are its children), when it runs on this machine. */
let postgresPid: number | undefined;
try {
  const backend = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  postgresPid = processes().find((p) => p.pid === backend)?.ppid;
} catch {
  postgresPid = undefined;
}

if (PROFILE) fs.mkdirSync(PROFILE, { recursive: true });
const execArgvOf = (name: string) => (PROFILE && name === 'a' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []);
let [a, b] = await Promise.all(['a', 'b'].map(async (name) => startInstance({ name, port: await freePort(), workDir: work, env, execArgv: execArgvOf(name), log: (l) => console.log(l) })));
const nginx = await startNginx({ port: nginxPort, upstreams: [a!.port, b!.port], workDir: work, log: (l) => console.log(l) });

// The day must be open, with the whole capacity left, before the rush (no order-by time, no cutoff, not closed).
{
  const days = await fetch(`${nginx.base}/v1/storefront/delivery-days?${B}&from=${date}&days=1&location=lagos`);
  if (days.status === 200) {
    const day = ((await days.json()) as { data: { date: string; open: boolean; reason?: string; remaining?: number }[] }).data[0];
    console.log(`delivery-days for ${date} in Lagos before the rush: ${JSON.stringify(day)}`);
    if (!day?.open || (capacitySet && day.remaining !== capacity)) throw new Error(`${date} is not open with ${capacity} places left: ${JSON.stringify(day)}`);
  } else {
    console.log(`GET /v1/storefront/delivery-days answered ${days.status}: the day's openness is not checked before the rush.`);
  }
}

// ---- shoppers ----------------------------------------------------------------------------------------

const STEPS = ['handshake', 'listing', 'product', 'cart update', 'create order', 'checkout', 'choose card payment', 'sandbox page', 'pay (sandbox + its webhook)', 'return to the shop'] as const;
type Step = (typeof STEPS)[number];

interface Tally {
  latencies: Map<Step, number[]>;
  errors: { step: string; status: number }[];
  dayFull: number;
  journeys: number;
  journeyMs: number[];
  /** Checkouts answered 200 for the date: order id → what the shopper was told. */
  checkouts: Map<string, { orderNumber: string; total: number }>;
  /** Payments the provider's page said were paid (its 303): order id → reference. */
  payments: Map<string, string>;
  inFlight: number;
}
const newTally = (): Tally => ({ latencies: new Map(STEPS.map((s) => [s, []])), errors: [], dayFull: 0, journeys: 0, journeyMs: [], checkouts: new Map(), payments: new Map(), inFlight: 0 });
let tally = newTally();
let journeyCount = 0;
const runId = Date.now().toString(36);

async function timed(shopper: Shopper, step: Step, ok: (a: Answer) => boolean, method: string, url: string, options: Parameters<Shopper['send']>[2] = {}): Promise<Answer> {
  tally.inFlight++;
  const answer = await shopper.send(method, url, options);
  tally.inFlight--;
  tally.latencies.get(step)!.push(answer.ms);
  if (!ok(answer) && !(step === 'checkout' && codeOf(answer) === 'DAY_FULL')) tally.errors.push({ step, status: answer.status });
  return answer;
}

/** A step sent again (up to 4 times) until it succeeds, as a shopper clicks again; the last answer. */
async function retried(shopper: Shopper, step: Step, ok: (a: Answer) => boolean, method: string, url: string, options: Parameters<Shopper['send']>[2] = {}, stop = (_: Answer) => false): Promise<Answer> {
  let answer!: Answer;
  for (let i = 0; i < 4; i++) {
    answer = await timed(shopper, step, ok, method, url, options);
    if (ok(answer) || stop(answer)) break;
  }
  return answer;
}

const is = (...statuses: number[]) => (a: Answer) => statuses.includes(a.status);
const br = { 'accept-encoding': 'br, gzip' };

/** One whole journey for `day`; 'full' when the checkout said DAY_FULL. */
async function journey(shopper: Shopper, day: string, onCheckout: () => void): Promise<'done' | 'full' | 'failed'> {
  const n = ++journeyCount;
  const started = performance.now();
  const product = products[n % products.length]!;
  const ip = { 'x-forwarded-for': addressOf(n) };
  await timed(shopper, 'handshake', is(200), 'GET', `/v1/storefront/handshake?${B}`, { headers: br });
  await timed(shopper, 'listing', is(200, 304), 'GET', `/v1/catalog/categories/${SLUGS[n % SLUGS.length]}/products?${B}&page=1`, { headers: br });
  await timed(shopper, 'product', is(200), 'GET', `/v1/catalog/products/${product.slug}?${B}`, { headers: br });
  const cartItems = [{ SKU: product.sku, quantity: 1 }];
  await timed(shopper, 'cart update', is(200), 'PUT', `/v1/cart-item/update?${B}`, { body: JSON.stringify({ business, cartItems }) });
  const created = await retried(shopper, 'create order', is(201), 'POST', '/v1/orders/order/create', { body: JSON.stringify({ business, currency: 'NGN', deliveryDate: day, cartItems }) });
  const id = dataOf<{ id: string }>(created)?.id;
  if (created.status !== 201 || !id) return 'failed';
  const checkout = await retried(shopper, 'checkout', is(200), 'PUT', `/v1/orders/order/checkout-order/${id}`, { body: lagosCheckout(day, { name: 'Ada Obi', email: `peak-${runId}-${n}@example.com`, phone: phoneOf(n) }), headers: ip }, (a) => codeOf(a) === 'DAY_FULL' || a.status === 409);
  if (codeOf(checkout) === 'DAY_FULL') {
    tally.dayFull++;
    return 'full';
  }
  if (checkout.status !== 200) return 'failed';
  const order = dataOf<{ order: { orderNumber: string; total: number } }>(checkout)!.order;
  if (day === date) {
    tally.checkouts.set(id, { orderNumber: order.orderNumber, total: order.total });
    onCheckout();
  }
  const payment = await retried(shopper, 'choose card payment', is(200), 'PUT', `/v1/orders/order/update-payment-details/${id}`, { body: JSON.stringify({ business, currency: 'NGN', paymentMethod: 'cardProvider' }) });
  const hosted = dataOf<{ url?: string; reference?: string }>(payment);
  if (payment.status !== 200 || !hosted?.url) return 'failed';
  const page = new URL(hosted.url).pathname;
  await retried(shopper, 'sandbox page', is(200), 'GET', page);
  // The form posted as a browser posts it; after a failed post the shopper reloads the page: still
  // pending, they press Pay again; already paid, they follow its link back to the shop.
  let back: string | undefined;
  for (let i = 0; i < 4 && !back; i++) {
    const paid = await timed(shopper, 'pay (sandbox + its webhook)', is(303), 'POST', page, { body: 'outcome=pay', kind: 'form' });
    if (paid.status === 303) back = paid.headers.location;
    else {
      const again = await timed(shopper, 'sandbox page', is(200), 'GET', page);
      const link = /<a href="([^"]+)">Back to Adire Blooms<\/a>/.exec(again.body)?.[1];
      if (link) back = new URL(link.replaceAll('&amp;', '&'), publicUrl).pathname + new URL(link.replaceAll('&amp;', '&'), publicUrl).search;
    }
  }
  if (!back) return 'failed';
  if (day === date) tally.payments.set(id, hosted.reference ?? '');
  const returned = await retried(shopper, 'return to the shop', is(303), 'GET', back);
  if (returned.status !== 303) return 'failed';
  tally.journeys++;
  tally.journeyMs.push(performance.now() - started);
  return 'done';
}

const shoppers = Array.from({ length: SHOPPERS }, () => new Shopper(nginx.base));

// Each shopper signs up (a returning customer, logged in: the cart is saved on the server), then one
// whole journey for the day after the peak warms both instances (not counted).
console.log(`\nSigning up ${SHOPPERS} shoppers and warming up (one journey each for ${warmDate}, not counted)…`);
await Promise.all(
  shoppers.map(async (shopper, i) => {
    const signed = await shopper.send('POST', '/v1/storefront/auth/signup', {
      body: JSON.stringify({ business, email: `peak-shopper-${runId}-${i}@example.com`, password: 'Valentine-2027-roses', name: `Peak Shopper ${i}` }),
      headers: { 'x-forwarded-for': addressOf(1_000_000 + i) },
    });
    shopper.token = dataOf<{ authToken: string }>(signed)?.authToken ?? null;
    if (!shopper.token) throw new Error(`sign-up answered ${signed.status}: ${signed.body.slice(0, 200)}`);
    const warm = await journey(shopper, warmDate, () => {});
    if (warm !== 'done') throw new Error(`the warm-up journey ended '${warm}': ${JSON.stringify(errorsByStatus(tally.errors))}`);
  }),
);
console.log(`warm-up: ${tally.journeys} journeys, errors ${JSON.stringify(errorsByStatus(tally.errors))}`);
tally = newTally();

// ---- the rush ----------------------------------------------------------------------------------------

const watch = loadWatcher();
const loadStart = os.loadavg()[0]!;
const killAt = Math.floor(target / 2);
const kill: { at?: number; inFlight?: number; checkouts?: number; restartMs?: number; bMs?: number; restarted?: Promise<void> } = {};
const pids = () => ({ a: a!.process.pid!, b: b!.process.pid!, nginx: nginx.pid, postgres: postgresPid });
const cpuStart = (() => {
  const s = processes();
  const p = pids();
  return { a: treeMs(p.a, s), b: treeMs(p.b, s), nginx: treeMs(p.nginx, s), postgres: treeMs(p.postgres, s), own: process.cpuUsage() };
})();
const rushStarted = performance.now();
const deadline = Date.now() + MAX_RUSH_S * 1000;
let rushDone = false;

function onCheckout() {
  if (!KILL || kill.at !== undefined || tally.checkouts.size < killAt) return;
  kill.bMs = treeMs(b!.process.pid!) - cpuStart.b;
  kill.inFlight = tally.inFlight;
  kill.checkouts = tally.checkouts.size;
  kill.at = performance.now() - rushStarted;
  b!.kill();
  const restarting = performance.now();
  kill.restarted = startInstance({ name: 'b', port: b!.port, workDir: work, env, log: (l) => console.log(l) }).then((again) => {
    b = again;
    kill.restartMs = performance.now() - restarting;
  });
}

async function rush(shopper: Shopper) {
  while (!rushDone && Date.now() < deadline) {
    if (capacity === null || !capacitySet) {
      if (tally.checkouts.size >= target) return;
    }
    const outcome = await journey(shopper, date, onCheckout);
    if (outcome === 'full') return;
  }
}

// The side load: category listings through nginx, in one-second wrk runs until the rush is over.
const side: { requests: number; seconds: number; errors: number; p99: number[]; cpuMs: number } = { requests: 0, seconds: 0, errors: 0, p99: [], cpuMs: 0 };
const listings: NamedRequest[] = SLUGS.map((slug) => ({ method: 'GET', path: `/v1/catalog/categories/${slug}/products?${B}&page=1`, headers: br }));
const sideLoad = (async () => {
  while (!rushDone && SIDE_CONNECTIONS > 0) {
    const r = await load({ name: 'nginx', base: nginx.base, pid: a!.process.pid!, stop: async () => {} }, listings, { duration: 1, connections: SIDE_CONNECTIONS });
    side.requests += r.requests;
    side.seconds += 1;
    side.errors += r.errors;
    side.p99.push(r.p99);
    side.cpuMs += (r.clientCpuUs * r.requests) / 1000;
  }
})();

// --profile: what PostgreSQL's sessions were doing, sampled every 20 ms (the bench's own excluded).
const waits = new Map<string, number>();
let samples = 0;
const sampler = (async () => {
  if (!PROFILE) return;
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  const tick = () => new Promise((r) => setTimeout(r, 20));
  while (!rushDone) {
    const rows = (
      await probe.query<{ state: string | null; wait: string | null; query: string }>(
        `SELECT state, wait_event_type || ':' || wait_event AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      )
    ).rows;
    samples++;
    for (const r of rows) {
      if (r.state === 'idle') continue;
      const key = `${r.state} | ${r.wait ?? 'CPU'} | ${r.query}`;
      waits.set(key, (waits.get(key) ?? 0) + 1);
    }
    await tick();
  }
  await probe.end();
})();

await Promise.all(shoppers.map(rush));
const rushMs = performance.now() - rushStarted;
const cpuEnd = (() => {
  const s = processes();
  const p = pids();
  return { a: treeMs(p.a, s), b: treeMs(p.b, s), nginx: treeMs(p.nginx, s), postgres: treeMs(p.postgres, s), own: process.cpuUsage(cpuStart.own) };
})();
rushDone = true;
const loadAvg = watch.stop();
await sideLoad;
await sampler;
await kill.restarted;
const timedOut = Date.now() >= deadline;

// ---- the database after the rush --------------------------------------------------------------------

const orders = new Map(
  (
    await db.query<{ id: string; order_number: string | null; total: string; delivery_date: string; payment_status: string }>(
      `SELECT id, order_number, total, delivery_date, payment_status FROM shop_order WHERE id = ANY($1)`,
      [[...tally.checkouts.keys()]],
    )
  ).rows.map((r) => [r.id, r]),
);
const lostOrders = [...tally.checkouts].filter(([id, told]) => {
  const row = orders.get(id);
  return !row || row.order_number !== told.orderNumber || Number(row.total) !== told.total || row.delivery_date !== date;
});
const paymentRows = new Map(
  (await db.query<{ order_id: string; n: string; paid: string }>(`SELECT order_id, count(*) AS n, sum(CASE WHEN status = 'paid' THEN 1 ELSE 0 END) AS paid FROM payment WHERE order_id = ANY($1) GROUP BY order_id`, [[...tally.payments.keys()]])).rows.map((r) => [r.order_id, r]),
);
const lostPayments = [...tally.payments.keys()].filter((id) => Number(paymentRows.get(id)?.paid ?? 0) < 1 || !/^paid/.test(orders.get(id)?.payment_status ?? ''));
const twice = [...paymentRows.values()].filter((r) => Number(r.n) > 1).length;
const dayRows = (
  await db.query<{ placed: string; paid: string; booked: string; unrecorded: string }>(
    `SELECT count(*) AS placed,
            sum(CASE WHEN payment_status LIKE 'paid%' THEN 1 ELSE 0 END) AS paid,
            (SELECT count(*) FROM sandbox_transaction t JOIN shop_order o2 ON o2.id = t.order_id WHERE o2.delivery_date = $1 AND o2.delivery_state = 'lagos' AND t.status = 'success') AS booked,
            (SELECT count(*) FROM sandbox_transaction t JOIN shop_order o2 ON o2.id = t.order_id WHERE o2.delivery_date = $1 AND o2.delivery_state = 'lagos' AND t.status = 'success'
               AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.order_id = t.order_id AND p.reference = t.reference)) AS unrecorded
       FROM shop_order o WHERE o.delivery_date = $1 AND o.delivery_state = 'lagos' AND o.order_number IS NOT NULL`,
    [date],
  )
).rows[0]!;
const inDatabase = Number(dayRows.placed);
/** Who told the shop of each acknowledged payment: the provider's webhook, or the shopper's return (which asks the provider). */
const recordedBy = (
  await db.query<{ source: string | null; n: string }>(`SELECT (detail::json)->>'source' AS source, count(*) AS n FROM payment_event WHERE kind = 'paid' AND order_id = ANY($1) GROUP BY 1 ORDER BY 2 DESC`, [[...tally.payments.keys()]])
).rows.map((r) => `${r.source ?? 'unknown'} ${r.n}`);
/** Places held or taken for the date in Lagos (the capacity's own table), when the server has one. */
const bookings = await db
  .query<{ taken: string; held: string }>(`SELECT sum(CASE WHEN held_until IS NULL THEN 1 ELSE 0 END) AS taken, sum(CASE WHEN held_until IS NULL THEN 0 ELSE 1 END) AS held FROM day_booking WHERE date = $1 AND place = 'lagos'`, [date])
  .then((r) => ({ taken: Number(r.rows[0]?.taken ?? 0), held: Number(r.rows[0]?.held ?? 0) }))
  .catch(() => null);

// ---- figures -----------------------------------------------------------------------------------------

const seconds = rushMs / 1000;
const stepRows = STEPS.map((step) => {
  const f = stepFigures(tally.latencies.get(step)!, seconds);
  const errors = tally.errors.filter((e) => e.step === step).length + (step === 'checkout' ? tally.dayFull : 0);
  return [step, f.count, fmt.rps(f.rps), fmt.ms(f.p50), fmt.ms(f.p95), fmt.ms(f.p99), step === 'checkout' ? `${errors - tally.dayFull} (+${tally.dayFull} DAY_FULL)` : String(errors)];
});
const whole = stepFigures(tally.journeyMs, seconds);
const verdicts = capacitySet && capacity !== null ? [inDatabase, ...(bookings ? [bookings.taken + bookings.held] : [])].map((n) => capacityVerdict(capacity, { acknowledged: tally.checkouts.size, inDatabase: n, refused: tally.dayFull })) : [];
const verdict = verdicts.length ? (verdicts.find((v) => v !== 'OK') ?? 'OK') : null;
const cores = os.cpus().length;
const cpuRows = [
  ['instance a', cpuEnd.a - cpuStart.a],
  [KILL ? 'instance b (until killed) + b again (from its restart)' : 'instance b', KILL ? (kill.bMs ?? 0) + (cpuEnd.b - (kill.at !== undefined ? 0 : cpuStart.b)) : cpuEnd.b - cpuStart.b],
  ['nginx (master + worker)', cpuEnd.nginx - cpuStart.nginx],
  ['PostgreSQL (every backend)', cpuEnd.postgres - cpuStart.postgres],
  ['load generator: the shoppers (this process)', (cpuEnd.own.user + cpuEnd.own.system) / 1000],
  ['load generator: side load (wrk)', side.cpuMs],
] as const;
const cpuTotal = cpuRows.reduce((n, [, ms]) => n + (Number.isFinite(ms) ? ms : 0), 0);

console.log(`\n## The rush: ${SHOPPERS} shoppers, capacity ${capacitySet ? capacity : 'none'} for ${date} in Lagos\n`);
console.log(
  `${fmt.ms(seconds)} s from the first request to the last shopper's end${timedOut ? ` (STOPPED by the ${MAX_RUSH_S} s limit)` : ''}; load average (1 min) ${loadStart.toFixed(2)} at the start, ${loadAvg.min.toFixed(2)}–${loadAvg.max.toFixed(2)} during; ` +
    `${KILL && kill.at !== undefined ? `instance b killed (SIGKILL) at ${fmt.ms(kill.at / 1000)} s after ${kill.checkouts} acknowledged checkouts with ${kill.inFlight} shopper requests in flight, answering again ${fmt.ms((kill.restartMs ?? NaN) / 1000)} s later` : 'no instance killed'}.\n`,
);
console.log(table(['step', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], stepRows));
console.log(`\n| whole journeys | ${tally.journeys} | ${fmt.rps(journeysPerSecond(tally.journeys, seconds))}/s (${journeysPerSecond(tally.journeys, seconds).toFixed(1)}) | journey p50 ${fmt.ms(whole.p50)} ms, p95 ${fmt.ms(whole.p95)} ms, p99 ${fmt.ms(whole.p99)} ms |`);
console.log(
  `\nOrders accepted for ${date} in Lagos: ${tally.checkouts.size} acknowledged to shoppers, ${inDatabase} checked out in the database (${dayRows.paid} paid)` +
    (bookings ? `, places booked ${bookings.taken + bookings.held} (${bookings.taken} taken, ${bookings.held} held)` : '') +
    (verdict ? ` against a capacity of ${capacity}: ${verdict}` : ' (no capacity set: no verdict)'),
);
console.log(`Shoppers refused with DAY_FULL: ${tally.dayFull}`);
const others = errorsByStatus(tally.errors);
console.log(`Other errors seen by shoppers: ${others.length ? others.map(([k, n]) => `${k} × ${n}`).join(', ') : 'none'}`);
console.log(
  `Acknowledged orders lost: ${lostOrders.length} of ${tally.checkouts.size}; acknowledged payments lost: ${lostPayments.length} of ${tally.payments.size}; ` +
    `payments booked by the provider's sandbox for the date: ${dayRows.booked}, of them not recorded by the shop: ${dayRows.unrecorded}; orders paid twice: ${twice}; ` +
    `payments recorded from: ${recordedBy.join(', ') || 'none'}`,
);
console.log(`Side load (wrk, ${SIDE_CONNECTIONS} connections, category listings through nginx, ${side.seconds} one-second runs): ${fmt.rps(side.requests / Math.max(1, side.seconds))} req/s, p99 ${fmt.ms(side.p99.sort((x, y) => x - y)[Math.floor(side.p99.length / 2)] ?? NaN)} ms (median of the runs), errors ${side.errors}`);
console.log(`\nCPU used during the rush (${cores} cores, ${fmt.ms(seconds)} s: ${fmt.ms(seconds * cores)} core-seconds available)\n`);
console.log(table(['process', 'CPU s', 'cores (CPU s ÷ rush s)', `share of ${cores} cores`], cpuRows.map(([name, ms]) => [name, fmt.ms(ms / 1000), (ms / rushMs).toFixed(2), fmt.ratio(ms / rushMs / cores)])));
console.log(`| all of the above | ${fmt.ms(cpuTotal / 1000)} | ${(cpuTotal / rushMs).toFixed(2)} | ${fmt.ratio(cpuTotal / rushMs / cores)} |`);
if (PROFILE) {
  console.log(`\nPostgreSQL sessions of the instances, ${samples} samples 20 ms apart: what the busy ones were doing (state / waiting for / query), most seen first\n`);
  console.log(table(['state / wait / query', 'seen', 'sessions per sample'], [...waits].sort((x, y) => y[1] - x[1]).slice(0, 15).map(([k, n]) => [k.replaceAll('|', '/'), n, (n / Math.max(1, samples)).toFixed(2)])));
  console.log(`\nInstance a's CPU profile is written to ${PROFILE} when it stops.`);
}
console.log(`\nload generator: ${BENCH.loader} for the side load; uptime at the end: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);

const failed = (capacity !== null && !capacitySet) || (verdict !== null && verdict !== 'OK') || lostOrders.length > 0 || lostPayments.length > 0 || Number(dayRows.unrecorded) > 0 || twice > 0 || timedOut;
console.log(failed ? '\nPEAK DAY: FAILED (see above)' : `\nPEAK DAY: ${verdict ?? 'no capacity verdict'}, nothing acknowledged lost`);

for (const shopper of shoppers) shopper.close();
await db.end();
await Promise.all([a!.stop(), b!.stop(), nginx.stop()]);
await database.drop();
fs.rmSync(work, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
