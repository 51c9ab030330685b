import { readStored, writeStored, type Order } from '@adire/contracts';

/** What the checkout keeps under its coupon key: the code and the order it went on. */
export interface StoredCoupon {
  code: string;
  orderId: string;
}

export function readCoupon(): StoredCoupon | null {
  const stored = readStored<StoredCoupon>('coupon');
  return stored && typeof stored.code === 'string' && typeof stored.orderId === 'string' ? stored : null;
}

export function writeCoupon(coupon: StoredCoupon | null): void {
  writeStored('coupon', coupon);
}

/** What the shopper typed, tidied as the server reads it: spaces dropped, upper case. */
export function tidyCouponCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * The order is the truth about its coupon; the stored copy follows it. A coupon the server took off
 * (the cart fell below its minimum) is forgotten, with a note for the shopper; one whose hold lapsed
 * and that was used up meanwhile is explained by the order itself (`couponNotice`, in the summary).
 */
export function reconcileCoupon(stored: StoredCoupon | null, order: Pick<Order, 'id' | 'coupon' | 'couponNotice'>): { coupon: StoredCoupon | null; notice: string | null } {
  if (order.coupon) return { coupon: { code: order.coupon, orderId: order.id }, notice: null };
  if (stored && stored.orderId === order.id && !order.couponNotice) {
    return { coupon: null, notice: `Coupon ${stored.code} no longer applies to this order, so it was removed.` };
  }
  return { coupon: null, notice: null };
}
