import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ageText } from './command';
import { replicaPosition, restoreReplica } from './litestream';

/** The SQLite side of `pnpm backup` (Litestream): what each command says. */

export interface RestoredCheck {
  integrity: string;
  orders: number;
  payments: number;
}

/** `PRAGMA integrity_check` and the orders and payments a restored file holds. */
export function checkSqliteFile(file: string): RestoredCheck {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    const count = (table: string) => Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
    return { integrity, orders: count('shop_order'), payments: count('payment') };
  } finally {
    db.close();
  }
}

export async function sqliteBackupStatus(replica: string, now: Date): Promise<string> {
  const last = await replicaPosition(replica);
  if (!last) return `Replica ${replica}: nothing replicated yet (is Litestream running? npm run shop starts it when BACKUP_URL is set)`;
  const age = (now.getTime() - last.at.getTime()) / 1000;
  return `Replica ${replica}: last replicated position ${last.position} at ${last.at.toISOString()} (${ageText(age)} ago)`;
}

export async function sqliteRestore(replica: string, into: string, to: Date | null): Promise<string> {
  await restoreReplica({ replica, into, to: to ?? undefined });
  const { integrity, orders } = checkSqliteFile(into);
  return `Restored ${replica} ${to ? `as of ${to.toISOString()}` : 'to its latest position'} into ${into}: ${orders} orders, integrity ${integrity}. To use it: stop the server, move it to SQLITE_FILE (removing the old file's -wal and -shm), start the server.`;
}

/** Restore the latest into a temporary file, check it, count its orders; throws when it is not sound. */
export async function sqliteVerify(replica: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-verify-'));
  const into = path.join(dir, 'restored.sqlite');
  const started = Date.now();
  try {
    await restoreReplica({ replica, into });
    const { integrity, orders, payments } = checkSqliteFile(into);
    if (integrity !== 'ok') throw new Error(`Backup NOT sound: the latest restore of ${replica} fails PRAGMA integrity_check: ${integrity}`);
    return `Backup verified: the latest restore of ${replica} passes PRAGMA integrity_check and holds ${orders} orders and ${payments} payments (restored and checked in ${ageText((Date.now() - started) / 1000)}).`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
