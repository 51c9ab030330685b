import type { ApiResult, Order } from '@adire/contracts';
import { applyOrderOutcome, orderOutcome } from '@adire/domain';
import { describe, expect, it, vi } from 'vitest';
import { stageForOrder, stageState, toStage } from '../src/stage';

const order = (over: Partial<Order> = {}): Order => ({
  id: 'o1',
  deliveryDate: '2099-05-14',
  orderProducts: [],
  cartItems: [],
  currency: 'NGN',
  paymentStatus: 'not paid',
  ...over,
});
const checkedOut = { orderNumber: 'AL0001W', deliveryMethod: 'delivery' as const };

describe('checkout stages', () => {
  it('reads a stored stage, 1 when absent or odd', () => {
    expect(toStage(2)).toBe(2);
    expect(toStage(3)).toBe(3);
    expect(toStage(null)).toBe(1);
    expect(toStage('2')).toBe(1);
    expect(toStage(7)).toBe(1);
  });

  it('shows done only for a paid order', () => {
    expect(stageForOrder(order({ paymentStatus: 'paid' }), 1)).toBe(3);
    expect(stageForOrder(order({ paymentStatus: 'go ahead - pay on delivery approved' }), 2)).toBe(3);
    expect(stageForOrder(order({ ...checkedOut }), 3)).toBe(2);
  });

  it('shows payment only once the delivery stage was submitted', () => {
    expect(stageForOrder(order(), 2)).toBe(1);
    expect(stageForOrder(order({ ...checkedOut }), 2)).toBe(2);
    expect(stageForOrder(order({ ...checkedOut }), 1)).toBe(1); // the shopper went back to edit
  });

  it('asks for a new date (the delivery stage) when the day of a checked-out order has passed or closed', () => {
    const evening = new Date('2026-05-12T21:30:00+01:00');
    expect(stageForOrder(order({ ...checkedOut, deliveryDate: '2026-05-11' }), 2, evening)).toBe(1);
    expect(stageForOrder(order({ ...checkedOut, deliveryDate: '2026-05-12' }), 2, evening)).toBe(1);
    expect(stageForOrder(order({ ...checkedOut, deliveryDate: '2026-05-13' }), 2, evening)).toBe(2);
  });

  it('marks stages completed, active or upcoming', () => {
    expect([1, 2, 3].map((n) => stageState(n, 2))).toEqual(['completed', 'active', 'upcoming']);
  });
});

describe('order lifecycle (SPEC section 4)', () => {
  const ok = (o: Order): ApiResult<Order> => ({ error: false, message: '', data: o, status: 200 });
  const effects = () => ({ bus: { emit: vi.fn() }, clearCoupon: vi.fn(), resetStage: vi.fn(), goHome: vi.fn() });

  it('classifies a fetched order', () => {
    expect(orderOutcome(ok(order())).kind).toBe('open');
    expect(orderOutcome(ok(order({ paymentStatus: 'paid - confirmed by transfer' }))).kind).toBe('finished');
    expect(orderOutcome({ error: true, message: 'We could not find that order', data: null, status: 404 })).toEqual({ kind: 'missing' });
    expect(orderOutcome({ error: true, message: 'Boom', data: null, status: 500 })).toEqual({ kind: 'error', message: 'Boom' });
  });

  it('a finished order asks the cart to forget it and clears the coupon', () => {
    const fx = effects();
    applyOrderOutcome({ kind: 'finished', order: order({ paymentStatus: 'paid' }) }, fx);
    expect(fx.bus.emit).toHaveBeenCalledWith('cart:reset', { reason: 'order-finished' });
    expect(fx.clearCoupon).toHaveBeenCalled();
    expect(fx.goHome).not.toHaveBeenCalled();
  });

  it('a missing order clears them too and goes home', () => {
    const fx = effects();
    applyOrderOutcome({ kind: 'missing' }, fx);
    expect(fx.bus.emit).toHaveBeenCalledWith('cart:reset', { reason: 'order-missing' });
    expect(fx.clearCoupon).toHaveBeenCalled();
    expect(fx.resetStage).toHaveBeenCalled();
    expect(fx.goHome).toHaveBeenCalled();
  });

  it('an open order or a failed call changes nothing', () => {
    const fx = effects();
    applyOrderOutcome({ kind: 'open', order: order() }, fx);
    applyOrderOutcome({ kind: 'error', message: 'x' }, fx);
    expect(fx.bus.emit).not.toHaveBeenCalled();
    expect(fx.clearCoupon).not.toHaveBeenCalled();
  });
});
