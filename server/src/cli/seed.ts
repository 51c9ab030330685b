import { loadConfig } from '../server-config';
import { openDatabaseOrExit } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedIfEmpty } from '../seed';

const db = openDatabaseOrExit(loadConfig());
await migrateToLatest(db);
console.log((await seedIfEmpty(db)) ? 'Seeded the shop' : 'The shop already has a catalogue; nothing seeded');
await db.close();
