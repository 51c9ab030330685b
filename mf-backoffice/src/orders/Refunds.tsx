import { REFUND_METHODS, type CurrencyName, type RefundMethod, type RefundRequest, type RefundResult, type StaffOrderPage } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { formatShopDateTime } from '@adire/domain/formats';
import { useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { useSession } from '../session';

/** How the money goes back, as a manager reads it (one for each of the contracts' REFUND_METHODS). */
export const REFUND_WAY: Record<RefundMethod, string> = {
  provider: 'Through the payment provider',
  transfer: 'Bank transfer, made by hand',
  cash: 'Cash, made by hand',
  pos: 'POS, made by hand',
};
const STATUS_WORD = { pending: 'on its way', processed: 'refunded', failed: 'failed' } as const;

/**
 * The order's refunds (issue 39, item 4): each refund (how much, how, why, who, when, where it stands),
 * what was received and refunded, and for managers "Refund": an amount, why, and how it goes back —
 * through the provider that took the payment, or made by hand with the bank or till reference.
 */
export function Refunds({ view, onView }: { view: StaffOrderPage; onView: (view: StaffOrderPage, said: string) => void }) {
  const session = useSession((s) => s.session);
  const manager = session?.role === 'manager';
  const { order } = view;
  const currency = order.currency as CurrencyName;
  const money = (n: number) => formatAmount(n, currency);
  const left = Math.max(0, Math.round((view.received - view.refunded) * 100) / 100);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<RefundMethod>('provider');
  const [reference, setReference] = useState('');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setFields({});
    const body: RefundRequest = { amount: Number(amount), reason, ...(method === 'provider' ? {} : { method, reference }) };
    const res = await staffApi.post<RefundResult, RefundRequest>(paths.refunds(order.orderNumber ?? ''), body);
    setBusy(false);
    if (res.error || !res.data) {
      setError(res.message);
      setFields(res.fields ?? {});
      return;
    }
    setAmount('');
    setReason('');
    setReference('');
    const r = res.data.refund;
    onView(res.data.order, `${money(r.amount)} ${r.status === 'failed' ? 'could not be refunded' : r.status === 'pending' ? 'is being refunded' : 'is refunded'}.`);
  };

  if (!view.refunds.length && !manager) return null;
  return (
    <section aria-label="Refunds" className={`${styles.panel} ${styles.noPrint}`}>
      <h2>Refunds</h2>
      <p>
        Received {money(view.received)}, refunded {money(view.refunded)}.
      </p>
      {view.refunds.length > 0 && (
        <ul className={styles.lines} aria-label="Refunds made">
          {view.refunds.map((r) => (
            <li key={r.id}>
              <strong>{money(r.amount)}</strong> — {STATUS_WORD[r.status]}, {REFUND_WAY[r.method].toLowerCase()}
              {r.reference && r.method !== 'provider' ? ` (${r.reference})` : ''}: {r.reason} — {r.by}, {formatShopDateTime(new Date(r.at))}
              {/* Pending with its provider for over 24 hours: the server's plain sentence for the staff. */}
              {r.attention && (
                <>
                  <br />
                  <em>{r.attention}</em>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {manager && left > 0 && (
        <form aria-label="Refund this order" onSubmit={(e) => void submit(e)} className={styles.inline}>
          <label>
            Amount to refund ({currency}, up to {money(left)})
            <input name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" max={left} required value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={!!fields.amount} />
          </label>
          <label>
            Why
            <input name="reason" maxLength={300} required value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!fields.reason} />
          </label>
          <label>
            How it goes back
            <select value={method} onChange={(e) => setMethod(e.target.value as RefundMethod)} aria-invalid={!!fields.method}>
              {REFUND_METHODS.map((m) => (
                <option key={m} value={m}>
                  {REFUND_WAY[m]}
                </option>
              ))}
            </select>
          </label>
          {method !== 'provider' && (
            <label>
              Bank or till reference
              <input name="reference" maxLength={120} required value={reference} onChange={(e) => setReference(e.target.value)} aria-invalid={!!fields.reference} />
            </label>
          )}
          <button type="submit" className={styles.primary} disabled={busy}>
            Refund
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
          {Object.values(fields).filter((f) => f !== error).length > 0 && ` ${Object.values(fields).filter((f) => f !== error).join(' ')}`}
        </p>
      )}
    </section>
  );
}
