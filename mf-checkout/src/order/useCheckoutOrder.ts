import { api } from '@adire/api-client';
import { API_PATHS, writeStored, type CurrencyName, type Order } from '@adire/contracts';
import { followOrder } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECKOUT_STAGES, stageForOrder, useStage, type Stage } from '../stage';
import { readCoupon, reconcileCoupon, writeCoupon } from '../summary/coupon';
import { toast } from '../session';

export type OrderLoad =
  | { status: 'loading' }
  | { status: 'ready'; order: Order }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/** Keep the stored coupon in step with the order the server sent. */
export function followCoupon(order: Order): void {
  const { coupon, notice } = reconcileCoupon(readCoupon(), order);
  writeCoupon(coupon);
  if (notice) toast('info', notice);
}

/** The order the page was drawn with (see drawWithOrder); taken by the first checkout that shows it. */
let drawnOrder: Order | null = null;

/**
 * The open order the server drew this page with: the checkout's first render shows it at once, as the
 * server drew it, instead of asking the API again. On the server it holds for one synchronous render.
 */
export function seedDrawnOrder(order: Order | null): void {
  drawnOrder = order;
}

function takeDrawnOrder(orderId: string | null): Order | null {
  const order = drawnOrder && drawnOrder.id === orderId ? drawnOrder : null;
  drawnOrder = null;
  return order;
}

/**
 * A payment link the shop sent (issue 39) opens `/checkout?orderId=…&stage=payment`: its order goes
 * straight to the payment stage (still only when it may show it: checked out, its day open, not paid).
 */
function askedStage(): Stage | null {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('stage') === 'payment' ? CHECKOUT_STAGES.payment : null;
}

/**
 * The order of /checkout?orderId=, fetched whenever the id is set (SPEC section 4) and again when the
 * cart changes (the drawer's 'Update Cart' re-prices it). Picks the stage the order may show. An order
 * the page was drawn with is shown at once and not fetched again on mount.
 */
export function useCheckoutOrder(orderId: string | null) {
  const [drawn] = useState(() => takeDrawnOrder(orderId));
  const [load, setLoad] = useState<OrderLoad>(drawn ? { status: 'ready', order: drawn } : { status: 'loading' });
  const setStage = useStage((s) => s.setStage);
  const request = useRef(0);
  const adoptDrawn = useRef(drawn);

  const fetchOrder = useCallback(
    async (opts: { quiet?: boolean } = {}) => {
      if (!orderId) return;
      const id = ++request.current;
      if (!opts.quiet) setLoad({ status: 'loading' });
      // The shared order lifecycle: a paid order is forgotten (cart, date, id, coupon), a missing one too.
      const outcome = await followOrder(orderId, { api, bus, resetStage: () => writeStored('checkoutStage', 1) });
      if (id !== request.current) return; // a newer fetch is under way
      if (outcome.kind === 'missing') {
        setLoad({ status: 'missing' });
        toast('info', 'That order no longer exists, so your cart was cleared.');
        return;
      }
      if (outcome.kind === 'error') {
        if (!opts.quiet) setLoad({ status: 'error', message: outcome.message });
        return;
      }
      if (outcome.kind === 'open') followCoupon(outcome.order);
      setLoad({ status: 'ready', order: outcome.order });
      setStage(stageForOrder(outcome.order, askedStage() ?? useStage.getState().stage, new Date(), bus.last('settings:loaded')?.settings?.checkoutSettings));
    },
    [orderId, setStage],
  );

  useEffect(() => {
    const order = adoptDrawn.current;
    adoptDrawn.current = null;
    // The drawn order is what the API answered a moment ago: only the coupon is kept in step.
    if (order) followCoupon(order);
    else void fetchOrder();
  }, [fetchOrder]);

  // 'Update Cart' in the drawer (opened from the checkout header) saved the order: show what the server holds.
  useEffect(() => bus.on('order:saved', (saved) => saved.orderId === orderId && void fetchOrder({ quiet: true })), [fetchOrder, orderId]);

  const setOrder = useCallback((order: Order) => setLoad({ status: 'ready', order }), []);
  return { load, setOrder, reload: fetchOrder };
}

/**
 * Switching currency updates the open order's currency (ARCHITECTURE, order lifecycle): a
 * currency-only update, the server re-prices the items and date it holds (the cart is the one builder
 * of an order's items).
 */
export async function changeOrderCurrency(order: Order, currency: CurrencyName): Promise<Order | null> {
  const res = await api.put<Order>(API_PATHS.order(order.id), { currency });
  if (res.error || !res.data) {
    toast('error', `Unable to update order: ${res.message || 'no order was returned'}`);
    return null;
  }
  return res.data;
}
