import type { PaymentProviderId } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PaymentAttemptTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { orderFinished, orderItems, type DayHolds, type OrderRow } from '../orders';
import type { PaymentAdapter } from './providers/types';
import type { ShopTally } from '../../metrics';

/** What the shopper's payment calls (starting a payment, a provider's answer, a transfer notice) work with. */

export type AttemptRow = Selectable<PaymentAttemptTable>;
export type Adapters = Partial<Record<PaymentProviderId, PaymentAdapter>>;
export type PaymentsLog = { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };

export interface PaymentsServiceOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  adapters: Adapters;
  log?: PaymentsLog;
  /** The shop's clock (holds, the delivery date's check, when a payment is recorded); tests move it. */
  now?: () => Date;
  /** Where payments, failures and webhooks are counted (the metrics). */
  tally?: ShopTally;
  /** How long a payment holds the order's day, and the per-holder limits (orders' rules, issue 38). */
  holds?: DayHolds;
}

/** One context for every call of the payments service. */
export interface PaymentsContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  adapters: Adapters;
  log?: PaymentsLog;
  /** The shop's clock (see PaymentsServiceOptions.now). */
  clock: () => Date;
  tally?: ShopTally;
  holds?: DayHolds;
}

/** What a webhook or a shopper's return came to. */
export type SettleOutcome = 'paid' | 'part payment' | 'failed' | 'pending' | 'duplicate' | 'mismatch' | 'unavailable' | 'voided attempt';

export interface SettleResult {
  outcome: SettleOutcome;
  paymentStatus?: string;
  message?: string;
}

export const CHECKOUT_REQUIRED = 'Complete your delivery details first: this order has not been checked out, so it cannot be paid yet';

/** Money is taken only for a checked-out order that is not paid yet. */
export function readyToPay(row: OrderRow): void {
  if (isPaid(row.payment_status)) throw orderFinished();
  if (!row.order_number || orderItems(row).length === 0) throw new AppError(400, 'CHECKOUT_REQUIRED', CHECKOUT_REQUIRED);
}
