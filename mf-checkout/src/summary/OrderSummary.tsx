import { orderNotesFor, type DeliveryQuote, type Order } from '@adire/contracts';
import { formatAmount, isPaid } from '@adire/domain';
import { useState } from 'react';
import { useLatest } from '../useLatest';
import styles from '../summary.module.css';
import { summaryAmounts, summaryLine } from './amounts';
import { CouponForm } from './CouponForm';
import { summaryLessData } from './lessData';
import { LinePicture } from './LinePicture';

/**
 * Beside the form: the items with their designs and the order's amounts as the server computed them,
 * every one in the order's currency. Subtotal leaves designs out, as in the drawer (SPEC section 9).
 */
export function OrderSummary({ order, quote, onOrder, couponEditable }: {
  order: Order;
  quote: DeliveryQuote | null;
  onOrder?(order: Order): void;
  couponEditable: boolean;
}) {
  const selected = useLatest('currency:changed');
  const currencies = useLatest('currencies:loaded');
  const amounts = summaryAmounts(order, quote);
  const money = (n: number) => formatAmount(n, amounts.currency);
  const items = order.cartItems ?? [];
  const notes = orderNotesFor(order, 'summary');
  // Save-Data (issue 42): the lines' pictures at a pixel ratio of at most 1.5; asked once.
  const [lessData] = useState(summaryLessData);
  return (
    <aside className={styles.summary} aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order summary</h2>
      {order.orderNumber && <p className={styles.number}>Order number {order.orderNumber}</p>}
      <ul className={styles.items} aria-label="Items in this order">
        {items.map((item, index) => {
          const line = summaryLine(order, index, item, currencies);
          return (
            <li key={`${item.SKU}-${item.design?.title ?? item.design?.name ?? ''}`} className={styles.item}>
              <LinePicture image={item.image} box={56} saveData={lessData} loading="lazy" />
              <div>
                <p className={styles.name}>{item.name}</p>
                <p className={styles.meta}>
                  Qty {item.quantity}
                  {item.size ? ` · Size ${item.size}` : ''}
                </p>
                {item.design && (
                  <p className={styles.meta}>
                    Design: {item.design.title ?? item.design.name}
                    {line.designEach !== null && ` (+${money(line.designEach)} each)`}
                  </p>
                )}
              </div>
              <span className={styles.linePrice}>{money(line.total)}</span>
            </li>
          );
        })}
        {items.length === 0 &&
          order.orderProducts.map((p) => (
            <li key={p.SKU} className={styles.item}>
              <img src={p.image} alt="" width={56} height={56} loading="lazy" />
              <div>
                <p className={styles.name}>{p.name}</p>
                <p className={styles.meta}>Qty {p.quantity}</p>
              </div>
              <span className={styles.linePrice}>{money(p.price * p.quantity)}</span>
            </li>
          ))}
      </ul>
      {notes.length > 0 && (
        <section aria-label="Notes with this order">
          <dl className={styles.notes}>
            {notes.map((n) => (
              <div key={n.name}>
                <dt>{n.label}</dt>
                <dd>{n.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <dl className={styles.amounts}>
        <dt>Subtotal</dt>
        <dd>{money(amounts.subtotal)}</dd>
        {amounts.designs > 0 && (
          <>
            <dt>Designs</dt>
            <dd>{money(amounts.designs)}</dd>
          </>
        )}
        <dt>Delivery fee</dt>
        <dd>{amounts.deliveryFee === null ? 'Chosen next' : amounts.freeDelivery ? 'Free' : money(amounts.deliveryFee)}</dd>
        {amounts.discount > 0 && (
          <>
            <dt>Discount{order.coupon ? ` (${order.coupon})` : ''}</dt>
            <dd>−{money(amounts.discount)}</dd>
          </>
        )}
        <dt className={styles.total}>Total</dt>
        <dd className={styles.total} data-testid="order-total">
          {money(amounts.total)}
        </dd>
      </dl>
      {order.couponNotice && !isPaid(order.paymentStatus) && (
        <p className={styles.couponNotice} role="status">
          {order.couponNotice}
        </p>
      )}
      {selected && selected.name !== order.currency && !isPaid(order.paymentStatus) && (
        <p className={styles.note}>
          This order is priced in {order.currency}; you will pay in {order.currency} unless you choose another currency at payment.
        </p>
      )}
      {couponEditable && onOrder && <CouponForm order={order} onOrder={onOrder} />}
    </aside>
  );
}
