/**
 * What the bench parts share: servers in child processes, load runs (wrk or autocannon), the
 * servers' memory read from /proc, medians and the printed tables.
 */
import { execFile, execSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { bundleServer } from '../build';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Whether a command is on the PATH. */
function installed(command: string): boolean {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
}

export type Loader = 'wrk' | 'autocannon';

/**
 * The load generator for fixed requests (BENCH_LOADER): wrk where it is installed (Debian's `wrk`),
 * else autocannon. Both run on the server's 2 cores; autocannon, in this process, turns every answer's
 * body into a string (about 25 µs of its CPU per 15 KB listing, 10 µs per bare answer), so with it
 * req/s measures the load generator as much as the server. wrk (C) reads answers without keeping
 * them. Requests made from earlier answers (the order bench's shoppers) always use autocannon.
 */
function chooseLoader(): Loader {
  const asked = process.env.BENCH_LOADER;
  if (asked === 'wrk' || asked === 'autocannon') return asked;
  if (asked) throw new Error(`BENCH_LOADER=${asked}: use wrk or autocannon`);
  if (installed('wrk')) return 'wrk';
  console.warn('wrk is not installed (apt-get install wrk): fixed requests are sent with autocannon, whose own cost per answer limits req/s on big answers');
  return 'autocannon';
}

/**
 * BENCH_PIN (on by default where `taskset` is installed and there are 2 cores or more; BENCH_PIN=0
 * turns it off): each server on core 0, this process and the load generator it starts on the others,
 * so the server and the load generator never take turns on one core while the other idles (a server
 * sharing its core with the load generator pays for it in every answer: cache misses and switches).
 */
const PIN = process.env.BENCH_PIN !== '0' && os.cpus().length >= 2 && installed('taskset');
const pin = (pid: number, cores: string) => execSync(`taskset -a -p -c ${cores} ${pid}`, { stdio: 'ignore' });
let pinnedHere = false;

/**
 * This process (and the load generators it starts) onto the cores left from the servers' (BENCH_PIN),
 * and from then on each server started by `startFile` onto core 0. Called by bench/run.ts's
 * single-server parts as they start — never on import: what only imports this file (the scale bench,
 * the peak rush, the wrk parser's unit test) keeps every core for itself and the processes it starts.
 */
export function pinLoadGenerator(): void {
  if (!PIN || pinnedHere) return;
  pin(process.pid, `1-${os.cpus().length - 1}`);
  pinnedHere = true;
}

export const BENCH = {
  /** Seconds per measurement. */
  duration: Number(process.env.BENCH_DURATION ?? 5),
  repeats: Number(process.env.BENCH_REPEATS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  loader: chooseLoader(),
  pinned: PIN,
};

export interface Server {
  name: string;
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** Each server script compiled once per bench run, as production runs the server (no TypeScript loader). */
const bundled = new Map<string, Promise<string>>();
/**
 * `script` (in bench/) compiled; from `serverDir`, another checkout's server folder (a before/after
 * comparison), into `<script>-<label>.mjs` here.
 */
export function compiled(script: string, from?: { serverDir: string; label: string }): Promise<string> {
  const key = from ? `${from.serverDir}:${script}` : script;
  if (!bundled.has(key)) {
    // Beside the sources (bench/dist/, ignored by git), so paths the server finds from its own place hold.
    const out = path.join(here, 'dist', `${path.basename(script, '.ts')}${from ? `-${from.label}` : ''}.mjs`);
    bundled.set(key, bundleServer(from ? path.join(from.serverDir, 'bench', script) : path.join('bench', script), out).then(() => out));
  }
  return bundled.get(key)!;
}

async function startChild(name: string, script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  // BENCH_TSX=1: through the tsx loader instead, as `pnpm dev` runs it (for a side-by-side of the two).
  const tsx = process.env.BENCH_TSX === '1';
  return startFile(name, tsx ? path.join(here, script) : await compiled(script), args, env, tsx ? ['--import', 'tsx'] : []);
}

/**
 * A server script (compiled, or through `execArgv`'s loader) in a child process that tells its port over
 * IPC. `wrapper`: a command it runs under, e.g. valgrind and its options (the node binary follows them).
 */
export async function startFile(name: string, file: string, args: string[], env: NodeJS.ProcessEnv = {}, execArgv: string[] = [], wrapper: string[] = []): Promise<Server> {
  const child: ChildProcess = fork(file, args, {
    // BENCH_PROFILE=<dir>: each server writes a V8 CPU profile there when it stops (for finding hot spots).
    execArgv: [...wrapper.slice(1), ...(wrapper.length ? [process.execPath] : []), ...execArgv, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    ...(wrapper.length ? { execPath: wrapper[0] } : {}),
    // The bench's loaders are one client drawing page after page: no allowance of drawings per client.
    env: { ...process.env, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', DRAW_LIMIT_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before listening`)));
  });
  if (pinnedHere) pin(child.pid!, '0');
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The real shop on a SQLite file (RESPONSE_CACHE=0 in `env` turns the answer cache off). */
export const startShop = (name: string, sqliteFile: string, env: NodeJS.ProcessEnv = {}) => startChild(name, 'shop-server.ts', [sqliteFile], env);
export const startBare = () => startChild('bare Fastify', 'bare-server.ts', []);

/**
 * Wait until the server answers /healthz within a few milliseconds three times running (at most
 * 20 s): work a run left behind (mail being built after a burst of checkouts) must not land in the next.
 */
export async function settle(server: Server): Promise<void> {
  const until = Date.now() + 20_000;
  let quick = 0;
  while (quick < 3 && Date.now() < until) {
    const started = performance.now();
    await (await fetch(`${server.base}/healthz`)).arrayBuffer();
    quick = performance.now() - started < 5 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** CPU time a process has used so far (user + system), in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
  } catch {
    return NaN;
  }
}

/** The user part of `cpuMs`: the process's own code, without the kernel's work for it (sockets, writes). */
export function userCpuMs(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[11]) * 10;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, timeouts and answers other than 2xx/304. */
  errors: number;
  maxRssMb: number;
  /** The server's own CPU time per answered request, in µs: its cost, whatever the load generator's. */
  serverCpuUs: number;
  /** Of serverCpuUs, the time in the server's own code (user), without the kernel's (system). */
  serverUserUs: number;
  /** The load generator's CPU time per answered request, in µs (it shares the cores with the server). */
  clientCpuUs: number;
  /** Per request name (`name` on a request), p50/p99 from autocannon's own timings (wrk: one, 'all'). */
  byName: Map<string, { p50: number; p99: number; count: number; errors: number }>;
}

export type NamedRequest = CannonRequest & { name?: string };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface LoadOptions {
  duration?: number;
  connections?: number;
}

/**
 * One run of the load generator against `server`: `connections` keep-alive connections for `duration`
 * seconds, cycling through `requests`. wrk (BENCH.loader) when every request is fixed; autocannon when
 * a request is made from an earlier answer (`setupRequest`, `onResponse`).
 */
export function load(server: Server, requests: NamedRequest[], options: LoadOptions = {}): Promise<LoadResult> {
  const fixed = requests.every((r) => !r.setupRequest && !r.onResponse);
  return BENCH.loader === 'wrk' && fixed ? wrkLoad(server, requests, options) : cannonLoad(server, requests, options);
}

/** A Lua string literal (wrk's scripts). */
const lua = (text: string) => `"${text.replace(/[\\"\n\r]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r' })[c]!)}"`;

/** wrk's script: the requests formatted once, then sent in turn (one Lua state: all connections share the turn). */
export function wrkScript(requests: NamedRequest[]): string {
  const formatted = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {}).map(([k, v]) => `[${lua(k)}] = ${lua(String(v))}`);
    const body = typeof r.body === 'string' ? lua(r.body) : 'nil';
    return `  wrk.format(${lua(r.method ?? 'GET')}, ${lua(r.path ?? '/')}, {${headers.join(', ')}}, ${body}),`;
  });
  return ['local requests', 'local turn = 0', 'init = function()', '  requests = {', ...formatted.map((f) => `  ${f}`), '  }', 'end', 'request = function()', '  turn = turn % #requests + 1', '  return requests[turn]', 'end', ''].join('\n');
}

/** A wrk latency ("512.00us", "1.20ms", "2.00s") in ms. */
export function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
}

/** What wrk printed (with --latency), and its shell's `/proc/<pid>/stat` line: its own CPU is the shell's waited-for children's. */
export function parseWrk(out: string): { requests: number; rps: number; p50: number; p99: number; errors: number; cpuMs: number } {
  const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const latency = (p: string) => wrkMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const stat = out.trim().split('\n').at(-1)!.split(') ')[1]?.split(' ') ?? [];
  return {
    requests: number(/(\d+) requests in/),
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latency('50'),
    p99: latency('99'),
    errors: (Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)) + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
    // cutime and cstime (fields 16 and 17), clock ticks of 10 ms.
    cpuMs: (Number(stat[13]) + Number(stat[14])) * 10,
  };
}

async function wrkLoad(server: Server, requests: NamedRequest[], options: LoadOptions): Promise<LoadResult> {
  const script = path.join(os.tmpdir(), `adire-bench-wrk-${process.pid}.lua`);
  fs.writeFileSync(script, wrkScript(requests));
  let maxRssMb = rssMb(server.pid);
  const cpuBefore = cpuMs(server.pid);
  const userBefore = userCpuMs(server.pid);
  const sampler = setInterval(() => {
    maxRssMb = Math.max(maxRssMb, rssMb(server.pid));
  }, 200);
  const args = ['-t1', `-c${options.connections ?? BENCH.connections}`, `-d${options.duration ?? BENCH.duration}s`, '--timeout', '10s', '--latency', '-s', script, server.base];
  // Through a shell that prints its own stat line after wrk ends: wrk's CPU time, as a waited-for child's.
  const out = await new Promise<string>((resolve, reject) =>
    execFile('/bin/sh', ['-c', 'wrk "$@" || exit $?; cat /proc/$$/stat', 'sh', ...args], { encoding: 'utf8' }, (err, stdout, stderr) => (err ? reject(new Error(`wrk failed: ${stderr || err.message}`)) : resolve(stdout))),
  );
  clearInterval(sampler);
  maxRssMb = Math.max(maxRssMb, rssMb(server.pid));
  const w = parseWrk(out);
  if (!Number.isFinite(w.requests)) throw new Error(`wrk printed no result:\n${out}`);
  return {
    rps: w.rps,
    p50: w.p50,
    p99: w.p99,
    requests: w.requests,
    errors: w.errors,
    maxRssMb,
    serverCpuUs: ((cpuMs(server.pid) - cpuBefore) * 1000) / Math.max(1, w.requests),
    serverUserUs: ((userCpuMs(server.pid) - userBefore) * 1000) / Math.max(1, w.requests),
    clientCpuUs: (w.cpuMs * 1000) / Math.max(1, w.requests),
    byName: new Map([['all', { p50: w.p50, p99: w.p99, count: w.requests, errors: w.errors }]]),
  };
}

/**
 * One autocannon run: `connections` keep-alive connections, each cycling through `requests` in order
 * (its own context per cycle), for `duration` seconds. The server's RSS is sampled meanwhile.
 */
async function cannonLoad(server: Server, requests: NamedRequest[], options: LoadOptions): Promise<LoadResult> {
  const byName = new Map<string, number[]>();
  const errorsByName = new Map<string, number>();
  let maxRssMb = rssMb(server.pid);
  const cpuBefore = cpuMs(server.pid);
  const userBefore = userCpuMs(server.pid);
  const ownBefore = process.cpuUsage();
  const sampler = setInterval(() => {
    maxRssMb = Math.max(maxRssMb, rssMb(server.pid));
  }, 200);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.base,
        connections: options.connections ?? BENCH.connections,
        duration: options.duration ?? BENCH.duration,
        requests,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    // Which request answered: with no pipelining, the connection's current one.
    instance.on('response', (client: unknown, status: number, _bytes: number, ms: number) => {
      const request = (client as { requestIterator?: { currentRequest?: NamedRequest } }).requestIterator?.currentRequest;
      const name = request?.name ?? 'all';
      let list = byName.get(name);
      if (!list) byName.set(name, (list = []));
      list.push(ms);
      if (status >= 400) errorsByName.set(name, (errorsByName.get(name) ?? 0) + 1);
    });
  });
  const own = process.cpuUsage(ownBefore);
  clearInterval(sampler);
  maxRssMb = Math.max(maxRssMb, rssMb(server.pid));
  const names = new Map<string, { p50: number; p99: number; count: number; errors: number }>();
  for (const [name, list] of byName) {
    list.sort((a, b) => a - b);
    names.set(name, { p50: percentile(list, 50), p99: percentile(list, 99), count: list.length, errors: errorsByName.get(name) ?? 0 });
  }
  // 304s are good answers here (revalidation); autocannon counts them as non-2xx.
  const notModified = (result as unknown as Record<string, number>)['3xx'] ?? 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx - notModified,
    maxRssMb,
    serverCpuUs: ((cpuMs(server.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    serverUserUs: ((userCpuMs(server.pid) - userBefore) * 1000) / Math.max(1, result.requests.total),
    clientCpuUs: (own.user + own.system) / Math.max(1, result.requests.total),
    byName: names,
  };
}

export function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** A Markdown table, columns padded so it reads well in a terminal too. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(headers), `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...cells.map(line)].join('\n');
}

export const fmt = {
  rps: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–'),
  ms: (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '–'),
  ratio: (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)}%` : '–'),
  times: (n: number) => (Number.isFinite(n) ? `×${n.toFixed(2)}` : '–'),
  mb: (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–'),
  us: (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–'),
};

/** The machine, as BENCHMARKS.md records it. */
export function machine(): string {
  const run = (cmd: string) => {
    try {
      return execSync(cmd, { encoding: 'utf8' }).trim();
    } catch {
      return '(not available)';
    }
  };
  return [
    `nproc: ${run('nproc --all')}`,
    `free -g:\n${run('free -g')}`,
    `uname -a: ${run('uname -a')}`,
    `node: ${process.version}`,
    `load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`,
  ].join('\n');
}

/** Load average sampled while the bench runs (1-minute figure). */
export function loadWatcher(): { stop(): { min: number; median: number; max: number } } {
  const samples: number[] = [os.loadavg()[0]!];
  const timer = setInterval(() => samples.push(os.loadavg()[0]!), 5000);
  return {
    stop() {
      clearInterval(timer);
      samples.push(os.loadavg()[0]!);
      return { min: Math.min(...samples), median: median(samples), max: Math.max(...samples) };
    },
  };
}

/** One shopper's step: a request made from what the shopper holds so far (null: skip this step). */
export interface ShopperStep {
  name: string;
  request(context: Record<string, unknown>): { method: string; path: string; body?: string; headers?: Record<string, string> } | null;
  /** Read the answer into the shopper's context (e.g. the order id a create returned). */
  onAnswer?(status: number, body: string, context: Record<string, unknown>): void;
}

/**
 * Shoppers at a human-like pace, unlike autocannon's closed loop: each of `shoppers` goes through
 * `steps` again and again on a keep-alive connection of its own, pausing a random think time
 * (exponential, mean `thinkMs`) before each request. Latency is the time of each request alone.
 */
export async function shoppers(server: Server, steps: ShopperStep[], options: { shoppers: number; thinkMs: number; durationS: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.shoppers });
  const cpuBefore = cpuMs(server.pid);
  const userBefore = userCpuMs(server.pid);
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  let maxRssMb = rssMb(server.pid);
  const ownBefore = process.cpuUsage();
  const sampler = setInterval(() => (maxRssMb = Math.max(maxRssMb, rssMb(server.pid))), 200);
  const url = new URL(server.base);
  const until = Date.now() + options.durationS * 1000;
  const think = () => new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * options.thinkMs));
  const send = (req: { method: string; path: string; body?: string; headers?: Record<string, string> }) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const r = http.request(
        { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers: { ...req.headers, ...(req.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(req.body) } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      r.on('error', reject);
      r.end(req.body);
    });
  const one = async () => {
    while (Date.now() < until) {
      const context: Record<string, unknown> = {};
      for (const step of steps) {
        await think();
        if (Date.now() >= until) return;
        const req = step.request(context);
        if (!req) continue;
        const started = performance.now();
        let status = 0;
        let body = '';
        try {
          ({ status, body } = await send(req));
        } catch {
          status = 0;
        }
        const ms = performance.now() - started;
        let list = latencies.get(step.name);
        if (!list) latencies.set(step.name, (list = []));
        list.push(ms);
        if (status < 200 || status >= 400) errors.set(step.name, (errors.get(step.name) ?? 0) + 1);
        step.onAnswer?.(status, body, context);
      }
    }
  };
  await Promise.all(Array.from({ length: options.shoppers }, one));
  const own = process.cpuUsage(ownBefore);
  clearInterval(sampler);
  agent.destroy();
  const byName = new Map<string, { p50: number; p99: number; count: number; errors: number }>();
  const all: number[] = [];
  for (const [name, list] of latencies) {
    list.sort((a, b) => a - b);
    all.push(...list);
    byName.set(name, { p50: percentile(list, 50), p99: percentile(list, 99), count: list.length, errors: errors.get(name) ?? 0 });
  }
  all.sort((a, b) => a - b);
  return {
    rps: all.length / options.durationS,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    requests: all.length,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    maxRssMb,
    serverCpuUs: ((cpuMs(server.pid) - cpuBefore) * 1000) / Math.max(1, all.length),
    serverUserUs: ((userCpuMs(server.pid) - userBefore) * 1000) / Math.max(1, all.length),
    clientCpuUs: (own.user + own.system) / Math.max(1, all.length),
    byName,
  };
}
