import { randomUUID } from 'node:crypto';
import {
  BACKOFFICE_PATHS,
  COUNTER_METHOD_LABELS,
  COUNTER_METHODS,
  type CancelOrderResult,
  type CounterMethod,
  type CurrencyName,
  type OrderChangeResult,
  type PaymentLink,
  type PaymentLinkResult,
  REFUND_METHODS,
  type RefundMethod,
  type StaffOrderCreated,
  type StaffOrderPayment,
} from '@adire/contracts';
import { formatAmount, isPaid } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import {
  cancelOrder,
  changeOrder,
  findOrderByNumber,
  mailStaffOrder,
  orderParams,
  orderState,
  readChange,
  readStaffOrder,
  setPaymentStatus,
  staffOrderPage,
  takeStaffOrder,
  toOrder,
  type ChangeContext,
  type OrderRow,
  type ProblemSink,
} from '../orders';
import { may, recordAction, staffBody, staffText, type Actor, type DomainStaffRoutes } from '../staff';
import { DEFAULT_PAYMENT_LINK_MS } from './config';
import { insertPayment, receivedFor, refundedFor } from './ledger';
import { amountDue } from './logic';
import { createPaymentLink, mailPaymentLink } from './payment-links';
import { orderPaymentSide } from './staff-routes';
import { recordBecamePaid, recordPaymentEvent } from './trail';

/**
 * The shop's counter (issue 39): the back office's staff orders, changes after checkout and
 * cancellations. They live in the payments domain because each may touch money (a payment taken at
 * the counter, pay on delivery approved, a payment link, more to pay after a change, a refund on
 * cancelling); the order itself is written by the orders domain's front door, in the same transaction.
 * Florists take orders (payment link or counter) and change them before dispatch; managers also
 * over-book a day, approve pay on delivery, change an order out for delivery and cancel.
 */

/** Pay on delivery approved by a manager: the paid rule's 'go ahead' status (SPEC section 4). */
export const PAY_ON_DELIVERY_STATUS = 'go ahead - pay on delivery approved';
/** More to pay after a change: not paid by the SPEC's rule until the difference arrives. */
export const PART_PAYMENT_STATUS = 'part payment';

/** A refund asked for on cancelling (the refunds' function, given by the composition root). */
export type CancelRefund = (input: { orderNumber: string; amount: number; reason: string; staff: Actor; idempotencyKey: string; method?: RefundMethod; reference?: string }) => Promise<unknown>;

export interface CounterStaffRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** A payment link's life (PAYMENT_LINK_HOURS; 72 h by default). */
  paymentLinkMs?: number;
  /** The refunds' function; without it a cancellation with a refund is refused (409). */
  refund?: CancelRefund;
  /** The shop's clock (tests move it). */
  now?: () => Date;
}

export const REFUNDS_ELSEWHERE = 'Refunds are not made from the cancel form on this server: cancel with no refund, then refund the order from its page.';

/** `payment`: a link, a counter payment with its method and reference, or pay on delivery. */
export function readPayment(p: ProblemSink, value: unknown): StaffOrderPayment | null {
  const v = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  if (!v) {
    p.add('payment', 'is required', 'Choose how the order is paid: a payment link, paid at the counter, or pay on delivery');
    return null;
  }
  if (v.kind === 'link' || v.kind === 'on-delivery') return { kind: v.kind };
  if (v.kind !== 'counter') {
    p.add('payment.kind', 'must be link, counter or on-delivery', 'Choose how the order is paid: a payment link, paid at the counter, or pay on delivery');
    return null;
  }
  const method = COUNTER_METHODS.find((m) => m === v.method);
  if (!method) p.add('payment.method', 'must be cash, pos or transfer', `Say how it was paid: ${COUNTER_METHODS.join(', ')}`);
  const reference = typeof v.reference === 'string' ? v.reference.trim() : '';
  if (!reference || reference.length > 80) p.add('payment.reference', reference ? 'must be at most 80 characters' : 'is required', 'Give the receipt, till or transfer reference');
  return method && reference && reference.length <= 80 ? { kind: 'counter', method, reference } : null;
}

/** Money taken at the counter, in the order's transaction: a payment (who, when, amount), the paid status, and the order's paid steps. */
async function takeCounterPayment(trx: Kysely<Database>, dialect: Db['dialect'], row: OrderRow, method: CounterMethod, reference: string, actor: Actor, at: string): Promise<OrderRow> {
  const amount = amountDue(Number(row.total), await receivedFor(trx, row));
  if (!(await setPaymentStatus(trx, row, 'paid', at))) throw new AppError(409, 'ORDER_CHANGED', 'This order changed meanwhile: open it again.');
  // One reference per order: two orders paid with one till receipt are still two payments.
  const ours = `${row.order_number}:${reference}`;
  await insertPayment(trx, { id: randomUUID(), order_id: row.id, provider: 'counter', method, reference: ours, amount, currency: row.currency, status: 'paid', created_at: at });
  await recordPaymentEvent(trx, { orderId: row.id, provider: 'counter', reference: ours, kind: 'counter payment', detail: { method, reference, amount, currency: row.currency, by: actor.email, role: actor.role }, at });
  const paid = { ...row, payment_status: 'paid' };
  await recordBecamePaid(trx, dialect, paid, { by: 'operator', provider: 'counter', reference: ours, at });
  return paid;
}

/** Pay on delivery approved (a manager), in the order's transaction: the 'go ahead' status; the order's paid steps follow. */
async function approvePayOnDelivery(trx: Kysely<Database>, dialect: Db['dialect'], row: OrderRow, actor: Actor, at: string): Promise<OrderRow> {
  if (!(await setPaymentStatus(trx, row, PAY_ON_DELIVERY_STATUS, at))) throw new AppError(409, 'ORDER_CHANGED', 'This order changed meanwhile: open it again.');
  await recordPaymentEvent(trx, { orderId: row.id, provider: 'counter', reference: null, kind: 'pay on delivery approved', detail: { by: actor.email, role: actor.role }, at });
  const approved = { ...row, payment_status: PAY_ON_DELIVERY_STATUS };
  await recordBecamePaid(trx, dialect, approved, { by: 'operator', provider: 'counter', reference: `${row.order_number}:on-delivery`, at });
  return approved;
}

const forbidden = (what: string) => new AppError(403, 'FORBIDDEN', `Only a manager can ${what}. Ask a manager.`);

export function counterStaffRoutes(options: CounterStaffRoutesOptions): DomainStaffRoutes {
  const { db, mailer, publicUrl } = options;
  const clock = options.now ?? (() => new Date());
  const linkMs = options.paymentLinkMs ?? DEFAULT_PAYMENT_LINK_MS;

  /** A new link for what the order still owes, mailed to the sender when it has an address. */
  async function linkFor(trx: Kysely<Database>, row: OrderRow, actor: Actor, now: Date): Promise<Omit<PaymentLink, 'mailed'>> {
    const amount = amountDue(Number(row.total), await receivedFor(trx, row));
    return createPaymentLink(trx, row, { amount, createdBy: actor.email, ttlMs: linkMs, now, publicUrl });
  }
  const mailed = async (row: OrderRow, link: Omit<PaymentLink, 'mailed'>): Promise<PaymentLink> => ({ ...link, mailed: await mailPaymentLink(db, mailer, row, link) });

  return async (app, { staff }) => {
    // Bodies are read field by field by the checkout's reader (every wrong field named at once); the schema bounds sizes only.
    const loose = { type: 'object' } as const;
    app.post(
      BACKOFFICE_PATHS.orders,
      { schema: { body: staffBody([], { channel: staffText(20), currency: staffText(10), cartItems: { type: 'array', maxItems: 50 }, userData: loose, orderData: loose, payment: loose, overbook: loose }) } },
      async (request, reply): Promise<{ data: StaffOrderCreated }> => {
        const { actor, member } = await staff(request, 'orders');
        const body = request.body as Record<string, unknown>;
        const manager = may(member.role, 'manage-orders');
        const kind = (body.payment as { kind?: unknown } | undefined)?.kind;
        if (kind === 'on-delivery' && !manager) throw forbidden('approve pay on delivery');
        if (body.overbook !== undefined && !manager) throw forbidden('book a full day');
        const now = clock();
        let payment: StaffOrderPayment | null = null;
        const input = await readStaffOrder(db, body, now, (p) => {
          payment = readPayment(p, body.payment);
        });
        const pay = payment as StaffOrderPayment | null;
        let link: Omit<PaymentLink, 'mailed'> | null = null;
        const taken = await takeStaffOrder(
          {
            db,
            now,
            holdMs: linkMs,
            takesPlace: pay?.kind === 'counter' || pay?.kind === 'on-delivery',
            paid:
              pay?.kind === 'counter'
                ? (trx, row) => takeCounterPayment(trx, db.dialect, row, pay.method, pay.reference, actor, now.toISOString())
                : pay?.kind === 'on-delivery'
                  ? (trx, row) => approvePayOnDelivery(trx, db.dialect, row, actor, now.toISOString())
                  : async (trx, row) => {
                      link = await linkFor(trx, row, actor, now);
                      return row;
                    },
          },
          input,
        );
        const row = taken.row;
        const orderNumber = row.order_number!;
        await mailStaffOrder({ db, mailer, publicUrl, log: request.log }, row);
        const paymentLink = link ? await mailed(row, link) : undefined;
        await recordAction(db.kysely, actor, 'order.create', orderNumber, {
          before: null,
          after: {
            channel: row.channel,
            paymentStatus: row.payment_status,
            payment: pay?.kind === 'counter' ? { kind: 'counter', method: COUNTER_METHOD_LABELS[pay.method], reference: pay.reference, amount: Number(row.total), currency: row.currency } : { kind: pay?.kind },
            total: Number(row.total),
            deliveryDate: row.delivery_date,
            ...(taken.overbooked ? { overbooked: { reason: input.overbook } } : {}),
          },
        });
        return reply.status(201).send({ data: { orderNumber, order: toOrder(row), ...(paymentLink ? { paymentLink } : {}) } });
      },
    );

    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/changes`,
      { schema: { params: orderParams, body: staffBody([], { reason: {}, orderData: {}, userData: {}, cartItems: {}, overbook: {}, preview: {} }) } },
      async (request): Promise<{ data: OrderChangeResult }> => {
        const { actor, member } = await staff(request, 'orders');
        const input = readChange(request.body);
        const number = (request.params as { orderNumber: string }).orderNumber;
        const manager = may(member.role, 'manage-orders');
        const now = clock();
        const ctx: ChangeContext = { db, mailer, publicUrl, now, actor, manager, holdMs: linkMs, log: request.log };
        let link: Omit<PaymentLink, 'mailed'> | null = null;
        let toRefund = 0;
        const outcome = await changeOrder(ctx, number, input, async (trx, before, after) => {
          // Paid, and the change costs more than was received: 'part payment' and a link for the difference.
          if (!isPaid(before.payment_status)) return after;
          const received = await receivedFor(trx, after);
          const due = amountDue(Number(after.total), received);
          if (due > 0) {
            if (!(await setPaymentStatus(trx, after, PART_PAYMENT_STATUS, now.toISOString()))) throw new AppError(409, 'ORDER_CHANGED', 'This order changed meanwhile: open it again.');
            const owing = { ...after, payment_status: PART_PAYMENT_STATUS };
            if (!input.preview) link = await linkFor(trx, owing, actor, now);
            return owing;
          }
          toRefund = amountDue(received, Number(after.total));
          return after;
        });
        const page = await staffOrderPage(db, outcome.row.order_number!, orderPaymentSide);
        const result: OrderChangeResult = { order: input.preview ? { ...page, order: toOrder(outcome.row) } : page, change: outcome.change };
        if (link) result.paymentLink = await mailed(outcome.row, link);
        if (toRefund > 0) result.toRefund = toRefund;
        if (!input.preview) {
          await recordAction(db.kysely, actor, 'order.change', outcome.row.order_number!, {
            before: { ...orderState({ ...page, order: toOrder(outcome.before) }), fields: outcome.change.fields.map((f) => ({ [f.field]: f.before })) },
            after: {
              ...orderState(page),
              fields: outcome.change.fields.map((f) => ({ [f.field]: f.after })),
              reason: input.reason,
              ...(outcome.overbooked ? { overbooked: { reason: input.overbook } } : {}),
            },
          });
        }
        return { data: result };
      },
    );

    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/cancel`,
      { schema: { params: orderParams, body: staffBody([], { reason: {}, refund: {}, refundMethod: { type: 'string', enum: [...REFUND_METHODS] }, refundReference: staffText(120) }) } },
      async (request): Promise<{ data: CancelOrderResult }> => {
        const { actor } = await staff(request, 'manage-orders');
        const body = request.body as { reason?: unknown; refund?: unknown; refundMethod?: RefundMethod; refundReference?: string };
        const fields: Record<string, string> = {};
        const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
        if (!reason || reason.length > 300) fields.reason = reason ? 'must be at most 300 characters' : 'is required';
        const refund = body.refund;
        const amount = refund && typeof refund === 'object' && !Array.isArray(refund) ? (refund as { amount?: unknown }).amount : undefined;
        const partial = typeof amount === 'number' && Number.isFinite(amount) && amount > 0;
        if (refund !== 'full' && refund !== 'none' && !partial) fields.refund = "must be 'full', 'none' or {amount} above 0";
        if (Object.keys(fields).length) {
          throw new AppError(400, 'CANCEL_INVALID', fields.reason ? 'Say why the order is cancelled.' : "Choose the refund: 'full', 'none' or an amount.", fields);
        }
        const number = (request.params as { orderNumber: string }).orderNumber;
        const found = await findOrderByNumber(db, number);
        if (!found) throw new AppError(404, 'NOT_FOUND', `No order has the number ${number.slice(0, 40)}.`);
        if (refund !== 'none' && !options.refund) throw new AppError(409, 'REFUSED', REFUNDS_ELSEWHERE);
        // What is left to give back: received less what was refunded already ('full' after a partial refund is the rest).
        const left = refund === 'none' ? 0 : Math.max(0, Math.round(((await receivedFor(db.kysely, found)) - (await refundedFor(db.kysely, found.id))) * 100) / 100);
        const refundAmount = refund === 'full' ? left : partial ? (amount as number) : 0;
        if (refund !== 'none' && refundAmount > left) {
          throw new AppError(409, 'REFUSED', `${formatAmount(refundAmount, found.currency as CurrencyName)} is more than is left to refund of order ${found.order_number} (${formatAmount(left, found.currency as CurrencyName)}).`);
        }
        const now = clock();
        const before = await staffOrderPage(db, number, orderPaymentSide);
        const ctx: ChangeContext = { db, mailer, publicUrl, now, actor, manager: true, holdMs: linkMs, log: request.log };
        const outcome = await cancelOrder(ctx, number, reason);
        const orderNumber = outcome.row.order_number!;
        let message = `Order ${orderNumber} is cancelled.`;
        let refunded: number | string = 0;
        if (refundAmount > 0 && options.refund) {
          // The order is cancelled either way; a refund the provider cannot make (money taken by hand) is said, to be made from the order's page.
          try {
            await options.refund({
              orderNumber,
              amount: refundAmount,
              reason: `Cancelled: ${reason}`,
              staff: actor,
              idempotencyKey: `cancel-${outcome.change.id}`,
              ...(body.refundMethod ? { method: body.refundMethod } : {}),
              ...(body.refundReference?.trim() ? { reference: body.refundReference.trim() } : {}),
            });
            refunded = refundAmount;
            message = `Order ${orderNumber} is cancelled and ${formatAmount(refundAmount, outcome.row.currency as CurrencyName)} is being refunded.`;
          } catch (err) {
            if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
            refunded = err.message;
            message = `Order ${orderNumber} is cancelled, but the refund was not made: ${err.message}`;
          }
        }
        const after = await staffOrderPage(db, orderNumber, orderPaymentSide);
        await recordAction(db.kysely, actor, 'order.cancel', orderNumber, {
          before: orderState(before),
          after: { ...orderState(after), cancelled: true, reason, refund: refunded },
        });
        return { data: { message, order: after } };
      },
    );

    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/payment-link`,
      { schema: { params: orderParams, body: staffBody([], {}) } },
      async (request): Promise<{ data: PaymentLinkResult }> => {
        const { actor } = await staff(request, 'orders');
        const number = (request.params as { orderNumber: string }).orderNumber;
        const now = clock();
        const made = await db.kysely.transaction().execute(async (trx) => {
          const row = await findOrderByNumber({ kysely: trx }, number);
          if (!row) throw new AppError(404, 'NOT_FOUND', `No order has the number ${number.slice(0, 40)}.`);
          if (row.cancelled_at) throw new AppError(409, 'ORDER_CANCELLED', `Order ${row.order_number} was cancelled: it takes no payment.`);
          if (isPaid(row.payment_status)) throw new AppError(409, 'ORDER_FINISHED', `Order ${row.order_number} is paid: there is nothing to pay.`);
          return { row, link: await linkFor(trx, row, actor, now) };
        });
        const paymentLink = await mailed(made.row, made.link);
        await recordAction(db.kysely, actor, 'order.payment-link', made.row.order_number!, { before: null, after: { amount: paymentLink.amount, currency: paymentLink.currency, expiresAt: paymentLink.expiresAt, mailed: paymentLink.mailed } });
        return { data: { paymentLink } };
      },
    );
  };
}
