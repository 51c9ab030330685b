import { randomUUID } from 'node:crypto';
import { DELIVERY_STEPS, type CurrencyName, type DeliveryStep } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Db } from '../../db/database';
import { createMailer, type Mailer } from '../../mail/mailer';
import { recordCouponOverLimit, recordOverbooked, recordOversold, recordTransferConfirmed, sendPaymentReceipt } from '../payments';
import { orderNumberArg } from './order-number';
import { orderBecamePaid } from './service';
import { findOrderByNumber, setDeliveryStatus, setPaymentStatus, toOrder } from './store';
import { setStock } from '../catalog';
import { buildTimeline, DELIVERY_STATUSES, deliveryStatusIndex } from './tracker';

/**
 * The operator's orders command (there is no admin UI): look an order up by its number, move it along
 * its delivery steps, and mark a manual transfer as paid until the payment providers land.
 */

/** Bad input or a refused move: the message is printed as it is and the command exits 1. */
export class OrdersCommandError extends Error {}

/** Set by `mark-paid`: a paid status (SPEC section 4 rule) for a transfer checked by hand. */
export const MANUAL_PAYMENT_STATUS = 'paid - confirmed by transfer';

export const ORDERS_USAGE = `Usage: pnpm orders <command>

  status <orderNumber>                              the order, its payment and its delivery timeline
  advance <orderNumber> <arranged|despatched|delivered>
                                                    move a paid order along (steps skipped are reached too)
  mark-paid <orderNumber>                           a manual transfer has arrived: the order is paid
  set-stock <SKU> <count|unlimited>                 limit a product to a number of units (0: sold out)
  help                                              this text

Examples:
  pnpm orders status ABL1042W
  pnpm orders mark-paid ABL1042W
  pnpm orders advance ABL1042W despatched
  pnpm orders set-stock AB-1001 3`;

export type OrdersCommand =
  | { kind: 'help' }
  | { kind: 'status'; orderNumber: string }
  | { kind: 'advance'; orderNumber: string; step: DeliveryStep }
  | { kind: 'mark-paid'; orderNumber: string }
  | { kind: 'set-stock'; sku: string; stock: number | null };

const orderNumber = (raw: string | undefined) => orderNumberArg(raw, (message) => new OrdersCommandError(message));

export function parseOrdersCommand(argv: readonly string[]): OrdersCommand {
  const [command, ...args] = argv;
  const expect = (count: number, shape: string) => {
    if (args.length !== count) throw new OrdersCommandError(`'${command}' takes ${count === 1 ? 'one argument' : `${count} arguments`}: pnpm orders ${command} ${shape}`);
  };
  switch (command) {
    case undefined:
      throw new OrdersCommandError(ORDERS_USAGE);
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'status':
      expect(1, '<orderNumber>');
      return { kind: 'status', orderNumber: orderNumber(args[0]) };
    case 'mark-paid':
      expect(1, '<orderNumber>');
      return { kind: 'mark-paid', orderNumber: orderNumber(args[0]) };
    case 'set-stock': {
      expect(2, '<SKU> <count|unlimited>');
      const sku = (args[0] ?? '').trim().toUpperCase();
      if (!/^[A-Z0-9-]{2,64}$/.test(sku)) throw new OrdersCommandError(`'${args[0]}' is not an SKU; they look like AB-1001.`);
      const raw = (args[1] ?? '').trim().toLowerCase();
      if (raw === 'unlimited') return { kind: 'set-stock', sku, stock: null };
      if (!/^\d{1,6}$/.test(raw)) throw new OrdersCommandError(`'${args[1]}' is not a number of units; use a whole number (0 = sold out) or 'unlimited'.`);
      return { kind: 'set-stock', sku, stock: Number(raw) };
    }
    case 'advance': {
      expect(2, '<orderNumber> <arranged|despatched|delivered>');
      const step = (args[1] ?? '').trim().toLowerCase();
      if (!(DELIVERY_STEPS as readonly string[]).includes(step)) {
        throw new OrdersCommandError(`'${args[1]}' is not a delivery step; use one of ${DELIVERY_STEPS.join(', ')}.`);
      }
      return { kind: 'advance', orderNumber: orderNumber(args[0]), step: step as DeliveryStep };
    }
    default:
      throw new OrdersCommandError(`Unknown command '${command}'.\n\n${ORDERS_USAGE}`);
  }
}

async function mustFind(db: Db, orderNumber: string) {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row) throw new OrdersCommandError(`No order has the number ${orderNumber}.`);
  return row;
}

const lagosTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A readable summary of one order. */
export async function orderStatus(db: Db, orderNumber: string): Promise<string> {
  const row = await mustFind(db, orderNumber);
  const order = toOrder(row);
  const events = await db.kysely.selectFrom('order_status_event').select(['step', 'at']).where('order_id', '=', row.id).execute();
  const { timeline, status } = buildTimeline({ deliveryStatus: row.delivery_status, paymentStatus: row.payment_status, checkedOutAt: row.checked_out_at, events });
  const where =
    order.deliveryMethod === 'pickup'
      ? `pick-up at ${order.pickupLocation}`
      : `delivery to ${order.deliveryDetails?.recipientName ?? '?'}, ${order.recipientAddress ?? '?'} (${order.deliveryDetails?.state ?? '?'}, ${order.deliveryZone ?? '?'})`;
  const lines = [
    `Order ${row.order_number} (id ${row.id})`,
    `  Status: ${status}; payment: ${row.payment_status}`,
    `  ${order.deliveryDate || 'no date'}: ${where}; despatch from ${order.despatchLocation ?? '?'}`,
    `  Sender: ${order.client?.name ?? '?'}, ${order.client?.email ?? '?'}, ${order.client?.phone ?? '?'}`,
    `  Total: ${order.total} ${order.currency} (items ${order.itemsTotal}, discount ${order.discount}${order.coupon ? ` ${order.coupon}` : ''}, delivery ${order.deliveryFee})`,
    '  Timeline:',
    ...timeline.map((t) => `    [${t.done ? 'x' : ' '}] ${t.step.padEnd(10)} ${t.at ? lagosTime(t.at) : ''}`.trimEnd()),
  ];
  return lines.join('\n');
}

/**
 * Move a paid order to a later delivery step. Steps in between count as reached at the same time.
 * An unpaid order, a step already reached, or going back is refused with the reason.
 */
export async function advanceOrder(db: Db, orderNumber: string, step: DeliveryStep, now: Date = new Date()): Promise<string> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findOrderByNumber({ kysely: trx }, orderNumber);
    if (!row) throw new OrdersCommandError(`No order has the number ${orderNumber}.`);
    if (!isPaid(row.payment_status)) {
      throw new OrdersCommandError(`Order ${row.order_number} is not paid yet (payment: ${row.payment_status}). Mark it paid first: pnpm orders mark-paid ${row.order_number}`);
    }
    const from = deliveryStatusIndex(row.delivery_status);
    const to = deliveryStatusIndex(step);
    if (from >= to) {
      throw new OrdersCommandError(`Order ${row.order_number} is already ${row.delivery_status}; it can only move forward (${DELIVERY_STATUSES.slice(from + 1).join(', ') || 'it is delivered'}).`);
    }
    const stamp = now.toISOString();
    if (!(await setDeliveryStatus(trx, row, step, stamp))) throw new OrdersCommandError(`Order ${row.order_number} changed meanwhile; run the command again.`);
    const reached = DELIVERY_STATUSES.slice(Math.max(from + 1, deliveryStatusIndex('arranged')), to + 1);
    await trx
      .insertInto('order_status_event')
      .values(reached.map((s) => ({ id: randomUUID(), order_id: row.id, step: s, at: stamp, source: 'operator' as const })))
      .execute();
    return `Order ${row.order_number} is now ${step}${reached.length > 1 ? ` (also marked ${reached.slice(0, -1).join(', ')})` : ''}.`;
  });
}

/** Where the receipt of a confirmed transfer goes (defaults: the embedded outbox, the local store). */
export interface ReceiptOptions {
  mailer?: Mailer;
  publicUrl?: string;
}

/**
 * A manual transfer arrived: the order is paid (status 'paid - confirmed by transfer'), the payment is
 * recorded (payments domain) and the sender gets a receipt.
 */
export async function markPaid(db: Db, orderNumber: string, now: Date = new Date(), receipt: ReceiptOptions = {}): Promise<string> {
  const done = await db.kysely.transaction().execute(async (trx) => {
    const row = await findOrderByNumber({ kysely: trx }, orderNumber);
    if (!row) throw new OrdersCommandError(`No order has the number ${orderNumber}.`);
    if (isPaid(row.payment_status)) throw new OrdersCommandError(`Order ${row.order_number} is already paid (payment: ${row.payment_status}).`);
    const stamp = now.toISOString();
    if (!(await setPaymentStatus(trx, row, MANUAL_PAYMENT_STATUS, stamp))) throw new OrdersCommandError(`Order ${row.order_number} changed meanwhile; run the command again.`);
    const payment = await recordTransferConfirmed(trx, row, MANUAL_PAYMENT_STATUS, stamp);
    const { oversold, couponOverLimit, overbooked } = await orderBecamePaid(trx, db.dialect, row, stamp, 'operator');
    await recordOversold(trx, row.id, oversold, 'manual', payment.reference, stamp);
    await recordOverbooked(trx, row.id, overbooked, 'manual', payment.reference, stamp);
    await recordCouponOverLimit(trx, row.id, couponOverLimit, 'manual', payment.reference, stamp);
    return { row, payment, stamp };
  });
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

export async function executeOrdersCommand(db: Db, command: OrdersCommand, now: Date = new Date(), receipt: ReceiptOptions = {}): Promise<string> {
  switch (command.kind) {
    case 'help':
      return ORDERS_USAGE;
    case 'status':
      return orderStatus(db, command.orderNumber);
    case 'advance':
      return advanceOrder(db, command.orderNumber, command.step, now);
    case 'mark-paid':
      return markPaid(db, command.orderNumber, now, receipt);
    case 'set-stock': {
      try {
        const { name, stock } = await setStock(db, command.sku, command.stock);
        return stock === null ? `${name} (${command.sku}) is no longer limited.` : `${name} (${command.sku}) now has ${stock} ${stock === 1 ? 'unit' : 'units'} left${stock === 0 ? ': sold out' : ''}.`;
      } catch (err) {
        throw new OrdersCommandError((err as Error).message);
      }
    }
  }
}
