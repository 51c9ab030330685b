import type { Order, TimelineEntry, TrackingStep } from '@adire/contracts';
import type { Db } from '../../db/database';
import { listCheckedOutOrders, findOrderByNumber, toOrder, type CheckedOutFilter, type OrderRow } from './store';
import { buildTimeline } from './tracker';

/** One line of the staff's board: what a florist needs to plan the day's deliveries. */
export interface BoardEntry {
  orderNumber: string;
  deliveryDate: string;
  deliveryMethod: 'delivery' | 'pickup' | null;
  /** The delivery zone, or the pick-up branch code. */
  place: string | null;
  recipientName: string | null;
  senderName: string | null;
  total: number;
  currency: string;
  paymentStatus: string;
  deliveryStatus: string;
  checkedOutAt: string | null;
}

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
  };
}

/** The board: checked-out orders by delivery date, zone or branch, status, or found by number, phone or e-mail. */
export async function orderBoard(db: Pick<Db, 'kysely'>, filter: CheckedOutFilter): Promise<BoardEntry[]> {
  return (await listCheckedOutOrders(db, filter)).map(boardEntry);
}

/** An order as the staff see it: the whole order, its delivery status and its timeline. */
export interface StaffOrderView {
  id: string;
  order: Order;
  deliveryStatus: string;
  status: TrackingStep;
  timeline: TimelineEntry[];
  createdAt: string;
  checkedOutAt: string | null;
}

export async function staffOrderView(db: Pick<Db, 'kysely'>, orderNumber: string): Promise<StaffOrderView | null> {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row) return null;
  const events = await db.kysely.selectFrom('order_status_event').select(['step', 'at']).where('order_id', '=', row.id).execute();
  const { timeline, status } = buildTimeline({ deliveryStatus: row.delivery_status, paymentStatus: row.payment_status, checkedOutAt: row.checked_out_at, events });
  return { id: row.id, order: toOrder(row), deliveryStatus: row.delivery_status, status, timeline, createdAt: row.created_at, checkedOutAt: row.checked_out_at };
}
