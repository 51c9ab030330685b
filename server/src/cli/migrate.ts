import { loadConfig } from '../server-config';
import { openDatabaseOrExit } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const db = openDatabaseOrExit(loadConfig());
const applied = await migrateToLatest(db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
await db.close();
