import type { CurrencyName, Order, PaymentDetailsResponse, ShopContact } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Kysely } from 'kysely';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError, badRequest } from '../../http/errors';
import { findOrder, lockUnpaidOrder, orderFinished, setPaymentStatus, toOrder, type OrderRow } from '../orders';
import { readyToPay, type PaymentsContext } from './context';
import { orderStatusAwaitingTransfer, stampAfter, TRANSFER_NOTICE_LIMIT, type ManualMethodName } from './logic';
import { recordPaymentEvent } from './trail';
import { DEFAULT_TRANSFER_ACCOUNTS, transferInstructions, type TransferAccounts } from './transfers';

/**
 * The shopper's side of a manual transfer: choosing one (the instructions; the order awaits the
 * transfer), then saying it is made (`PUT transfer-notice/{orderId}`). The shop's side, confirming or
 * rejecting it, is `transfer-decisions.ts`.
 */

/** A manual transfer chosen: where to send what, and the order 'awaiting transfer'. */
export async function startTransfer({ db }: PaymentsContext, row: OrderRow, method: ManualMethodName, amount: number): Promise<PaymentDetailsResponse> {
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
    // Chosen after any provider payment begun before it, whatever the clocks say (see stampAfter).
    const begun = await trx.selectFrom('payment_attempt').select('created_at').where('order_id', '=', row.id).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    const stamp = stampAfter(new Date().toISOString(), begun?.created_at);
    const next = orderStatusAwaitingTransfer(current.payment_status, isPaid);
    if (next !== current.payment_status && !(await setPaymentStatus(trx, current, next, stamp))) throw orderFinished();
    await recordPaymentEvent(trx, { orderId: row.id, provider: 'manual', reference: row.order_number, kind: 'transfer chosen', detail: { method, amount, currency }, at: stamp });
    return { ...current, payment_status: next, updated_at: stamp };
  });
  return { action: 'transfer', instructions, reference: row.order_number!, amount, currency, order: toOrder(updated) };
}

interface TransferNotice {
  amount: number;
  accountName: string;
  reference: string;
}

/** The notice's fields, each checked; 400 naming every field that is wrong. */
function readTransferNotice(body: { amount?: unknown; accountName?: unknown; reference?: unknown }): TransferNotice {
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
  return { amount, accountName, reference };
}

/** PUT transfer-notice/{orderId}: the shopper says the transfer is made; the shop checks and confirms. */
export async function transferNotice(
  { db }: PaymentsContext,
  orderId: string,
  body: { amount?: unknown; accountName?: unknown; reference?: unknown },
): Promise<{ order: Order; message: string }> {
  const notice = readTransferNotice(body);
  const row = await findOrder(db, orderId);
  readyToPay(row);
  const updated = await db.kysely.transaction().execute(async (trx) => {
    const current = await lockUnpaidOrder(trx, db.dialect, orderId);
    const stamp = new Date().toISOString();
    const method = await chosenTransferMethod(trx, current);
    const next = orderStatusAwaitingTransfer(current.payment_status, isPaid);
    if (next !== current.payment_status) await setPaymentStatus(trx, current, next, stamp);
    await recordPaymentEvent(trx, {
      orderId,
      provider: 'manual',
      reference: current.order_number,
      kind: 'transfer notice',
      detail: { method, amount: notice.amount, currency: current.currency, accountName: notice.accountName.slice(0, 200), reference: notice.reference.slice(0, 100) },
      at: stamp,
    });
    return { ...current, payment_status: next, updated_at: stamp };
  });
  return {
    order: toOrder(updated),
    message: `Thank you. We will check our account for your transfer and e-mail you as soon as order ${updated.order_number} is confirmed as paid.`,
  };
}

/**
 * The transfer method the order is being paid by (a transfer chosen after any provider payment began),
 * while it takes notices: 409 when no transfer is chosen, 429 past TRANSFER_NOTICE_LIMIT notices.
 */
async function chosenTransferMethod(trx: Kysely<Database>, order: OrderRow): Promise<string | null> {
  const orderId = order.id;
  const chosen = await trx.selectFrom('payment_event').select(['detail', 'created_at']).where('order_id', '=', orderId).where('kind', '=', 'transfer chosen').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const started = await trx.selectFrom('payment_attempt').select('created_at').where('order_id', '=', orderId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const notices = await trx.selectFrom('payment_event').select((eb) => eb.fn.countAll<number | string>().as('n')).where('order_id', '=', orderId).where('kind', '=', 'transfer notice').executeTakeFirst();
  if (!chosen || (started && started.created_at > chosen.created_at)) {
    throw new AppError(409, 'TRANSFER_NOT_CHOSEN', 'This order is not being paid by bank transfer: choose a bank transfer as the payment method first', { paymentMethod: 'is not a bank transfer' });
  }
  if (Number(notices?.n ?? 0) >= TRANSFER_NOTICE_LIMIT) {
    throw new AppError(429, 'TOO_MANY_NOTICES', `We already have ${TRANSFER_NOTICE_LIMIT} transfer notices for order ${order.order_number}: we will e-mail you as soon as the payment is confirmed. If something changed, write to us.`);
  }
  return parseJson<{ method?: string }>(chosen.detail, {}).method ?? null;
}
