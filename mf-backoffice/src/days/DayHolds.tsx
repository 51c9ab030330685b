import { RELEASE_REASON_MAX, type DayHold, type ReleaseHoldRequest, type ReleaseHoldResult } from '@adire/contracts';
import { Link } from '@adire/router';
import { useCallback, useEffect, useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { heldUntilWords, holderLine, placeLabel } from '../days';

/**
 * Who holds a day's places (issue 38): each unpaid order's hold with its number, sender and end, and a
 * florist's "Give the place back" with a reason (audited on the server). The order cannot take a place
 * given back by paying; it must check out again, under the day's capacity and its sender's limits.
 */
export function DayHolds({ date, heading, onReleased }: { date: string; heading: string; onReleased?: () => void }) {
  const [holds, setHolds] = useState<DayHold[] | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [releasing, setReleasing] = useState<string | null>(null);

  const read = useCallback(
    async (signal?: AbortSignal) => {
      const res = await staffApi.get<DayHold[]>(paths.dayHolds(date), undefined, signal);
      if (signal?.aborted) return;
      if (res.error || !res.data) setError(`The day’s holds could not be read: ${res.message}`);
      else {
        setError('');
        setHolds(res.data);
      }
    },
    [date],
  );

  useEffect(() => {
    const controller = new AbortController();
    setHolds(null);
    setDone('');
    void read(controller.signal);
    return () => controller.abort();
  }, [read]);

  return (
    <section aria-label={`Who holds places on ${heading}`} className={styles.panel}>
      <h2>Who holds places on {heading}</h2>
      {error && <p role="alert" className={styles.error}>{error}</p>}
      {done && <p role="status">{done}</p>}
      {holds && holds.length === 0 && <p>No unpaid order holds a place on this day.</p>}
      {holds && holds.length > 0 && (
        <ul aria-label={`Holds on ${heading}`} className={styles.loads}>
          {holds.map((hold) => (
            <li key={hold.orderNumber} className={styles.load}>
              <Link to={`/orders/${encodeURIComponent(hold.orderNumber)}`}>{hold.orderNumber}</Link> <span>{placeLabel(hold.place)}</span> <span>{holderLine(hold.sender)}</span>{' '}
              <span>held until {heldUntilWords(hold.heldUntil)}</span>{' '}
              {releasing === hold.orderNumber ? (
                <ReleaseForm
                  date={date}
                  hold={hold}
                  onCancel={() => setReleasing(null)}
                  onDone={(message) => {
                    setReleasing(null);
                    setDone(message);
                    void read();
                    onReleased?.();
                  }}
                />
              ) : (
                <button type="button" onClick={() => setReleasing(hold.orderNumber)} aria-label={`Give back the place of order ${hold.orderNumber}`}>
                  Give the place back
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReleaseForm({ date, hold, onCancel, onDone }: { date: string; hold: DayHold; onCancel: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `release-${hold.orderNumber}`;

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setBusy(true);
    const res = await staffApi.post<ReleaseHoldResult, ReleaseHoldRequest>(paths.releaseHold(date, hold.orderNumber), { reason });
    setBusy(false);
    if (res.error || !res.data) return setProblem(res.message);
    onDone(res.data.message);
  };

  return (
    <form onSubmit={submit} aria-label={`Give back the place of order ${hold.orderNumber}`}>
      <label htmlFor={id}>Why give it back? (kept in the audit)</label>
      <input id={id} value={reason} maxLength={RELEASE_REASON_MAX} onChange={(e) => setReason(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
      {problem && (
        <p id={`${id}-problem`} role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={busy}>
        Give back order {hold.orderNumber}’s place
      </button>
      <button type="button" onClick={onCancel}>
        Keep it
      </button>
    </form>
  );
}
