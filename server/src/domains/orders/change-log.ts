import { randomUUID } from 'node:crypto';
import type { OrderChange, OrderChangeField } from '@adire/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';

/** The order-change entries (issue 39): the one reader and writer of `order_change`. */

export interface NewOrderChange {
  orderId: string;
  kind: OrderChange['kind'];
  actor: { email: string; role: string };
  reason: string;
  fields: OrderChangeField[];
  difference: number;
  currency: string;
  at: string;
}

/** One entry, inside the change's own transaction. */
export async function addOrderChange(trx: Kysely<Database>, entry: NewOrderChange): Promise<OrderChange> {
  const id = randomUUID();
  await trx
    .insertInto('order_change')
    .values({
      id,
      order_id: entry.orderId,
      kind: entry.kind,
      actor: entry.actor.email,
      role: entry.actor.role,
      reason: entry.reason,
      fields: JSON.stringify(entry.fields),
      difference: entry.difference,
      currency: entry.currency,
      created_at: entry.at,
    })
    .execute();
  return { id, kind: entry.kind, at: entry.at, actor: entry.actor.email, role: entry.actor.role, reason: entry.reason, fields: entry.fields, difference: entry.difference, currency: entry.currency };
}

/** An order's entries, oldest first. */
export async function orderChanges(db: Pick<Db, 'kysely'>, orderId: string): Promise<OrderChange[]> {
  const rows = await db.kysely.selectFrom('order_change').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind === 'cancel' ? 'cancel' : 'change',
    at: r.created_at,
    actor: r.actor,
    role: r.role,
    reason: r.reason,
    fields: parseJson<OrderChangeField[]>(r.fields, []),
    difference: Number(r.difference),
    currency: r.currency,
  }));
}

/** A deleted account's orders keep their entries' who, when and amounts; the fields before → after (personal data) are erased. */
export async function eraseOrderChanges(trx: Kysely<Database>, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length) await trx.updateTable('order_change').set({ fields: '[]', reason: '(erased with the account)' }).where('order_id', 'in', [...orderIds]).execute();
}
