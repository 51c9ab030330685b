import { DELIVERY_FAILURE_LABELS, ORDER_PHOTO_LABELS, type OrderTrackerResponse } from '@adire/contracts';
import { formatShopClockTime, formatShopDateTime } from '@adire/domain/formats';
import styles from './proof.module.css';

/** "Delivered to Mum at 2:32pm", or null when the door has not seen the flowers yet. */
export function deliveredSentence(delivery: OrderTrackerResponse['delivery']): string | null {
  if (!delivery?.deliveredAt) return null;
  const when = formatShopClockTime(new Date(delivery.deliveredAt));
  return delivery.receivedBy ? `Delivered to ${delivery.receivedBy} at ${when}` : `Delivered at ${when}`;
}

/**
 * What a verified sender sees of their flowers (issue 40): who took them at the door and when, a failed
 * attempt, and the photos — the arrangement before it left, the door. The server sends none of it to a
 * lookup that did not prove the sender.
 */
export function TrackerProof({ result }: { result: OrderTrackerResponse }) {
  const delivered = deliveredSentence(result.delivery);
  const attempts = result.delivery?.attempts ?? [];
  const photos = result.photos ?? [];
  if (!delivered && attempts.length === 0 && photos.length === 0) return null;
  return (
    <section aria-label="Photos and delivery" className={styles.proof}>
      {delivered && (
        <p className={styles.delivered}>
          <strong>{delivered}</strong>
        </p>
      )}
      {attempts.map((a) => (
        <p key={a.at}>
          We could not deliver at {formatShopClockTime(new Date(a.at))} ({DELIVERY_FAILURE_LABELS[a.reason].toLowerCase()}): we will be in touch to deliver again.
        </p>
      ))}
      {photos.length > 0 && (
        <ul className={styles.photos} aria-label="Photos of your order">
          {photos.map((p) => (
            <li key={p.url}>
              <figure>
                <img src={p.url} alt={p.caption ? `${ORDER_PHOTO_LABELS[p.kind]}: ${p.caption}` : `${ORDER_PHOTO_LABELS[p.kind]}: a photo of your order`} loading="lazy" />
                <figcaption>
                  {ORDER_PHOTO_LABELS[p.kind]}
                  {p.caption ? ` — ${p.caption}` : ''} · {formatShopDateTime(new Date(p.takenAt))}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
