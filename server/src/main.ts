import { buildApp } from './app';
import { loadConfig } from './server-config';
import { exitOnDatabaseFileProblem, openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed';
import { serveMetrics, ShopMetrics } from './metrics';

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
// METRICS_PORT: the metrics on their own port (loopback by default), never the shop's.
const metrics = config.metrics ? new ShopMetrics({ defaultLabels: process.env.METRICS_INSTANCE ? { instance_name: process.env.METRICS_INSTANCE } : undefined }) : undefined;
const app = await buildApp({ db, config, metrics });
app.log.info({ applied, seeded, database: db.dialect }, 'database ready');
const metricsServer = metrics && config.metrics ? await serveMetrics(metrics, config.metrics) : undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await metricsServer?.close();
    await app.close();
    await db.close();
    process.exit(0);
  });
}

await app.listen({ host: config.host, port: config.port });
console.log(`Adire Blooms is open at http://${config.host}:${config.port} (${db.dialect})`);
if (metricsServer) console.log(`Metrics for Prometheus at http://${config.metrics!.host}:${metricsServer.port}/metrics`);
