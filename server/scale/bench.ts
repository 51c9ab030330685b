/**
 * `pnpm --filter @adire/server bench:scale` (under scripts/with-postgres.sh, or with DATABASE_URL set to
 * a database it may fill): the store through nginx with one instance and with two, in the same run, on
 * one PostgreSQL — req/s and p99 of the server-drawn category page and of its listing API answer —
 * and the time from `pnpm release rollback` to every instance serving the rolled-back version. Every
 * process (the instances, nginx, the load generator) shares every core, as on one machine in production:
 * importing bench/lib pins nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH, fmt, load, loadWatcher, machine, median, table, type NamedRequest, type Server } from '../bench/lib';
import { createTestDatabase, freePort } from '../test/helpers';
import { prepare, releaseCommand, startInstance, startNginx } from './cluster';

const B = 'business=adire-blooms';
const SLUGS = ['roses', 'all', 'gifts', 'lilies', 'teddy-bears', 'mothers-day-flowers', 'get-well-soon', 'wine-and-champagne'];
const pages: NamedRequest[] = SLUGS.flatMap((slug) => [1, 2].map((page) => ({ method: 'GET', path: `/product-category/${slug}?page=${page}`, headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } })));
const listings: NamedRequest[] = SLUGS.flatMap((slug) => [1, 2].map((page) => ({ method: 'GET', path: `/v1/catalog/categories/${slug}/products?${B}&page=${page}`, headers: { 'accept-encoding': 'br, gzip' } })));

const database = process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, drop: async () => {} } : await createTestDatabase();
if (!database.databaseUrl) throw new Error('bench:scale needs PostgreSQL: run it under scripts/with-postgres.sh or set DATABASE_URL');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-scale-bench-'));
// Every simulated shopper comes from 127.0.0.1: the per-IP mail limit is lifted so each checkout mails as a real one's would.
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'error', AUTH_LIMIT_ORDER_MAIL_IP: '1000000/1h', DRAW_LIMIT_PER_MINUTE: '100000000' };
delete env.SQLITE_FILE;
const release = (...args: string[]) => releaseCommand(args, env, path.join(work, 'release-machine'));

console.log(`# Several instances behind nginx (issue 21)\n\n${machine()}\n`);
prepare(env);
release('publish', 'all', '--no-build');
const [a, b] = await Promise.all([freePort().then((port) => startInstance({ name: 'a', port, workDir: work, env })), freePort().then((port) => startInstance({ name: 'b', port, workDir: work, env }))]);
const one = await startNginx({ port: await freePort(), upstreams: [a.port], workDir: work, name: 'nginx-one' });
const two = await startNginx({ port: await freePort(), upstreams: [a.port, b.port], workDir: work, name: 'nginx-two' });
const through = (name: string, base: string, pid: number): Server => ({ name, base, pid, stop: async () => {} });
const setups = [through('nginx → 1 instance', one.base, a.process.pid!), through('nginx → 2 instances', two.base, a.process.pid!)];

try {
  // Warm both instances (drawn pages kept, catalogue index built) before measuring.
  for (const setup of setups) for (const requests of [pages, listings]) await load(setup, requests, { duration: 2 });
  const watch = loadWatcher();
  const results = new Map<string, { rps: number[]; p99: number[]; errors: number }>();
  for (let r = 0; r < BENCH.repeats; r++) {
    for (const setup of setups) {
      for (const [kind, requests] of [['category page (server-drawn, kept)', pages], ['category listing API answer', listings]] as const) {
        const key = `${kind}|${setup.name}`;
        const res = await load(setup, requests);
        const row = results.get(key) ?? { rps: [], p99: [], errors: 0 };
        row.rps.push(res.rps);
        row.p99.push(res.p99);
        row.errors += res.errors;
        results.set(key, row);
      }
    }
  }
  const loadAvg = watch.stop();
  const rows = [...results].map(([key, r]) => {
    const [kind, setup] = key.split('|');
    return [kind!, setup!, fmt.rps(median(r.rps)), fmt.ms(median(r.p99)), r.errors];
  });
  console.log(`\n${BENCH.connections} connections, ${BENCH.duration} s per measurement, median of ${BENCH.repeats} (interleaved); load average during the run ${loadAvg.min.toFixed(1)}–${loadAvg.max.toFixed(1)}\n`);
  console.log(table(['request', 'through', 'req/s', 'p99 ms', 'errors'], rows));

  // A rollback made from another machine, until both instances serve it.
  const remotesOf = async (base: string) => ((await (await fetch(`${base}/remotes.json`)).json()) as Record<string, { version: string }>).cart!.version;
  const before = await remotesOf(a.base);
  const dist = path.join(work, 'new-cart');
  fs.cpSync(path.join(a.releasesDir, 'cart', before), dist, { recursive: true, filter: (src) => path.basename(src) !== 'release.json' });
  const commandMs: number[] = [];
  const servedMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    fs.writeFileSync(path.join(dist, 'BENCH.txt'), `rollback bench ${i}`);
    release('publish', 'cart', '--dist', dist);
    const started = performance.now();
    release('rollback', 'cart', before);
    const returned = performance.now();
    const pending = new Set([a.base, b.base]);
    while (pending.size) {
      for (const base of [...pending]) if ((await remotesOf(base)) === before) pending.delete(base);
    }
    commandMs.push(returned - started);
    servedMs.push(performance.now() - returned);
  }
  console.log(
    `\nrelease rollback (5 times): the command ${fmt.ms(median(commandMs))} ms median (a new process: start, database, transaction); ` +
      `both instances serving it ${fmt.ms(median(servedMs))} ms median after it returned (max ${fmt.ms(Math.max(...servedMs))} ms): the first /remotes.json asked of each already had it`,
  );
} finally {
  await Promise.all([a.stop(), b.stop(), one.stop(), two.stop()]);
  await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
