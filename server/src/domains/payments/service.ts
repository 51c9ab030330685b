import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { CurrencyName, PaymentDetailsResponse, PaymentProviderId, ShopContact } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Database, PaymentAttemptTable } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError, badRequest } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import {
  checkCurrency,
  checkOrderDateOpen,
  CHECKOUT_HOLD_MS,
  orderFinished,
  findOrder,
  couponLapsedNotice,
  holdOrderStock,
  keepOrderCoupon,
  lockOrder,
  lockUnpaidOrder,
  orderBecamePaid,
  orderItems,
  setPaymentStatus,
  switchOrderCurrency,
  toOrder,
  TRANSFER_HOLD_MS,
  type CouponOverLimit,
  type OrderRow,
  type OverBooking,
} from '../orders';
import {
  amountDue,
  attemptOutcome,
  findMethod,
  methodCurrencyProblem,
  newPaymentReference,
  orderStatusAfterFailure,
  orderStatusAfterPayment,
  orderStatusAwaitingTransfer,
  providerOf,
  returnReference,
  TRANSFER_NOTICE_LIMIT,
  verificationProblem,
  VOIDED_ATTEMPT_PAYMENT,
  type ManualMethodName,
  type VerifiedTransaction,
  type WebhookClaim,
} from './logic';
import { paymentReceiptMail } from './mail';
import { ProviderError, type PaymentAdapter } from './providers/types';
import { DEFAULT_TRANSFER_ACCOUNTS, transferInstructions, type TransferAccounts } from './transfers';

export type AttemptRow = Selectable<PaymentAttemptTable>;
export type Adapters = Partial<Record<PaymentProviderId, PaymentAdapter>>;

export const CHECKOUT_REQUIRED = 'Complete your delivery details first: this order has not been checked out, so it cannot be paid yet';
export const AWAITING_TRANSFER = 'awaiting transfer';

export interface PaymentsServiceOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  adapters: Adapters;
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  /** The shop's clock (holds, the delivery date's check, when a payment is recorded); tests move it. */
  now?: () => Date;
}

/** What a webhook or a shopper's return came to. */
export type SettleOutcome = 'paid' | 'part payment' | 'failed' | 'pending' | 'duplicate' | 'mismatch' | 'unavailable' | 'voided attempt';

export interface SettleResult {
  outcome: SettleOutcome;
  paymentStatus?: string;
  message?: string;
}

/** Keep one payment event in the order's audit trail. */
export async function recordPaymentEvent(
  q: Kysely<Database>,
  e: { orderId: string; provider: string; reference: string | null; kind: string; detail?: Record<string, unknown>; at?: string },
): Promise<void> {
  await q
    .insertInto('payment_event')
    .values({ id: randomUUID(), order_id: e.orderId, provider: e.provider, reference: e.reference, kind: e.kind, detail: JSON.stringify(e.detail ?? {}), created_at: e.at ?? new Date().toISOString() })
    .execute();
}

/**
 * Units a paid order took that another order held meanwhile (this order's hold had lapsed) are
 * oversold: kept in the audit trail for the shop.
 */
export async function recordOversold(trx: Kysely<Database>, orderId: string, oversold: readonly unknown[], provider: string, reference: string | null, at: string): Promise<void> {
  if (oversold.length) await recordPaymentEvent(trx, { orderId, provider, reference, kind: 'oversold', detail: { oversold }, at });
}

/**
 * A paid order took a place its delivery day no longer had (its hold had lapsed and other orders
 * filled the day): the place is kept (the money arrived) and the operator told, in the trail and the log.
 */
export async function recordOverbooked(
  trx: Kysely<Database>,
  orderId: string,
  over: OverBooking | null,
  provider: string,
  reference: string | null,
  at: string,
  log?: PaymentsServiceOptions['log'],
): Promise<void> {
  if (!over) return;
  const operator = `paid after its hold on ${over.date} (${over.place}) lapsed: the day now has ${over.bookedByOthers + 1} orders for a capacity of ${over.capacity}`;
  await recordPaymentEvent(trx, { orderId, provider, reference, kind: DAY_OVERBOOKED, detail: { ...over, operator }, at });
  log?.warn({ orderId, date: over.date, place: over.place }, 'a day took an order past its capacity by a late payment: flagged for the operator');
}

export const DAY_OVERBOOKED = 'day over its capacity';
export const COUPON_OVER_LIMIT = 'coupon over its limit';

/**
 * An order paid at a coupon's price after its hold lapsed, when others were promised the coupon's
 * uses meanwhile: the use counts (the money was taken at that price) and the operator is told, in the
 * trail (`pnpm payments history`) and the log.
 */
export async function recordCouponOverLimit(
  trx: Kysely<Database>,
  orderId: string,
  over: CouponOverLimit | null,
  provider: string,
  reference: string | null,
  at: string,
  log?: PaymentsServiceOptions['log'],
): Promise<void> {
  if (!over) return;
  await recordPaymentEvent(trx, {
    orderId,
    provider,
    reference,
    kind: COUPON_OVER_LIMIT,
    detail: {
      ...over,
      operator: `paid at the coupon's price after its hold lapsed: ${over.coupon} now has ${over.used} uses counted and ${over.heldByOthers} other orders holding it, for a limit of ${over.usageLimit}`,
    },
    at,
  });
  log?.warn({ orderId, coupon: over.coupon }, 'coupon used beyond its limit by a late payment: flagged for the operator');
}

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

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/**
 * A manual transfer confirmed by the operator, inside the caller's transaction: a payment row for
 * what was still owed, with status 'paid - confirmed by transfer', and its audit event.
 */
export async function recordTransferConfirmed(trx: Kysely<Database>, row: OrderRow, status: string, at: string): Promise<{ amount: number; method: string; reference: string }> {
  const due = amountDue(Number(row.total), await receivedFor(trx, row));
  const chosen = await trx
    .selectFrom('payment_event')
    .select('detail')
    .where('order_id', '=', row.id)
    .where('kind', 'in', ['transfer chosen', 'transfer notice'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const method = String(parseJson<{ method?: string }>(chosen?.detail ?? '{}', {}).method ?? 'bankTransfer');
  const reference = `${row.order_number ?? row.id}-TRANSFER-${at.replace(/\D/g, '').slice(0, 14)}`;
  await trx
    .insertInto('payment')
    .values({ id: randomUUID(), order_id: row.id, provider: 'manual', method, reference, amount: due, currency: row.currency, status, created_at: at })
    .execute();
  await recordPaymentEvent(trx, { orderId: row.id, provider: 'manual', reference, kind: 'confirmed', detail: { source: 'operator', method, amount: due, currency: row.currency }, at });
  return { amount: due, method, reference };
}

/** The receipt mail, after the payment is committed; a mail failure never undoes a payment. */
export async function sendPaymentReceipt(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  orderId: string,
  payment: { amount: number; currency: CurrencyName; method: string; reference: string; at: string },
): Promise<boolean> {
  const row = await findOrder(db, orderId);
  if (!row.client_email) return false;
  const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
  const title = findMethod(payment.method)?.title ?? payment.method;
  await mailer.send(paymentReceiptMail({ to: row.client_email, order: toOrder(row), payment: { ...payment, method: title }, publicUrl, contact }));
  return true;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService({ db, mailer, publicUrl, adapters, log, now: clock = () => new Date() }: PaymentsServiceOptions) {
  function readyToPay(row: OrderRow) {
    if (isPaid(row.payment_status)) throw orderFinished();
    if (!row.order_number || orderItems(row).length === 0) throw new AppError(400, 'CHECKOUT_REQUIRED', CHECKOUT_REQUIRED);
  }

  /**
   * Switching the currency at the payment stage re-prices the order in it (refused once money arrived)
   * and voids the payment attempts still pending in the old currency: paying one of them later is kept
   * and flagged for the operator, never counted toward the new total.
   */
  async function switchCurrency(row: OrderRow, currency: CurrencyName): Promise<OrderRow> {
    return switchOrderCurrency(db, row.id, currency, async (trx, current) => {
      if ((await receivedFor(trx, current)) > 0) {
        throw new AppError(409, 'CURRENCY_LOCKED', `Part of this order is already paid in ${current.currency}: pay the rest in ${current.currency}`, { currency: 'cannot change' });
      }
      const stamp = new Date().toISOString();
      const voided = await trx.updateTable('payment_attempt').set({ status: 'void', updated_at: stamp }).where('order_id', '=', current.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(voided.numUpdatedRows) > 0) {
        await recordPaymentEvent(trx, { orderId: current.id, provider: 'shop', reference: null, kind: 'attempts voided', detail: { from: current.currency, to: currency, attempts: Number(voided.numUpdatedRows) }, at: stamp });
      }
    });
  }

  async function startProviderPayment(row: OrderRow, provider: PaymentProviderId, method: string, amount: number): Promise<PaymentDetailsResponse> {
    const adapter = adapters[provider];
    if (!adapter) {
      throw new AppError(503, 'METHOD_UNAVAILABLE', `${findMethod(method)?.title ?? method} is not available right now: please choose another payment method`, {
        paymentMethod: 'is not available',
      });
    }
    const currency = row.currency as CurrencyName;
    const reference = newPaymentReference(row.order_number!);
    const now = new Date().toISOString();
    // The attempt exists before the provider hears of it, so its webhook always finds it.
    const attempt: AttemptRow = {
      id: randomUUID(),
      order_id: row.id,
      provider,
      method,
      reference,
      provider_reference: null,
      amount,
      currency,
      status: 'pending',
      created_at: now,
      updated_at: now,
    };
    await db.kysely.insertInto('payment_attempt').values(attempt).execute();
    const returnUrl = `${publicUrl}/payments/return/${provider}?reference=${encodeURIComponent(reference)}`;
    let started;
    try {
      started = await adapter.startPayment({
        reference,
        amount,
        currency,
        orderId: row.id,
        orderNumber: row.order_number!,
        email: row.client_email ?? `orders+${row.order_number!.toLowerCase()}@adireblooms.ng`,
        customerName: row.client_name,
        description: `Adire Blooms order ${row.order_number}`,
        returnUrl,
        cancelUrl: `${returnUrl}&cancelled=1`,
      });
    } catch (err) {
      log?.error({ err, provider, reference }, 'payment could not be started');
      await db.kysely.updateTable('payment_attempt').set({ status: 'failed', updated_at: new Date().toISOString() }).where('id', '=', attempt.id).execute();
      await recordPaymentEvent(db.kysely, { orderId: row.id, provider, reference, kind: 'start failed', detail: { method, amount, currency, error: (err as Error).message } });
      throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'The payment service did not answer. Please try again, or choose another payment method.');
    }
    await db.kysely.updateTable('payment_attempt').set({ provider_reference: started.providerReference, updated_at: new Date().toISOString() }).where('id', '=', attempt.id).execute();
    await recordPaymentEvent(db.kysely, { orderId: row.id, provider, reference, kind: 'started', detail: { method, amount, currency, mode: adapter.mode } });
    return { action: 'redirect', url: started.url, redirectUrl: started.url, provider, reference, amount, currency, order: toOrder(row) };
  }

  async function startTransfer(row: OrderRow, method: ManualMethodName, amount: number): Promise<PaymentDetailsResponse> {
    const currency = row.currency as CurrencyName;
    const [contact, accounts] = await Promise.all([
      readSetting<ShopContact>(db.kysely, 'shopContact'),
      readSetting<Partial<TransferAccounts>>(db.kysely, 'transferAccounts'),
    ]);
    const instructions = transferInstructions({
      method,
      amount,
      currency,
      orderNumber: row.order_number!,
      contact,
      accounts: { ...DEFAULT_TRANSFER_ACCOUNTS, ...(accounts ?? {}) },
    });
    const updated = await db.kysely.transaction().execute(async (trx) => {
      const current = await lockUnpaidOrder(trx, db.dialect, row.id);
      const stamp = new Date().toISOString();
      const next = orderStatusAwaitingTransfer(current.payment_status, isPaid);
      if (next !== current.payment_status && !(await setPaymentStatus(trx, current, next, stamp))) throw orderFinished();
      await recordPaymentEvent(trx, { orderId: row.id, provider: 'manual', reference: row.order_number, kind: 'transfer chosen', detail: { method, amount, currency }, at: stamp });
      return { ...current, payment_status: next, updated_at: stamp };
    });
    return { action: 'transfer', instructions, reference: row.order_number!, amount, currency, order: toOrder(updated) };
  }

  async function findAttempt(provider: PaymentProviderId, reference: string): Promise<AttemptRow | undefined> {
    // Ours are '<orderNumber>-<10 random>'; anything with a NUL (which PostgreSQL cannot even compare) is not.
    if (reference.length > 120 || reference.includes('\u0000')) return undefined;
    return db.kysely.selectFrom('payment_attempt').selectAll().where('provider', '=', provider).where('reference', '=', reference).executeTakeFirst();
  }

  async function recordFailure(attempt: AttemptRow, verified: VerifiedTransaction, source: string): Promise<SettleResult> {
    return db.kysely.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, db.dialect, attempt.order_id);
      const stamp = new Date().toISOString();
      const changed = await trx
        .updateTable('payment_attempt')
        .set({ status: 'failed', updated_at: stamp })
        .where('id', '=', attempt.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return { outcome: 'duplicate' as const, paymentStatus: order.payment_status };
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
  }

  async function recordPayment(attempt: AttemptRow, verified: VerifiedTransaction, outcome: 'paid' | 'part payment', source: string): Promise<SettleResult> {
    let receipt: { orderId: string; at: string } | null = null;
    let result: SettleResult;
    try {
      result = await db.kysely.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, db.dialect, attempt.order_id);
        const already = await trx.selectFrom('payment').select('id').where('provider', '=', attempt.provider).where('reference', '=', attempt.reference).executeTakeFirst();
        if (already) return { outcome: 'duplicate' as const, paymentStatus: order.payment_status };
        const stamp = clock().toISOString();
        const now = await trx.selectFrom('payment_attempt').select('status').where('id', '=', attempt.id).executeTakeFirst();
        if (now?.status === 'void' || attempt.currency !== order.currency) {
          // Paid after a currency switch voided it: the money is kept on record and the operator told
          // (refund it, or count it by hand); the order's status and what it still owes do not move.
          await trx
            .insertInto('payment')
            .values({ id: randomUUID(), order_id: order.id, provider: attempt.provider, method: attempt.method, reference: attempt.reference, amount: verified.amount, currency: verified.currency.toUpperCase(), status: VOIDED_ATTEMPT_PAYMENT, created_at: stamp })
            .execute();
          await recordPaymentEvent(trx, {
            orderId: order.id,
            provider: attempt.provider,
            reference: attempt.reference,
            kind: 'late payment of a voided attempt',
            detail: { source, amount: verified.amount, currency: verified.currency, orderCurrency: order.currency, operator: 'not counted toward the order: refund it or apply it by hand' },
            at: stamp,
          });
          log?.warn({ orderId: order.id, reference: attempt.reference }, 'payment arrived on a voided attempt: flagged for the operator');
          return { outcome: 'voided attempt' as const, paymentStatus: order.payment_status };
        }
        // The unique (provider, reference) index is the last word if two deliveries get this far.
        await trx
          .insertInto('payment')
          .values({
            id: randomUUID(),
            order_id: order.id,
            provider: attempt.provider,
            method: attempt.method,
            reference: attempt.reference,
            amount: verified.amount,
            currency: verified.currency.toUpperCase(),
            status: outcome,
            created_at: stamp,
          })
          .execute();
        await trx.updateTable('payment_attempt').set({ status: outcome, updated_at: stamp }).where('id', '=', attempt.id).execute();
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
        if (!isPaid(order.payment_status) && isPaid(next)) {
          const { oversold, couponOverLimit, overbooked } = await orderBecamePaid(trx, db.dialect, order, stamp, 'payment');
          await recordOversold(trx, order.id, oversold, attempt.provider, attempt.reference, stamp);
          await recordOverbooked(trx, order.id, overbooked, attempt.provider, attempt.reference, stamp, log);
          await recordCouponOverLimit(trx, order.id, couponOverLimit, attempt.provider, attempt.reference, stamp, log);
          receipt = { orderId: order.id, at: stamp };
        }
        return { outcome, paymentStatus: next };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const order = await findOrder(db, attempt.order_id);
      return { outcome: 'duplicate', paymentStatus: order.payment_status };
    }
    const sent = receipt as { orderId: string; at: string } | null;
    if (sent) {
      try {
        await sendPaymentReceipt(db, mailer, publicUrl, sent.orderId, {
          amount: verified.amount,
          currency: verified.currency.toUpperCase() as CurrencyName,
          method: attempt.method,
          reference: attempt.reference,
          at: sent.at,
        });
      } catch (err) {
        log?.error({ err, orderId: sent.orderId }, 'payment receipt mail failed');
      }
    }
    return result;
  }

  /**
   * Ask the provider, then record what it says, once. A verification that cannot be had changes
   * nothing; one that disagrees with our attempt or the webhook body is kept in the audit trail only.
   */
  async function settle(adapter: PaymentAdapter, attempt: AttemptRow, claim: WebhookClaim | undefined, source: 'webhook' | 'return'): Promise<SettleResult> {
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
    if (outcome === 'failed') return recordFailure(attempt, verified, source);
    return recordPayment(attempt, verified, outcome, source);
  }

  return {
    adapters,

    /** PUT update-payment-details/{orderId}: check the method against the currency, then say what comes next. */
    async updatePaymentDetails(orderId: string, body: { currency?: unknown; paymentMethod?: unknown }): Promise<PaymentDetailsResponse> {
      const currency = checkCurrency(body.currency);
      if (!findMethod(body.paymentMethod)) {
        const problem = methodCurrencyProblem(body.paymentMethod, currency)!;
        throw new AppError(400, problem.code, problem.message, problem.fields);
      }
      let row = await findOrder(db, orderId);
      readyToPay(row);
      // No money for a day that can no longer be kept: the shopper chooses a new date first.
      await checkOrderDateOpen(db, row, clock());
      const problem = methodCurrencyProblem(body.paymentMethod, currency);
      if (problem) throw new AppError(400, problem.code, problem.message, problem.fields);
      // A discount only while its coupon is still held for this order: a coupon whose hold lapsed and
      // that was used up meanwhile comes off first, and the shopper sees the new total before paying.
      if (row.coupon_code) {
        const kept = await keepOrderCoupon(db, row.id);
        if (kept.lost) throw new AppError(409, 'COUPON_LAPSED', couponLapsedNotice(kept.row)!, { coupon: 'has been used up' });
        row = kept.row;
      }
      if (row.currency !== currency) row = await switchCurrency(row, currency);
      const amount = amountDue(Number(row.total), await receivedFor(db.kysely, row));
      if (!(amount > 0)) throw new AppError(400, 'NOTHING_TO_PAY', 'This order has nothing left to pay');
      const method = findMethod(body.paymentMethod)!;
      const provider = providerOf(method.paymentName);
      // Limited items stay held while the shopper pays (days for a manual transfer); 409 if they went meanwhile.
      // So does its place on its delivery day: 409 DAY_FULL when its hold lapsed and the day filled meanwhile.
      await holdOrderStock(db, row.id, provider ? CHECKOUT_HOLD_MS : TRANSFER_HOLD_MS, clock());
      return provider ? startProviderPayment(row, provider, method.paymentName, amount) : startTransfer(row, method.paymentName as ManualMethodName, amount);
    },

    /** PUT transfer-notice/{orderId}: the shopper says the transfer is made; the shop checks and confirms. */
    async transferNotice(orderId: string, body: { amount?: unknown; accountName?: unknown; reference?: unknown }) {
      const fields: Record<string, string> = {};
      const amount = typeof body.amount === 'number' ? body.amount : typeof body.amount === 'string' ? Number(body.amount.replace(/[,\s]/g, '')) : Number.NaN;
      if (!Number.isFinite(amount) || amount <= 0 || amount > 1e9) fields.amount = 'must be the amount you sent';
      const accountName = typeof body.accountName === 'string' ? body.accountName.trim() : '';
      if (!accountName) fields.accountName = 'is required';
      const reference = typeof body.reference === 'string' ? body.reference.trim() : '';
      if (!reference) fields.reference = 'is required';
      if (Object.keys(fields).length) {
        throw badRequest(`Tell us about your transfer: ${Object.entries(fields).map(([k, v]) => `${k} ${v}`).join('; ')}`, fields);
      }
      const row = await findOrder(db, orderId);
      readyToPay(row);
      const updated = await db.kysely.transaction().execute(async (trx) => {
        const current = await lockUnpaidOrder(trx, db.dialect, orderId);
        const stamp = new Date().toISOString();
        // Only an order being paid by a manual transfer: a transfer chosen after any provider payment began.
        const chosen = await trx.selectFrom('payment_event').select(['detail', 'created_at']).where('order_id', '=', orderId).where('kind', '=', 'transfer chosen').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
        const started = await trx.selectFrom('payment_attempt').select('created_at').where('order_id', '=', orderId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
        const notices = await trx.selectFrom('payment_event').select((eb) => eb.fn.countAll<number | string>().as('n')).where('order_id', '=', orderId).where('kind', '=', 'transfer notice').executeTakeFirst();
        if (!chosen || (started && started.created_at > chosen.created_at)) {
          throw new AppError(409, 'TRANSFER_NOT_CHOSEN', 'This order is not being paid by bank transfer: choose a bank transfer as the payment method first', { paymentMethod: 'is not a bank transfer' });
        }
        if (Number(notices?.n ?? 0) >= TRANSFER_NOTICE_LIMIT) {
          throw new AppError(429, 'TOO_MANY_NOTICES', `We already have ${TRANSFER_NOTICE_LIMIT} transfer notices for order ${current.order_number}: we will e-mail you as soon as the payment is confirmed. If something changed, write to us.`);
        }
        const next = orderStatusAwaitingTransfer(current.payment_status, isPaid);
        if (next !== current.payment_status) await setPaymentStatus(trx, current, next, stamp);
        const method = parseJson<{ method?: string }>(chosen.detail, {}).method ?? null;
        await recordPaymentEvent(trx, {
          orderId,
          provider: 'manual',
          reference: current.order_number,
          kind: 'transfer notice',
          detail: { method, amount, currency: current.currency, accountName: accountName.slice(0, 200), reference: reference.slice(0, 100) },
          at: stamp,
        });
        return { ...current, payment_status: next, updated_at: stamp };
      });
      return {
        order: toOrder(updated),
        message: `Thank you. We will check our account for your transfer and e-mail you as soon as order ${updated.order_number} is confirmed as paid.`,
      };
    },

    /** POST /webhooks/<provider>: signature on the raw body, then the provider's own word, then one record. */
    async handleWebhook(provider: PaymentProviderId, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ status: number; body: unknown }> {
      const adapter = adapters[provider];
      if (!adapter) return { status: 404, body: { message: `Payments by ${provider} are not enabled`, code: 'NOT_FOUND' } };
      let signed = false;
      try {
        signed = await adapter.verifyWebhookSignature(rawBody, headers);
      } catch (err) {
        // PayPal's verification endpoint did not answer: the provider retries later.
        log?.warn({ err, provider }, 'webhook signature could not be checked');
        return { status: 502, body: { message: 'The signature could not be checked right now', code: 'SIGNATURE_UNAVAILABLE' } };
      }
      if (!signed) return { status: 401, body: { message: 'The webhook signature is not valid', code: 'BAD_SIGNATURE' } };
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { status: 400, body: { message: 'The webhook body is not valid JSON', code: 'MALFORMED_JSON' } };
      }
      const event = adapter.readWebhook(body);
      if (event.kind === 'ignore') return { status: 200, body: { data: { outcome: 'ignored', event: event.event } } };
      if (!event.reference) return { status: 400, body: { message: 'The webhook names no payment reference', code: 'NO_REFERENCE' } };
      const attempt = await findAttempt(provider, event.reference);
      // Not a payment of this shop (the provider account may serve others): acknowledged, not acted on.
      if (!attempt) return { status: 200, body: { data: { outcome: 'unknown reference' } } };
      if (adapter.complete && !event.claim) {
        try {
          await adapter.complete(attempt.reference, attempt.provider_reference ?? event.providerReference ?? null);
        } catch (err) {
          log?.warn({ err, provider, reference: attempt.reference }, 'approved payment could not be completed');
          return { status: 502, body: { message: 'The payment could not be completed right now', code: 'PROVIDER_UNAVAILABLE' } };
        }
      }
      const result = await settle(adapter, attempt, event.claim, 'webhook');
      if (result.outcome === 'mismatch') return { status: 400, body: { message: `Payment not verified: ${result.message}`, code: 'VERIFICATION_MISMATCH' } };
      if (result.outcome === 'unavailable') return { status: 502, body: { message: 'The payment could not be verified right now', code: 'VERIFY_UNAVAILABLE' } };
      return { status: 200, body: { data: result } };
    },

    /** GET /payments/return/<provider>: the shopper is back; verify too (racing the webhook safely). */
    async handleReturn(provider: PaymentProviderId, query: Record<string, unknown>): Promise<{ location: string; result?: SettleResult } | null> {
      const reference = returnReference(query);
      const adapter = adapters[provider];
      if (!reference || !adapter) return null;
      const attempt = await findAttempt(provider, reference);
      if (!attempt) return null;
      const location = `/checkout?orderId=${encodeURIComponent(attempt.order_id)}`;
      try {
        await adapter.complete?.(attempt.reference, attempt.provider_reference);
        return { location, result: await settle(adapter, attempt, undefined, 'return') };
      } catch (err) {
        // The checkout shows the order as it stands; the webhook will settle it.
        log?.error({ err, provider, reference }, 'payment return could not be settled');
        return { location };
      }
    },

    settle,
    findAttempt,
  };
}
