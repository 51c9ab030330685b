/**
 * A real Prometheus (Debian's package) scraping the instances' metrics and evaluating the shop's alert
 * rules (deploy/prometheus/): what `pnpm scale --with-prometheus` starts and what the alert drill uses.
 * Its data, config and rules go into a folder of its own.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './cluster';

export const ALERT_RULES = path.join(ROOT, 'deploy', 'prometheus', 'alerts.yml');

/** Prometheus' config for these `host:port` targets (job adire-blooms), scraped and evaluated every `interval`. Pure. */
export function prometheusConfig({ targets, interval = '15s', rulesFile = 'alerts.yml' }: { targets: string[]; interval?: string; rulesFile?: string }): string {
  return [
    'global:',
    `  scrape_interval: ${interval}`,
    `  evaluation_interval: ${interval}`,
    'rule_files:',
    `  - ${JSON.stringify(rulesFile)}`,
    'scrape_configs:',
    '  - job_name: adire-blooms',
    `    scrape_timeout: ${interval}`,
    '    static_configs:',
    `      - targets: [${targets.map((t) => JSON.stringify(t)).join(', ')}]`,
    '',
  ].join('\n');
}

/** Debian's prometheus binary (scripts/test-all.sh installs it). */
export function prometheusBinary(): string {
  for (const candidate of ['/usr/bin/prometheus', '/usr/local/bin/prometheus']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v prometheus'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('prometheus is not installed: apt-get install prometheus (its service kept from starting, as scripts/lib.sh does for nginx)');
  }
}

export interface PrometheusServer {
  base: string;
  stop(): Promise<void>;
}

export interface StartPrometheusOptions {
  targets: string[];
  port: number;
  workDir: string;
  interval?: string;
  /** The rules' text (default: deploy/prometheus/alerts.yml as it is). */
  rules?: string;
  log?: (line: string) => void;
}

export async function startPrometheus({ targets, port, workDir, interval, rules, log = () => {} }: StartPrometheusOptions): Promise<PrometheusServer> {
  const dir = path.join(workDir, 'prometheus');
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'alerts.yml'), rules ?? fs.readFileSync(ALERT_RULES, 'utf8'));
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), prometheusConfig({ targets, interval }));
  const child = spawn(prometheusBinary(), [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => log(`[prometheus] ${String(d).trimEnd()}`));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus stopped while starting (exit ${child.exitCode})`);
    if (await fetch(`${base}/-/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`prometheus did not become ready on ${base}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface AlertSeen {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

/** The alerts Prometheus holds now (GET /api/v1/alerts). */
export async function alerts(base: string): Promise<AlertSeen[]> {
  const body = (await (await fetch(`${base}/api/v1/alerts`)).json()) as { data: { alerts: AlertSeen[] } };
  return body.data.alerts;
}

/** An instant query's vector (GET /api/v1/query). */
export async function query(base: string, promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const body = (await (await fetch(`${base}/api/v1/query?query=${encodeURIComponent(promql)}`)).json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
  return body.data.result;
}
