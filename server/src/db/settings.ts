import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Read one JSON setting document; null when absent or unreadable. */
export async function readSetting<T>(db: Kysely<Database>, key: string): Promise<T | null> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return null;
  }
}
