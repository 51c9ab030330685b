import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';

// The SQLite driver runs one transaction at a time on its one connection (patient-sqlite.ts). Several
// transactions waiting for the same one to end must then begin one after another: two woken by the
// same release both began ("cannot start a transaction within a transaction") before this was checked
// where the gate is taken (found by two refund rechecks at once, refund-recheck.test.ts).

let db: Db;
let dir = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-gate-'));
  db = openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dir, 'gate.sqlite') });
  await sql`create table tally (id integer primary key, n integer not null)`.execute(db.kysely);
  await sql`insert into tally (id, n) values (1, 0)`.execute(db.kysely);
});
afterAll(async () => {
  await db?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('SQLite: transactions of one process', () => {
  it('five transactions waiting on one another each begin alone, and reads outside them never run inside one', async () => {
    const bump = () =>
      db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from tally where id = 1`.execute(trx);
        await new Promise((resolve) => setImmediate(resolve));
        await sql`update tally set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
      });
    const reads = () => sql<{ n: number }>`select n from tally where id = 1`.execute(db.kysely);
    await Promise.all([bump(), bump(), bump(), reads(), bump(), reads(), bump()]);
    const { rows } = await sql<{ n: number }>`select n from tally where id = 1`.execute(db.kysely);
    expect(rows[0]!.n).toBe(5);
  });
});
