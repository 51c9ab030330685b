import { BUSINESS, type OrdersCsvQuery } from '@adire/contracts';
import { toFailure, NETWORK_ERROR_MESSAGE } from '@adire/api-client';
import { useState, type FormEvent } from 'react';
import { paths } from '../api';
import styles from '../backoffice.module.css';
import { useSession } from '../session';

/** Today in Lagos (UTC+1), YYYY-MM-DD. */
const lagosToday = (now = Date.now()) => new Date(now + 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * "Download CSV" for the accountant (issue 39, item 5; managers): the orders checked out from one day
 * to another, as the server writes them (GET orders.csv). Fetched with the staff token, then saved
 * under the server's file name.
 */
export function OrdersCsv() {
  const session = useSession((s) => s.session);
  const today = lagosToday();
  const [range, setRange] = useState<OrdersCsvQuery>({ from: `${today.slice(0, 8)}01`, to: today });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (session?.role !== 'manager') return null;

  const download = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const query = new URLSearchParams({ business: BUSINESS, from: range.from, to: range.to });
      const res = await fetch(`${paths.ordersCsv}?${query}`, { headers: { Authorization: `Bearer ${session.token}` } });
      if (!res.ok) {
        setError(toFailure(res.status, await res.json().catch(() => undefined)).message);
        return;
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `adire-orders-${range.from}-to-${range.to}.csv`;
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label="Orders for the accountant" className={styles.inline} onSubmit={(e) => void download(e)}>
      <label>
        Checked out from
        <input type="date" required value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
      </label>
      <label>
        to
        <input type="date" required value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
      </label>
      <button type="submit" className={styles.secondary} disabled={busy}>
        Download CSV
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
