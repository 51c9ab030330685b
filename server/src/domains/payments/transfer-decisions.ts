import { randomUUID } from 'node:crypto';
import type { CurrencyName } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { createMailer, type Mailer } from '../../mail/mailer';
import { findOrderByNumber, OrdersCommandError, releaseHeldDay, setPaymentStatus, type OrderRow } from '../orders';
import { PaymentsCommandError } from './command-error';
import { insertPayment, receivedFor } from './ledger';
import { amountDue, AWAITING_TRANSFER } from './logic';
import { sendPaymentReceipt } from './receipt';
import { recordBecamePaid, recordPaymentEvent } from './trail';
import type { ShopTally } from '../../metrics';

/**
 * A manual transfer's two endings, each ONE function whoever decides it: a florist in the back office
 * (`POST /v1/backoffice/orders/:orderNumber/transfer`), the operator's command (`pnpm orders mark-paid`,
 * `pnpm payments reject-transfer`). The order hears of it through the orders domain's calls
 * (`setPaymentStatus`, `orderBecamePaid`, `releaseHeldDay`): orders never imports payments.
 */

/** Set by a confirmed transfer: a paid status (SPEC section 4 rule) for a transfer checked by hand. */
export const MANUAL_PAYMENT_STATUS = 'paid - confirmed by transfer';

/** Where the receipt of a confirmed transfer goes (defaults: the embedded outbox, the local store). */
export interface ReceiptOptions {
  mailer?: Mailer;
  publicUrl?: string;
  /** Where a confirmed transfer is counted as an order paid (the metrics). */
  tally?: Pick<ShopTally, 'orderPaid'>;
}

/**
 * A manual transfer arrived: the order is paid (status 'paid - confirmed by transfer'), the payment is
 * recorded and the sender gets a receipt. A refusal (no such order, already paid, changed meanwhile) is
 * the orders command's (`OrdersCommandError`), as `pnpm orders mark-paid` has always printed it.
 */
export async function confirmTransfer(db: Db, orderNumber: string, now: Date = new Date(), receipt: ReceiptOptions = {}): Promise<string> {
  const done = await db.kysely.transaction().execute(async (trx) => {
    const row = await findOrderByNumber({ kysely: trx }, orderNumber);
    if (!row) throw new OrdersCommandError(`No order has the number ${orderNumber}.`);
    if (isPaid(row.payment_status)) throw new OrdersCommandError(`Order ${row.order_number} is already paid (payment: ${row.payment_status}).`);
    const stamp = now.toISOString();
    if (!(await setPaymentStatus(trx, row, MANUAL_PAYMENT_STATUS, stamp))) throw new OrdersCommandError(`Order ${row.order_number} changed meanwhile; run the command again.`);
    const payment = await recordTransferConfirmed(trx, row, MANUAL_PAYMENT_STATUS, stamp);
    await recordBecamePaid(trx, db.dialect, row, { by: 'operator', provider: 'manual', reference: payment.reference, at: stamp });
    return { row, payment, stamp };
  });
  receipt.tally?.orderPaid(done.payment.method);
  try {
    const mailer = receipt.mailer ?? createMailer({ db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    await sendPaymentReceipt(db, mailer, receipt.publicUrl ?? 'http://127.0.0.1:8080', done.row.id, {
      ...done.payment,
      currency: done.row.currency as CurrencyName,
      at: done.stamp,
    });
  } catch (err) {
    // The order is paid either way; the operator sees why the receipt did not go.
    console.error(`The receipt mail for order ${done.row.order_number} could not be sent: ${(err as Error).message}`);
  }
  return `Order ${done.row.order_number} is marked paid (${MANUAL_PAYMENT_STATUS}).`;
}

/**
 * A manual transfer confirmed by the operator, inside the caller's transaction: a payment row for
 * what was still owed, with status 'paid - confirmed by transfer', and its audit event.
 */
async function recordTransferConfirmed(trx: Kysely<Database>, row: OrderRow, status: string, at: string): Promise<{ amount: number; method: string; reference: string }> {
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
  await insertPayment(trx, { id: randomUUID(), order_id: row.id, provider: 'manual', method, reference, amount: due, currency: row.currency, status, created_at: at });
  await recordPaymentEvent(trx, { orderId: row.id, provider: 'manual', reference, kind: 'confirmed', detail: { source: 'operator', method, amount: due, currency: row.currency }, at });
  return { amount: due, method, reference };
}

/** A transfer that did not arrive: 'awaiting transfer' → 'payment failed', kept in the audit trail; its day's place is freed. */
export async function rejectTransfer(db: Db, orderNumber: string, reason: string, now: Date = new Date()): Promise<string> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findOrderByNumber({ kysely: trx }, orderNumber);
    if (!row) throw new PaymentsCommandError(`No order has the number ${orderNumber}.`);
    if (isPaid(row.payment_status)) throw new PaymentsCommandError(`Order ${row.order_number} is paid (payment: ${row.payment_status}); nothing to reject.`);
    if (row.payment_status !== AWAITING_TRANSFER) {
      throw new PaymentsCommandError(`Order ${row.order_number} is not awaiting a transfer (payment: ${row.payment_status}).`);
    }
    const stamp = now.toISOString();
    if (!(await setPaymentStatus(trx, row, 'payment failed', stamp))) throw new PaymentsCommandError(`Order ${row.order_number} changed meanwhile; run the command again.`);
    await recordPaymentEvent(trx, { orderId: row.id, provider: 'manual', reference: row.order_number, kind: 'rejected', detail: { source: 'operator', reason }, at: stamp });
    // Its place on its delivery day is given back by the shop (issue 38): the order cannot renew it, it must
    // check out again (under the day's capacity and its holder's limits, where this release counts too).
    await releaseHeldDay(trx, row.id, { releasedBy: 'transfer rejected', reason, now });
    return `Order ${row.order_number}: the transfer is rejected (payment failed). The shopper can pay again from the checkout.`;
  });
}

/** A florist's or the operator's decision on an announced transfer. */
export type TransferDecision = { decision: 'confirm' } | { decision: 'reject'; reason: string };

/** The one way a transfer is decided: both endings, whoever decides. */
export function decideTransfer(db: Db, orderNumber: string, decision: TransferDecision, now: Date = new Date(), receipt: ReceiptOptions = {}): Promise<string> {
  return decision.decision === 'confirm' ? confirmTransfer(db, orderNumber, now, receipt) : rejectTransfer(db, orderNumber, decision.reason, now);
}
