import type { RatingSummary } from '@adire/contracts';
import { filledStars, ratingText } from '../product/reviews';
import styles from './ui.module.css';

/** Five stars drawn as text, read out as one sentence. */
export function Stars({ rating, showCount = true }: { rating: RatingSummary; showCount?: boolean }) {
  if (rating.count === 0) return null;
  const filled = filledStars(rating.average);
  return (
    <span className={styles.stars} role="img" aria-label={ratingText(rating)}>
      <span aria-hidden="true" className={styles.starsOn}>
        {'★'.repeat(filled)}
      </span>
      <span aria-hidden="true" className={styles.starsOff}>
        {'★'.repeat(5 - filled)}
      </span>
      {showCount && (
        <span aria-hidden="true" className={styles.starsCount}>
          {rating.average.toFixed(1)} ({rating.count})
        </span>
      )}
    </span>
  );
}
