import type { PaymentProviderId } from '@adire/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../orders';
import type { AttemptRow } from './context';
import { VOIDED_ATTEMPT_PAYMENT } from './logic';

/** What an order was paid (`payment`) and what was asked of a provider (`payment_attempt`), as read. */

/**
 * Everything received for an order, in its currency (other currencies converted at today's rates). A
 * late payment of an attempt voided by a currency switch is not counted (it waits for the operator).
 */
export async function receivedFor(q: Kysely<Database>, order: Pick<OrderRow, 'id' | 'currency'>): Promise<number> {
  const rows = await q.selectFrom('payment').select(['amount', 'currency']).where('order_id', '=', order.id).where('status', '!=', VOIDED_ATTEMPT_PAYMENT).execute();
  if (rows.length === 0) return 0;
  const rates = new Map((await q.selectFrom('currency').select(['name', 'conversion_rate']).execute()).map((r) => [r.name, Number(r.conversion_rate)]));
  const to = rates.get(order.currency) ?? 1;
  return rows.reduce((sum, r) => sum + (r.currency === order.currency ? Number(r.amount) : (Number(r.amount) * (rates.get(r.currency) ?? to)) / to), 0);
}

/** A provider's payment attempt by our reference, or undefined for anything that cannot be ours. */
export async function findAttempt(db: Db, provider: PaymentProviderId, reference: string): Promise<AttemptRow | undefined> {
  // Ours are '<orderNumber>-<10 random>'; anything with a NUL (which PostgreSQL cannot even compare) is not.
  if (reference.length > 120 || reference.includes('\u0000')) return undefined;
  return db.kysely.selectFrom('payment_attempt').selectAll().where('provider', '=', provider).where('reference', '=', reference).executeTakeFirst();
}
