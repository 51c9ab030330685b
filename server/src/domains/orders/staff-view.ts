import { ORDER_CHANNELS, type BoardEntry, type OrderChannel, type StaffOrderView } from '@adire/contracts';

export type { BoardEntry, StaffOrderView };
import type { Db } from '../../db/database';
import { listCheckedOutOrders, statusEvents, findOrderByNumber, toOrder, type CheckedOutFilter, type OrderRow } from './store';
import { buildTimeline } from './tracker';
import { orderChanges } from './change-log';

export function boardEntry(row: OrderRow): BoardEntry {
  const order = toOrder(row);
  return {
    orderNumber: row.order_number ?? row.id,
    deliveryDate: row.delivery_date,
    deliveryMethod: (row.delivery_method as 'delivery' | 'pickup' | null) ?? null,
    place: row.delivery_method === 'pickup' ? row.pickup_location : row.delivery_zone,
    recipientName: order.deliveryDetails?.recipientName ?? null,
    senderName: row.client_name,
    total: Number(row.total),
    currency: row.currency,
    paymentStatus: row.payment_status,
    deliveryStatus: row.delivery_status,
    checkedOutAt: row.checked_out_at,
    ...floristNoteOf(row),
    channel: channelOf(row),
    ...(row.cancelled_at ? { cancelledAt: row.cancelled_at } : {}),
  };
}

/** The order's channel as the contracts name it (an unknown word reads as 'other'). */
export const channelOf = (row: Pick<OrderRow, 'channel'>): OrderChannel => ((ORDER_CHANNELS as readonly string[]).includes(row.channel) ? (row.channel as OrderChannel) : 'other');

/** The florist's note of an order as the back office's answers carry it: absent when there is none. */
export const floristNoteOf = (row: Pick<OrderRow, 'florist_note'>): { floristNote?: string } => (row.florist_note ? { floristNote: row.florist_note } : {});

/** The board: checked-out orders by delivery date, zone or branch, status, or found by number, phone or e-mail. */
export async function orderBoard(db: Pick<Db, 'kysely'>, filter: CheckedOutFilter): Promise<BoardEntry[]> {
  return (await listCheckedOutOrders(db, filter)).map(boardEntry);
}

export async function staffOrderView(db: Pick<Db, 'kysely'>, orderNumber: string): Promise<StaffOrderView | null> {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row) return null;
  const events = await statusEvents(db, row.id);
  const { timeline, status } = buildTimeline({ deliveryStatus: row.delivery_status, paymentStatus: row.payment_status, checkedOutAt: row.checked_out_at, events });
  return {
    id: row.id,
    order: toOrder(row),
    deliveryStatus: row.delivery_status,
    status,
    timeline,
    createdAt: row.created_at,
    checkedOutAt: row.checked_out_at,
    ...floristNoteOf(row),
    channel: channelOf(row),
    ...(row.cancelled_at ? { cancelled: { at: row.cancelled_at, reason: row.cancel_reason ?? '' } } : {}),
    changes: await orderChanges(db, row.id),
  };
}
