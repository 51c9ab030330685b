import { addDays, formatAmount, isApiDate, shopDate } from '@adire/domain';
import { BOARD_STATUSES, CHANNEL_LABELS, FLORIST_NOTE, ORDER_CHANNELS, type BoardAnswer, type BoardQuery, type CurrencyName, type DayLoad, type DaysQuery } from '@adire/contracts';
import { Link, useSearchParams } from '@adire/router';
import { useEffect, useRef, useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { OrdersCsv } from './OrdersCsv';
import { carriers, readRiders, riderLabel, RiderPick, type ShopRider } from './RiderAssign';
import { BOARD_POLL_MS, byDeliveryDate, dateHeading, newArrivals, type BoardEntry } from '../board';
import { DayLoadPanel } from '../days/DayLoadPanel';

const money = (amount: number, currency: string) => formatAmount(amount, currency as CurrencyName);

/**
 * Today's and the coming deliveries by date, zone or branch, and status; new orders arrive by polling.
 * One delivery day (`?day=`, so it can be linked and printed from) shows only that day's orders and
 * each place's load: taken and held against its capacity.
 */
export function Board() {
  const today = shopDate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('day') ?? '';
  const day = isApiDate(asked) ? asked : '';
  const pickDay = (date: string) => setParams(date ? { day: date } : {});
  const [filters, setFilters] = useState({ from: today, status: '', place: '', channel: '', search: '' });
  const [orders, setOrders] = useState<BoardEntry[] | null>(null);
  const [load, setLoad] = useState<DayLoad | null>(null);
  const [loadError, setLoadError] = useState('');
  const [error, setError] = useState('');
  const [arrived, setArrived] = useState('');
  const [riders, setRiders] = useState<ShopRider[]>([]);
  const [carrying, setCarrying] = useState<Map<string, string>>(new Map());
  const [given, setGiven] = useState('');
  const previous = useRef<BoardEntry[] | null>(null);

  useEffect(() => {
    let stopped = false;
    const controller = new AbortController();
    previous.current = null;
    setLoad(null);
    setLoadError('');
    const load = async () => {
      const [res, days] = await Promise.all([
        staffApi.get<BoardAnswer, BoardQuery>(
          paths.orders,
          {
            from: (day || filters.from) || undefined,
            to: day || undefined,
            status: (filters.status || undefined) as BoardQuery['status'],
            place: filters.place.trim() || undefined,
            channel: (filters.channel || undefined) as BoardQuery['channel'],
            search: filters.search.trim() || undefined,
          },
          controller.signal,
        ),
        day ? staffApi.get<DayLoad[], DaysQuery>(paths.days, { from: day, days: 1 }, controller.signal) : null,
      ]);
      if (stopped) return;
      if (days) {
        setLoad(days.error ? null : (days.data?.find((d) => d.date === day) ?? null));
        setLoadError(days.error ? `The day’s places could not be read: ${days.message}` : '');
      }
      if (res.error || !res.data) return setError(res.message);
      setError('');
      const fresh = newArrivals(previous.current, res.data.orders);
      if (fresh.length) setArrived(`New ${fresh.length === 1 ? 'order' : 'orders'}: ${fresh.map((o) => o.orderNumber).join(', ')}`);
      previous.current = res.data.orders;
      setOrders(res.data.orders);
      // Who carries each order shown, and the riders to give them to (issue 40).
      const known = await readRiders(res.data.orders.map((o) => o.orderNumber), controller.signal);
      if (stopped || known.error || !known.data) return;
      setRiders(known.data.riders);
      setCarrying(carriers(known.data));
    };
    void load();
    const timer = setInterval(() => void load(), BOARD_POLL_MS);
    return () => {
      stopped = true;
      controller.abort();
      clearInterval(timer);
    };
  }, [filters, day]);

  const riderOf = (orderNumber: string) => {
    const email = carrying.get(orderNumber);
    const known = riders.find((r) => r.email === email);
    return known ? riderLabel(known) : (email ?? 'None yet');
  };
  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));

  return (
    <section className={styles.page}>
      <div className={styles.dayHead}>
        <h1>Orders</h1>
        <Link to="/orders/new" className={styles.primary}>
          New order
        </Link>
      </div>
      <OrdersCsv />
      <form role="search" aria-label="Find orders" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Order number, phone or e-mail
          <input type="search" value={filters.search} onChange={set('search')} />
        </label>
        <label>
          Delivery day
          <input type="date" value={day} onChange={(e) => pickDay(e.target.value)} aria-describedby="day-help" />
          <span id="day-help" className={styles.note}>
            Leave empty for every day ahead.
          </span>
        </label>
        {!day && (
          <label>
            Deliveries from
            <input type="date" value={filters.from} onChange={set('from')} />
          </label>
        )}
        <label>
          Status
          <select value={filters.status} onChange={set('status')}>
            <option value="">Any status</option>
            {BOARD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Zone or branch
          <input value={filters.place} onChange={set('place')} />
        </label>
        <label>
          Channel
          <select value={filters.channel} onChange={set('channel')}>
            <option value="">Any channel</option>
            {ORDER_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div className={styles.actions} role="group" aria-label="Pick a delivery day">
        {[
          { label: 'Today', date: today },
          { label: 'Tomorrow', date: addDays(today, 1) },
          { label: 'All days', date: '' },
        ].map((b) => (
          <button key={b.label} type="button" className={styles.secondary} aria-pressed={day === b.date} onClick={() => pickDay(b.date)}>
            {b.label}
          </button>
        ))}
      </div>
      {day && load && <DayLoadPanel load={load} heading={dateHeading(day, today)} />}
      {day && loadError && <p className={styles.error}>{loadError}</p>}
      <p role="status" className={styles.note}>
        {arrived}
      </p>
      <p role="status" className={styles.success}>
        {given}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {orders && !orders.length && <p>No orders {filters.search ? 'match this search' : day ? 'to deliver on this day' : 'to deliver from this date'}.</p>}
      {orders &&
        byDeliveryDate(orders).map((group) => (
          <section key={group.date} aria-label={dateHeading(group.date, today)} className={styles.day}>
            <div className={styles.dayHead}>
              <h2>{dateHeading(group.date, today)}</h2>
              {!day && (
                <button type="button" className={styles.secondary} aria-label={`Only this day: ${dateHeading(group.date, today)}`} onClick={() => pickDay(group.date)}>
                  Only this day
                </button>
              )}
            </div>
            <ul className={styles.cards}>
              {group.orders.map((o) => (
                <li key={o.orderNumber} className={styles.card}>
                  <h3>
                    <Link to={`/orders/${o.orderNumber}`}>{o.orderNumber}</Link>
                  </h3>
                  <dl className={styles.facts}>
                    <dt>{o.deliveryMethod === 'pickup' ? 'Pick-up at' : 'Delivery to'}</dt>
                    <dd>{o.place ?? '—'}</dd>
                    {o.recipientName && (
                      <>
                        <dt>Recipient</dt>
                        <dd>{o.recipientName}</dd>
                      </>
                    )}
                    <dt>Total</dt>
                    <dd>{money(o.total, o.currency)}</dd>
                    <dt>Payment</dt>
                    <dd>{o.paymentStatus}</dd>
                    <dt>Status</dt>
                    <dd>{o.cancelledAt ? 'Cancelled' : o.deliveryStatus}</dd>
                    <dt>Channel</dt>
                    <dd>{CHANNEL_LABELS[o.channel] ?? o.channel}</dd>
                    {o.deliveryMethod !== 'pickup' && (
                      <>
                        <dt>Rider</dt>
                        <dd>{riderOf(o.orderNumber)}</dd>
                      </>
                    )}
                    {o.floristNote && (
                      <>
                        <dt>{FLORIST_NOTE.label}</dt>
                        <dd className={styles.floristNote}>{o.floristNote}</dd>
                      </>
                    )}
                  </dl>
                  {o.deliveryMethod !== 'pickup' && !o.cancelledAt && (
                    <RiderPick
                      orderNumber={o.orderNumber}
                      riders={riders}
                      current={carrying.get(o.orderNumber)}
                      name={`Give order ${o.orderNumber} to a rider`}
                      onGiven={(message, rider) => {
                        setGiven(message);
                        setCarrying((m) => {
                          const next = new Map(m);
                          if (rider) next.set(o.orderNumber, rider);
                          else next.delete(o.orderNumber);
                          return next;
                        });
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
    </section>
  );
}
