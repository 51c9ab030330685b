import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRefund, lagosDayRange, readPaystackWebhook, readFlutterwaveWebhook, readMonnifyWebhook, readPaypalWebhook, refundAmountProblem, REFUND_READERS, statusAfterRefunds, summaryStatus } from '../src/domains/payments/testing';

/** The pure rules of refunds (issue 39, item 4) and the providers' refund words, read by the real readers. */

describe('allocateRefund: newest payment first, never more than a payment brought', () => {
  const payments = [
    { id: 'new', provider: 'paystack', amount: 3000, refunded: 0 },
    { id: 'old', provider: 'paystack', amount: 10000, refunded: 2500 },
  ];
  it('takes from the newest, then the next', () => {
    expect(allocateRefund(payments, 2000)).toEqual([{ paymentId: 'new', amount: 2000 }]);
    expect(allocateRefund(payments, 5000.5)).toEqual([
      { paymentId: 'new', amount: 3000 },
      { paymentId: 'old', amount: 2000.5 },
    ]);
    expect(allocateRefund(payments, 10500)).toHaveLength(2);
    expect(allocateRefund(payments, 10500.01)).toBeNull();
  });

  it('any amount: the parts add up to it exactly and no payment gives more than it has left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 1_000_000 }), refunded: fc.integer({ min: 0, max: 1_000_000 }) }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 3_000_000 }),
        (rows, minor) => {
          const ps = rows.map((r, i) => ({ id: `p${i}`, provider: 'paystack', amount: r.amount / 100, refunded: Math.min(r.amount, r.refunded) / 100 }));
          const left = ps.reduce((s, p) => s + Math.round((p.amount - p.refunded) * 100), 0);
          const parts = allocateRefund(ps, minor / 100);
          if (minor > left) return parts === null;
          if (!parts) return false;
          const total = parts.reduce((s, p) => s + Math.round(p.amount * 100), 0);
          return total === minor && parts.every((p) => {
            const pay = ps.find((x) => x.id === p.paymentId)!;
            return p.amount > 0 && Math.round(p.amount * 100) <= Math.round((pay.amount - pay.refunded) * 100);
          });
        },
      ),
    );
  });
});

describe('statusAfterRefunds (the paid rule kept: part back is still paid)', () => {
  it('part back → paid - partly refunded; all back → refunded; a failed refund → back to what the money says', () => {
    expect(statusAfterRefunds('paid', 20000, 5000, 20000)).toBe('paid - partly refunded');
    expect(statusAfterRefunds('paid - confirmed by transfer', 20000, 5000, 20000)).toBe('paid - partly refunded');
    expect(statusAfterRefunds('paid - partly refunded', 20000, 20000, 20000)).toBe('refunded');
    expect(statusAfterRefunds('paid - partly refunded', 20000, 0, 20000)).toBe('paid');
    expect(statusAfterRefunds('refunded', 20000, 0, 20000)).toBe('paid');
    expect(statusAfterRefunds('refunded', 20000, 100, 20000)).toBe('paid - partly refunded');
    expect(statusAfterRefunds('part payment', 5000, 1000, 20000)).toBe('part payment');
    expect(statusAfterRefunds('part payment', 5000, 5000, 20000)).toBe('refunded');
    expect(statusAfterRefunds('refunded', 5000, 0, 20000)).toBe('part payment');
  });
  it('amounts', () => {
    expect(refundAmountProblem(10)).toBeNull();
    expect(refundAmountProblem(10.25)).toBeNull();
    expect(refundAmountProblem(0)).toMatch(/above 0/);
    expect(refundAmountProblem(10.001)).toMatch(/2 decimals/);
    expect(refundAmountProblem('5')).toMatch(/number/);
    expect(summaryStatus(['processed', 'processed'])).toBe('processed');
    expect(summaryStatus(['processed', 'pending'])).toBe('pending');
    expect(summaryStatus(['failed'])).toBe('failed');
  });
  it('Lagos days for the CSV', () => {
    expect(lagosDayRange('2099-03-01', '2099-03-01')).toEqual({ start: '2099-02-28T23:00:00.000Z', end: '2099-03-01T23:00:00.000Z', days: 1 });
    expect(lagosDayRange('2099-02-30', '2099-03-01')).toBeNull();
  });
});

// The providers' documented answers (shapes from their API references), read by the live readers.
describe("the providers' refund words", () => {
  it('Paystack: POST /refund answers queued (pending); a refund.processed webhook is a refund event for its transaction', () => {
    expect(REFUND_READERS.paystack.answer({ status: true, message: 'Refund has been queued for processing', data: { id: 3018284, transaction: { reference: 'T685312322670591' }, amount: 10000, status: 'pending' } })).toEqual({ status: 'pending', providerRefundId: '3018284' });
    expect(REFUND_READERS.paystack.answer({ status: true, data: { id: 3018284, status: 'processed' } }).status).toBe('processed');
    expect(readPaystackWebhook({ event: 'refund.processed', data: { status: 'processed', transaction_reference: 'ABL1042W-K3J9QX2MPA', amount: '10000', currency: 'NGN' } })).toMatchObject({ kind: 'refund', reference: 'ABL1042W-K3J9QX2MPA' });
    expect(readPaystackWebhook({ event: 'charge.success', data: { reference: 'x', amount: 100 } }).kind).toBe('payment');
    expect(() => REFUND_READERS.paystack.answer({ status: false, message: 'Transaction has been fully reversed' })).toThrow(/unreadable/);
  });
  it('Flutterwave: POST /v3/transactions/:id/refund answers the refund (completed); refund.completed', () => {
    expect(REFUND_READERS.flutterwave.answer({ status: 'success', message: 'Transaction refund initiated', data: { id: 75923, tx_id: 908790, amount_refunded: 6900, status: 'completed' } })).toEqual({ status: 'processed', providerRefundId: '75923' });
    expect(readFlutterwaveWebhook({ event: 'refund.completed', data: { id: 75923, status: 'completed' } })).toMatchObject({ kind: 'refund', refund: { providerRefundId: '75923' } });
  });
  it("Monnify: initiate-refund answers IN_PROGRESS under our refundReference; SUCCESSFUL_REFUND names it", () => {
    expect(REFUND_READERS.monnify.answer({ requestSuccessful: true, responseMessage: 'success', responseCode: '0', responseBody: { refundReference: 'rf-1', refundStatus: 'IN_PROGRESS' } })).toEqual({ status: 'pending', providerRefundId: 'rf-1' });
    expect(readMonnifyWebhook({ eventType: 'SUCCESSFUL_REFUND', eventData: { refundReference: 'rf-1', refundStatus: 'COMPLETED' } })).toMatchObject({ kind: 'refund', refund: { key: 'rf-1' } });
    expect(readMonnifyWebhook({ eventType: 'SUCCESSFUL_TRANSACTION', eventData: { paymentReference: 'x' } }).kind).toBe('payment');
  });
  it('PayPal: the capture refund answers COMPLETED or PENDING; PAYMENT.CAPTURE.REFUNDED carries the refund', () => {
    expect(REFUND_READERS.paypal.answer({ id: '1JU08902781691411', status: 'COMPLETED', links: [] })).toEqual({ status: 'processed', providerRefundId: '1JU08902781691411' });
    expect(REFUND_READERS.paypal.answer({ id: '1JU08902781691411', status: 'PENDING' }).status).toBe('pending');
    expect(readPaypalWebhook({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: '1JU08902781691411', status: 'COMPLETED', invoice_id: 'rf-2' } })).toMatchObject({ kind: 'refund', refund: { key: 'rf-2', providerRefundId: '1JU08902781691411' } });
  });
});
