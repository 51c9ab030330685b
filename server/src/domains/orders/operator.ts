import { DELIVERY_STEPS, type DeliveryStep } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Db } from '../../db/database';
import { orderNumberArg } from './order-number';
import { addStatusEvents, findOrderByNumber, setDeliveryStatus, statusEvents, toOrder } from './store';
import { setStock, stockMessage } from '../catalog';
import { buildTimeline, DELIVERY_STATUSES, deliveryStatusIndex } from './tracker';
import { formatShopDateTime } from '@adire/domain/formats';

/**
 * The operator's orders command (the back office calls the same functions): look an order up by its
 * number, move it along its delivery steps, limit a product's stock. `mark-paid` is parsed here (it is
 * `pnpm orders mark-paid`) but confirmed by the payments domain's `confirmTransfer`, which the command
 * line calls: a payment is payments' to record, and orders never imports payments.
 */

/** Bad input or a refused move: the message is printed as it is and the command exits 1. */
export class OrdersCommandError extends Error {}

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

const lagosTime = (iso: string) => formatShopDateTime(new Date(iso));

/** A readable summary of one order. */
export async function orderStatus(db: Db, orderNumber: string): Promise<string> {
  const row = await mustFind(db, orderNumber);
  const order = toOrder(row);
  const events = await statusEvents(db, row.id);
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
    await addStatusEvents(trx, row.id, reached, stamp, 'operator');
    return `Order ${row.order_number} is now ${step}${reached.length > 1 ? ` (also marked ${reached.slice(0, -1).join(', ')})` : ''}.`;
  });
}

/** Carries out an orders command; `mark-paid` is the payments domain's `confirmTransfer` (the command line calls it). */
export async function executeOrdersCommand(db: Db, command: OrdersCommand, now: Date = new Date()): Promise<string> {
  switch (command.kind) {
    case 'help':
      return ORDERS_USAGE;
    case 'status':
      return orderStatus(db, command.orderNumber);
    case 'advance':
      return advanceOrder(db, command.orderNumber, command.step, now);
    case 'mark-paid':
      throw new Error("A transfer is confirmed by the payments domain's confirmTransfer, not by the orders domain.");
    case 'set-stock': {
      try {
        return stockMessage(command.sku, await setStock(db, command.sku, command.stock));
      } catch (err) {
        throw new OrdersCommandError((err as Error).message);
      }
    }
  }
}
