import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_mail';

/** Migrations listed in code (not read from disk) so they ship with the server wherever it runs. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_mail': m0002,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
