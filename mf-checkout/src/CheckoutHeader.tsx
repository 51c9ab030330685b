import { bus } from '@adire/event-bus';
import { useLatest } from './useLatest';
import styles from './checkout.module.css';
import { CHECKOUT_STAGES, stageState, useStage } from './stage';

const STAGES = [
  { key: 'delivery', label: 'Delivery', number: CHECKOUT_STAGES.delivery },
  { key: 'payment', label: 'Payment', number: CHECKOUT_STAGES.payment },
  { key: 'done', label: 'Done', number: CHECKOUT_STAGES.done },
] as const;

/** The compact header the checkout page uses instead of the main one: stages and a cart button. */
export function CheckoutHeader() {
  const stage = useStage((s) => s.stage);
  const summary = useLatest('cart:summary');
  return (
    <header className={styles.header}>
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
      <button type="button" className={styles.cart} onClick={() => bus.emit('cart:open', { from: 'checkout-header' })}>
        Cart ({summary?.itemCount ?? 0})
      </button>
    </header>
  );
}
