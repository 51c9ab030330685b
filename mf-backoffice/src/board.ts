import { BOARD_STATUSES, DELIVERY_STEPS, type BoardEntry, type DeliveryStep } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import { formatCalendarDayWithYear } from '@adire/domain/formats';

export type { BoardEntry };

/** Orders grouped by delivery date, in the order the server sent them (by date). */
export function byDeliveryDate(orders: readonly BoardEntry[]): { date: string; orders: BoardEntry[] }[] {
  const groups: { date: string; orders: BoardEntry[] }[] = [];
  for (const order of orders) {
    const last = groups[groups.length - 1];
    if (last && last.date === order.deliveryDate) last.orders.push(order);
    else groups.push({ date: order.deliveryDate, orders: [order] });
  }
  return groups;
}

/** The steps an order may still move to: none until it is paid, then only forward. */
export function nextSteps(deliveryStatus: string, paymentStatus: string): DeliveryStep[] {
  if (!isPaid(paymentStatus)) return [];
  const at = (BOARD_STATUSES as readonly string[]).indexOf(deliveryStatus);
  return DELIVERY_STEPS.filter((step) => (BOARD_STATUSES as readonly string[]).indexOf(step) > at);
}

/** Orders that were not on the board before (a poll brought them): to announce them. */
export function newArrivals(before: readonly BoardEntry[] | null, now: readonly BoardEntry[]): BoardEntry[] {
  if (!before) return [];
  const known = new Set(before.map((o) => o.orderNumber));
  return now.filter((o) => !known.has(o.orderNumber));
}

/** '2026-11-24' → 'Tue 24 Nov 2026'; today and tomorrow by name. */
export function dateHeading(date: string, today: string): string {
  if (!date) return 'No date';
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const t = new Date(`${today}T12:00:00Z`);
  const days = Math.round((d.getTime() - t.getTime()) / 86_400_000);
  const label = formatCalendarDayWithYear(date);
  return days === 0 ? `Today, ${label}` : days === 1 ? `Tomorrow, ${label}` : label;
}

/** How often the board asks for new orders. */
export const BOARD_POLL_MS = 15_000;
