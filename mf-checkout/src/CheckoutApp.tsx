import { CHECKOUT_STAGES } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';
import { useState, type FormEvent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import styles from './checkout.module.css';

const STAGES = [
  { key: 'delivery', label: 'Delivery', number: CHECKOUT_STAGES.delivery },
  { key: 'payment', label: 'Payment', number: CHECKOUT_STAGES.payment },
  { key: 'done', label: 'Done', number: CHECKOUT_STAGES.done },
] as const;

/** The compact header the checkout page uses instead of the main one. */
function CheckoutHeader({ stage }: { stage: number }) {
  const summary = useBusValue('cart:summary');
  return (
    <header className={styles.header}>
      <a href="/" className={styles.brand}>
        Adire Blooms
      </a>
      <ol className={styles.stages} aria-label="Checkout stages">
        {STAGES.map((s) => {
          const state = s.number < stage ? 'completed' : s.number === stage ? 'active' : 'upcoming';
          return (
            <li key={s.key} className={styles[state]} aria-current={state === 'active' ? 'step' : undefined} data-state={state}>
              <span className={styles.number}>{s.number}</span> {s.label}
            </li>
          );
        })}
      </ol>
      <button type="button" className={styles.cart} onClick={() => bus.emit('cart:open', { from: 'checkout-header' })}>
        Cart ({summary?.itemCount ?? 0})
      </button>
    </header>
  );
}

function CheckoutPage() {
  const summary = useBusValue('cart:summary');
  return (
    <>
      <CheckoutHeader stage={CHECKOUT_STAGES.delivery} />
      <section className={styles.body} aria-labelledby="checkout-heading">
        <h1 id="checkout-heading">Checkout</h1>
        {summary && summary.itemCount === 0 ? (
          <p>Your cart is empty. Add some flowers before checking out.</p>
        ) : (
          <p>Delivery details come first, then payment.</p>
        )}
      </section>
    </>
  );
}

function OrderTracker() {
  const [orderNumber, setOrderNumber] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked(orderNumber.trim());
  };
  return (
    <section className={styles.body} aria-labelledby="tracker-heading">
      <h1 id="tracker-heading">Track your order</h1>
      <form onSubmit={submit} className={styles.tracker}>
        <label>
          Order number
          <input value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} required />
        </label>
        <button type="submit">Track</button>
      </form>
      {asked && <p role="status">Looking up order {asked}…</p>}
    </section>
  );
}


export function CheckoutApp() {
  return (
    <div data-boundary="checkout" className={styles.root}>
      <BrowserRouter>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/order-tracker" element={<OrderTracker />} />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
