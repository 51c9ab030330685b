/**
 * Several store instances on one database behind nginx (issue 21): what `pnpm scale` runs and what
 * the scale drill starts. Each instance is the production server (dist/main.mjs) on its own port with
 * its own release cache; they share only the database. nginx runs from Debian's package as any user:
 * its pid, logs and temporary files go into a folder of its own (`nginx -p <dir> -c <conf>`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(SERVER_DIR, '..');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx.conf.template');

/** nginx's configuration for these upstream ports, filled in from deploy/nginx.conf.template. */
export function nginxConfig(options: { port: number; upstreams: number[]; prefix: string; maxFails?: number; failTimeoutS?: number }): string {
  const { port, upstreams, prefix } = options;
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=${options.maxFails ?? 2} fail_timeout=${options.failTimeoutS ?? 5}s;`).join('\n');
  // As root, nginx's workers would switch to 'nobody', who cannot write the temporary folder made here.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  return fs
    .readFileSync(NGINX_TEMPLATE, 'utf8')
    .replace('{{USER}}', user)
    .replace('{{SERVERS}}', servers)
    .replaceAll('{{PREFIX}}', prefix)
    .replace('{{PORT}}', String(port));
}

/** Debian's nginx binary (scripts/lib.sh installs it when missing). */
export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx is not installed: apt-get install nginx (scripts/scale.sh does it)');
  }
}

async function waitFor(url: string, what: string, timeoutMs: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`${what} stopped while starting`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Instance {
  name: string;
  port: number;
  base: string;
  releasesDir: string;
  process: ChildProcess;
  /** Kill the process at once (SIGKILL): a machine lost mid-request. */
  kill(): void;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** One store instance: the production build on `port`, its release cache in `workDir`. */
export async function startInstance(options: { name: string; port: number; workDir: string; env: NodeJS.ProcessEnv; log?: (line: string) => void; execArgv?: string[] }): Promise<Instance> {
  const releasesDir = path.join(options.workDir, `${options.name}-releases`);
  // execArgv: Node's own options (`--cpu-prof`, which NODE_OPTIONS may not carry).
  const child = spawn(process.execPath, [...(options.execArgv ?? []), 'dist/main.mjs'], {
    cwd: SERVER_DIR,
    env: {
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      RELEASES_DIR: releasesDir,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: options.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = options.log ?? (() => {});
  child.stdout!.on('data', (d: Buffer) => log(`[${options.name}] ${String(d).trimEnd()}`));
  child.stderr!.on('data', (d: Buffer) => log(`[${options.name}] ${String(d).trimEnd()}`));
  const base = `http://127.0.0.1:${options.port}`;
  await waitFor(`${base}/healthz`, `instance ${options.name}`, 60_000, () => !exited(child));
  return {
    name: options.name,
    port: options.port,
    base,
    releasesDir,
    process: child,
    kill: () => void child.kill('SIGKILL'),
    stop: () => stopChild(child),
  };
}

export interface Balancer {
  base: string;
  prefix: string;
  pid: number;
  stop(): Promise<void>;
}

/** nginx in front of the given instance ports, listening on `port`. */
export async function startNginx(options: { port: number; upstreams: number[]; workDir: string; name?: string; log?: (line: string) => void }): Promise<Balancer> {
  const prefix = path.join(options.workDir, options.name ?? 'nginx');
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ port: options.port, upstreams: options.upstreams, prefix }));
  const binary = nginxBinary();
  execFileSync(binary, ['-t', '-q', '-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const child = spawn(binary, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = options.log ?? (() => {});
  child.stderr!.on('data', (d: Buffer) => log(`[nginx] ${String(d).trimEnd()}`));
  const base = `http://127.0.0.1:${options.port}`;
  await waitFor(`${base}/healthz`, 'nginx', 15_000, () => !exited(child));
  return { base, prefix, pid: child.pid!, stop: () => stopChild(child, 'SIGQUIT') };
}

/** The release command on the cluster's database (its own cache folder: it may run on any machine). */
export function releaseCommand(args: string[], env: NodeJS.ProcessEnv, cacheDir: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/release.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...env, RELEASES_DIR: cacheDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Compile the production server (dist/main.mjs), migrate and seed the database once: instances starting together would race to. */
export function prepare(env: NodeJS.ProcessEnv): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: SERVER_DIR, stdio: 'ignore' });
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/seed.ts'], { cwd: SERVER_DIR, env: { ...env, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
}
