import { checkoutNotesFor, type CheckoutNoteKey, type ShopContact } from '@adire/contracts';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import type { Mailer } from '../../mail/mailer';
import { RateLimitedError, type AttemptLog, type AuthConfig, type RateLimit } from '../account';
import { orderConfirmationMail, type OrderMailInput } from './mail';
import { noteColumn, toOrder, type OrderRow } from './store';

/** The checkout's confirmation mail: when one goes, to whom, and how many an order or a client may send. */

/** What the confirmation mail shows: a resubmit that changes none of it (a double click) mails nothing. */
const MAILED_COLUMNS: readonly (keyof OrderRow)[] = [
  'client_name',
  'client_email',
  'client_phone',
  'currency',
  'delivery_date',
  'delivery_method',
  'delivery_details',
  'delivery_zone',
  'pickup_location',
  ...new Set(checkoutNotesFor('mail').map(({ note }) => noteColumn(note.key as CheckoutNoteKey))),
  'order_products',
  'coupon_code',
  'items_total',
  'discount',
  'delivery_fee',
  'total',
];

/**
 * Confirmation mails one order sends, first and updates together: a resubmit loop cannot turn the
 * shop's mail into a spam channel (the window is the checkout attempt log's, 10 minutes).
 */
export const ORDER_MAILS_PER_ORDER: RateLimit = { max: 3, windowMs: 10 * 60_000 };

export function changesMail(before: OrderRow, after: OrderRow): boolean {
  return MAILED_COLUMNS.some((column) => String(before[column] ?? '') !== String(after[column] ?? ''));
}

export interface ConfirmationContext {
  db: Db;
  mailer: Mailer;
  auth: AuthConfig;
  publicUrl: string;
  /** Where a mail that could not be sent is reported (the checkout still succeeds). */
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  attempts: AttemptLog;
}

/**
 * The confirmation after the commit. The first goes to the sender's address; an update only to the
 * address the order already had (a resubmit with another address never mails a stranger); an
 * order sends ORDER_MAILS_PER_ORDER at most in the window, and one client IP `orderMailsPerIp`
 * (more: the order stands, no mail — a refusal would tell an abuser no more than silence does, and
 * would fail an honest shopper's checkout).
 */
export async function sendConfirmation(ctx: ConfirmationContext, row: OrderRow, first: boolean, to: string | null, ip: string): Promise<void> {
  if (!to) return;
  try {
    await ctx.attempts.reserve([
      { bucket: `order-mail:order:${row.id}`, limit: ORDER_MAILS_PER_ORDER },
      { bucket: `order-mail:ip:${ip}`, limit: ctx.auth.limits.orderMailsPerIp },
    ]);
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    // The limit working as designed is no error of the shop's (issue 38): a warning, as any limit reached.
    ctx.log?.warn({ orderId: row.id, ip }, 'order confirmation not mailed: too many for this order or client IP');
    return;
  }
  await mailConfirmation(ctx, row, first, to);
}

/** The confirmation mail itself, unlimited (a staff order's, issue 39, is sent once by a member of staff). */
export async function mailConfirmation(
  ctx: Pick<ConfirmationContext, 'db' | 'mailer' | 'publicUrl'> & { log?: { error(obj: unknown, msg: string): void } },
  row: OrderRow,
  first: boolean,
  to: string,
  shop: Pick<OrderMailInput, 'changed' | 'cancelled'> = {},
): Promise<void> {
  try {
    const contact = await readSetting<ShopContact>(ctx.db.kysely, 'shopContact');
    await ctx.mailer.send(orderConfirmationMail({ to, order: toOrder(row), first, publicUrl: ctx.publicUrl, contact, ...shop }), { deferred: true });
  } catch (err) {
    // The order stands; the shop sees the failure in the log and the shopper has the order number on screen.
    ctx.log?.error({ err, orderId: row.id }, 'order confirmation mail failed');
  }
}
