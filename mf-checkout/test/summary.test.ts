import type { DeliveryQuote, Order } from '@adire/contracts';
import { formatAmount as formatOrderAmount } from '@adire/domain';
import { describe, expect, it } from 'vitest';
import { summaryAmounts, summaryLine } from '../src/summary/amounts';
import { reconcileCoupon, tidyCouponCode } from '../src/summary/coupon';

const order = (over: Partial<Order> = {}): Order => ({
  id: 'o1',
  deliveryDate: '2026-05-14',
  orderProducts: [],
  cartItems: [],
  currency: 'NGN',
  paymentStatus: 'not paid',
  itemsTotal: 45000,
  discount: 0,
  deliveryFee: 0,
  total: 45000,
  ...over,
});
const quote = (over: Partial<DeliveryQuote> = {}): DeliveryQuote => ({
  method: 'delivery',
  state: 'lagos',
  zone: 'Lagos Island',
  pickupLocation: null,
  configName: 'Standard delivery',
  freeFromNgn: 50000,
  free: false,
  feeNgn: 3000,
  fee: 3000,
  currency: 'NGN',
  ...over,
});

describe('coupon state', () => {
  it('tidies a typed code', () => {
    expect(tidyCouponCode(' bloom 10 ')).toBe('BLOOM10');
  });

  it('follows the order: applied, taken off by the server, or for another order', () => {
    expect(reconcileCoupon(null, { id: 'o1', coupon: 'BLOOM10' })).toEqual({ coupon: { code: 'BLOOM10', orderId: 'o1' }, notice: null });
    expect(reconcileCoupon({ code: 'BLOOM10', orderId: 'o1' }, { id: 'o1', coupon: null })).toEqual({
      coupon: null,
      notice: 'Coupon BLOOM10 no longer applies to this order, so it was removed.',
    });
    expect(reconcileCoupon({ code: 'BLOOM10', orderId: 'old' }, { id: 'o1', coupon: null })).toEqual({ coupon: null, notice: null });
    // A coupon whose hold lapsed: the order's own sentence says it (shown in the summary), no second note.
    const couponNotice = 'The coupon ONEUSE was held for 30 minutes and has since been used up, so it was taken off this order: the total is now ₦45,000.';
    expect(reconcileCoupon({ code: 'ONEUSE', orderId: 'o1' }, { id: 'o1', coupon: null, couponNotice })).toEqual({ coupon: null, notice: null });
  });
});

describe('summary amounts', () => {
  it('has no delivery fee before a zone is chosen', () => {
    expect(summaryAmounts(order(), null)).toMatchObject({ items: 45000, deliveryFee: null, total: 45000 });
  });

  it("adds the quote's fee before the delivery stage is submitted, after the discount", () => {
    expect(summaryAmounts(order({ discount: 4500, total: 40500 }), quote())).toMatchObject({ items: 45000, discount: 4500, deliveryFee: 3000, total: 43500, freeDelivery: false });
    expect(summaryAmounts(order(), quote({ free: true, fee: 0, feeNgn: 0 }))).toMatchObject({ deliveryFee: 0, freeDelivery: true });
  });

  it("uses the order's own fee once checked out, and ignores a quote in another currency", () => {
    const done = order({ deliveryMethod: 'delivery', deliveryFee: 4500, total: 49500 });
    expect(summaryAmounts(done, null)).toMatchObject({ deliveryFee: 4500, total: 49500 });
    expect(summaryAmounts(done, quote({ currency: 'USD', fee: 7 }))).toMatchObject({ deliveryFee: 4500 });
  });

  it('Subtotal leaves designs out (SPEC 9); the designs are the rest of the items', () => {
    const inVase = order({ subtotal: 90000, itemsTotal: 120000, total: 120000 });
    expect(summaryAmounts(inVase, null)).toMatchObject({ subtotal: 90000, designs: 30000, items: 120000, total: 120000 });
    // An order from before subtotal was kept: no design line is invented.
    expect(summaryAmounts(order({ subtotal: undefined }), null)).toMatchObject({ subtotal: 45000, designs: 0 });
  });

  it("shows each line in the order's currency: the server's line total, the design converted at the shop's rate", () => {
    const item = { SKU: 'AB-1001', name: 'Roses', description: '', image: { src: '' }, price: 45000, quantity: 2, productId: 'p1', design: { title: 'In vase', price: 15000, quantity: 2 } };
    const usd = order({ currency: 'USD', cartItems: [item], orderProducts: [{ id: 'p1', image: '', name: 'Roses (In vase)', price: 87, quantity: 2, description: '', SKU: 'AB-1001' }] });
    expect(summaryLine(usd, 0, item)).toEqual({ total: 174, designEach: 22 });
    // Without the server's line (another order shape), the same conversion is made here.
    expect(summaryLine({ ...usd, orderProducts: [] }, 0, item)).toEqual({ total: 2 * 65 + 2 * 22, designEach: 22 });
    expect(summaryLine(order({ cartItems: [item] }), 0, { ...item, design: undefined })).toEqual({ total: 90000, designEach: null });
  });

  it("formats amounts already in the order's currency", () => {
    expect(formatOrderAmount(49500, 'NGN')).toBe('₦49,500');
    expect(formatOrderAmount(71, 'USD')).toBe('$71');
  });
});
