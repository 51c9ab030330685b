import { api } from '@adire/api-client';
import { API_PATHS, type Order, type PickupLocationCode, type ReviewResponse } from '@adire/contracts';
import { formatDrawerDate } from '@adire/domain';
import { Link } from '@adire/router';
import { ReviewForm } from '@adire/ui/review-form';
import { BranchAddress } from '../BranchAddress';
import { ChatOnWhatsApp } from '../ChatOnWhatsApp';
import styles from '../form.module.css';
import { branchFor, useShopContact } from '../shopContact';
import { useFocusOnMount } from '../useFocusOnMount';

/** Stage 3, shown only for a paid order: thanks, the order number, what happens next, the review form. */
export function DoneStage({ order }: { order: Order }) {
  const pickup = order.deliveryMethod === 'pickup';
  const pickupCode = order.pickupLocation ?? order.despatchLocation;
  // The branch's name, address and hours, as the delivery stage showed them (the code until they load).
  const branch = branchFor(useShopContact(), pickup ? ((pickupCode ?? '') as PickupLocationCode | '') : '');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={styles.form} aria-labelledby="done-heading">
      <h2 id="done-heading" className={styles.stageTitle} tabIndex={-1} ref={heading}>
        Thank you for your order!
      </h2>
      {order.orderNumber && (
        <p>
          Your order number is <strong data-testid="order-number">{order.orderNumber}</strong>. We have e-mailed a confirmation
          {order.client?.email ? ` to ${order.client.email}` : ''}.
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{pickup ? 'Pick-up day' : 'Delivery day'}</dt>
        <dd>{formatDrawerDate(order.deliveryDate)}</dd>
        {pickup ? (
          <>
            <dt>Pick-up at</dt>
            <dd className={styles.branch}>{branch ? <BranchAddress branch={branch} /> : pickupCode}</dd>
          </>
        ) : (
          <>
            <dt>Recipient</dt>
            <dd>{order.deliveryDetails?.recipientName}</dd>
            <dt>Address</dt>
            <dd>{order.deliveryDetails?.recipientAddress ?? order.recipientAddress}</dd>
          </>
        )}
      </dl>
      {order.orderNumber && (
        <p>
          <Link to={`/order-tracker?orderNumber=${encodeURIComponent(order.orderNumber)}`}>Track this order</Link> ·{' '}
          <a href="/">Continue shopping</a>
        </p>
      )}
      {order.orderNumber && <ChatOnWhatsApp orderNumber={order.orderNumber} lead="Questions about your order?" />}
      <ReviewForm send={(review) => api.post<ReviewResponse>(API_PATHS.submitReview(order.id), review)} />
    </section>
  );
}
