import type { Order } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import { isCheckedOut } from '../stage';

/** Where the page carries the order the server drew the checkout with (its region's answers). */
export const DRAWN_ORDER_ANSWER = 'order';

/**
 * The order the server may draw the checkout of: an open one (not paid) not checked out yet, whose
 * stage is the delivery stage for every shopper. A paid order (done: the browser forgets the cart) and
 * a checked-out one (payment or delivery, by the stage the browser stored) are left to the browser.
 */
export function drawnOrderOf(order: Order, orderId: string): Order | null {
  if (order.id !== orderId || isPaid(order.paymentStatus) || isCheckedOut(order)) return null;
  return order;
}

/** The drawn order the page carries for this checkout, if the server drew one (anything else: none). */
export function drawnOrderIn(answers: Record<string, unknown> | undefined, orderId: string | null): Order | null {
  const order = answers?.[DRAWN_ORDER_ANSWER] as Order | undefined;
  if (!orderId || !order || typeof order !== 'object' || typeof order.id !== 'string') return null;
  return drawnOrderOf(order, orderId);
}
