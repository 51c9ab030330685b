import { randomUUID } from 'node:crypto';
import { REFUND_METHODS, type CurrencyName, type RefundMethod, type RefundRecord, type RefundStatus, type RefundSummary, type ShopContact } from '@adire/contracts';
import { formatShopDateTime } from '@adire/domain/formats';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { findOrderByNumber, lockOrder, setPaymentStatus, toOrder, type OrderRow } from '../orders';
import { recordAction, type Actor } from '../staff';
import type { Adapters, PaymentsLog } from './context';
import { endRefund, insertRefunds, receivedFor, refundedFor, type NewRefund } from './ledger';
import { isProviderId, toMinor, VOIDED_ATTEMPT_PAYMENT } from './logic';
import { refundMail } from './mail';
import { ProviderError, type RefundAnswer, type RefundAsk, type WebhookEvent } from './providers/types';
import { allocateRefund, refundAmountProblem, statusAfterRefunds, summaryStatus, type RefundablePayment } from './refund-logic';
import { recordPaymentEvent } from './trail';
import type { ShopTally } from '../../metrics';

/**
 * Refunds (issue 39, item 4). A refund is reserved first — its rows written 'pending' in one
 * transaction with the order row locked (FOR UPDATE on PostgreSQL, `BEGIN IMMEDIATE` on SQLite), the
 * amount left computed inside that lock — so refunds never add up to more than was received, however
 * many run at once. Then each part goes back through the provider that took its payment (its refund
 * call, with the part's idempotency key, then its status check), or is recorded as made by hand (a
 * bank transfer, cash or POS at the till, with its reference). A provider's refund webhook ends a
 * pending refund once. A failed refund no longer counts and the order's payment status follows.
 */

/** What a refund works with: the database, the mailer, the providers' adapters (real or sandbox). */
export interface RefundContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  adapters: Adapters;
  log?: PaymentsLog;
  /** The shop's clock; tests move it. */
  clock?: () => Date;
  /** Where refunds (and the rechecks' outcomes) are counted (the metrics). */
  tally?: Pick<ShopTally, 'refund'> & Partial<Pick<ShopTally, 'refundRecheck'>>;
}

/** One refund asked for by a member of staff (or the operator). */
export interface RefundOrderInput {
  orderNumber: string;
  /** In the order's currency, main unit (naira, dollars, pounds), at most 2 decimals. */
  amount: number;
  reason: string;
  /** 'provider' (default): through the provider that took each payment; 'transfer' | 'cash' | 'pos': made by hand. */
  method?: RefundMethod;
  /** The bank or till reference of a refund made by hand (required then). */
  reference?: string;
  /** Who asks: the audit's actor (email, role, where from). */
  staff: Actor;
  /** The same key twice is the same refund (answered again, never made twice). */
  idempotencyKey?: string;
}

/** What a refund came to: the refund, and the order's payment status before and after. */
export interface RefundOutcome {
  refund: RefundSummary;
  orderId: string;
  orderNumber: string;
  paymentStatus: { before: string; after: string };
}

export const REFUND_MESSAGES = {
  nothingReceived: (n: string) => `Nothing was received for order ${n}, so there is nothing to refund.`,
  tooMuch: (n: string, asked: string, left: string, received: string, refunded: string) =>
    `${asked} is more than is left to refund on order ${n}: ${left} (${received} received, ${refunded} already refunded).`,
  byHand: (n: string, left: string) =>
    `Order ${n} was paid by hand (a transfer, cash or POS), so the provider cannot return ${left === '' ? 'it' : 'all of it'}: refund it by hand — choose transfer, cash or POS and give the bank or till reference.`,
} as const;

const money = (amount: number, currency: string) => `${currency} ${amount.toFixed(2)}`;

/** A 400 naming the field, nothing written. */
function badRefund(field: string, message: string): never {
  throw new AppError(400, 'VALIDATION', message, { [field]: message });
}

function checkInput(input: RefundOrderInput): { method: RefundMethod; reference: string | null; reason: string } {
  const amountProblem = refundAmountProblem(input.amount);
  if (amountProblem) badRefund('amount', amountProblem);
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason || reason.length > 300) badRefund('reason', 'Say why the money goes back (up to 300 characters).');
  const method = input.method ?? 'provider';
  if (!(REFUND_METHODS as readonly string[]).includes(method)) badRefund('method', `Choose how the money goes back: ${REFUND_METHODS.join(', ')}.`);
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  if (method !== 'provider' && (!reference || reference.length > 120)) badRefund('reference', 'Give the bank or till reference of the refund made by hand (up to 120 characters).');
  if (input.idempotencyKey !== undefined && (typeof input.idempotencyKey !== 'string' || !/^[\w.:-]{8,80}$/.test(input.idempotencyKey))) {
    badRefund('idempotencyKey', 'An idempotency key is 8 to 80 letters, digits, dots, colons, dashes or underscores.');
  }
  return { method, reference: method === 'provider' ? null : reference, reason };
}

type RefundRow = Database['refund'] extends infer T ? { [K in keyof T]: T[K] } : never;

/** The order's payments that can carry a refund, newest first, with what already went back through each. */
async function refundablePayments(trx: Kysely<Database>, order: OrderRow): Promise<(RefundablePayment & { reference: string; method: string })[]> {
  const payments = await trx
    .selectFrom('payment')
    .select(['id', 'provider', 'amount', 'reference', 'method', 'created_at'])
    .where('order_id', '=', order.id)
    .where('status', '!=', VOIDED_ATTEMPT_PAYMENT)
    .where('currency', '=', order.currency)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const refunds = await trx.selectFrom('refund').select(['payment_id', 'amount']).where('order_id', '=', order.id).where('status', '!=', 'failed').execute();
  return payments.map((p) => ({
    id: p.id,
    provider: p.provider,
    reference: p.reference,
    method: p.method,
    amount: Number(p.amount),
    refunded: refunds.filter((r) => r.payment_id === p.id).reduce((sum, r) => sum + Number(r.amount), 0),
  }));
}

/** Reserved parts that go to a provider, with what the provider call needs. */
interface ProviderPart {
  row: NewRefund;
  ask: RefundAsk;
}

/**
 * Refund part or all of what an order received. The reservation is one transaction under the order's
 * lock; the provider is asked after the commit. 409 with a sentence when it is more than is left;
 * 400 naming the field for bad input (nothing written). Audited (who, when, from where, before → after)
 * and the shopper is mailed. Exported for the back office's refund route and for cancellations and
 * price-lowering changes (issue 39, items 2-3).
 */
export async function refundOrder(ctx: RefundContext, input: RefundOrderInput): Promise<RefundOutcome> {
  const { method, reference, reason } = checkInput(input);
  const clock = ctx.clock ?? (() => new Date());
  const requestKey = input.idempotencyKey ?? `rf-${randomUUID()}`;
  if (input.idempotencyKey) {
    const again = await answerAgain(ctx.db, requestKey);
    if (again) return again;
  }
  const reserved = await ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await findOrderByNumber({ kysely: trx }, input.orderNumber);
    if (!found) throw new AppError(404, 'NOT_FOUND', `No order has the number ${input.orderNumber}.`);
    const order = await lockOrder(trx, ctx.db.dialect, found.id);
    const n = order.order_number ?? order.id;
    const payments = await refundablePayments(trx, order);
    const received = payments.reduce((sum, p) => sum + p.amount, 0);
    if (toMinor(received) <= 0) throw new AppError(409, 'NOTHING_TO_REFUND', REFUND_MESSAGES.nothingReceived(n));
    const refunded = payments.reduce((sum, p) => sum + p.refunded, 0);
    const left = (toMinor(received) - toMinor(refunded)) / 100;
    if (toMinor(input.amount) > toMinor(left)) {
      throw new AppError(409, 'REFUND_TOO_MUCH', REFUND_MESSAGES.tooMuch(n, money(input.amount, order.currency), money(left, order.currency), money(received, order.currency), money(refunded, order.currency)));
    }
    const eligible = method === 'provider' ? payments.filter((p) => isProviderId(p.provider) && ctx.adapters[p.provider]?.refund) : payments;
    const parts = allocateRefund(eligible, input.amount);
    if (!parts) badRefund('method', REFUND_MESSAGES.byHand(n, eligible.length ? 'part' : ''));
    const at = clock().toISOString();
    const rows: NewRefund[] = parts.map((part, i) => {
      const payment = payments.find((p) => p.id === part.paymentId)!;
      return {
        id: randomUUID(),
        order_id: order.id,
        payment_id: payment.id,
        request_key: requestKey,
        idempotency_key: parts.length === 1 ? requestKey : `${requestKey}-${i + 1}`,
        provider: method === 'provider' ? payment.provider : 'manual',
        method,
        reference,
        amount: part.amount,
        currency: order.currency,
        status: method === 'provider' ? 'pending' : 'processed',
        reason,
        requested_by: input.staff.email,
        created_at: at,
        updated_at: at,
      };
    });
    await insertRefunds(trx, rows);
    const after = await settleOrderStatus(trx, order, at);
    for (const row of rows) {
      await recordPaymentEvent(trx, { orderId: order.id, provider: row.provider, reference: row.idempotency_key, kind: 'refund', detail: { amount: row.amount, currency: row.currency, method, reason, by: input.staff.email, status: row.status }, at });
    }
    await recordAction(trx, input.staff, 'order.refund', n, {
      before: { paymentStatus: order.payment_status, received, refunded },
      after: { paymentStatus: after, refunded: (toMinor(refunded) + toMinor(input.amount)) / 100, amount: input.amount, method, reason, ...(reference ? { reference } : {}) },
    }, at);
    const attempts = await trx.selectFrom('payment_attempt').select(['provider', 'reference', 'provider_reference']).where('order_id', '=', order.id).execute();
    const providerParts: ProviderPart[] = rows
      .filter((r) => r.method === 'provider')
      .map((row) => {
        const payment = payments.find((p) => p.id === row.payment_id)!;
        const attempt = attempts.find((a) => a.provider === payment.provider && a.reference === payment.reference);
        return { row, ask: { key: row.idempotency_key, paymentReference: payment.reference, providerReference: attempt?.provider_reference ?? null, amount: Number(row.amount), currency: row.currency, reason } };
      });
    return { order, before: order.payment_status, providerParts };
  });
  for (const part of reserved.providerParts) await askProvider(ctx, part);
  const outcome = await answerAgain(ctx.db, requestKey);
  if (!outcome) throw new Error(`refund ${requestKey} vanished`);
  if (outcome.refund.status !== 'failed') for (const part of outcome.refund.parts) ctx.tally?.refund(part.provider);
  if (outcome.refund.status !== 'failed') await mailRefund(ctx, reserved.order.id, outcome.refund);
  return { ...outcome, paymentStatus: { before: reserved.before, after: outcome.paymentStatus.after } };
}

/** The order's payment status from what it received and what counts as refunded now, set when it moved. */
async function settleOrderStatus(trx: Kysely<Database>, order: OrderRow, at: string): Promise<string> {
  const received = await receivedFor(trx, order);
  const refunded = await refundedFor(trx, order.id);
  const next = statusAfterRefunds(order.payment_status, received, refunded, Number(order.total));
  if (next !== order.payment_status && !(await setPaymentStatus(trx, order, next, at))) throw new Error(`order ${order.id} changed under its lock`);
  return next;
}

/** What came of asking a provider about a refund: its outcome, or 'unanswered' (unreachable or unreadable: still pending). */
export type ProviderOutcome = 'processed' | 'failed' | 'pending' | 'duplicate' | 'unanswered';

/** A part goes to its provider: the refund call, then its status check while it is still on its way. */
async function askProvider(ctx: RefundContext, { row, ask }: ProviderPart, source = 'refund call'): Promise<ProviderOutcome> {
  const adapter = isProviderId(row.provider) ? ctx.adapters[row.provider] : undefined;
  let answer: RefundAnswer;
  try {
    if (!adapter?.refund) throw new ProviderError(row.provider as never, 400, 'refunds are not enabled');
    answer = await adapter.refund(ask);
    if (answer.status === 'pending' && adapter.refundStatus) answer = await adapter.refundStatus(ask, answer.providerRefundId);
  } catch (err) {
    // Refused (4xx): it did not happen. Unreachable or unreadable: it may have; it stays pending for
    // the webhook or the recheck (the idempotency key makes asking again harmless).
    const refused = err instanceof ProviderError && err.status >= 400 && err.status < 500;
    ctx.log?.warn({ err, refund: row.idempotency_key }, refused ? 'refund refused by the provider' : 'refund outcome unknown: left pending');
    if (refused) return finishRefund(ctx, row.id, { status: 'failed', providerRefundId: null }, source, (err as Error).message);
    return 'unanswered';
  }
  return finishRefund(ctx, row.id, answer, source);
}

/**
 * A refund's outcome recorded once, with the order locked: processed or failed (then the order's
 * status follows: a failed refund no longer counts); a pending answer only keeps the provider's id.
 * 'duplicate' when it had ended already (a replayed webhook).
 */
async function finishRefund(ctx: RefundContext, refundId: string, answer: RefundAnswer, source: string, problem?: string): Promise<'processed' | 'failed' | 'pending' | 'duplicate'> {
  const clock = ctx.clock ?? (() => new Date());
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('refund').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
    const order = await lockOrder(trx, ctx.db.dialect, row.order_id);
    const at = clock().toISOString();
    if (answer.status === 'pending') {
      if (answer.providerRefundId && !row.reference) await endRefund(trx, row.id, 'pending', at, answer.providerRefundId);
      return row.status === 'pending' ? 'pending' : 'duplicate';
    }
    if ((await endRefund(trx, row.id, answer.status, at, answer.providerRefundId)) !== 1) return 'duplicate';
    const paymentStatus = answer.status === 'failed' ? await settleOrderStatus(trx, order, at) : order.payment_status;
    await recordPaymentEvent(trx, {
      orderId: order.id,
      provider: row.provider,
      reference: row.idempotency_key,
      kind: answer.status === 'processed' ? 'refund processed' : 'refund failed',
      detail: { source, amount: Number(row.amount), currency: row.currency, providerRefundId: answer.providerRefundId, paymentStatus, ...(problem ? { problem } : {}) },
      at,
    });
    return answer.status;
  });
}

/**
 * A provider's refund webhook (signature already checked): the refunds it may be about, each checked
 * at the provider (its status check) and ended once. A replayed webhook finds them ended: 'duplicate'.
 */
export async function settleRefundWebhook(ctx: RefundContext, provider: string, event: WebhookEvent): Promise<{ status: number; body: unknown }> {
  const { key, providerRefundId } = event.refund ?? {};
  let q = ctx.db.kysely.selectFrom('refund').selectAll().where('provider', '=', provider);
  const ids = [key, providerRefundId].filter((v): v is string => !!v && v.length <= 120);
  let rows: RefundRow[] = [];
  if (ids.length) rows = await q.where((eb) => eb.or([eb('idempotency_key', 'in', ids), eb('reference', 'in', ids)])).execute();
  if (!rows.length && event.reference && event.reference.length <= 120) {
    const payment = await ctx.db.kysely.selectFrom('payment').select('id').where('provider', '=', provider).where('reference', '=', event.reference).executeTakeFirst();
    if (payment) rows = await (q = q.where('payment_id', '=', payment.id).where('status', '=', 'pending')).execute();
  }
  if (!rows.length) return { status: 200, body: { data: { outcome: 'unknown refund', event: event.event } } };
  const adapter = isProviderId(provider) ? ctx.adapters[provider] : undefined;
  const outcomes: string[] = [];
  for (const row of rows) {
    if (row.status !== 'pending') {
      outcomes.push('duplicate');
      continue;
    }
    let answer: RefundAnswer;
    try {
      if (!adapter?.refundStatus) throw new ProviderError(provider as never, 0, 'no refund status check');
      const payment = await ctx.db.kysely.selectFrom('payment').select('reference').where('id', '=', row.payment_id).executeTakeFirstOrThrow();
      answer = await adapter.refundStatus(
        { key: row.idempotency_key, paymentReference: payment.reference, providerReference: null, amount: Number(row.amount), currency: row.currency, reason: row.reason },
        row.reference,
      );
    } catch (err) {
      ctx.log?.warn({ err, refund: row.idempotency_key }, 'refund status unavailable');
      return { status: 502, body: { message: 'The refund could not be checked right now', code: 'VERIFY_UNAVAILABLE' } };
    }
    outcomes.push(await finishRefund(ctx, row.id, answer, 'webhook'));
  }
  return { status: 200, body: { data: { outcome: outcomes.length === 1 ? outcomes[0] : outcomes.join(', '), event: event.event } } };
}

/** A provider refund still pending this long is asked about again by the recheck (a call in flight has long ended by then). */
export const REFUND_RECHECK_AFTER_MS = 5 * 60_000;

/** What the recheck came to for one refund (its outcome, as the metrics count it). */
export interface RecheckedRefund {
  id: string;
  provider: string;
  outcome: ProviderOutcome;
}

/** The refund call's question again, for a reserved row: the payment it goes back from and the provider's id of that payment. */
async function askOf(q: Kysely<Database>, row: RefundRow): Promise<RefundAsk> {
  const payment = await q.selectFrom('payment').select(['provider', 'reference']).where('id', '=', row.payment_id).executeTakeFirstOrThrow();
  const attempt = await q.selectFrom('payment_attempt').select('provider_reference').where('provider', '=', payment.provider).where('reference', '=', payment.reference).executeTakeFirst();
  return { key: row.idempotency_key, paymentReference: payment.reference, providerReference: attempt?.provider_reference ?? null, amount: Number(row.amount), currency: row.currency, reason: row.reason };
}

/**
 * One pending provider refund asked about again: its status checked when the provider gave its id;
 * else, as its adapter says is safe (`refundRecovery`), found by our key or the refund call sent again
 * with the SAME idempotency key (the provider answers the refund that key made, never a second). The
 * outcome ends it once (`finishRefund`: the row's 'pending' is the condition), as a webhook would.
 */
async function recheckRefund(ctx: RefundContext, row: RefundRow): Promise<ProviderOutcome> {
  const adapter = isProviderId(row.provider) ? ctx.adapters[row.provider] : undefined;
  const ask = await askOf(ctx.db.kysely, row);
  const byStatus = async (providerRefundId: string | null): Promise<ProviderOutcome> => finishRefund(ctx, row.id, await adapter!.refundStatus!(ask, providerRefundId), 'recheck');
  try {
    if (row.reference && adapter?.refundStatus) return await byStatus(row.reference);
    if (adapter?.refundRecovery === 'resend') return await askProvider(ctx, { row, ask }, 'recheck');
    if (adapter?.refundRecovery === 'status' && adapter.refundStatus) {
      try {
        return await byStatus(null);
      } catch (err) {
        // Not there: the first call never arrived; the refund call again, with the same key.
        if (err instanceof ProviderError && err.status === 404) return await askProvider(ctx, { row, ask }, 'recheck');
        throw err;
      }
    }
    ctx.log?.warn({ refund: row.idempotency_key, provider: row.provider }, 'pending refund cannot be asked about again safely: it waits for the provider\'s webhook');
    return 'unanswered';
  } catch (err) {
    ctx.log?.warn({ err, refund: row.idempotency_key }, 'refund recheck unanswered: left pending');
    return 'unanswered';
  }
}

/**
 * The recheck (every instance, on start and every REFUND_RECHECK_MINUTES: refund-recheck.ts): each
 * provider refund pending longer than `olderThanMs` is asked about again. Two instances at once end a
 * refund once — the provider dedupes on the idempotency key, and only a 'pending' row is ended. The
 * shopper was mailed when the refund was asked for (as with a webhook, no second mail); each outcome is
 * counted (`refundRecheck`).
 */
export async function recheckPendingRefunds(ctx: RefundContext, olderThanMs = REFUND_RECHECK_AFTER_MS, limit = 100): Promise<RecheckedRefund[]> {
  const clock = ctx.clock ?? (() => new Date());
  const before = new Date(clock().getTime() - olderThanMs).toISOString();
  const rows = await ctx.db.kysely
    .selectFrom('refund')
    .selectAll()
    .where('status', '=', 'pending')
    .where('method', '=', 'provider')
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const done: RecheckedRefund[] = [];
  for (const row of rows) {
    const outcome = await recheckRefund(ctx, row);
    ctx.tally?.refundRecheck?.(row.provider, outcome);
    done.push({ id: row.id, provider: row.provider, outcome });
  }
  return done;
}

/** A provider refund still pending this long is shown to the staff as needing their attention. */
export const REFUND_ATTENTION_AFTER_MS = 24 * 3_600_000;

const PROVIDER_NAMES: Record<string, string> = { paystack: 'Paystack', flutterwave: 'Flutterwave', paypal: 'PayPal', monnify: 'Monnify' };

/** When refunds are read for the staff: the shop's time now and how often pending refunds are asked about again. */
export interface RefundAttentionClock {
  now: Date;
  recheckMinutes: number;
  /** Whether a refund the provider never gave an id can be asked about (`refundAskableWithoutId`); yes when not said. */
  askableWithoutId?: (provider: string) => boolean;
}

/** The staff's sentence for a provider refund pending over 24 hours at `now`, else undefined. */
export function refundAttention(r: Pick<RefundRow, 'status' | 'method' | 'provider' | 'created_at' | 'reference'>, { now, recheckMinutes, askableWithoutId }: RefundAttentionClock): string | undefined {
  if (r.status !== 'pending' || r.method !== 'provider') return undefined;
  if (now.getTime() - new Date(r.created_at).getTime() < REFUND_ATTENTION_AFTER_MS) return undefined;
  const name = PROVIDER_NAMES[r.provider] ?? r.provider;
  const since = `Pending with ${name} since ${formatShopDateTime(new Date(r.created_at))} (Lagos time)`;
  // No id from the provider and no safe way to ask without one: the recheck leaves it alone (refundRecovery).
  if (!r.reference && askableWithoutId && !askableWithoutId(r.provider)) return `${since} — ${name} never answered the refund call, so the shop cannot ask about it; look it up on ${name}'s dashboard.`;
  const every = recheckMinutes === 1 ? 'every minute' : `every ${recheckMinutes} minutes`;
  return `${since} — checked again ${every}; check ${name}'s dashboard if it stays pending.`;
}

const toRecord = (r: RefundRow, paymentReference: string, attention?: RefundAttentionClock): RefundRecord => {
  const note = attention ? refundAttention(r, attention) : undefined;
  return {
    id: r.id,
    refundKey: r.request_key,
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status as RefundStatus,
    method: r.method as RefundMethod,
    provider: r.provider,
    paymentReference,
    reference: r.reference,
    reason: r.reason,
    by: r.requested_by,
    at: r.created_at,
    updatedAt: r.updated_at,
    ...(note ? { attention: note } : {}),
  };
};

/** Every refund of these orders, oldest first (the order pages, the account's export); with `attention`, the staff's sentence on refunds pending over 24 hours. */
export async function refundsOfOrders(q: Kysely<Database>, orderIds: readonly string[], attention?: RefundAttentionClock): Promise<Map<string, RefundRecord[]>> {
  const byOrder = new Map<string, RefundRecord[]>();
  if (!orderIds.length) return byOrder;
  const rows = await q
    .selectFrom('refund')
    .innerJoin('payment', 'payment.id', 'refund.payment_id')
    .selectAll('refund')
    .select('payment.reference as payment_reference')
    .where('refund.order_id', 'in', [...orderIds])
    .orderBy('refund.created_at')
    .orderBy('refund.idempotency_key')
    .execute();
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), toRecord(r, r.payment_reference, attention)]);
  return byOrder;
}

/** A refund by its key, as it stands (null when there is none): a repeated request answers this. */
async function answerAgain(db: Db, requestKey: string): Promise<Omit<RefundOutcome, 'paymentStatus'> & { paymentStatus: { before: string; after: string } } | null> {
  const rows = await db.kysely.selectFrom('refund').select(['order_id']).where('request_key', '=', requestKey).execute();
  if (!rows.length) return null;
  const orderId = rows[0]!.order_id;
  const parts = ((await refundsOfOrders(db.kysely, [orderId])).get(orderId) ?? []).filter((r) => r.refundKey === requestKey);
  const order = await db.kysely.selectFrom('shop_order').select(['order_number', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const first = parts[0]!;
  return {
    refund: {
      refundKey: requestKey,
      amount: parts.reduce((sum, p) => sum + toMinor(p.amount), 0) / 100,
      currency: first.currency,
      status: summaryStatus(parts.map((p) => p.status)),
      reason: first.reason,
      parts,
    },
    orderId,
    orderNumber: order.order_number ?? orderId,
    paymentStatus: { before: order.payment_status, after: order.payment_status },
  };
}

/** The shopper hears of the refund (after the commit; a mail failure never undoes it). */
async function mailRefund(ctx: RefundContext, orderId: string, refund: RefundSummary): Promise<void> {
  try {
    const row = await ctx.db.kysely.selectFrom('shop_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    if (!row.client_email) return;
    const contact = await readSetting<ShopContact>(ctx.db.kysely, 'shopContact');
    await ctx.mailer.send(refundMail({ to: row.client_email, order: toOrder(row), refund: { ...refund, currency: refund.currency as CurrencyName }, publicUrl: ctx.publicUrl, contact }));
  } catch (err) {
    ctx.log?.error({ err, orderId }, 'refund mail failed');
  }
}
