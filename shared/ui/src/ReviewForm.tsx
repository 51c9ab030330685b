import { REVIEW_COMMENT_MAX_LENGTH, type Review } from '@adire/contracts';
import { useId, useState, type FormEvent } from 'react';
import styles from './review-form.module.css';

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** What the form needs of the API's answer to `POST submit-review/:orderId` (an `ApiResult`). */
export interface ReviewAnswer {
  error?: unknown;
  data?: unknown;
  message?: string;
}

export interface ReviewFormProps {
  /** Sends the review (`api.post(API_PATHS.submitReview(orderId), review)`): the server takes one per paid order. */
  send(review: Review): Promise<ReviewAnswer>;
  /** The form's name for assistive technology (one per order on a page of several). */
  label?: string;
  /** The heading's level where the form sits. */
  headingLevel?: 3 | 4;
}

/**
 * An order's review, one form wherever it is offered (the checkout's done stage, the account's orders):
 * a rating of 1–5 stars (radio buttons, required) and an optional comment; the server's rules decide
 * (paid orders only, once) and its sentence is shown when it refuses.
 */
export function ReviewForm({ send, label = 'Review your order', headingLevel = 3 }: ReviewFormProps) {
  const commentId = useId();
  const ratingName = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 4 ? 'h4' : 'h3';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!rating) {
      setProblem('Rating is required');
      return;
    }
    setBusy(true);
    const res = await send({ rating, comment: comment.trim() });
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
    <form className={styles.form} aria-label={label} onSubmit={submit} noValidate>
      <Heading>How did we do?</Heading>
      <fieldset className={styles.rating}>
        <legend>Rating</legend>
        {RATINGS.map((n) => (
          <label key={n}>
            <input type="radio" name={ratingName} value={n} checked={rating === n} onChange={() => setRating(n)} />
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
      <p className={styles.problem} role="alert">
        {problem}
      </p>
      <button type="submit" className={styles.send} disabled={busy} aria-busy={busy}>
        Send review
      </button>
    </form>
  );
}
