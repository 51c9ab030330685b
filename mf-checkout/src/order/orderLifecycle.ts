import { writeStored, type ApiResult, type Order } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import { bus, type EventBus } from '@adire/event-bus';

export type OrderOutcome =
  | { kind: 'open'; order: Order }
  | { kind: 'finished'; order: Order }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/** What a fetched order means for the checkout (SPEC section 4). */
export function orderOutcome(res: ApiResult<Order>): OrderOutcome {
  if (res.error || !res.data) {
    if (res.status === 404) return { kind: 'missing' };
    return { kind: 'error', message: res.message || 'The order could not be loaded' };
  }
  return isPaid(res.data.paymentStatus) ? { kind: 'finished', order: res.data } : { kind: 'open', order: res.data };
}

export interface LifecycleEffects {
  bus: Pick<EventBus, 'emit'>;
  clearCoupon(): void;
  resetStage(): void;
  goHome(): void;
}

const defaultEffects: LifecycleEffects = {
  bus,
  clearCoupon: () => writeStored('coupon', null),
  resetStage: () => writeStored('checkoutStage', 1),
  goHome: () => window.history.pushState(null, '', '/'),
};

/**
 * A finished (paid) order clears the cart, date, order id (the cart owns them: it is asked over the bus)
 * and the coupon; a missing one clears them too and goes home.
 */
export function applyOrderOutcome(outcome: OrderOutcome, effects: LifecycleEffects = defaultEffects): void {
  if (outcome.kind === 'finished') {
    effects.bus.emit('cart:reset', { reason: 'order-finished' });
    effects.clearCoupon();
  } else if (outcome.kind === 'missing') {
    effects.bus.emit('cart:reset', { reason: 'order-missing' });
    effects.clearCoupon();
    effects.resetStage();
    effects.goHome();
  }
}
