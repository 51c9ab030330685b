import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ageText } from './command';

/**
 * Continuous backup of PostgreSQL with its own tools (issue 41, item 2): the server archives every
 * finished WAL segment into `<backup>/wal/` (`archive_command`, forced every `archive_timeout` seconds
 * when there were writes), `pg_basebackup` puts base backups into `<backup>/base/<UTC stamp>/`, and a
 * restore copies the newest base backup from before the moment, sets `restore_command` and
 * `recovery_target_time`, writes `recovery.signal` and lets PostgreSQL replay the archive and promote.
 * Nothing of it is written here: this module writes the settings and runs PostgreSQL's programs.
 */

const run = promisify(execFile);

/** How often (seconds) a segment with writes in it is archived even when not full: the recovery point. */
export const DEFAULT_ARCHIVE_TIMEOUT_S = 10;

/** A PostgreSQL program (pg_ctl, pg_basebackup, initdb, …) from PATH or Debian's /usr/lib/postgresql/<v>/bin. */
export function pgProgram(name: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || fallback(name);
  } catch {
    return fallback(name);
  }
}
function fallback(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} (PostgreSQL) is not installed: apt-get install postgresql`);
}

/** The backup folder from BACKUP_URL (a folder, or file:///…). Pure. */
export function backupFolder(backupUrl: string, cwd = process.cwd()): string {
  const given = backupUrl.trim();
  if (given.startsWith('file://')) return given.slice('file://'.length);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) throw new Error(`With PostgreSQL, BACKUP_URL must be a folder (or file:///…) the database server can write; got '${given.slice(0, 80)}'`);
  return path.resolve(cwd, given);
}

/** The lines for postgresql.conf that archive every WAL segment into `<folder>/wal`. Pure. */
export function archiveSettings(folder: string, timeoutSeconds = DEFAULT_ARCHIVE_TIMEOUT_S): string {
  const wal = path.join(folder, 'wal');
  // Copied under a temporary name, then renamed: a segment in the archive is always whole; never overwritten.
  const command = `test ! -f '${wal}/%f' && cp '%p' '${wal}/%f.part' && mv '${wal}/%f.part' '${wal}/%f'`;
  return ['wal_level = replica', 'archive_mode = on', `archive_timeout = ${timeoutSeconds}`, `archive_command = '${command.replaceAll("'", "''")}'`, ''].join('\n');
}

/** Runs `argv` as the database's system user when this process is root (PostgreSQL refuses root). */
async function asPostgres(argv: string[], options: { cwd?: string } = {}): Promise<string> {
  const root = process.getuid?.() === 0;
  const [file, args] = root ? ['su', ['postgres', '-s', '/bin/sh', '-c', argv.map(shellQuote).join(' ')]] : [argv[0]!, argv.slice(1)];
  const { stdout } = await run(file as string, args as string[], { cwd: options.cwd ?? os.tmpdir(), maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}
const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Gives a folder to the database's system user (when root), so PostgreSQL can write it. */
export function giveToPostgres(dir: string): void {
  if (process.getuid?.() !== 0) return;
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
}

/** A base backup now, into `<folder>/base/<UTC stamp>/` (plain format, its WAL included). Returns its folder. */
export async function takeBaseBackup(databaseUrl: string, folder: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const target = path.join(folder, 'base', stamp);
  fs.mkdirSync(path.join(folder, 'base'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'wal'), { recursive: true });
  giveToPostgres(folder);
  await asPostgres([pgProgram('pg_basebackup'), '-d', databaseUrl, '-D', target, '-X', 'stream', '-c', 'fast']);
  return target;
}

/** The base backups, oldest first, with the moment each was taken (from its folder's name). */
export function baseBackups(folder: string): { dir: string; at: Date }[] {
  const base = path.join(folder, 'base');
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base)
    .map((name) => ({ name, m: /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(name) }))
    .filter((e) => e.m)
    .map(({ name, m }) => ({ dir: path.join(base, name), at: new Date(`${m![1]}-${m![2]}-${m![3]}T${m![4]}:${m![5]}:${m![6]}Z`) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

export interface ArchiverState {
  lastArchivedWal: string | null;
  lastArchivedAt: Date | null;
  failedCount: number;
  /** The segment being written now: archived once full or after archive_timeout. */
  currentWal: string;
}

/** What the server says of its archiving (pg_stat_archiver) and the segment it writes now. */
export async function archiverState(databaseUrl: string): Promise<ArchiverState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT last_archived_wal, last_archived_time, failed_count, pg_walfile_name(pg_current_wal_lsn()) AS current_wal FROM pg_stat_archiver');
    const r = rows[0];
    return { lastArchivedWal: r.last_archived_wal, lastArchivedAt: r.last_archived_time ? new Date(r.last_archived_time) : null, failedCount: Number(r.failed_count), currentWal: r.current_wal };
  } finally {
    await client.end();
  }
}

export async function postgresBackupStatus(databaseUrl: string, folder: string, now: Date): Promise<string> {
  const bases = baseBackups(folder);
  const state = await archiverState(databaseUrl).catch(() => null);
  const base = bases.length ? `newest base backup ${bases.at(-1)!.at.toISOString()} (${bases.length} in all)` : 'no base backup yet (pnpm backup base takes one)';
  if (!state) return `Backup ${folder}: ${base}; the database did not answer`;
  const last = state.lastArchivedWal && state.lastArchivedAt ? `last archived WAL ${state.lastArchivedWal} at ${state.lastArchivedAt.toISOString()} (${ageText((now.getTime() - state.lastArchivedAt.getTime()) / 1000)} ago)` : 'no WAL archived yet (is archive_mode on?)';
  return `Backup ${folder}: ${base}; ${last}; writing ${state.currentWal}${state.failedCount ? `; ${state.failedCount} archive attempts FAILED` : ''}`;
}

/** A loopback port free at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RestoredCluster {
  dataDir: string;
  /** A URL of the restored cluster's database while it runs (the same name as the backed-up one). */
  url(database: string): string;
  stop(): Promise<void>;
}

/**
 * A new data folder `into` from the newest base backup taken before `to` (or the newest), replaying the
 * WAL archive up to `to` (or to its end), then promoted: started on a free loopback port and left
 * running for the caller to read and stop.
 */
export async function restorePostgres({ folder, into, to }: { folder: string; into: string; to?: Date }): Promise<RestoredCluster> {
  if (fs.existsSync(into) && fs.readdirSync(into).length) throw new Error(`${into} already exists and is not empty: restore into a new folder`);
  const candidates = baseBackups(folder).filter((b) => !to || b.at.getTime() <= to.getTime());
  const base = candidates.at(-1);
  if (!base) throw new Error(`The backup ${folder} holds no base backup${to ? ` from before ${to.toISOString()}` : ''}: nothing was restored`);
  fs.cpSync(base.dir, into, { recursive: true });
  fs.chmodSync(into, 0o700);
  const wal = path.join(folder, 'wal');
  const settings = [
    `restore_command = 'cp ''${wal}/%f'' ''%p'''`,
    // PostgreSQL reads '2027-02-13 17:00:00.000+00', not ISO 8601's 'T…Z'.
    ...(to ? [`recovery_target_time = '${to.toISOString().replace('T', ' ').replace('Z', '+00')}'`, "recovery_target_action = 'promote'"] : []),
    "recovery_target_timeline = 'latest'",
    // The restored copy must not archive into the live backup's folder.
    'archive_mode = off',
    '',
  ];
  fs.appendFileSync(path.join(into, 'postgresql.auto.conf'), `\n${settings.join('\n')}`);
  fs.writeFileSync(path.join(into, 'recovery.signal'), '');
  fs.rmSync(path.join(into, 'postmaster.pid'), { force: true });
  giveToPostgres(into);
  const port = await freePort();
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-pg-sock-'));
  giveToPostgres(socketDir);
  const pgCtl = pgProgram('pg_ctl');
  const log = path.join(into, 'restore.log');
  await asPostgres([pgCtl, '-D', into, '-w', '-t', '120', '-l', log, '-o', `-h 127.0.0.1 -p ${port} -k ${socketDir}`, 'start']).catch((err: Error) => {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').slice(-6).join('\n') : err.message;
    throw new Error(`PostgreSQL could not replay the backup in ${into}:\n${tail}`);
  });
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Replaying, then promoted (the target reached, or the archive's end).
  const deadline = Date.now() + 120_000;
  for (;;) {
    const client = new pg.Client({ connectionString: admin });
    const inRecovery = await client.connect().then(
      async () => (await client.query('SELECT pg_is_in_recovery() AS r')).rows[0].r as boolean,
      () => true,
    );
    await client.end().catch(() => {});
    if (!inRecovery) break;
    if (Date.now() > deadline) throw new Error(`The restore in ${into} was still replaying after 2 minutes (see ${path.join(into, 'restore.log')})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    dataDir: into,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await asPostgres([pgCtl, '-D', into, '-w', '-m', 'fast', 'stop']).catch(() => {});
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** Orders and payments a database holds. */
export async function countOrders(url: string): Promise<{ orders: number; payments: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT (SELECT count(*) FROM shop_order)::int AS orders, (SELECT count(*) FROM payment)::int AS payments');
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The database's name in a URL. Pure. */
export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';

export async function postgresRestore(databaseUrl: string, folder: string, into: string, to: Date | null): Promise<string> {
  const cluster = await restorePostgres({ folder, into, to: to ?? undefined });
  try {
    const { orders, payments } = await countOrders(cluster.url(databaseName(databaseUrl)));
    return `Restored ${folder} ${to ? `as of ${to.toISOString()}` : 'to the end of its WAL archive'} into ${into}: ${orders} orders, ${payments} payments, recovered and promoted. To use it: stop the old server, start PostgreSQL on this folder (pg_ctl -D ${into} start), point DATABASE_URL at it.`;
  } finally {
    await cluster.stop();
  }
}

/** Restore the latest into a temporary folder, run recovery to the end, check the tables with pg_amcheck, count orders. */
export async function postgresVerify(databaseUrl: string, folder: string): Promise<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-verify-pg-'));
  giveToPostgres(tmp);
  const started = Date.now();
  const cluster = await restorePostgres({ folder, into: path.join(tmp, 'data') });
  try {
    const url = cluster.url(databaseName(databaseUrl));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS amcheck').finally(() => client.end());
    await asPostgres([pgProgram('pg_amcheck'), '--heapallindexed', url]).catch((err: { stdout?: string; message: string }) => {
      throw new Error(`Backup NOT sound: pg_amcheck found problems in the latest restore of ${folder}: ${(err.stdout || err.message).trim().slice(0, 500)}`);
    });
    const { orders, payments } = await countOrders(url);
    return `Backup verified: the latest restore of ${folder} recovered, passes pg_amcheck and holds ${orders} orders and ${payments} payments (restored and checked in ${ageText((Date.now() - started) / 1000)}).`;
  } finally {
    await cluster.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
