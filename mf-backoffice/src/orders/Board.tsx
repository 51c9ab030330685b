import { formatAmount, shopDate } from '@adire/domain';
import type { CurrencyName } from '@adire/contracts';
import { Link } from '@adire/router';
import { useEffect, useRef, useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { BOARD_POLL_MS, byDeliveryDate, dateHeading, DELIVERY_STATUSES, newArrivals, type BoardEntry } from '../board';

interface BoardAnswer {
  from: string;
  orders: BoardEntry[];
}

const money = (amount: number, currency: string) => formatAmount(amount, currency as CurrencyName);

/** Today's and the coming deliveries by date, zone or branch, and status; new orders arrive by polling. */
export function Board() {
  const today = shopDate();
  const [filters, setFilters] = useState({ from: today, status: '', place: '', search: '' });
  const [orders, setOrders] = useState<BoardEntry[] | null>(null);
  const [error, setError] = useState('');
  const [arrived, setArrived] = useState('');
  const previous = useRef<BoardEntry[] | null>(null);

  useEffect(() => {
    let stopped = false;
    const controller = new AbortController();
    previous.current = null;
    const load = async () => {
      const res = await staffApi.get<BoardAnswer>(
        paths.orders,
        { from: filters.from || undefined, status: filters.status || undefined, place: filters.place.trim() || undefined, search: filters.search.trim() || undefined },
        controller.signal,
      );
      if (stopped) return;
      if (res.error || !res.data) return setError(res.message);
      setError('');
      const fresh = newArrivals(previous.current, res.data.orders);
      if (fresh.length) setArrived(`New ${fresh.length === 1 ? 'order' : 'orders'}: ${fresh.map((o) => o.orderNumber).join(', ')}`);
      previous.current = res.data.orders;
      setOrders(res.data.orders);
    };
    void load();
    const timer = setInterval(() => void load(), BOARD_POLL_MS);
    return () => {
      stopped = true;
      controller.abort();
      clearInterval(timer);
    };
  }, [filters]);

  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));

  return (
    <section className={styles.page}>
      <h1>Orders</h1>
      <form role="search" aria-label="Find orders" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Order number, phone or e-mail
          <input type="search" value={filters.search} onChange={set('search')} />
        </label>
        <label>
          Deliveries from
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          Status
          <select value={filters.status} onChange={set('status')}>
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => (
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
      </form>
      <p role="status" className={styles.note}>
        {arrived}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {orders && !orders.length && <p>No orders {filters.search ? 'match this search' : 'to deliver from this date'}.</p>}
      {orders &&
        byDeliveryDate(orders).map((group) => (
          <section key={group.date} aria-label={dateHeading(group.date, today)} className={styles.day}>
            <h2>{dateHeading(group.date, today)}</h2>
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
                    <dd>{o.deliveryStatus}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </section>
  );
}
