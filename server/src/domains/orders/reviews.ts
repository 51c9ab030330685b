import { REVIEW_COMMENT_MAX_LENGTH, type Review, type ReviewResponse } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import type { Db } from '../../db/database';
import { notifyDataChanged } from '../../db/data-versions';
import { AppError } from '../../http/errors';
import { addOrderReviews } from '../catalog';
import { claimReview, lockOrder, orderItems } from './store';
import { FieldProblems } from './fields';

export const REVIEW_MESSAGES = {
  notPaid: 'You can review an order once it has been paid',
  already: 'This order has already been reviewed. Thank you!',
} as const;

/** Rating a whole number 1–5; comment optional text up to 1000 characters. Pure. */
export function readReview(body: unknown): { ok: true; review: Review } | { ok: false; problems: FieldProblems } {
  const p = new FieldProblems();
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const rating = b.rating;
  if (rating === undefined || rating === null || rating === '') p.add('rating', 'is required', 'Choose a rating from 1 to 5 stars');
  else if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    p.add('rating', 'must be a whole number from 1 to 5', 'Rating must be a whole number from 1 to 5');
  }
  let comment = '';
  if (b.comment !== undefined && b.comment !== null) {
    if (typeof b.comment !== 'string') p.add('comment', 'must be text');
    else {
      comment = b.comment.trim();
      if ([...comment].length > REVIEW_COMMENT_MAX_LENGTH) {
        p.add('comment', `must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`, `Comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters (it has ${[...comment].length})`);
      }
    }
  }
  if (p.count) return { ok: false, problems: p };
  return { ok: true, review: { rating: rating as number, comment } };
}

/** 'Ada Obi' → 'Ada O.'; a shopper's full name never shows on a product page. */
export function reviewAuthor(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'Adire Blooms customer';
  const first = words[0]!.slice(0, 40);
  return words.length > 1 ? `${first} ${words[words.length - 1]!.charAt(0).toUpperCase()}.` : first;
}

/**
 * POST submit-review/{orderId}: a paid order only, once (the order's reviewed_at is set by a
 * conditional update, so two submits racing cannot both land). The review is stored for every
 * product of the order, so it shows on each product's page.
 */
export async function submitReview(db: Db, orderId: string, body: unknown, now: Date = new Date()): Promise<ReviewResponse> {
  const read = readReview(body);
  if (!read.ok) throw new AppError(400, 'BAD_REQUEST', read.problems.summary(), read.problems.fields);
  const { rating, comment } = read.review;
  const result = await db.kysely.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, db.dialect, orderId);
    if (!isPaid(row.payment_status)) throw new AppError(409, 'ORDER_NOT_PAID', REVIEW_MESSAGES.notPaid);
    const stamp = now.toISOString();
    if (!(await claimReview(trx, orderId, stamp))) throw new AppError(409, 'REVIEW_EXISTS', REVIEW_MESSAGES.already);
    const items = orderItems(row);
    const wanted = [...new Set(items.map((i) => i.productId).filter((id): id is string => typeof id === 'string' && id.length > 0))];
    const author = reviewAuthor(row.client_name);
    // The review is the catalog's to keep (on the products still in the catalogue).
    const productIds = await addOrderReviews(trx, { orderId, productIds: wanted, rating, comment, author, at: stamp });
    return { rating, comment, author, productIds };
  });
  notifyDataChanged(); // the product pages cached in this process show it at once
  return result;
}
