import type { PaymentProviderId } from '@adire/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../orders';
import type { AttemptRow } from './context';
import { VOIDED_ATTEMPT_PAYMENT } from './logic';

/** What an order was paid (`payment`) and what was asked of a provider (`payment_attempt`): read, and written here only. */

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

/*
 * The one writer of `payment` and `payment_attempt` (issue 30, item 3): each write takes the db or the
 * caller's transaction, so it stays inside that transaction and in its place.
 */

/** A payment row: what arrived, from whom, and how it counts. */
export type NewPayment = Insertable<Database['payment']>;

/** Records a payment (the unique (provider, reference) index refuses a second of the same). */
export async function insertPayment(q: Kysely<Database>, payment: NewPayment): Promise<void> {
  await q.insertInto('payment').values(payment).execute();
}

/** Records a new attempt with a provider. */
export async function insertAttempt(q: Kysely<Database>, attempt: AttemptRow): Promise<void> {
  await q.insertInto('payment_attempt').values(attempt).execute();
}

/** An attempt's status; with `onlyIfPending`, only while it is still pending. How many rows changed (0 or 1). */
export async function setAttemptStatus(q: Kysely<Database>, attemptId: string, status: string, at: string, onlyIfPending = false): Promise<number> {
  let update = q.updateTable('payment_attempt').set({ status, updated_at: at }).where('id', '=', attemptId);
  if (onlyIfPending) update = update.where('status', '=', 'pending');
  return Number((await update.executeTakeFirst()).numUpdatedRows);
}

/** The provider's own reference of an attempt, as its page was opened. */
export async function setAttemptProviderReference(q: Kysely<Database>, attemptId: string, providerReference: string | null | undefined, at: string): Promise<void> {
  await q.updateTable('payment_attempt').set({ provider_reference: providerReference, updated_at: at }).where('id', '=', attemptId).execute();
}

/** Voids an order's attempts still pending (a currency switch); how many were voided. */
export async function voidPendingAttempts(q: Kysely<Database>, orderId: string, at: string): Promise<number> {
  const voided = await q.updateTable('payment_attempt').set({ status: 'void', updated_at: at }).where('order_id', '=', orderId).where('status', '=', 'pending').executeTakeFirst();
  return Number(voided.numUpdatedRows);
}

/*
 * The one writer of `refund` (issue 39, item 4): a refund is written 'pending' under the order's lock
 * (refunds.ts reserves it there, so refunds never add up to more than was received), then ends once.
 */

/** A refund row, as reserved. */
export type NewRefund = Insertable<Database['refund']>;

/** Reserves refunds (the unique idempotency key refuses the same refund twice). */
export async function insertRefunds(q: Kysely<Database>, refunds: readonly NewRefund[]): Promise<void> {
  if (refunds.length) await q.insertInto('refund').values([...refunds]).execute();
}

/**
 * A refund's status, only while it is still pending (a webhook and a status check racing, or a
 * replayed webhook, end it once); with the provider's refund id or the bank or till reference when
 * known. How many rows changed (0 or 1).
 */
export async function endRefund(q: Kysely<Database>, refundId: string, status: 'pending' | 'processed' | 'failed', at: string, reference?: string | null): Promise<number> {
  const result = await q
    .updateTable('refund')
    .set({ status, updated_at: at, ...(reference ? { reference } : {}) })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What went back (or is going back) of an order: its refunds that count (pending or processed), in their currency (the order's). */
export async function refundedFor(q: Kysely<Database>, orderId: string): Promise<number> {
  const rows = await q.selectFrom('refund').select('amount').where('order_id', '=', orderId).where('status', '!=', 'failed').execute();
  return rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0) / 100;
}
