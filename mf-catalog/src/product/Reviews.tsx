import type { ProductDetail } from '@adire/contracts';
import { Stars } from '../ui/Stars';
import { ratingRows, reviewCountText } from './reviews';
import styles from './product.module.css';
import { formatShopDay } from '@adire/domain/formats';

function shortDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatShopDay(d);
}

/** Rating summary, the distribution per star, and the latest reviews. */
export function Reviews({ reviews }: { reviews: ProductDetail['reviews'] }) {
  return (
    <section className={styles.reviews} aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      {reviews.count === 0 ? (
        <p>No reviews yet. Once your order arrives you can rate it from the order page.</p>
      ) : (
        <div className={styles.reviewsBody}>
          <div className={styles.ratingSummary}>
            <p className={styles.average}>{reviews.average.toFixed(1)}</p>
            <Stars rating={reviews} showCount={false} />
            <p>{reviewCountText(reviews.count)}</p>
            <ul className={styles.distribution} aria-label="Rating distribution">
              {ratingRows(reviews).map((row) => (
                <li key={row.stars}>
                  <span>{row.stars} star{row.stars === 1 ? '' : 's'}</span>
                  {/* A meter, not a styled width: a server-drawn page carries no inline style (CSP). */}
                  <meter className={styles.bar} min={0} max={100} value={row.percent} aria-hidden="true" />
                  <span>{row.count}</span>
                </li>
              ))}
            </ul>
          </div>
          <ul className={styles.reviewList} aria-label="Latest reviews">
            {reviews.latest.map((r) => (
              <li key={r.id}>
                <Stars rating={{ average: r.rating, count: 1 }} showCount={false} />
                <p className={styles.comment}>{r.comment}</p>
                <p className={styles.byline}>
                  {r.author}
                  {shortDate(r.createdAt) && (
                    <>
                      {' · '}
                      <time dateTime={r.createdAt}>{shortDate(r.createdAt)}</time>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
