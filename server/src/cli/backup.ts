import path from 'node:path';
import { loadConfig } from '../server-config';
import { openDatabaseOrExit } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { BACKUP_USAGE, BackupCommandError, backupFolder, parseBackupCommand, postgresBackupStatus, postgresRestore, postgresVerify, replicaUrl, takeBaseBackup, sqliteBackupStatus, sqliteRestore, sqliteVerify, startReplication, SYNC_INTERVAL, type BackupCommand } from '../db/backup';

// pnpm backup status | restore [--to <ISO 8601 time with its offset>] --into <file> | verify | help
// The replica is BACKUP_URL's; the database the server's (DATABASE_URL: PostgreSQL's WAL archive, else
// the SQLite file with Litestream). `replicate -- <server command>` is what `npm run shop` runs when
// BACKUP_URL is set: Litestream beside the server, the server its child.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let command: BackupCommand;
try {
  command = parseBackupCommand(process.argv.slice(2));
} catch (err) {
  fail(err instanceof BackupCommandError ? err.message : String(err));
}

if (command.kind === 'help') {
  console.log(BACKUP_USAGE);
  process.exit(0);
}

const config = loadConfig();
// Paths the operator typed are read from where they typed them (pnpm runs this in server/).
const whereTyped = process.env.INIT_CWD ?? process.cwd();
const backupUrl = process.env.BACKUP_URL;
if (!backupUrl) fail(`BACKUP_URL is not set: it names the replica (a folder on another disk, or s3://bucket/path).\n${BACKUP_USAGE}`);
if (config.databaseUrl) await postgres(config.databaseUrl, backupUrl, command);

let replica: string;
try {
  replica = replicaUrl(backupUrl, whereTyped);
} catch (err) {
  fail((err as Error).message);
}

try {
  switch (command.kind) {
    case 'status':
      console.log(await sqliteBackupStatus(replica, new Date()));
      break;
    case 'restore':
      console.log(await sqliteRestore(replica, path.resolve(whereTyped, command.into), command.to));
      break;
    case 'verify':
      console.log(await sqliteVerify(replica));
      break;
    case 'base':
      fail('pnpm backup base is for PostgreSQL (DATABASE_URL set): Litestream keeps its own snapshots of the SQLite file');
    case 'replicate': {
      // The file exists and is migrated before Litestream looks at it (a fresh clone has none yet).
      const db = openDatabaseOrExit(config);
      await migrateToLatest(db);
      await db.close();
      console.log(`Backups on: Litestream replicates ${config.sqliteFile} to ${replica} every ${SYNC_INTERVAL} (pnpm backup status)`);
      const replication = startReplication({ dbFile: config.sqliteFile, replica, exec: command.exec ?? undefined, log: 'inherit', metricsAddr: process.env.LITESTREAM_METRICS_ADDR || undefined });
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => replication.process.kill(signal));
      const code = await new Promise<number>((resolve) => replication.process.once('exit', (c) => resolve(c ?? 0)));
      process.exit(code);
    }
  }
} catch (err) {
  fail((err as Error).message);
}

/** PostgreSQL (DATABASE_URL set): the WAL archive and base backups in the BACKUP_URL folder. */
async function postgres(databaseUrl: string, backupUrl: string, command: Exclude<BackupCommand, { kind: 'help' }>): Promise<never> {
  try {
    const folder = backupFolder(backupUrl, whereTyped);
    switch (command.kind) {
      case 'status':
        console.log(await postgresBackupStatus(databaseUrl, folder, new Date()));
        break;
      case 'base':
        console.log(`Base backup taken into ${await takeBaseBackup(databaseUrl, folder)}`);
        break;
      case 'restore':
        console.log(await postgresRestore(databaseUrl, folder, path.resolve(whereTyped, command.into), command.to));
        break;
      case 'verify':
        console.log(await postgresVerify(databaseUrl, folder));
        break;
      case 'replicate':
        fail('With PostgreSQL the database server archives its own WAL: set archive_mode, archive_command and archive_timeout (README, "Operating the shop"; pnpm scale does it)');
    }
    process.exit(0);
  } catch (err) {
    fail((err as Error).message);
  }
}
