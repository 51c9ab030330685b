import { BACKOFFICE_PATHS } from '@adire/contracts';
import { CSV_BOM, csvFile } from '@adire/domain/csv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { toOrder, type OrderRow } from '../orders';
import { staffDate, staffQuery } from '../staff';
import { receivedFor, refundedFor } from './ledger';

/**
 * The accountant's file (issue 39, item 5): `GET /v1/backoffice/orders.csv?from=&to=` (managers), one
 * row per order checked out on those days (Lagos), with what it received and what went back. It joins
 * orders and payments, so it lives here (payments reads orders; orders never reads payments). Every
 * cell by the shop's one CSV rule (`@adire/domain/csv`), UTF-8 with a BOM for Excel.
 */

export const ORDERS_CSV_COLUMNS = [
  'number',
  'created',
  'delivery date',
  'place',
  'channel',
  'sender',
  'items',
  'total',
  'currency',
  'received',
  'refunded',
  'payment status',
  'delivery status',
] as const;

/** At most this many days in one file (a year and a day). */
export const ORDERS_CSV_MAX_DAYS = 366;

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants a Lagos day range covers: [from 00:00 Lagos, the day after `to` 00:00 Lagos). Null when not real dates. */
export function lagosDayRange(from: string, to: string): { start: string; end: string; days: number } | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(a) || !Number.isFinite(b) || new Date(a).toISOString().slice(0, 10) !== from || new Date(b).toISOString().slice(0, 10) !== to) return null;
  return { start: new Date(a - LAGOS_OFFSET_MS).toISOString(), end: new Date(b + DAY_MS - LAGOS_OFFSET_MS).toISOString(), days: Math.round((b - a) / DAY_MS) + 1 };
}

/** The place of an order: the delivery zone and state, or the pick-up branch. */
const placeOf = (row: OrderRow) =>
  row.delivery_method === 'pickup' ? `Pick-up: ${row.pickup_location ?? ''}`.trim() : [row.delivery_zone, row.delivery_state].filter(Boolean).join(', ');

/**
 * Where the order came from (ORDER_CHANNELS: migration 0037, issue 39 items 1-3) and whether a manager
 * cancelled it; read loosely so this file stands on either side of that migration ('web' without it).
 */
const channelOf = (row: OrderRow): string => {
  const channel = (row as unknown as { channel?: unknown }).channel;
  return typeof channel === 'string' && channel ? channel : 'web';
};
const cancelled = (row: OrderRow): boolean => !!(row as unknown as { cancelled_at?: unknown }).cancelled_at;

/** The sender: "Name <e-mail>", or whichever of them is known. */
const senderOf = (row: OrderRow) => (row.client_name && row.client_email ? `${row.client_name} <${row.client_email}>` : (row.client_name ?? row.client_email ?? ''));

/** The items in one cell: "2 × Red roses (Large); 1 × Card". */
const itemsOf = (row: OrderRow) =>
  toOrder(row)
    .orderProducts.map((p) => `${p.quantity} × ${p.name}${p.size ? ` (${p.size})` : ''}`)
    .join('; ');

/** The rows of the file, oldest first. */
export async function ordersCsv(db: Pick<Db, 'kysely'>, from: string, to: string): Promise<string> {
  const range = lagosDayRange(from, to);
  if (!range) throw new AppError(400, 'VALIDATION', 'Give the days as real dates, YYYY-MM-DD.', { from: 'is not a date', to: 'is not a date' });
  if (range.days < 1) throw new AppError(400, 'VALIDATION', '`from` must not be after `to`.', { to: 'is before from' });
  if (range.days > ORDERS_CSV_MAX_DAYS) throw new AppError(400, 'VALIDATION', `Ask for ${ORDERS_CSV_MAX_DAYS} days or fewer at a time.`, { to: `is more than ${ORDERS_CSV_MAX_DAYS} days after from` });
  const rows = await db.kysely
    .selectFrom('shop_order')
    .selectAll()
    .where('checked_out_at', 'is not', null)
    .where('checked_out_at', '>=', range.start)
    .where('checked_out_at', '<', range.end)
    .orderBy('checked_out_at')
    .orderBy('order_number')
    .execute();
  const lines: (string | number | null)[][] = [];
  for (const row of rows) {
    lines.push([
      row.order_number,
      row.checked_out_at,
      row.delivery_date || null,
      placeOf(row),
      channelOf(row),
      senderOf(row),
      itemsOf(row),
      Number(row.total),
      row.currency,
      Math.round((await receivedFor(db.kysely, row)) * 100) / 100,
      await refundedFor(db.kysely, row.id),
      row.payment_status,
      cancelled(row) ? 'cancelled' : row.delivery_status,
    ]);
  }
  return CSV_BOM + csvFile(ORDERS_CSV_COLUMNS, lines);
}

/** Registers the route inside the staff's routes; `guard` lets managers only through. */
export function ordersCsvRoute(app: FastifyInstance, db: Db, guard: (request: FastifyRequest) => Promise<void>): void {
  app.get(BACKOFFICE_PATHS.ordersCsv, { schema: { querystring: staffQuery({ from: staffDate, to: staffDate }) } }, async (request, reply) => {
    await guard(request);
    const { from, to } = request.query as { from?: string; to?: string };
    if (!from || !to) throw new AppError(400, 'VALIDATION', 'Give the first and last day: ?from=YYYY-MM-DD&to=YYYY-MM-DD.', { ...(from ? {} : { from: 'is required' }), ...(to ? {} : { to: 'is required' }) });
    const body = await ordersCsv(db, from, to);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="adire-orders-${from}-to-${to}.csv"`)
      .send(body);
  });
}
