import { api } from '@adire/api-client';
import { API_PATHS, ORDER_PHOTO_LABELS, type ReviewResponse } from '@adire/contracts';
import { ACCOUNT_API, type AccountOrder, type SendAgain } from '@adire/contracts/account';
import { formatAmount, formatDrawerDate } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { ReviewForm } from '@adire/ui/review-form';
import { useEffect, useId, useState } from 'react';
import styles from './pages.module.css';
import own from './photos.module.css';
import { ReminderForm } from './RemindersPage';
import { toast } from './say';

const PAGE_SIZE = 10;

/** /account: the shopper's orders, ten at a time. */
export function OrdersPage() {
  const [orders, setOrders] = useState<AccountOrder[] | null>(null);
  const [more, setMore] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const load = async (page: number) => {
    const res = await api.get<AccountOrder[]>(ACCOUNT_API.orders, { query: { page, pageSize: PAGE_SIZE } });
    if (res.error || !res.data) return setProblem(res.message || 'Your orders could not be loaded.');
    const list = res.data;
    setOrders((o) => [...(page === 1 ? [] : (o ?? [])), ...list]);
    setMore(list.length === PAGE_SIZE);
  };
  useEffect(() => void load(1), []);
  if (problem) return <p role="alert">{problem}</p>;
  if (!orders) return <p role="status">Loading your orders…</p>;
  if (!orders.length) return <p>You have no orders yet.</p>;
  return (
    <div>
      <h2>Your orders</h2>
      <ul className={styles.list}>
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </ul>
      {more && (
        <button type="button" className={styles.secondary} onClick={() => void load(Math.ceil(orders.length / PAGE_SIZE) + 1)}>
          Show more orders
        </button>
      )}
    </div>
  );
}

async function sendAgain(order: AccountOrder): Promise<void> {
  const res = await api.get<SendAgain>(ACCOUNT_API.sendAgain(order.id));
  if (res.error || !res.data) return toast('error', res.message || 'The order could not be sent again.');
  for (const note of res.data.notes) toast(note.change === 'gone' ? 'error' : 'info', note.message);
  if (!res.data.items.length) return;
  for (const item of res.data.items) bus.emit('cart:add', { item });
  bus.emit('cart:open', { from: 'main-header' });
}

function OrderCard({ order }: { order: AccountOrder }) {
  const headingId = useId();
  const [reminding, setReminding] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  // The review form, as the checkout's done stage offers it: for a paid and delivered order with no review yet.
  const reviewable = order.paid && order.stage === 'delivered' && !order.reviewed;
  const tracker = `/order-tracker?orderNumber=${encodeURIComponent(order.orderNumber)}${order.senderEmail ? `&email=${encodeURIComponent(order.senderEmail)}` : ''}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId}>Order {order.orderNumber}</h3>
      <dl className={styles.meta}>
        <dt>Placed</dt>
        <dd>{formatDrawerDate(order.createdAt.slice(0, 10))}</dd>
        <dt>{order.deliveryMethod === 'pickup' ? 'Pick-up date' : 'Delivery date'}</dt>
        <dd>{formatDrawerDate(order.deliveryDate)}</dd>
        <dt>{order.deliveryMethod === 'pickup' ? 'Pick-up at' : 'Recipient'}</dt>
        <dd>{order.deliveryMethod === 'pickup' ? order.pickupLocation : (order.recipientName ?? '—')}</dd>
        <dt>Items</dt>
        <dd>{order.items.map((i) => `${i.quantity} × ${i.name}${i.size ? ` (${i.size})` : ''}`).join(', ')}</dd>
        <dt>Total</dt>
        <dd>{formatAmount(order.total, order.currency)}</dd>
        <dt>Payment</dt>
        <dd>{order.paid ? 'Paid' : order.paymentStatus.charAt(0).toUpperCase() + order.paymentStatus.slice(1)}</dd>
        <dt>Delivery</dt>
        <dd>{order.stageLabel}</dd>
      </dl>
      {order.photos && order.photos.length > 0 && (
        <ul className={own.photos} aria-label={`Photos of order ${order.orderNumber}`}>
          {order.photos.map((p) => (
            <li key={p.url}>
              <img src={p.url} alt={p.caption ? `${ORDER_PHOTO_LABELS[p.kind]}: ${p.caption}` : `${ORDER_PHOTO_LABELS[p.kind]}: a photo of order ${order.orderNumber}`} width={120} height={90} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <a className={styles.secondary} href={tracker}>
          Track order {order.orderNumber}
        </a>
        <button type="button" className={styles.primary} onClick={() => void sendAgain(order)} aria-label={`Send order ${order.orderNumber} again`}>
          Send again
        </button>
        {!reminding && (
          <button type="button" className={styles.secondary} onClick={() => setReminding(true)} aria-label={`Remind me before ${formatDrawerDate(order.deliveryDate).replace(/ \d{4}$/, '')} next year`}>
            Remind me next year
          </button>
        )}
        {reviewable && !reviewing && (
          <button type="button" className={styles.secondary} onClick={() => setReviewing(true)} aria-label={`Review order ${order.orderNumber}`}>
            Review this order
          </button>
        )}
      </div>
      {reminding && <ReminderForm order={order} onDone={() => setReminding(false)} />}
      {reviewing && (
        <ReviewForm
          label={`Review order ${order.orderNumber}`}
          headingLevel={4}
          send={(review) => api.post<ReviewResponse>(API_PATHS.submitReview(order.id), review)}
        />
      )}
    </li>
  );
}
