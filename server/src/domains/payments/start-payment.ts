import { randomUUID } from 'node:crypto';
import type { CurrencyName, PaymentDetailsResponse, PaymentProviderId } from '@adire/contracts';
import { AppError } from '../../http/errors';
import {
  checkCurrency,
  checkOrderDateOpen,
  couponLapsedNotice,
  findOrder,
  holdOrderStock,
  keepOrderCoupon,
  orderTerms,
  switchOrderCurrency,
  toOrder,
  type OrderRow,
} from '../orders';
import { readyToPay, type AttemptRow, type PaymentsContext } from './context';
import { insertAttempt, receivedFor, setAttemptProviderReference, setAttemptStatus, voidPendingAttempts } from './ledger';
import { amountDue, findMethod, methodCurrencyProblem, newPaymentReference, providerOf, stampAfter, type ManualMethodName } from './logic';
import type { PaymentAdapter, StartedPayment } from './providers/types';
import { startTransfer } from './manual-transfer';
import { recordPaymentEvent } from './trail';

/**
 * Starting a payment (`PUT update-payment-details/{orderId}`): the method checked against the currency,
 * the order made ready (its coupon kept, its currency switched, its stock and day held), then either a
 * provider's hosted page or a manual transfer's instructions.
 */

/** PUT update-payment-details/{orderId}: check the method against the currency, then say what comes next. */
export async function updatePaymentDetails(ctx: PaymentsContext, orderId: string, body: { currency?: unknown; paymentMethod?: unknown }): Promise<PaymentDetailsResponse> {
  const { db, clock } = ctx;
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
  row = await keepCoupon(ctx, row);
  if (row.currency !== currency) row = await switchCurrency(ctx, row, currency);
  const amount = amountDue(Number(row.total), await receivedFor(db.kysely, row));
  if (!(amount > 0)) throw new AppError(400, 'NOTHING_TO_PAY', 'This order has nothing left to pay');
  const method = findMethod(body.paymentMethod)!;
  const provider = providerOf(method.paymentName);
  // Limited items stay held while the shopper pays (days for a manual transfer); 409 if they went meanwhile.
  // So does its place on its delivery day: 409 DAY_FULL when its hold lapsed and the day filled meanwhile.
  await holdOrderStock(db, row.id, provider ? 'card' : 'transfer', clock(), ctx.holds);
  return provider ? startProviderPayment(ctx, row, provider, method.paymentName, amount) : startTransfer(ctx, row, method.paymentName as ManualMethodName, amount);
}

/**
 * A discount only while its coupon is still held for this order: a coupon whose hold lapsed and that
 * was used up meanwhile comes off first, and the shopper sees the new total before paying.
 */
async function keepCoupon({ db }: PaymentsContext, row: OrderRow): Promise<OrderRow> {
  if (!row.coupon_code) return row;
  const kept = await keepOrderCoupon(db, row.id);
  if (kept.lost) throw new AppError(409, 'COUPON_LAPSED', couponLapsedNotice(kept.row)!, { coupon: 'has been used up' });
  return kept.row;
}

/**
 * Switching the currency at the payment stage re-prices the order in it (refused once money arrived)
 * and voids the payment attempts still pending in the old currency: paying one of them later is kept
 * and flagged for the operator, never counted toward the new total.
 */
async function switchCurrency({ db }: PaymentsContext, row: OrderRow, currency: CurrencyName): Promise<OrderRow> {
  return switchOrderCurrency(db, row.id, currency, async (trx, current) => {
    if ((await receivedFor(trx, current)) > 0) {
      throw new AppError(409, 'CURRENCY_LOCKED', `Part of this order is already paid in ${current.currency}: pay the rest in ${current.currency}`, { currency: 'cannot change' });
    }
    const stamp = new Date().toISOString();
    const voided = await voidPendingAttempts(trx, current.id, stamp);
    if (voided > 0) {
      await recordPaymentEvent(trx, { orderId: current.id, provider: 'shop', reference: null, kind: 'attempts voided', detail: { from: current.currency, to: currency, attempts: voided }, at: stamp });
    }
  });
}

/** A provider's hosted page: the attempt is recorded first, so its webhook always finds it. */
async function startProviderPayment(ctx: PaymentsContext, row: OrderRow, provider: PaymentProviderId, method: string, amount: number): Promise<PaymentDetailsResponse> {
  const adapter = ctx.adapters[provider];
  if (!adapter) {
    throw new AppError(503, 'METHOD_UNAVAILABLE', `${findMethod(method)?.title ?? method} is not available right now: please choose another payment method`, {
      paymentMethod: 'is not available',
    });
  }
  const attempt = await newAttempt(ctx, row, provider, method, amount);
  const started = await askProvider(ctx, adapter, row, attempt);
  const { reference, currency } = attempt;
  await setAttemptProviderReference(ctx.db.kysely, attempt.id, started.providerReference, new Date().toISOString());
  await recordPaymentEvent(ctx.db.kysely, { orderId: row.id, provider, reference, kind: 'started', detail: { method, amount, currency, mode: adapter.mode } });
  return { action: 'redirect', url: started.url, redirectUrl: started.url, provider, reference, amount, currency: currency as CurrencyName, order: toOrder(row) };
}

async function newAttempt({ db }: PaymentsContext, row: OrderRow, provider: PaymentProviderId, method: string, amount: number): Promise<AttemptRow> {
  // Begun after any transfer chosen before it, whatever the clocks say (see stampAfter).
  const chosen = await db.kysely.selectFrom('payment_event').select('created_at').where('order_id', '=', row.id).where('kind', '=', 'transfer chosen').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const now = stampAfter(new Date().toISOString(), chosen?.created_at);
  const attempt: AttemptRow = {
    id: randomUUID(),
    order_id: row.id,
    provider,
    method,
    reference: newPaymentReference(row.order_number!),
    provider_reference: null,
    amount,
    currency: row.currency as CurrencyName,
    status: 'pending',
    created_at: now,
    updated_at: now,
    // What it pays for: a payment of it after the order moved or was re-priced is kept aside (settle.ts).
    order_terms: orderTerms(row),
  };
  await insertAttempt(db.kysely, attempt);
  return attempt;
}

/** The provider's page for this attempt; when the provider does not answer, the attempt fails and the shopper is told. */
async function askProvider({ db, publicUrl, log }: PaymentsContext, adapter: PaymentAdapter, row: OrderRow, attempt: AttemptRow): Promise<StartedPayment> {
  const { provider, method, reference, amount } = attempt;
  const currency = attempt.currency as CurrencyName;
  const returnUrl = `${publicUrl}/payments/return/${provider}?reference=${encodeURIComponent(reference)}`;
  try {
    return await adapter.startPayment({
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
    await setAttemptStatus(db.kysely, attempt.id, 'failed', new Date().toISOString());
    await recordPaymentEvent(db.kysely, { orderId: row.id, provider, reference, kind: 'start failed', detail: { method, amount, currency, error: (err as Error).message } });
    throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'The payment service did not answer. Please try again, or choose another payment method.');
  }
}
