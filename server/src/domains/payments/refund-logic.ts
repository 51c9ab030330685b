import { PARTLY_REFUNDED } from '@adire/contracts';
import { isPaid } from '@adire/domain';
import { fromMinor, toMinor } from './logic';

/**
 * The pure rules of refunds (issue 39, item 4): how a refund is spread over the payments it goes back
 * through, and what the order's payment status becomes. No I/O here.
 */

/** A payment money can go back through: what it brought and what already went (or is going) back from it. */
export interface RefundablePayment {
  id: string;
  provider: string;
  amount: number;
  /** Refunds through it that count (pending or processed). */
  refunded: number;
}

/** What can still go back through one payment, never below zero. */
export const refundableOf = (p: RefundablePayment) => fromMinor(Math.max(0, toMinor(p.amount) - toMinor(p.refunded)));

/**
 * The parts of a refund, newest payment first (the money goes back the way it came last), or null when
 * the payments cannot carry it all. `payments` must be ordered newest first.
 */
export function allocateRefund(payments: readonly RefundablePayment[], amount: number): { paymentId: string; amount: number }[] | null {
  let left = toMinor(amount);
  const parts: { paymentId: string; amount: number }[] = [];
  for (const p of payments) {
    if (left <= 0) break;
    const take = Math.min(left, toMinor(refundableOf(p)));
    if (take <= 0) continue;
    parts.push({ paymentId: p.id, amount: fromMinor(take) });
    left -= take;
  }
  return left > 0 ? null : parts;
}

/** Why an amount cannot be refunded as asked (the 400 beside `amount`), or null. */
export function refundAmountProblem(amount: unknown): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return 'Give the amount to refund as a number above 0.';
  if (Math.abs(toMinor(amount) - amount * 100) > 1e-6) return 'Give the amount to refund with at most 2 decimals.';
  return null;
}

/**
 * The order's payment status once its refunds add up to `refunded` (pending and processed ones): all
 * of what was received back → 'refunded' (not paid); part of it → 'paid - partly refunded' for an order
 * that was paid (it is still to be delivered) or a part payment stays one; nothing (a refund failed) →
 * back to what the money says.
 */
export function statusAfterRefunds(current: string, received: number, refunded: number, total: number): string {
  const r = toMinor(received);
  const f = toMinor(refunded);
  if (r > 0 && f >= r) return 'refunded';
  if (f > 0) {
    if (isPaid(current)) return current.toLowerCase().includes('go ahead') ? current : PARTLY_REFUNDED;
    if (current === 'refunded') return r >= toMinor(total) ? PARTLY_REFUNDED : 'part payment';
    return current;
  }
  if (current === PARTLY_REFUNDED || current === 'refunded') return r >= toMinor(total) ? 'paid' : r > 0 ? 'part payment' : 'not paid';
  return current;
}

/** A refund's parts in one word: all processed, all failed, or (any other mix) still pending. */
export function summaryStatus(statuses: readonly string[]): 'pending' | 'processed' | 'failed' {
  if (statuses.length && statuses.every((s) => s === 'failed')) return 'failed';
  if (statuses.length && statuses.every((s) => s === 'processed' || s === 'failed')) return statuses.some((s) => s === 'processed') ? 'processed' : 'failed';
  return 'pending';
}
