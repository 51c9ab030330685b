import { buildApp } from './app';
import { loadConfig } from './server-config';
import { exitOnDatabaseFileProblem, openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed';

const config = loadConfig();
let db: Db;
let applied: string[];
let seeded: boolean;
try {
  db = openDatabase(config);
  applied = await migrateToLatest(db);
  seeded = await seedIfEmpty(db);
} catch (err) {
  // A SQLITE_FILE that is a directory, not a database, damaged or locked: one line, exit code 1.
  exitOnDatabaseFileProblem(config, err);
  throw err;
}
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
