import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed';

const config = loadConfig();
const db = openDatabase(config);
const applied = await migrateToLatest(db);
const seeded = await seedIfEmpty(db);
const app = await buildApp({ db, config });
app.log.info({ applied, seeded, database: db.dialect }, 'database ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}

await app.listen({ host: config.host, port: config.port });
console.log(`Adire Blooms is open at http://${config.host}:${config.port} (${db.dialect})`);
