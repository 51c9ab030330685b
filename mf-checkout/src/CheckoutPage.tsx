import type { DeliveryQuote, Order } from '@adire/contracts';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '@adire/router';
import { useLatest } from './useLatest';
import styles from './checkout.module.css';
import { CheckoutHeader } from './CheckoutHeader';
import { DeliveryStage } from './delivery/DeliveryStage';
import { changeOrderCurrency, useCheckoutOrder } from './order/useCheckoutOrder';
import { toast } from './session';
import { CHECKOUT_STAGES, useStage } from './stage';
import { OrderSummary } from './summary/OrderSummary';
import { DoneStage, PaymentStage, reachForNextStages } from './parts';

/** /checkout?orderId=: the staged checkout of one order. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const setStage = useStage((s) => s.setStage);

  // Leaving checkout with no order id resets the stage to 1 (the date stays the cart's).
  useEffect(() => {
    if (!orderId) setStage(CHECKOUT_STAGES.delivery);
  }, [orderId, setStage]);

  return (
    <>
      <CheckoutHeader />
      <section className={styles.body} aria-labelledby="checkout-heading">
        <h1 id="checkout-heading" className={styles.heading}>
          Checkout
        </h1>
        {orderId ? <OrderCheckout key={orderId} orderId={orderId} /> : <NoOrder />}
      </section>
    </>
  );
}

function NoOrder() {
  const summary = useLatest('cart:summary');
  return (
    <div className={styles.empty}>
      {summary && summary.itemCount > 0 ? (
        <p>Open your cart and choose ‘Proceed to checkout’ to start.</p>
      ) : (
        <p>Your cart is empty. Add some flowers before checking out.</p>
      )}
      <a href="/">Continue shopping</a>
    </div>
  );
}

function OrderCheckout({ orderId }: { orderId: string }) {
  const { load, setOrder, reload } = useCheckoutOrder(orderId);
  const stage = useStage((s) => s.stage);
  const currency = useLatest('currency:changed');
  const [quote, setQuote] = useState<DeliveryQuote | null>(null);
  const onQuote = useCallback((q: DeliveryQuote | null) => setQuote(q), []);
  const order = load.status === 'ready' ? load.order : null;

  // Switching currency updates the open (unpaid, not yet paying) order's currency.
  useEffect(() => {
    if (!order || !currency || currency.name === order.currency || stage !== CHECKOUT_STAGES.delivery) return;
    let live = true;
    void changeOrderCurrency(order, currency.name).then((fresh) => live && fresh && setOrder(fresh));
    return () => {
      live = false;
    };
  }, [order, currency, stage, setOrder]);

  const checkPaid = useCallback(async () => {
    await reload({ quiet: true });
    if (useStage.getState().stage !== CHECKOUT_STAGES.done) toast('info', 'We have not received the payment yet. It can take a few minutes to show.');
  }, [reload]);

  if (load.status === 'loading') {
    return (
      <div className={styles.placeholder} role="status">
        Loading your order…
      </div>
    );
  }
  if (load.status === 'missing') return <div className={styles.placeholder} />;
  if (load.status === 'error') {
    return (
      <div className={styles.placeholder} role="alert">
        <p>{load.message}</p>
        <button type="button" className={styles.retry} onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );
  }
  const o = load.order;
  return (
    <div className={styles.layout}>
      <div className={styles.main} onPointerOverCapture={reachForNextStages} onPointerDownCapture={reachForNextStages} onFocusCapture={reachForNextStages}>
        <Suspense
          fallback={
            <div className={styles.placeholder} role="status">
              Loading…
            </div>
          }
        >
          {stage === CHECKOUT_STAGES.delivery && <DeliveryStage order={o} onOrder={setOrder} onQuote={onQuote} />}
          {stage === CHECKOUT_STAGES.payment && <PaymentStage order={o} onCheckPaid={() => void checkPaid()} onReload={() => void reload({ quiet: true })} />}
          {stage === CHECKOUT_STAGES.done && <DoneStage order={o} />}
        </Suspense>
      </div>
      <OrderSummary order={o} quote={stage === CHECKOUT_STAGES.delivery ? quote : null} onOrder={setOrder} couponEditable={stage !== CHECKOUT_STAGES.done} />
    </div>
  );
}
