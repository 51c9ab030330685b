import { wantsLessData } from '@adire/contracts';
import { cartLineKey, cartSubtotal, cartTotal, formatDrawerDate } from '@adire/domain';
import { canIncrease } from '@adire/domain/quantity';
import { confirmWithShopper } from '@adire/event-bus';
import { Price } from '@adire/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import styles from './cart.module.css';
import { useCart } from './cartStore';
import { LinePicture } from './LinePicture';

const DeliveryDatePicker = lazy(() => import('./DeliveryDatePicker'));

export function CartDrawer() {
  const { items, open, hide, increment, decrement, remove, deliveryDate, setDeliveryDate, orderId, submit, busy, place } = useCart();
  const closeRef = useRef<HTMLButtonElement>(null);
  const dateId = useId();
  // Save-Data (issue 42): the lines' pictures at a pixel ratio of at most 1.5; asked once.
  const [lessData] = useState(() => wantsLessData());

  useEffect(() => {
    if (!open) return;
    // Focus moves into the drawer and back to whatever opened it (the cart button) on close.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, hide]);

  return (
    <div data-boundary="cart" className={styles.root}>
      {open && <div className={styles.backdrop} onClick={hide} aria-hidden="true" />}
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Cart"
        className={`${styles.drawer} ${open ? styles.open : ''}`}
        hidden={!open}
      >
        <div className={styles.head}>
          <h2>Your cart</h2>
          <button ref={closeRef} type="button" onClick={hide} aria-label="Close cart" className={styles.close}>
            ×
          </button>
        </div>
        {items.length === 0 ? (
          <p className={styles.empty}>Empty Cart</p>
        ) : (
          <ul className={styles.items} aria-label="Cart items">
            {items.map((item) => (
              <li key={cartLineKey(item)} className={styles.item}>
                <LinePicture image={item.image} box={64} saveData={lessData} />
                <div>
                  <p className={styles.name}>{item.name}</p>
                  {item.size && <p className={styles.meta}>Size: {item.size}</p>}
                  {item.design && (
                    <p className={styles.meta}>
                      Design: {item.design.title ?? item.design.name} × {item.design.quantity}
                      {item.design.price > 0 && (
                        <>
                          {' '}
                          (+<Price amount={item.design.price} /> each)
                        </>
                      )}
                    </p>
                  )}
                  <Price amount={item.price} />
                  <div className={styles.qty} role="group" aria-label={`Quantity of ${item.name}`}>
                    <button type="button" onClick={() => decrement(cartLineKey(item))} aria-label="Decrease quantity" disabled={item.quantity <= 1}>
                      −
                    </button>
                    <span aria-live="polite">{item.quantity}</span>
                    <button type="button" onClick={() => increment(cartLineKey(item))} aria-label="Increase quantity" disabled={!canIncrease(item.quantity)}>
                      +
                    </button>
                  </div>
                </div>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Remove ${item.name}`}
                  onClick={async () => {
                    const ok = await confirmWithShopper({ title: 'Remove item', message: `Remove ${item.name} from your cart?`, confirmLabel: 'Remove' });
                    if (ok) remove(cartLineKey(item));
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 && (
          // One 'Delivery date': the picker's label; the chosen day (or 'Not set yet') is its description.
          <div className={styles.date}>
            <label htmlFor={dateId}>Delivery date</label>
            {open && (
              <Suspense fallback={<input id={dateId} placeholder="Select date" disabled />}>
                <DeliveryDatePicker id={dateId} value={deliveryDate} onChange={setDeliveryDate} describedBy={`${dateId}-shown`} place={place} />
              </Suspense>
            )}
            <p id={`${dateId}-shown`} className={styles.dateShown}>
              {formatDrawerDate(deliveryDate)}
            </p>
          </div>
        )}
        <dl className={styles.summary}>
          <dt>Subtotal</dt>
          <dd>
            <Price amount={cartSubtotal(items)} />
          </dd>
          <dt>Total</dt>
          <dd>
            <Price amount={cartTotal(items)} />
          </dd>
        </dl>
        <button
          type="button"
          className={styles.primary}
          disabled={items.length === 0 || busy}
          aria-busy={busy}
          onClick={() => void submit()}
        >
          {orderId ? 'Update Cart' : 'Proceed to checkout'}
        </button>
      </div>
    </div>
  );
}
