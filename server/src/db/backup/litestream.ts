import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Continuous backup of the SQLite file with Litestream (issue 41, item 1): the real Litestream binary,
 * shipped inside the npm package `@flydotio/litestream-<platform>-<arch>` (v0.3.13 here), replicates
 * every committed page of the WAL to the replica (`BACKUP_URL`: `file:///…` or `s3://…`) every second,
 * and restores the latest state or any moment since its first snapshot. Nothing of it is written here:
 * this module writes Litestream's config, starts it, and reads its answers.
 */

const run = promisify(execFile);

/** How often Litestream ships new WAL pages to the replica (its recovery point in normal running). */
export const SYNC_INTERVAL = '1s';

/** The Litestream binary: LITESTREAM_BIN, or the one the npm package for this platform carries. */
export function litestreamBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LITESTREAM_BIN) return env.LITESTREAM_BIN;
  const pkg = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), 'litestream');
  } catch {
    throw new Error(`Litestream is not installed for ${process.platform}-${process.arch} (npm package ${pkg}); set LITESTREAM_BIN to a litestream binary`);
  }
}

/**
 * A replica URL from BACKUP_URL: `file:///abs/path` and `s3://bucket/path` as given; a plain path
 * (absolute, or relative to `cwd`) becomes a `file://` URL. Pure.
 */
export function replicaUrl(backupUrl: string, cwd = process.cwd()): string {
  const given = backupUrl.trim();
  if (/^(s3|gcs|abs|sftp|file):\/\//.test(given)) return given;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) throw new Error(`BACKUP_URL must be a folder, file:///…, or s3://…; got '${given.slice(0, 80)}'`);
  return `file://${path.resolve(cwd, given)}`;
}

/** Litestream's config for one database and its replica; `metricsAddr` serves Litestream's own Prometheus metrics. Pure. */
export function litestreamConfig({ dbFile, replica, metricsAddr, syncInterval = SYNC_INTERVAL }: { dbFile: string; replica: string; metricsAddr?: string; syncInterval?: string }): string {
  const lines = [
    ...(metricsAddr ? [`addr: ${JSON.stringify(metricsAddr)}`] : []),
    'dbs:',
    `  - path: ${JSON.stringify(path.resolve(dbFile))}`,
    '    monitor-interval: 250ms',
    '    replicas:',
    `      - url: ${JSON.stringify(replica)}`,
    `        sync-interval: ${syncInterval}`,
    // A fresh snapshot a day keeps a restore's WAL replay short; a week of history is kept.
    '        snapshot-interval: 24h',
    '        retention: 168h',
  ];
  return `${lines.join('\n')}\n`;
}

export interface Replication {
  process: ChildProcess;
  configFile: string;
  stop(): Promise<void>;
}

/**
 * Litestream replicating `dbFile` to `replica` until stopped (or, with `exec`, until that command ends:
 * Litestream then runs it as its child). Its log goes to `log` (default: this process's stderr).
 */
export function startReplication({ dbFile, replica, metricsAddr, exec, log, syncInterval }: { dbFile: string; replica: string; metricsAddr?: string; exec?: string; log?: fs.WriteStream | 'inherit'; syncInterval?: string }): Replication {
  const configFile = `${path.resolve(dbFile)}.litestream.yml`;
  fs.writeFileSync(configFile, litestreamConfig({ dbFile, replica, metricsAddr, syncInterval }));
  const args = ['replicate', '-config', configFile, ...(exec ? ['-exec', exec] : [])];
  const child = spawn(litestreamBinary(), args, { stdio: ['ignore', log && log !== 'inherit' ? 'pipe' : 'inherit', log && log !== 'inherit' ? 'pipe' : 'inherit'] });
  if (log && log !== 'inherit') {
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    configFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface ReplicaPosition {
  replica: string;
  generation: string;
  /** Litestream's WAL index and offset of the newest segment in the replica. */
  position: string;
  /** When that segment was written. */
  at: Date;
}

/** The newest WAL segment the replica holds (`litestream wal`), or null when it holds none. */
export async function replicaPosition(replica: string): Promise<ReplicaPosition | null> {
  const { stdout } = await run(litestreamBinary(), ['wal', replica], { maxBuffer: 64 * 1024 * 1024 });
  const rows = parseWalListing(stdout);
  if (!rows.length) return null;
  const last = rows.reduce((a, b) => (b.at.getTime() > a.at.getTime() || (b.at.getTime() === a.at.getTime() && b.index * 2 ** 32 + b.offset > a.index * 2 ** 32 + a.offset) ? b : a));
  const at = replica.startsWith('file://') ? newestFileTime(replica.slice('file://'.length), last.generation) ?? last.at : last.at;
  return { replica, generation: last.generation, position: `${last.generation}/${last.index.toString(16).padStart(8, '0')}:${last.offset}`, at };
}

/** `litestream wal`'s table: replica, generation, index, offset, size, created. Pure. */
export function parseWalListing(text: string): { generation: string; index: number; offset: number; at: Date }[] {
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 6 && /^[0-9a-f]{16}$/.test(cols[1]!))
    .map((cols) => ({ generation: cols[1]!, index: Number(cols[2]), offset: Number(cols[3]), at: new Date(cols[5]!) }));
}

/** A file replica's newest segment's time to the millisecond (the listing gives whole seconds). */
function newestFileTime(dir: string, generation: string): Date | null {
  const wal = path.join(dir, 'generations', generation, 'wal');
  try {
    const times = fs.readdirSync(wal).map((f) => fs.statSync(path.join(wal, f)).mtimeMs);
    return times.length ? new Date(Math.max(...times)) : null;
  } catch {
    return null;
  }
}

/**
 * Restore the replica into `into` (which must not exist): the latest state, or the state at `to` (every
 * transaction committed and replicated by then, none after).
 */
export async function restoreReplica({ replica, into, to }: { replica: string; into: string; to?: Date }): Promise<void> {
  if (fs.existsSync(into)) throw new Error(`${into} already exists: restore into a new file, then move it into place with the server stopped`);
  fs.mkdirSync(path.dirname(path.resolve(into)), { recursive: true });
  const args = ['restore', '-o', into, ...(to ? ['-timestamp', to.toISOString()] : []), replica];
  try {
    await run(litestreamBinary(), args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const said = String((err as { stderr?: string }).stderr ?? (err as Error).message).trim().split('\n').pop() ?? '';
    if (said.includes('no matching backups found')) throw new Error(`The replica ${replica} holds no backup${to ? ` from before ${to.toISOString()}` : ''}: nothing was restored`);
    throw new Error(`Litestream could not restore ${replica}${to ? ` to ${to.toISOString()}` : ''}: ${said}`);
  }
}
