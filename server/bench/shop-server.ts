/**
 * The shop as the bench measures it: the real app (buildApp) on a SQLite file, in a process of its own
 * so its memory can be read from outside. Started by bench/lib.ts; tells its port over IPC.
 *
 *   node --import tsx bench/shop-server.ts <sqlite file>     (RESPONSE_CACHE=0 turns the cache off)
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/server-config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

const sqliteFile = process.argv[2];
if (!sqliteFile) throw new Error('usage: shop-server.ts <sqlite file>');
const config = loadConfig(process.env);
const db = openDatabase({ sqliteFile });
await migrateToLatest(db);
const app = await buildApp({
  db,
  // No request log (the bare route has none either); everything else as in production.
  config: { ...config, shellDir: path.join(os.tmpdir(), 'adire-bench-no-shell'), logLevel: 'silent' },
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await app.close();
  await db.close();
  process.exit(0);
});
