import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccountDataPart, AccountOwner } from '../account';

/** The newsletter's share of an account's data: the subscription under its address, erased with it. */
export const newsletterAccountPart: AccountDataPart = {
  name: 'newsletter',
  async export(q: Kysely<Database>, owner: AccountOwner) {
    const row = await q.selectFrom('newsletter_subscription').select(['status', 'created_at', 'updated_at']).where('email', '=', owner.email.toLowerCase()).executeTakeFirst();
    return row ? { status: row.status, since: row.created_at, changedAt: row.updated_at } : { status: 'not subscribed' };
  },
  async erase(trx: Kysely<Database>, owner: AccountOwner) {
    const email = owner.email.toLowerCase();
    await trx.deleteFrom('newsletter_confirmation').where('email', '=', email).execute();
    await trx.deleteFrom('newsletter_subscription').where('email', '=', email).execute();
  },
};
