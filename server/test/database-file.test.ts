import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

// Issue 19, item 13: a SQLITE_FILE the shop cannot use (a directory, another kind of file, a damaged
// database, one locked by another process) ends the server with one line naming the file, what is
// wrong and what to do, and a non-zero exit; never a raw stack trace.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-dbfile-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Start the real server (src/main.ts) on the given file; it must stop by itself. */
async function startServer(sqliteFile: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, SQLITE_FILE: sqliteFile, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stderr, stdout };
}

function expectOneClearLine(result: { code: number | null; stderr: string; stdout: string }, file: string, says: RegExp) {
  expect(result.code, result.stderr + result.stdout).not.toBe(0);
  expect(result.code).not.toBeNull(); // it exited by itself
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toContain(`SQLITE_FILE ${file} `);
  expect(lines[0]).toMatch(says);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a SQLITE_FILE the shop cannot use', () => {
  it('a directory', async () => {
    const dir = path.join(tmp, 'a-folder');
    fs.mkdirSync(dir);
    expectOneClearLine(await startServer(dir), dir, /is a directory, not a database file: set SQLITE_FILE to a file inside it/);
  });

  it('a file that is not a database', async () => {
    const file = path.join(tmp, 'notes.txt');
    fs.writeFileSync(file, 'Roses for Mum, Friday 10am.\n'.repeat(200));
    expectOneClearLine(await startServer(file), file, /is not a SQLite database .*: point SQLITE_FILE at the shop database/);
    expect(fs.readFileSync(file, 'utf8')).toBe('Roses for Mum, Friday 10am.\n'.repeat(200)); // left as it was
  });

  it('a damaged database', async () => {
    const file = path.join(tmp, 'damaged.sqlite');
    const db = openDatabase({ sqliteFile: file });
    await migrateToLatest(db);
    await db.close();
    for (const extra of ['-wal', '-shm']) fs.rmSync(file + extra, { force: true });
    // Scribble over the first page's tree (the schema), past the 100-byte file header.
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(3000, 0xa5), 0, 3000, 100);
    fs.closeSync(fd);
    expectOneClearLine(await startServer(file), file, /is damaged .*: restore it from your latest backup/);
  });

  it('a database locked by another process', async () => {
    const file = path.join(tmp, 'locked.sqlite');
    const setup = new SQLite(file); // rollback journal: an exclusive lock keeps every other connection out
    setup.exec('CREATE TABLE note (text TEXT)');
    setup.close();
    const script = `
      const db = new (require('better-sqlite3'))(process.argv[1]);
      db.exec('BEGIN EXCLUSIVE'); db.exec("INSERT INTO note VALUES ('held')");
      process.stdout.write('locked\\n');
      process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
    `;
    const holder = spawn(process.execPath, ['-e', script, file], { cwd: path.resolve(__dirname, '..') });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (c: Buffer) => c.toString().includes('locked') && resolve());
        holder.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
      });
      expectOneClearLine(await startServer(file), file, /is locked by another process: let that process .* finish or stop it, then start again/);
    } finally {
      holder.stdin.write('release\n');
      holder.kill();
    }
  });
});
