import type { ReviewsQuery, ReviewVisibilityRequest, StaffReview as Review } from '@adire/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

/** Reviews, hidden ones too: hide one with a reason, or show it again. */
export function Reviews() {
  const [hiddenOnly, setHiddenOnly] = useState(false);
  const [product, setProduct] = useState('');
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');

  const load = useCallback(async () => {
    const res = await staffApi.get<Review[], ReviewsQuery>(paths.reviews, { hidden: hiddenOnly ? true : undefined, product: product.trim() || undefined });
    if (res.error || !res.data) return setError(res.message);
    setReviews(res.data);
  }, [hiddenOnly, product]);
  useEffect(() => void load(), [load]);

  const change = async (review: Review, hidden: boolean, reason = '') => {
    setError('');
    setSaid('');
    const res = await staffApi.put<Review, ReviewVisibilityRequest>(paths.review(review.id), { hidden, reason });
    if (res.error) return setError(res.message);
    setSaid(hidden ? `The review by ${review.author} is hidden.` : `The review by ${review.author} shows again.`);
    await load();
  };
  const hide = (review: Review) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void change(review, true, String(new FormData(event.currentTarget).get('reason') ?? ''));
  };

  return (
    <section className={styles.page}>
      <h1>Reviews</h1>
      <form role="search" aria-label="Filter the reviews" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Product address
          <input value={product} onChange={(e) => setProduct(e.target.value)} placeholder="ruby-romance-red-roses" />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={hiddenOnly} onChange={(e) => setHiddenOnly(e.target.checked)} /> Hidden reviews only
        </label>
      </form>
      <p role="status" className={styles.success}>
        {said}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {reviews && !reviews.length && <p>No reviews.</p>}
      {reviews && reviews.length > 0 && (
        <ul className={styles.cards} aria-label="Reviews">
          {reviews.map((r) => (
            <li key={r.id} className={styles.card}>
              <h2 className={styles.entryTitle}>
                {r.rating} of 5 by {r.author}
              </h2>
              <p className={styles.note}>{r.productName}</p>
              <p>{r.comment}</p>
              {r.hidden ? (
                <>
                  <p>Hidden: {r.hiddenReason}</p>
                  <button type="button" className={styles.secondary} onClick={() => void change(r, false)}>
                    Show review
                  </button>
                </>
              ) : (
                <form aria-label={`Hide the review by ${r.author}`} onSubmit={hide(r)} className={styles.inline}>
                  <label>
                    Reason for hiding
                    <input name="reason" maxLength={300} />
                  </label>
                  <button type="submit" className={styles.secondary}>
                    Hide review
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
