import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppUserTable } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed-data';
import { legacySha1Hash } from './logic';
import { ARGON2ID, hashPassword } from '../../auth';

/** The demo accounts of seed-data.ts as rows: argon2id for normal shoppers, the old scheme for the legacy one. */
export async function demoAccountRows(now: string): Promise<Insertable<AppUserTable>[]> {
  return Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      id: randomUUID(),
      email: a.email,
      name: a.name,
      phone: a.phone,
      phone_country_code: a.phoneCountryCode,
      password_hash: a.scheme === 'legacy-sha1' ? legacySha1Hash(a.password) : await hashPassword(a.password),
      password_scheme: a.scheme === 'legacy-sha1' ? 'legacy-sha1' : ARGON2ID,
      cart_items: '[]',
      recipients: '[]',
      created_at: now,
      updated_at: now,
    })),
  );
}
