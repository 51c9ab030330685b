import { bus } from '@adire/event-bus';
import { useLatest } from './useLatest';
import styles from './checkout.module.css';
import { CHECKOUT_STAGES, stageState, useStage } from './stage';

const STAGES = [
  { key: 'delivery', label: 'Delivery', number: CHECKOUT_STAGES.delivery },
  { key: 'payment', label: 'Payment', number: CHECKOUT_STAGES.payment },
  { key: 'done', label: 'Done', number: CHECKOUT_STAGES.done },
] as const;

/**
 * The shell loads the cart on this page only when the shopper reaches for it (issue 42): the first
 * pointer over the header or focus in it asks for it, so a tap on the cart button answers at once.
 */
const wantCart = () => bus.emit('remote:wanted', { remote: 'cart' });

/** The compact header the checkout page uses instead of the main one: stages and a cart button. */
export function CheckoutHeader() {
  const stage = useStage((s) => s.stage);
  const summary = useLatest('cart:summary');
  return (
    <header className={styles.header} onPointerEnter={wantCart} onFocus={wantCart}>
      <a href="/" className={styles.brand}>
        Adire Blooms
      </a>
      <ol className={styles.stages} aria-label="Checkout stages">
        {STAGES.map((s) => {
          const state = stageState(s.number, stage);
          return (
            <li key={s.key} className={styles[state]} aria-current={state === 'active' ? 'step' : undefined} data-state={state}>
              <span className={styles.number}>{s.number}</span> {s.label}
            </li>
          );
        })}
      </ol>
      <button type="button" className={styles.cart} onPointerDown={wantCart} onClick={() => bus.emit('cart:open', { from: 'checkout-header' })}>
        Cart ({summary?.itemCount ?? 0})
      </button>
    </header>
  );
}
