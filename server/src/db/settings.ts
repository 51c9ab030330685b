import type { Kysely } from 'kysely';
import { parseJson } from './json';
import type { Database } from './schema';

/** Read one JSON setting document; null when absent or unreadable. */
export async function readSetting<T>(db: Kysely<Database>, key: string): Promise<T | null> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return row ? parseJson<T | null>(row.value, null) : null;
}
