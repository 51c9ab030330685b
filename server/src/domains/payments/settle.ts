import { randomUUID } from 'node:crypto';
import type { CurrencyName } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findOrder, lockOrder, orderTerms, setPaymentStatus, type OrderRow } from '../orders';
import type { AttemptRow, PaymentsContext, SettleResult } from './context';
import { insertPayment, receivedFor, setAttemptStatus } from './ledger';
import { attemptOutcome, orderStatusAfterFailure, orderStatusAfterPayment, verificationProblem, VOIDED_ATTEMPT_PAYMENT, type VerifiedTransaction, type WebhookClaim } from './logic';
import { ProviderError, type PaymentAdapter } from './providers/types';
import { sendPaymentReceipt } from './receipt';
import { recordBecamePaid, recordPaymentEvent } from './trail';

/**
 * Recording a provider's answer, once, whether a webhook or the shopper's return brought it: the
 * provider is asked, its answer checked against the attempt, then a failure, a payment (counted, or
 * kept aside when its attempt was voided) or nothing. The receipt goes after the commit.
 */

/** A provider's verified answer about one attempt, and who brought it ('webhook' or 'return'). */
interface Answer {
  attempt: AttemptRow;
  verified: VerifiedTransaction;
  source: string;
}

/**
 * Ask the provider, then record what it says, once. A verification that cannot be had changes
 * nothing; one that disagrees with our attempt or the webhook body is kept in the audit trail only.
 */
export async function settle(ctx: PaymentsContext, adapter: PaymentAdapter, attempt: AttemptRow, claim: WebhookClaim | undefined, source: 'webhook' | 'return'): Promise<SettleResult> {
  const { db, log } = ctx;
  let verified: VerifiedTransaction;
  try {
    verified = await adapter.verifyTransaction(attempt.reference, attempt.provider_reference);
  } catch (err) {
    log?.warn({ err, provider: attempt.provider, reference: attempt.reference }, 'payment verification unavailable');
    return { outcome: 'unavailable', message: err instanceof ProviderError ? err.message : 'verification failed' };
  }
  const problem = verificationProblem({ reference: attempt.reference, currency: attempt.currency }, verified, claim);
  if (problem) {
    log?.warn({ provider: attempt.provider, reference: attempt.reference, problem }, 'payment verification disagrees');
    await recordPaymentEvent(db.kysely, { orderId: attempt.order_id, provider: attempt.provider, reference: attempt.reference, kind: 'mismatch', detail: { source, problem, claim, verified } });
    return { outcome: 'mismatch', message: problem };
  }
  const outcome = attemptOutcome(Number(attempt.amount), verified);
  if (outcome === 'pending') return { outcome };
  if (outcome === 'failed') return recordFailure(ctx, { attempt, verified, source });
  return recordPayment(ctx, { attempt, verified, source }, outcome);
}

async function recordFailure({ db, tally }: PaymentsContext, { attempt, verified, source }: Answer): Promise<SettleResult> {
  const result = await db.kysely.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, db.dialect, attempt.order_id);
    const stamp = new Date().toISOString();
    const changed = await setAttemptStatus(trx, attempt.id, 'failed', stamp, true);
    if (changed !== 1) return { outcome: 'duplicate' as const, paymentStatus: order.payment_status };
    const next = orderStatusAfterFailure(order.payment_status, isPaid);
    if (next !== order.payment_status) await setPaymentStatus(trx, order, next, stamp);
    await recordPaymentEvent(trx, {
      orderId: order.id,
      provider: attempt.provider,
      reference: attempt.reference,
      kind: 'failed',
      detail: { source, verified },
      at: stamp,
    });
    return { outcome: 'failed' as const, paymentStatus: next };
  });
  if (result.outcome === 'failed') tally?.paymentFailed(attempt.provider);
  return result;
}

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** What a payment's transaction came to, and when the order became paid by it (its receipt's time). */
interface Recorded {
  result: SettleResult;
  paidAt: string | null;
}

async function recordPayment(ctx: PaymentsContext, answer: Answer, outcome: 'paid' | 'part payment'): Promise<SettleResult> {
  let recorded: Recorded;
  try {
    recorded = await ctx.db.kysely.transaction().execute((trx) => recordPaymentIn(ctx, trx, answer, outcome));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const order = await findOrder(ctx.db, answer.attempt.order_id);
    return { outcome: 'duplicate', paymentStatus: order.payment_status };
  }
  if (recorded.paidAt) ctx.tally?.orderPaid(answer.attempt.method);
  if (recorded.paidAt) await mailReceipt(ctx, answer, recorded.paidAt);
  return recorded.result;
}

/** Inside the payment's transaction: once per (provider, reference), counted unless its attempt was voided. */
async function recordPaymentIn(ctx: PaymentsContext, trx: Kysely<Database>, answer: Answer, outcome: 'paid' | 'part payment'): Promise<Recorded> {
  const { attempt } = answer;
  const order = await lockOrder(trx, ctx.db.dialect, attempt.order_id);
  const already = await trx.selectFrom('payment').select('id').where('provider', '=', attempt.provider).where('reference', '=', attempt.reference).executeTakeFirst();
  if (already) return { result: { outcome: 'duplicate', paymentStatus: order.payment_status }, paidAt: null };
  const stamp = ctx.clock().toISOString();
  const now = await trx.selectFrom('payment_attempt').select('status').where('id', '=', attempt.id).executeTakeFirst();
  // An attempt voided (a currency switch), or started for an order that has since moved to another day or
  // place or been re-priced (issue 38, item 2): its money is kept aside, never counted, never takes a place.
  const outdated = !!attempt.order_terms && attempt.order_terms !== orderTerms(order);
  if (now?.status === 'void' || attempt.currency !== order.currency || outdated) {
    if (outdated) await setAttemptStatus(trx, attempt.id, 'void', stamp, true);
    return { result: await recordVoidedAttemptPayment(ctx, trx, order, answer, stamp, outdated), paidAt: null };
  }
  return countPayment(ctx, trx, order, answer, outcome, stamp);
}

/**
 * Paid after a currency switch voided it, or after its order changed (`changed`: moved to another day or
 * place, or re-priced): the money is kept on record and the operator told (refund it, or count it by
 * hand); the order's status, its place and what it still owes do not move.
 */
async function recordVoidedAttemptPayment(ctx: PaymentsContext, trx: Kysely<Database>, order: OrderRow, { attempt, verified, source }: Answer, stamp: string, changed = false): Promise<SettleResult> {
  await insertPayment(trx, { id: randomUUID(), order_id: order.id, provider: attempt.provider, method: attempt.method, reference: attempt.reference, amount: verified.amount, currency: verified.currency.toUpperCase(), status: VOIDED_ATTEMPT_PAYMENT, created_at: stamp });
  await recordPaymentEvent(trx, {
    orderId: order.id,
    provider: attempt.provider,
    reference: attempt.reference,
    kind: 'late payment of a voided attempt',
    detail: {
      source,
      amount: verified.amount,
      currency: verified.currency,
      orderCurrency: order.currency,
      ...(changed ? { startedFor: attempt.order_terms, orderNow: orderTerms(order), why: 'the order changed after this payment was started' } : {}),
      operator: 'not counted toward the order: refund it or apply it by hand',
    },
    at: stamp,
  });
  ctx.log?.warn({ orderId: order.id, reference: attempt.reference }, 'payment arrived on a voided attempt: flagged for the operator');
  return { outcome: 'voided attempt', paymentStatus: order.payment_status };
}

/** The payment counts toward the order: its status follows what was received, and a first full payment makes it paid. */
async function countPayment(ctx: PaymentsContext, trx: Kysely<Database>, order: OrderRow, { attempt, verified, source }: Answer, outcome: 'paid' | 'part payment', stamp: string): Promise<Recorded> {
  // The unique (provider, reference) index is the last word if two deliveries get this far.
  await insertPayment(trx, {
    id: randomUUID(),
    order_id: order.id,
    provider: attempt.provider,
    method: attempt.method,
    reference: attempt.reference,
    amount: verified.amount,
    currency: verified.currency.toUpperCase(),
    status: outcome,
    created_at: stamp,
  });
  await setAttemptStatus(trx, attempt.id, outcome, stamp);
  const received = await receivedFor(trx, order);
  const next = orderStatusAfterPayment(order.payment_status, received, Number(order.total), isPaid);
  if (next !== order.payment_status) await setPaymentStatus(trx, order, next, stamp);
  await recordPaymentEvent(trx, {
    orderId: order.id,
    provider: attempt.provider,
    reference: attempt.reference,
    kind: outcome,
    detail: { source, amount: verified.amount, currency: verified.currency, asked: Number(attempt.amount), received, total: Number(order.total), paymentStatus: next },
    at: stamp,
  });
  const becamePaid = !isPaid(order.payment_status) && isPaid(next);
  if (becamePaid) await recordBecamePaid(trx, ctx.db.dialect, order, { by: 'payment', provider: attempt.provider, reference: attempt.reference, at: stamp }, ctx.log);
  return { result: { outcome, paymentStatus: next }, paidAt: becamePaid ? stamp : null };
}

/** The receipt of a payment that made its order paid; a mail failure is logged, never undoes the payment. */
async function mailReceipt({ db, mailer, publicUrl, log }: PaymentsContext, { attempt, verified }: Answer, at: string): Promise<void> {
  try {
    await sendPaymentReceipt(db, mailer, publicUrl, attempt.order_id, {
      amount: verified.amount,
      currency: verified.currency.toUpperCase() as CurrencyName,
      method: attempt.method,
      reference: attempt.reference,
      at,
    });
  } catch (err) {
    log?.error({ err, orderId: attempt.order_id }, 'payment receipt mail failed');
  }
}
