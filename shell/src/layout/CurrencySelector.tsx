import { CURRENCY_NAMES } from '@adire/contracts';
import { selectCurrency } from '../boot/handshake';
import { useFrameCurrency } from './running';
import styles from './shell.module.css';

/** The currency choice: in the header row on desktop, in the sidebar on phones. */
export function CurrencySelector({ className = styles.currency }: { className?: string }) {
  const currency = useFrameCurrency();
  return (
    <label className={className}>
      <span className={styles.visuallyHidden}>Currency</span>
      <select aria-label="Currency" value={currency?.name ?? 'NGN'} disabled={!currency} onChange={(e) => selectCurrency(e.target.value)}>
        {CURRENCY_NAMES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
