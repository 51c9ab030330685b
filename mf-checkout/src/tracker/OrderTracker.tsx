import { api } from '@adire/api-client';
import { API_PATHS, type CurrencyName, type OrderTrackerResponse } from '@adire/contracts';
import { ChatOnWhatsApp } from '../ChatOnWhatsApp';
import { formatAmount, formatDrawerDate } from '@adire/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '@adire/router';
import styles from '../tracker.module.css';
import { contactQuery, formatStepTime, STEP_LABELS, timelineRows } from './timeline';
import { TrackerProof } from './TrackerProof';

type Lookup =
  | { status: 'idle' }
  | { status: 'loading'; orderNumber: string }
  | { status: 'found'; result: OrderTrackerResponse; askedDetails: boolean }
  | { status: 'unknown'; orderNumber: string }
  | { status: 'error'; message: string };

/** /order-tracker: the order number (and the sender's phone or e-mail for details) → the status timeline. */
export function OrderTracker() {
  const [params] = useSearchParams();
  const numberId = useId();
  const contactId = useId();
  const [orderNumber, setOrderNumber] = useState(() => params.get('orderNumber') ?? '');
  const [contact, setContact] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });

  async function track(number: string, contactValue: string) {
    const wanted = number.trim().toUpperCase();
    if (!wanted) {
      setProblem('Order number is required');
      return;
    }
    setProblem(null);
    setLookup({ status: 'loading', orderNumber: wanted });
    const extra = contactQuery(contactValue);
    const res = await api.get<OrderTrackerResponse>(API_PATHS.orderByNumber(wanted), { query: extra });
    if (res.status === 404) setLookup({ status: 'unknown', orderNumber: wanted });
    else if (res.error || !res.data) setLookup({ status: 'error', message: res.message || 'The order could not be looked up' });
    else setLookup({ status: 'found', result: res.data, askedDetails: Object.keys(extra).length > 0 });
  }

  // A link from the done stage (?orderNumber=) looks the order up at once.
  useEffect(() => {
    const given = params.get('orderNumber');
    // The account's order list adds the sender's e-mail (?email=): the verified detail at once.
    if (given) void track(given, params.get('email') ?? '');
    // Once, on arrival.
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void track(orderNumber, contact);
  };

  return (
    <section className={styles.tracker} aria-labelledby="tracker-heading">
      <h1 id="tracker-heading">Track your order</h1>
      <p>Enter the order number from your confirmation e-mail. Add the sender’s phone number or e-mail to see the order’s details.</p>
      <form onSubmit={submit} className={styles.form} aria-label="Track an order" noValidate>
        <div className={styles.field}>
          <label htmlFor={numberId}>Order number</label>
          <input
            id={numberId}
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.target.value)}
            onBlur={() => setProblem(orderNumber.trim() ? null : 'Order number is required')}
            autoComplete="off"
            aria-required="true"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${numberId}-error`}
          />
          <span id={`${numberId}-error`} className={styles.error}>
            {problem && <span role="alert">{problem}</span>}
          </span>
        </div>
        <div className={styles.field}>
          <label htmlFor={contactId}>
            Phone or e-mail <span className={styles.optional}>(optional)</span>
          </label>
          <input id={contactId} value={contact} onChange={(e) => setContact(e.target.value)} autoComplete="email" />
          <span className={styles.error} />
        </div>
        <button type="submit" disabled={lookup.status === 'loading'}>
          Track
        </button>
      </form>
      <div className={styles.result} aria-live="polite">
        {lookup.status === 'loading' && <p>Looking up order {lookup.orderNumber}…</p>}
        {lookup.status === 'unknown' && (
          <p role="alert">We could not find an order numbered {lookup.orderNumber}. Please check the number in your confirmation e-mail.</p>
        )}
        {lookup.status === 'error' && <p role="alert">{lookup.message}</p>}
        {lookup.status === 'found' && <TrackedOrder result={lookup.result} askedDetails={lookup.askedDetails} />}
      </div>
    </section>
  );
}

function TrackedOrder({ result, askedDetails }: { result: OrderTrackerResponse; askedDetails: boolean }) {
  // Without the sender's phone or e-mail the server says only the stage (order numbers follow each other).
  const rows = result.timeline ? timelineRows(result.timeline, result.status) : null;
  const d = result.details;
  return (
    <div>
      <h2>Order {result.orderNumber}</h2>
      {result.cancelled && (
        <p role="status">
          <strong>Cancelled</strong>: the shop cancelled this order.
        </p>
      )}
      {rows && result.deliveryDate ? (
        <p>
          {result.deliveryMethod === 'pickup' ? 'Pick-up' : 'Delivery'} day: {formatDrawerDate(result.deliveryDate)} · Payment: {result.paymentStatus}
        </p>
      ) : (
        <p>Stage: {STEP_LABELS[result.status] ?? result.status}</p>
      )}
      {rows && (
        <ol className={styles.timeline} aria-label="Order status">
          {rows.map((row) => (
            <li key={row.step} data-done={row.done} aria-current={row.current ? 'step' : undefined}>
              <span className={styles.dot} aria-hidden="true" />
              <span className={styles.stepLabel}>{row.label}</span>
              <span className={styles.stepState}>{row.done ? (row.at ? `Done · ${formatStepTime(row.at)}` : 'Done') : 'Not yet'}</span>
            </li>
          ))}
        </ol>
      )}
      {result.refunds && result.refunds.length > 0 && (
        <ul aria-label="Refunds">
          {result.refunds.map((r, i) => (
            <li key={i}>
              Refund of {formatAmount(r.amount, r.currency as CurrencyName)}: {r.status === 'processed' ? 'refunded' : r.status === 'failed' ? 'failed' : 'on its way'} · {formatStepTime(r.at)}
            </li>
          ))}
        </ul>
      )}
      <TrackerProof result={result} />
      {!rows && !askedDetails && <p>Add the sender’s phone number or e-mail to see the delivery day, the payment and each step.</p>}
      <ChatOnWhatsApp orderNumber={result.orderNumber} lead="Need help with this order?" />
      {askedDetails && !result.verified && <p role="status">The phone or e-mail does not match this order, so its details stay private.</p>}
      {d && (
        <dl className={styles.details} aria-label="Order details">
          <dt>Sender</dt>
          <dd>{d.client.name}</dd>
          {d.deliveryDetails.recipientName && (
            <>
              <dt>Recipient</dt>
              <dd>{d.deliveryDetails.recipientName}</dd>
            </>
          )}
          {(d.recipientAddress ?? d.deliveryDetails.recipientAddress) && (
            <>
              <dt>Address</dt>
              <dd>{d.recipientAddress ?? d.deliveryDetails.recipientAddress}</dd>
            </>
          )}
          {d.pickupLocation && (
            <>
              <dt>Pick-up at</dt>
              <dd>{d.pickupLocation}</dd>
            </>
          )}
          <dt>Items</dt>
          <dd>{d.orderProducts.map((p) => `${p.name} × ${p.quantity}`).join(', ')}</dd>
          {typeof d.total === 'number' && (
            <>
              <dt>Total</dt>
              <dd>{formatAmount(d.total, d.currency)}</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
