import { type RiderAssignAnswer, type RiderAssignRequest, type RidersAnswer, type RidersQuery } from '@adire/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

export type ShopRider = RidersAnswer['riders'][number];

/** A rider as a choice reads: their name and e-mail, or the e-mail alone. */
export const riderLabel = (rider: ShopRider) => (rider.name ? `${rider.name} (${rider.email})` : rider.email);

/** Who carries each order, by order number, from the riders' answer. */
export const carriers = (answer: Pick<RidersAnswer, 'carrying'>): Map<string, string> => new Map(answer.carrying.map((c) => [c.orderNumber, c.rider]));

/** The shop's riders and who carries these orders (florists and managers; GET riders?orders=). */
export const readRiders = (orderNumbers: readonly string[], signal?: AbortSignal) =>
  staffApi.get<RidersAnswer, RidersQuery>(paths.riders, orderNumbers.length ? { orders: orderNumbers.join(',') } : {}, signal);

/** The order's rider, said in a sentence. */
export const carriedBy = (rider: string | undefined, riders: readonly ShopRider[]) => {
  if (!rider) return 'Not given to a rider yet.';
  const known = riders.find((r) => r.email === rider);
  return `Carried by ${known ? riderLabel(known) : rider}.`;
};

/**
 * Choose one of the shop's riders and give them the order (POST orders/:orderNumber/rider): on the
 * order's page and on each card of the board. `onGiven` hears the server's sentence and the rider.
 */
export function RiderPick({ orderNumber, riders, current, name, onGiven }: { orderNumber: string; riders: readonly ShopRider[]; current?: string; name: string; onGiven: (message: string, rider: string | null) => void }) {
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const errorId = `rider-error-${orderNumber}`;
  const send = async (value: string | null) => {
    setBusy(true);
    const res = await staffApi.post<RiderAssignAnswer, RiderAssignRequest>(paths.orderRider(orderNumber), { rider: value });
    setBusy(false);
    if (res.error || !res.data) return setProblem(res.message);
    setProblem('');
    setChosen('');
    onGiven(res.data.message, res.data.rider);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return setProblem('Choose a rider first.');
    void send(chosen);
  };
  return (
    <form aria-label={name} className={styles.form} onSubmit={submit}>
      <label>
        Rider
        <select value={chosen} onChange={(e) => setChosen(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined}>
          <option value="">{riders.length ? 'Choose a rider' : 'No riders yet: invite one on the Staff page'}</option>
          {riders.map((r) => (
            <option key={r.email} value={r.email}>
              {riderLabel(r)}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p id={errorId} className={styles.error}>
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          Give to rider
        </button>
        {current && (
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void send(null)}>
            Take back from rider
          </button>
        )}
      </div>
    </form>
  );
}

/** The order's rider on its page (issue 40): who carries it, and give it to one of the shop's riders or take it back. */
export function RiderAssign({ orderNumber }: { orderNumber: string }) {
  const [riders, setRiders] = useState<ShopRider[]>([]);
  const [current, setCurrent] = useState<string | undefined>();
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const read = useCallback(async (signal?: AbortSignal) => {
    const res = await readRiders([orderNumber], signal);
    if (signal?.aborted) return;
    if (res.error || !res.data) return setProblem(`The riders could not be read: ${res.message}`);
    setProblem('');
    setRiders(res.data.riders);
    setCurrent(carriers(res.data).get(orderNumber));
  }, [orderNumber]);
  useEffect(() => {
    const controller = new AbortController();
    void read(controller.signal);
    return () => controller.abort();
  }, [read]);
  return (
    <section aria-labelledby="rider-assign-heading" className={`${styles.panel} ${styles.noPrint}`}>
      <h2 id="rider-assign-heading">Rider</h2>
      <p>{carriedBy(current, riders)}</p>
      {problem && <p className={styles.error}>{problem}</p>}
      {said && (
        <p role="status" className={styles.success}>
          {said}
        </p>
      )}
      <RiderPick orderNumber={orderNumber} riders={riders} current={current} name="Give to a rider" onGiven={(message, rider) => (setSaid(message), setCurrent(rider ?? undefined))} />
    </section>
  );
}
