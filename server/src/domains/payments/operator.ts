import type { Db } from '../../db/database';
import { findOrderByNumber, orderNumberArg } from '../orders';
import { PaymentsCommandError } from './command-error';
import { rejectTransfer } from './transfer-decisions';

export { PaymentsCommandError };

/**
 * The operator's payments command. Confirming a transfer is `pnpm orders mark-paid <orderNumber>`;
 * this command rejects a transfer that did not arrive and prints an order's payment history. Both
 * decisions are `transfer-decisions.ts`' (the back office's too).
 */

export const PAYMENTS_USAGE = `Usage: pnpm payments <command>

  history <orderNumber>                   every payment event and payment of the order
  reject-transfer <orderNumber> [reason]  a transfer the shopper announced did not arrive:
                                          the order becomes 'payment failed' (the shopper can pay again)
  help                                    this text

Confirm a transfer that arrived with: pnpm orders mark-paid <orderNumber>`;

export type PaymentsCommand =
  | { kind: 'help' }
  | { kind: 'history'; orderNumber: string }
  | { kind: 'reject-transfer'; orderNumber: string; reason: string };

const orderNumber = (raw: string | undefined) => orderNumberArg(raw, (message) => new PaymentsCommandError(message));

export function parsePaymentsCommand(argv: readonly string[]): PaymentsCommand {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
      throw new PaymentsCommandError(PAYMENTS_USAGE);
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'history':
      if (args.length !== 1) throw new PaymentsCommandError("'history' takes one argument: pnpm payments history <orderNumber>");
      return { kind: 'history', orderNumber: orderNumber(args[0]) };
    case 'reject-transfer':
      if (args.length < 1) throw new PaymentsCommandError("'reject-transfer' takes an order number: pnpm payments reject-transfer <orderNumber> [reason]");
      return { kind: 'reject-transfer', orderNumber: orderNumber(args[0]), reason: args.slice(1).join(' ').trim() };
    default:
      throw new PaymentsCommandError(`Unknown command '${command}'.\n\n${PAYMENTS_USAGE}`);
  }
}

async function findByNumber(db: Pick<Db, 'kysely'>, orderNumber: string) {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row) throw new PaymentsCommandError(`No order has the number ${orderNumber}.`);
  return row;
}

/** Every payment event and payment of an order, oldest first (the command's history, the back office's order page). */
export async function paymentTrail(db: Pick<Db, 'kysely'>, orderId: string) {
  const [events, payments] = await Promise.all([
    db.kysely.selectFrom('payment_event').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute(),
    db.kysely.selectFrom('payment').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute(),
  ]);
  return { events, payments };
}

export async function paymentHistory(db: Db, orderNumber: string): Promise<string> {
  const row = await findByNumber(db, orderNumber);
  const { events, payments } = await paymentTrail(db, row.id);
  const lines = [
    `Order ${row.order_number}: total ${row.total} ${row.currency}; payment: ${row.payment_status}`,
    `Payments (${payments.length}):`,
    ...payments.map((p) => `  ${p.created_at}  ${String(p.amount).padStart(10)} ${p.currency}  ${p.status.padEnd(28)} ${p.provider}/${p.method}  ${p.reference}`),
    `Events (${events.length}):`,
    ...events.map((e) => `  ${e.created_at}  ${e.kind.padEnd(16)} ${e.provider.padEnd(11)} ${e.reference ?? ''}  ${e.detail === '{}' ? '' : e.detail}`.trimEnd()),
  ];
  return lines.join('\n');
}

export async function executePaymentsCommand(db: Db, command: PaymentsCommand, now: Date = new Date()): Promise<string> {
  switch (command.kind) {
    case 'help':
      return PAYMENTS_USAGE;
    case 'history':
      return paymentHistory(db, command.orderNumber);
    case 'reject-transfer':
      return rejectTransfer(db, command.orderNumber, command.reason, now);
  }
}
