import type { DayPlace, DeliveryChangeResult, DeliverySettingsView as PeakView, PeakDayChangeRequest, Weekday } from '@adire/contracts';
import { addDays, shopDate } from '@adire/domain';
import { dayCapacity } from '@adire/domain/days';
import { Link } from '@adire/router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { dateHeading } from '../board';
import { boardForDay, capacitiesByDay, capacityDayLabel, capacityWords, isWeekday, orderByLine, orderBySorted, placeLabel, PLACE_CHOICES, readOrders, WEEKDAY_CHOICES } from '../days';

type FormName = 'capacity' | 'order-by' | 'clear';

/**
 * Peak days, for a manager on a phone the night before: how many orders each place can take on a date
 * or on every such weekday, and the moment a day's orders close. Each change is one call to the
 * delivery settings' change endpoint (the settings command's rules, audited); the server's sentence is
 * announced, a refusal shown beside its field.
 */
export function PeakDays() {
  const today = shopDate();
  const heading = (date: string) => dateHeading(date, today);
  const [view, setView] = useState<PeakView | null>(null);
  const [message, setMessage] = useState('');
  /** The form whose change the message answers: a phone shows it there too, where the manager is looking. */
  const [said, setSaid] = useState<FormName | null>(null);
  const [error, setError] = useState('');
  const [failed, setFailed] = useState<{ form: FormName; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);

  const [kind, setKind] = useState<'date' | 'weekday'>('date');
  const [capDate, setCapDate] = useState(() => addDays(today, 1));
  const [weekday, setWeekday] = useState<Weekday>('sat');
  const [place, setPlace] = useState<DayPlace>(PLACE_CHOICES[0]!.place);
  const [orders, setOrders] = useState('');

  const [byDate, setByDate] = useState(() => addDays(today, 1));
  const [closeDate, setCloseDate] = useState<string | null>(null);
  const [closeTime, setCloseTime] = useState('');
  const closesOn = closeDate ?? (byDate ? addDays(byDate, -1) : '');

  useEffect(() => {
    void staffApi.get<PeakView>(paths.deliverySettings).then((res) => (res.error || !res.data ? setError(res.message) : setView(res.data)));
  }, []);

  const send = async (form: FormName, change: PeakDayChangeRequest, done?: () => void) => {
    setBusy(true);
    setMessage('');
    setError('');
    setFailed(null);
    const res = await staffApi.post<DeliveryChangeResult, PeakDayChangeRequest>(paths.deliverySettings, change);
    setBusy(false);
    if (res.error || !res.data) {
      setError(res.message);
      setFailed({ form, fields: res.fields ?? {} });
      return;
    }
    setMessage(res.data.message);
    setSaid(form);
    setView(res.data.delivery);
    done?.();
  };

  const invalid = (form: FormName, field: string) => failed?.form === form && !!failed.fields[field];
  const beside = (form: FormName, field: string): ReactNode =>
    invalid(form, field) ? (
      <span className={styles.error} id={`${form}-${field}-error`}>
        {failed!.fields[field]}
      </span>
    ) : null;
  const described = (form: FormName, field: string, help?: string) => {
    const ids = [help, invalid(form, field) ? `${form}-${field}-error` : ''].filter(Boolean).join(' ');
    return { ...(invalid(form, field) ? { 'aria-invalid': true } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
  };

  // The status line at the top is what a screen reader hears; this copy, beside the form, is for the eye.
  const echo = (form: FormName) =>
    said === form && message ? (
      <p className={styles.success} aria-hidden="true">
        {message}
      </p>
    ) : null;

  if (!view) {
    return (
      <section className={styles.page}>
        <h1>Peak days</h1>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : (
          <p>Loading the peak days…</p>
        )}
      </section>
    );
  }

  const capacities = view.capacities ?? [];
  const orderBy = orderBySorted(view.orderBy ?? []);
  const day = kind === 'date' ? capDate : weekday;
  const dayLabel = day ? capacityDayLabel(day, heading) : 'the day';

  // What the place takes now on the chosen day, by the one date rule (a date's own number, else its weekday's).
  const current = (() => {
    if (!day) return '';
    if (isWeekday(day)) {
      const own = capacities.find((c) => c.day === day && c.place === place);
      return own ? `Now: ${own.orders} every week.` : 'Now: no limit set for the weekday.';
    }
    const orders = dayCapacity(day, place, { capacities });
    if (orders === null) return 'Now: no limit.';
    const own = capacities.some((c) => c.day === day && c.place === place);
    return own ? `Now: ${orders} on this date.` : `Now: ${orders}, the weekday’s default.`;
  })();

  const setCapacity = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readOrders(orders);
    if ('problem' in read) {
      setMessage('');
      setError(read.problem);
      setFailed({ form: 'capacity', fields: { orders: read.problem } });
      return;
    }
    void send('capacity', { change: 'set-capacity', day, place, orders: read.orders }, () => setOrders(''));
  };

  const setOrderBy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send('order-by', { change: 'set-order-by', date: byDate, closesAt: `${closesOn} ${closeTime}`.trim() }, () => setCloseTime(''));
  };

  return (
    <section className={styles.page} aria-labelledby="peak-heading">
      <h1 id="peak-heading">Peak days</h1>
      <p>
        For the shop’s busiest days: how many orders each place can take, and when a day’s orders close. Times are Lagos time. Shoppers see a full or closed day on
        their next look at the dates.
      </p>
      <p role="status" className={styles.success}>
        {message}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}

      <section aria-labelledby="capacity-heading" className={styles.panel}>
        <h2 id="capacity-heading">Capacity</h2>
        <p className={styles.note} id="capacity-help">
          Orders a place can deliver or hand over on a day. A date’s own number wins over its weekday’s; with neither, no limit. Held orders (checked out, not yet
          paid) count until their hold lapses.
        </p>
        {capacities.length ? (
          <ul aria-label="Capacities set" className={styles.peakList}>
            {capacitiesByDay(capacities).map((group) => {
              const label = capacityDayLabel(group.day, heading);
              return (
                <li key={group.day}>
                  <strong>{label}</strong>
                  <ul aria-label={label}>
                    {group.places.map((c) => (
                      <li key={c.place} className={styles.peakLine}>
                        <span>{capacityWords(c.place, c.orders)}</span>
                        <button
                          type="button"
                          className={styles.secondary}
                          disabled={busy}
                          aria-label={`No limit for ${placeLabel(c.place)}, ${label}`}
                          onClick={() => void send('clear', { change: 'set-capacity', day: group.day, place: c.place, orders: null })}
                        >
                          No limit
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>No capacity set: every place takes unlimited orders.</p>
        )}

        <form aria-label="Set a capacity" className={styles.form} onSubmit={setCapacity} noValidate>
          <h3>Set a capacity</h3>
          <fieldset className={styles.choices}>
            <legend>For</legend>
            <label className={styles.check}>
              <input type="radio" name="capacity-kind" checked={kind === 'date'} onChange={() => setKind('date')} />
              One day
            </label>
            <label className={styles.check}>
              <input type="radio" name="capacity-kind" checked={kind === 'weekday'} onChange={() => setKind('weekday')} />
              Every week
            </label>
          </fieldset>
          {kind === 'date' ? (
            <>
              <label>
                Date
                <input type="date" value={capDate} onChange={(e) => setCapDate(e.target.value)} {...described('capacity', 'day')} />
              </label>
              {beside('capacity', 'day')}
            </>
          ) : (
            <>
              <label>
                Weekday
                <select value={weekday} onChange={(e) => setWeekday(e.target.value as Weekday)} {...described('capacity', 'day')}>
                  {WEEKDAY_CHOICES.map((w) => (
                    <option key={w.day} value={w.day}>
                      {w.label}
                    </option>
                  ))}
                </select>
              </label>
              {beside('capacity', 'day')}
            </>
          )}
          <label>
            Place
            <select value={place} onChange={(e) => setPlace(e.target.value as DayPlace)} {...described('capacity', 'place')}>
              {PLACE_CHOICES.map((p) => (
                <option key={p.place} value={p.place}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {beside('capacity', 'place')}
          <label>
            Orders
            <input type="number" inputMode="numeric" min={0} step={1} value={orders} onChange={(e) => setOrders(e.target.value)} {...described('capacity', 'orders', 'orders-now')} />
          </label>
          <span id="orders-now" className={styles.note}>
            {current} 0 takes no orders.
          </span>
          {beside('capacity', 'orders')}
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy || !day}>
              Set capacity
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy || !day}
              aria-label={`No limit for ${placeLabel(place)}, ${dayLabel}`}
              onClick={() => void send('capacity', { change: 'set-capacity', day, place, orders: null }, () => setOrders(''))}
            >
              No limit
            </button>
          </div>
          {echo('capacity')}
        </form>
      </section>

      <section aria-labelledby="order-by-heading" className={styles.panel}>
        <h2 id="order-by-heading">Order-by times</h2>
        <p className={styles.note}>After this moment (Lagos time) no new order can take the day, whatever its same-day cutoff says. Orders already placed keep it.</p>
        {orderBy.length ? (
          <ul aria-label="Order-by times set" className={styles.peakList}>
            {orderBy.map((o) => (
              <li key={o.date} className={styles.peakLine}>
                <span>{orderByLine(o, new Date())}</span>
                <button
                  type="button"
                  className={styles.secondary}
                  disabled={busy}
                  aria-label={`Remove the order-by time of ${heading(o.date)}`}
                  onClick={() => void send('clear', { change: 'clear-order-by', date: o.date })}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No order-by times ahead: each day closes at its same-day cutoff.</p>
        )}

        <form aria-label="Set an order-by time" className={styles.form} onSubmit={setOrderBy} noValidate>
          <h3>Set an order-by time</h3>
          <label>
            Delivery day
            <input type="date" value={byDate} onChange={(e) => setByDate(e.target.value)} {...described('order-by', 'date')} />
          </label>
          {beside('order-by', 'date')}
          <fieldset className={styles.choices} aria-describedby="closes-help">
            <legend>Orders close</legend>
            <label>
              On
              <input type="date" value={closesOn} onChange={(e) => setCloseDate(e.target.value)} {...described('order-by', 'closesAt')} />
            </label>
            <label>
              At (Lagos time)
              <input type="time" value={closeTime} onChange={(e) => setCloseTime(e.target.value)} {...described('order-by', 'closesAt')} />
            </label>
            <span id="closes-help" className={styles.note}>
              West Africa Time (UTC+1), whatever this phone’s own time zone.
            </span>
            {beside('order-by', 'closesAt')}
          </fieldset>
          <button type="submit" className={styles.primary} disabled={busy}>
            Set order-by time
          </button>
          {echo('order-by')}
        </form>
      </section>

      <p>
        On the day: <Link to={boardForDay(capDate || today)}>the orders board for {heading(capDate || today)}</Link>, with each place’s load and day sheet.
      </p>
    </section>
  );
}
