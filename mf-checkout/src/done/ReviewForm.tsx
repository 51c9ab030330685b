import { api } from '@adire/api-client';
import { API_PATHS, REVIEW_COMMENT_MAX_LENGTH, type ReviewResponse } from '@adire/contracts';
import { useId, useState, type FormEvent } from 'react';
import styles from '../form.module.css';

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** Rating 1–5 (radio buttons) and a comment; the server takes one review per paid order. */
export function ReviewForm({ orderId }: { orderId: string }) {
  const commentId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!rating) {
      setProblem('Rating is required');
      return;
    }
    setBusy(true);
    const res = await api.post<ReviewResponse>(API_PATHS.submitReview(orderId), { rating, comment: comment.trim() });
    setBusy(false);
    if (res.error || !res.data) {
      setProblem(res.message || 'Your review could not be saved');
      return;
    }
    setProblem(null);
    setDone(true);
  }

  if (done) {
    return (
      <p role="status" className={styles.thanks}>
        Thank you for your review! It now shows on the products you ordered.
      </p>
    );
  }
  return (
    <form className={styles.section} aria-label="Review your order" onSubmit={submit} noValidate>
      <h3>How did we do?</h3>
      <fieldset className={styles.rating}>
        <legend>Rating</legend>
        {RATINGS.map((n) => (
          <label key={n}>
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
            {n} {n === 1 ? 'star' : 'stars'}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={commentId}>
          Comment <span className={styles.optional}>(optional)</span>
        </label>
        <textarea id={commentId} rows={3} maxLength={REVIEW_COMMENT_MAX_LENGTH} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      <p className={styles.formError} role="alert">
        {problem}
      </p>
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
        Send review
      </button>
    </form>
  );
}
