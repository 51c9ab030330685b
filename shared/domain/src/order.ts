import { API_PATHS, writeStored, type ApiResult, type CartResetReason, type Order } from '@adire/contracts';
import { isPaid } from './payment';

/**
 * The order lifecycle (SPEC section 4, ARCHITECTURE "Order lifecycle"): whenever an order id is
 * stored, the cart (on load) and the checkout fetch the order through `followOrder`. A finished
 * (paid) order clears the cart, delivery date, order id and coupon; a missing one (404) clears them
 * and goes to '/'. The API client and the bus are passed in, so this stays free of browser state.
 */

export type OrderOutcome =
  | { kind: 'open'; order: Order }
  | { kind: 'finished'; order: Order }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/** What a fetched order means: open, finished (paid), missing (404) or a failed call. */
export function orderOutcome(res: ApiResult<Order>): OrderOutcome {
  if (res.error || !res.data) {
    if (res.status === 404) return { kind: 'missing' };
    return { kind: 'error', message: res.message || 'The order could not be loaded' };
  }
  return isPaid(res.data.paymentStatus) ? { kind: 'finished', order: res.data } : { kind: 'open', order: res.data };
}

export interface OrderLifecycleEffects {
  /** The shared bus: the cart owns cart items, delivery date and order id and is asked to forget them. */
  bus: { emit(type: 'cart:reset', payload: { reason: CartResetReason }): void };
  /** Forget the stored coupon; by default its storage key is cleared. */
  clearCoupon?(): void;
  /** The checkout's own reset (its stage) when the order is missing. */
  resetStage?(): void;
  /** By default the browser history goes to '/' (single-spa follows it). */
  goHome?(): void;
}

const clearStoredCoupon = () => writeStored('coupon', null);
const goHomePage = () => {
  // Typed here: the server, which shares this package, compiles without the DOM library.
  const browser = globalThis as { location?: { pathname: string }; history?: { pushState(data: null, unused: string, url: string): void } };
  if (browser.location?.pathname !== '/') browser.history?.pushState(null, '', '/');
};

/** Apply an outcome: a finished order is forgotten; a missing one too, and the shopper goes home. */
export function applyOrderOutcome(outcome: OrderOutcome, effects: OrderLifecycleEffects): void {
  if (outcome.kind !== 'finished' && outcome.kind !== 'missing') return;
  effects.bus.emit('cart:reset', { reason: outcome.kind === 'finished' ? 'order-finished' : 'order-missing' });
  (effects.clearCoupon ?? clearStoredCoupon)();
  if (outcome.kind === 'missing') {
    effects.resetStage?.();
    (effects.goHome ?? goHomePage)();
  }
}

export interface OrderFetcher {
  get<T>(path: string): Promise<ApiResult<T>>;
}

/** Fetch the order of a stored id and apply what it means; the outcome is returned for the caller's own view. */
export async function followOrder(orderId: string, deps: OrderLifecycleEffects & { api: OrderFetcher }): Promise<OrderOutcome> {
  const outcome = orderOutcome(await deps.api.get<Order>(API_PATHS.order(orderId)));
  applyOrderOutcome(outcome, deps);
  return outcome;
}
