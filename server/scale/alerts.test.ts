import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort } from '../test/helpers';
import { prepare, startInstance, type Instance } from './cluster';
import { alerts, ALERT_RULES, query, startPrometheus, type PrometheusServer } from './prometheus';

/**
 * The alert drill (issue 41, item 5): two instances, each serving its metrics on its own port, scraped
 * by a real Prometheus evaluating deploy/prometheus/alerts.yml; one instance is killed and its
 * InstanceDown alert fires (the other's does not). The drill scrapes and evaluates every second and
 * shortens each rule's `for:` to 2 s (the rules' expressions and labels are the shipped ones); it polls
 * Prometheus' API, never sleeps a fixed time.
 */

let work: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const instances: Instance[] = [];
let prometheus: PrometheusServer | undefined;
const metricsPorts: number[] = [];
const output: string[] = [];
const log = (line: string) => output.push(line);

async function until<T>(what: string, check: () => Promise<T | undefined | false>, deadlineMs = 60_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const got = await check().catch(() => undefined);
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms\n${output.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error('the alert drill needs PostgreSQL: run it through scripts/with-postgres.sh');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-alert-drill-'));
  database = await createTestDatabase();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.databaseUrl, NODE_ENV: 'test' };
  delete env.SQLITE_FILE;
  prepare(env);
  for (const name of ['a', 'b']) {
    const metricsPort = await freePort();
    metricsPorts.push(metricsPort);
    instances.push(await startInstance({ name, port: await freePort(), workDir: work, env: { ...env, METRICS_PORT: String(metricsPort), METRICS_INSTANCE: name }, log }));
  }
  const rules = fs.readFileSync(ALERT_RULES, 'utf8').replace(/^(\s+)for: \d+[smh]$/gm, '$1for: 2s');
  prometheus = await startPrometheus({ targets: metricsPorts.map((p) => `127.0.0.1:${p}`), port: await freePort(), workDir: work, interval: '1s', rules, log });
}, 300_000);

afterAll(async () => {
  await prometheus?.stop();
  await Promise.all(instances.map((i) => i.stop()));
  await database?.drop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('Prometheus and the alert rules', () => {
  it('scrapes both instances; the killed one’s InstanceDown fires, the other stays quiet', { timeout: 120_000 }, async () => {
    const base = prometheus!.base;
    const [a, b] = instances as [Instance, Instance];
    const [aTarget, bTarget] = metricsPorts.map((p) => `127.0.0.1:${p}`) as [string, string];
    // Both scraped, with the shop's own series (not only Node's).
    await until('both instances scraped', async () => (await query(base, 'up{job="adire-blooms"} == 1')).length === 2);
    await until('the shop’s series scraped', async () => (await query(base, 'shop_checkouts_total')).length === 2);
    expect((await query(base, 'http_requests_total')).every((s) => s.metric.instance_name === 'a' || s.metric.instance_name === 'b')).toBe(true);

    const killedAt = Date.now();
    b.kill();
    const firing = await until('InstanceDown firing for the killed instance', async () => (await alerts(base)).find((x) => x.labels.alertname === 'InstanceDown' && x.labels.instance === bTarget && x.state === 'firing'));
    console.log(`alert drill: InstanceDown fired for ${bTarget} ${Date.now() - killedAt} ms after the kill (scrape and evaluation every 1 s, for: 2 s)`);
    expect(firing.labels.severity).toBe('page');
    expect((await alerts(base)).some((x) => x.labels.alertname === 'InstanceDown' && x.labels.instance === aTarget)).toBe(false);
    expect((await fetch(`${a.base}/healthz`)).status).toBe(200);
    // The public port never serves the metrics.
    expect((await fetch(`${a.base}/metrics`)).status).toBe(404);
  });
});
