/**
 * `pnpm scale [instances] [--port 8080] [--with-prometheus]`: N store instances on one PostgreSQL (DATABASE_URL) behind
 * nginx (deploy/nginx.conf.template), until Ctrl-C. scripts/scale.sh installs nginx when missing and
 * starts a throw-away PostgreSQL when DATABASE_URL is not set. The builds (`pnpm build`) are published
 * into the database's release registry first (nothing changes when they are live already).
 * Each instance serves its metrics on its own loopback port (METRICS_PORT = port + 100 + n); with
 * --with-prometheus a real Prometheus scrapes them and evaluates deploy/prometheus/alerts.yml (issue 41).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepare, releaseCommand, startInstance, startNginx, type Instance } from './cluster';
import { startPrometheus, type PrometheusServer } from './prometheus';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = Number(portIndex >= 0 ? args[portIndex + 1] : (process.env.PORT ?? 8080));
const count = Number(args.find((a, i) => /^\d+$/.test(a) && i !== portIndex + 1) ?? 2);
const withPrometheus = args.includes('--with-prometheus');
const env = { ...process.env };
if (!env.DATABASE_URL) {
  console.error('pnpm scale runs the instances on one PostgreSQL: set DATABASE_URL (scripts/scale.sh starts a throw-away one when it is not set).');
  process.exit(1);
}
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error(`instances must be 1 to 16, got ${count}`);
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-scale-'));
const log = (line: string) => console.log(line);
const instances: Instance[] = [];
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(instances.map((i) => i.stop()));
  await balancer?.stop();
  await prometheus?.stop();
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
let balancer: Awaited<ReturnType<typeof startNginx>> | undefined;
let prometheus: PrometheusServer | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll(0));

try {
  console.log(`Preparing: the server build, the database's schema and seed, the releases (${env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@')})`);
  prepare(env);
  releaseCommand(['publish', 'all', '--no-build'], env, path.join(work, 'release-cache'));
  for (let i = 1; i <= count; i++) {
    const metricsPort = port + 100 + i;
    instances.push(await startInstance({ name: `instance-${i}`, port: port + i, workDir: work, env: { ...env, METRICS_PORT: String(metricsPort), METRICS_INSTANCE: `instance-${i}` }, log }));
    console.log(`instance-${i} is up on 127.0.0.1:${port + i} (metrics on 127.0.0.1:${metricsPort}/metrics)`);
  }
  balancer = await startNginx({ port, upstreams: instances.map((i) => i.port), workDir: work, log });
  if (withPrometheus) {
    prometheus = await startPrometheus({ targets: instances.map((_, n) => `127.0.0.1:${port + 101 + n}`), port: port + 90, workDir: work, log });
    console.log(`Prometheus scrapes the instances and evaluates deploy/prometheus/alerts.yml: ${prometheus.base}/alerts`);
  }
  console.log(`\nAdire Blooms is open at ${balancer.base} — nginx in front of ${count} instance(s) on one PostgreSQL. Ctrl-C stops everything.`);
  for (const instance of instances) {
    instance.process.on('exit', (code, signal) => {
      if (!stopping) console.log(`${instance.name} stopped (${signal ?? code}); nginx sends its shoppers to the others.`);
    });
  }
} catch (err) {
  console.error(`pnpm scale failed: ${(err as Error).message}`);
  await stopAll(1);
}
