import { BACKOFFICE_PATHS, TRANSFER_DECISIONS, type OrderActionResult, type OrderPaymentSide, type TransferDecisionRequest, type TransferNotice } from '@adire/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { OrdersCommandError, orderParams, orderState, staffOrderPage } from '../orders';
import { recordAction, staffBody, staffText, type DomainStaffRoutes } from '../staff';
import { PaymentsCommandError } from './command-error';
import { paymentTrail } from './operator';
import { AWAITING_TRANSFER } from './logic';
import { decideTransfer } from './transfer-decisions';
import { receivedFor, refundedFor } from './ledger';
import { DEFAULT_REFUND_RECHECK_MINUTES } from './config';
import { refundsOfOrders, type RefundAttentionClock } from './refunds';
import type { ShopTally } from '../../metrics';

const parse = (detail: string): unknown => {
  try {
    return JSON.parse(detail) as unknown;
  } catch {
    return {};
  }
};

/**
 * The payments domain's part of an order's page in the back office: the shopper's transfer notice, the
 * events and payments, the refunds (with `attention`: the sentence on a refund pending over 24 hours).
 */
export async function orderPaymentSide(db: Pick<Db, 'kysely'>, orderId: string, paymentStatus: string, attention?: RefundAttentionClock): Promise<OrderPaymentSide> {
  const { events, payments } = await paymentTrail(db, orderId);
  const paymentEvents = events.map((e) => ({ kind: e.kind, provider: e.provider, reference: e.reference, detail: parse(e.detail), at: e.created_at }));
  const notice = [...paymentEvents].reverse().find((e) => e.kind === 'transfer notice');
  const order = await db.kysely.selectFrom('shop_order').select(['id', 'currency']).where('id', '=', orderId).executeTakeFirst();
  const refunds = (await refundsOfOrders(db.kysely, [orderId], attention)).get(orderId) ?? [];
  return {
    transferNotice: notice ? ({ ...(notice.detail as object), at: notice.at } as TransferNotice) : null,
    awaitingTransfer: paymentStatus === AWAITING_TRANSFER,
    paymentEvents,
    payments: payments.map((p) => ({ amount: Number(p.amount), currency: p.currency, status: p.status, provider: p.provider, method: p.method, reference: p.reference, at: p.created_at })),
    refunds,
    received: order ? await receivedFor(db.kysely, order) : 0,
    refunded: await refundedFor(db.kysely, orderId),
  };
}

/** The order page's payment side on the shop's clock: refunds pending over 24 hours carry the staff's sentence. */
export function orderPaymentSideAt(now: () => Date, recheckMinutes = DEFAULT_REFUND_RECHECK_MINUTES, askableWithoutId?: (provider: string) => boolean) {
  return (db: Pick<Db, 'kysely'>, orderId: string, paymentStatus: string): Promise<OrderPaymentSide> => orderPaymentSide(db, orderId, paymentStatus, { now: now(), recheckMinutes, askableWithoutId });
}

export interface TransferStaffRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Where a confirmed transfer is counted as an order paid (the metrics). */
  tally?: Pick<ShopTally, 'orderPaid'>;
}

/**
 * A florist confirms or rejects an announced transfer (`POST /v1/backoffice/orders/:orderNumber/transfer`):
 * the same `decideTransfer` as `pnpm orders mark-paid` and `pnpm payments reject-transfer`, audited.
 */
export function transferStaffRoutes({ db, mailer, publicUrl, tally }: TransferStaffRoutesOptions): DomainStaffRoutes {
  return async (app, { staff }) => {
    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/transfer`,
      { schema: { params: orderParams, body: staffBody(['decision'], { decision: { type: 'string', enum: [...TRANSFER_DECISIONS] }, reason: staffText(300) }) } },
      async (request): Promise<{ data: OrderActionResult }> => {
        const { actor } = await staff(request, 'orders');
        const before = await staffOrderPage(db, (request.params as { orderNumber: string }).orderNumber, orderPaymentSide);
        const orderNumber = before.order.orderNumber!;
        const { decision, reason } = request.body as TransferDecisionRequest;
        if (!before.awaitingTransfer) {
          throw new AppError(409, 'REFUSED', `Order ${orderNumber} is not awaiting a transfer (payment: ${before.order.paymentStatus}).`);
        }
        let message: string;
        try {
          message = await decideTransfer(db, orderNumber, decision === 'confirm' ? { decision } : { decision, reason: reason?.trim() ?? '' }, new Date(), { mailer, publicUrl, tally });
        } catch (err) {
          // A refusal (already paid, changed meanwhile, …) is a 409 with its message.
          if (err instanceof OrdersCommandError || err instanceof PaymentsCommandError) throw new AppError(409, 'REFUSED', err.message);
          throw err;
        }
        const after = await staffOrderPage(db, orderNumber, orderPaymentSide);
        await recordAction(db.kysely, actor, `transfer.${decision}`, orderNumber, { before: { ...orderState(before), notice: before.transferNotice }, after: { ...orderState(after), ...(reason ? { reason } : {}) } });
        return { data: { message, order: after } };
      },
    );
  };
}
