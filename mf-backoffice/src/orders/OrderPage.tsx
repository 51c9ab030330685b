import {
  CHANNEL_LABELS,
  orderNotesFor,
  type AdvanceRequest,
  type CurrencyName,
  type FloristNoteRequest,
  type OrderActionResult,
  type StaffOrderPage as OrderView,
  type TransferDecisionName,
  type TransferDecisionRequest,
} from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { Link, useParams } from '@adire/router';
import { Fragment, useCallback, useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { nextSteps } from '../board';
import { FloristNote } from './FloristNote';
import { Photos } from './Photos';
import { RiderAssign } from './RiderAssign';
import { Substitutions } from './Substitutions';
import { Refunds } from './Refunds';
import { OrderChanges } from './OrderChanges';
import { formatShopDateTime } from '@adire/domain/formats';

const when = (iso: string | null) => (iso ? formatShopDateTime(new Date(iso)) : '');

/** A button for each of the contracts' TRANSFER_DECISIONS (a decision added there does not compile here until it has one). */
const DECISION_BUTTON: Record<TransferDecisionName, string> = { confirm: 'Confirm transfer', reject: 'Reject transfer' };

/** Print only one part: the delivery sheet (the order without controls) or the card message. */
function printPart(part: 'sheet' | 'card') {
  document.documentElement.dataset.backofficePrint = part;
  const done = () => {
    delete document.documentElement.dataset.backofficePrint;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** One order: items and designs, card message, the checkout's notes, recipient, delivery, payment events, timeline; and what staff do with it. */
export function OrderPage() {
  const { orderNumber = '' } = useParams();
  const [view, setView] = useState<OrderView | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const res = await staffApi.get<OrderView>(paths.order(orderNumber));
    if (res.error || !res.data) return setError(res.message);
    setView(res.data);
  }, [orderNumber]);
  useEffect(() => void load(), [load]);

  /** What an action answered: its sentence announced, the order's page after it shown. */
  const acted = (res: { error: boolean; message: string; data: OrderActionResult | null }) => {
    if (res.error || !res.data) return setError(res.message);
    setSaid(res.data.message);
    setView(res.data.order);
  };
  const act = async (run: () => Promise<{ error: boolean; message: string; data: OrderActionResult | null }>) => {
    setBusy(true);
    setError('');
    const res = await run();
    setBusy(false);
    acted(res);
  };
  const advance = (step: AdvanceRequest['step']) => act(() => staffApi.post<OrderActionResult, AdvanceRequest>(paths.advance(orderNumber), { step }));
  const decide = (decision: TransferDecisionRequest) => act(() => staffApi.post<OrderActionResult, TransferDecisionRequest>(paths.transfer(orderNumber), decision));

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    void decide({ decision: 'reject', reason });
  };
  /** The florist's note saved ('' removes it): the form keeps what was typed when refused. */
  const saveNote = async (note: string) => {
    setSaid('');
    setError('');
    const res = await staffApi.put<OrderActionResult, FloristNoteRequest>(paths.floristNote(orderNumber), { note });
    acted(res);
    return res;
  };

  if (!view) {
    return (
      <section className={styles.page}>
        <h1>Order {orderNumber}</h1>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : (
          <p>Loading the order…</p>
        )}
        <Link to="/">Back to the orders</Link>
      </section>
    );
  }

  const { order } = view;
  const currency = order.currency as CurrencyName;
  const money = (amount: number, c: string = currency) => formatAmount(amount, c as CurrencyName);
  const details = order.deliveryDetails ?? {};
  const steps = nextSteps(view.deliveryStatus, order.paymentStatus);
  const items = order.cartItems?.length ? order.cartItems : null;
  // The checkout's notes (CHECKOUT_NOTES): the card's on the card, the others on the delivery sheet.
  const cardNotes = orderNotesFor(order, 'card');
  const sheetNotes = orderNotesFor(order, 'sheet');

  return (
    <article className={styles.page} data-print-part="sheet">
      <p className={styles.noPrint}>
        <Link to="/">← Orders</Link>
      </p>
      <h1>Order {order.orderNumber}</h1>
      <p role="status" className={styles.success}>
        {said}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <dl className={styles.facts}>
        <dt>Delivery date</dt>
        <dd>{order.deliveryDate || 'not chosen'}</dd>
        <dt>Status</dt>
        <dd>{view.cancelled ? 'Cancelled' : view.deliveryStatus}</dd>
        <dt>Channel</dt>
        <dd>{CHANNEL_LABELS[view.channel] ?? view.channel}</dd>
        <dt>Payment</dt>
        <dd>{order.paymentStatus}</dd>
        <dt>Order total</dt>
        <dd>{money(order.total ?? 0)}</dd>
      </dl>

      {view.awaitingTransfer && (
        <section aria-label="Transfer notice" className={`${styles.panel} ${styles.noPrint}`}>
          <h2>Transfer to check</h2>
          {view.transferNotice ? (
            <dl className={styles.facts}>
              <dt>Order total</dt>
              <dd>{money(order.total ?? 0)}</dd>
              <dt>Amount sent</dt>
              <dd>{view.transferNotice.amount !== undefined ? money(view.transferNotice.amount, view.transferNotice.currency ?? currency) : '—'}</dd>
              <dt>Account name</dt>
              <dd>{view.transferNotice.accountName ?? '—'}</dd>
              <dt>Reference</dt>
              <dd>{view.transferNotice.reference ?? '—'}</dd>
              <dt>Sent</dt>
              <dd>{when(view.transferNotice.at)}</dd>
            </dl>
          ) : (
            <p>The shopper chose a transfer but has not said it is sent yet.</p>
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.primary} disabled={busy} onClick={() => void decide({ decision: 'confirm' })}>
              {DECISION_BUTTON.confirm}
            </button>
          </div>
          <form aria-label="Reject the transfer" onSubmit={reject} className={styles.inline}>
            <label>
              Reason for rejecting
              <input name="reason" maxLength={300} />
            </label>
            <button type="submit" className={styles.secondary} disabled={busy}>
              {DECISION_BUTTON.reject}
            </button>
          </form>
        </section>
      )}

      <section aria-label="Delivery status" className={`${styles.panel} ${styles.noPrint}`}>
        <h2>Delivery status</h2>
        {steps.length ? (
          <div className={styles.actions}>
            {steps.map((step) => (
              <button key={step} type="button" className={styles.secondary} disabled={busy} onClick={() => void advance(step)}>
                Mark {step}
              </button>
            ))}
          </div>
        ) : (
          <p>{view.deliveryStatus === 'delivered' ? 'Delivered.' : 'The delivery steps open once the order is paid.'}</p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => printPart('sheet')}>
            Print delivery sheet
          </button>
          <button type="button" className={styles.secondary} onClick={() => printPart('card')}>
            Print card message
          </button>
        </div>
      </section>

      <FloristNote key={view.floristNote ?? ''} note={view.floristNote} save={saveNote} />

      <Photos orderNumber={orderNumber} />

      <RiderAssign orderNumber={orderNumber} />

      <Substitutions orderNumber={orderNumber} items={order.orderProducts} />

      <Refunds view={view} onView={(v, message) => (setView(v), setSaid(message))} />

      <OrderChanges view={view} onView={(v, message) => (setView(v), setSaid(message))} />

      <section aria-label="Items">
        <h2>Items</h2>
        <ul className={styles.lines}>
          {items
            ? items.map((item, i) => (
                <li key={`${item.SKU}-${i}`}>
                  <strong>
                    {item.quantity} × {item.name}
                  </strong>
                  {item.size ? `, ${item.size}` : ''}
                  {item.design ? ` — design: ${item.design.title ?? item.design.name ?? ''}` : ''} <span>{money(item.price, 'NGN')} each</span>
                </li>
              ))
            : order.orderProducts.map((p, i) => (
                <li key={`${p.SKU}-${i}`}>
                  <strong>
                    {p.quantity} × {p.name}
                  </strong>
                  {p.size ? `, ${p.size}` : ''}
                </li>
              ))}
        </ul>
      </section>

      <section aria-label="Card message" data-print-part="card" className={styles.cardMessage}>
        <h2>Card message</h2>
        {cardNotes.length ? cardNotes.map((n) => <p key={n.name}>{n.text}</p>) : <p>No card message.</p>}
      </section>

      {sheetNotes.length > 0 && (
        <section aria-label="Notes">
          <h2>Notes</h2>
          <dl className={styles.facts}>
            {sheetNotes.map((n) => (
              <Fragment key={n.name}>
                <dt>{n.label}</dt>
                <dd>{n.text}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}

      <section aria-label="Recipient and delivery">
        <h2>{order.deliveryMethod === 'pickup' ? 'Pick-up' : 'Recipient and delivery'}</h2>
        <dl className={styles.facts}>
          {order.deliveryMethod === 'pickup' ? (
            <>
              <dt>Branch</dt>
              <dd>{order.pickupLocation}</dd>
            </>
          ) : (
            <>
              <dt>Recipient</dt>
              <dd>{details.recipientName ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{details.recipientPhone?.startsWith('+') ? details.recipientPhone : [details.recipientPhoneCountryCode, details.recipientPhone].filter(Boolean).join(' ') || '—'}</dd>
              <dt>Address</dt>
              <dd>{order.recipientAddress ?? '—'}</dd>
              <dt>State and zone</dt>
              <dd>{[details.state, order.deliveryZone].filter(Boolean).join(', ') || '—'}</dd>
            </>
          )}
          <dt>Despatch from</dt>
          <dd>{order.despatchLocation ?? '—'}</dd>
          <dt>Sender</dt>
          <dd>{[order.client?.name, order.client?.phone, order.client?.email].filter(Boolean).join(', ') || '—'}</dd>
        </dl>
      </section>

      <section aria-label="Timeline">
        <h2>Timeline</h2>
        <ol className={styles.lines}>
          {view.timeline.map((t) => (
            <li key={t.step}>
              {t.done ? '✓' : '○'} {t.step} {t.at ? `— ${when(t.at)}` : ''}
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Payment events" className={styles.noPrint}>
        <h2>Payment events</h2>
        {view.paymentEvents.length ? (
          <ol className={styles.lines}>
            {view.paymentEvents.map((e, i) => (
              <li key={i}>
                {when(e.at)} — {e.kind} ({e.provider}
                {e.reference ? `, ${e.reference}` : ''})
              </li>
            ))}
          </ol>
        ) : (
          <p>No payment events yet.</p>
        )}
      </section>
    </article>
  );
}
