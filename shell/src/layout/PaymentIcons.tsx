import styles from './shell.module.css';

/** Small inline badges for the payment options the footer advertises (no third-party images). */
const BADGES = [
  { label: 'Visa', bg: '#1a1f71', fg: '#fff' },
  { label: 'Mastercard', bg: '#eb001b', fg: '#fff' },
  { label: 'PayPal', bg: '#003087', fg: '#fff' },
  { label: 'Bitcoin', bg: '#f7931a', fg: '#fff' },
  { label: 'Bank transfer', bg: '#1f6f5c', fg: '#fff' },
  { label: 'Card payments', bg: '#0aa5a0', fg: '#fff' },
];

export function PaymentIcons() {
  return (
    <ul aria-label="Payment options" className={styles.paymentIcons}>
      {BADGES.map((b) => (
        <li key={b.label}>
          <svg width="92" height="28" viewBox="0 0 92 28" role="img" aria-label={b.label}>
            <rect width="92" height="28" rx="5" fill={b.bg} />
            <text x="46" y="18" textAnchor="middle" fill={b.fg} fontSize="11" fontFamily="system-ui, sans-serif" fontWeight="700">
              {b.label}
            </text>
          </svg>
        </li>
      ))}
    </ul>
  );
}
