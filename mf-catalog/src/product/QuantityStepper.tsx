import { useState } from 'react';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from './cartItem';
import styles from './product.module.css';

/** Minus, a number field and plus; the quantity stays a whole number from 1 to 99. */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (quantity: number) => void }) {
  // What the shopper is typing, until the field loses focus (an empty field is allowed meanwhile).
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={styles.stepper} role="group" aria-label="Quantity">
      <button type="button" aria-label="Decrease quantity" disabled={value <= MIN_QUANTITY} onClick={() => onChange(clampQuantity(value - 1))}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label="Quantity"
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
        value={draft ?? String(value)}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n)) onChange(clampQuantity(n));
        }}
        onBlur={() => setDraft(null)}
      />
      <button type="button" aria-label="Increase quantity" disabled={value >= MAX_QUANTITY} onClick={() => onChange(clampQuantity(value + 1))}>
        +
      </button>
    </div>
  );
}
