import { describe, expect, it } from 'vitest';
import { byDeliveryDate, dateHeading, newArrivals, nextSteps, type BoardEntry } from '../src/board';

const entry = (orderNumber: string, deliveryDate: string): BoardEntry => ({
  orderNumber,
  deliveryDate,
  deliveryMethod: 'pickup',
  place: 'Lekki LPL',
  channel: 'web',
  recipientName: null,
  senderName: 'Ada',
  total: 1000,
  currency: 'NGN',
  paymentStatus: 'awaiting transfer',
  deliveryStatus: 'received',
  checkedOutAt: null,
});

describe('the board', () => {
  it('groups orders by delivery date in the order given', () => {
    const groups = byDeliveryDate([entry('A', '2026-11-24'), entry('B', '2026-11-24'), entry('C', '2026-11-25')]);
    expect(groups.map((g) => [g.date, g.orders.map((o) => o.orderNumber)])).toEqual([
      ['2026-11-24', ['A', 'B']],
      ['2026-11-25', ['C']],
    ]);
  });

  it('offers no delivery step before the order is paid, then only the steps ahead', () => {
    expect(nextSteps('received', 'awaiting transfer')).toEqual([]);
    expect(nextSteps('received', 'paid - confirmed by transfer')).toEqual(['arranged', 'despatched', 'delivered']);
    expect(nextSteps('despatched', 'paid')).toEqual(['delivered']);
    expect(nextSteps('delivered', 'paid')).toEqual([]);
  });

  it('names the orders a poll brought, none on the first load', () => {
    expect(newArrivals(null, [entry('A', '')])).toEqual([]);
    expect(newArrivals([entry('A', '')], [entry('A', ''), entry('B', '')]).map((o) => o.orderNumber)).toEqual(['B']);
  });

  it('heads today and tomorrow by name', () => {
    expect(dateHeading('2026-11-24', '2026-11-24')).toBe('Today, Tue 24 Nov 2026');
    expect(dateHeading('2026-11-25', '2026-11-24')).toBe('Tomorrow, Wed 25 Nov 2026');
    expect(dateHeading('2026-11-27', '2026-11-24')).toBe('Fri 27 Nov 2026');
    expect(dateHeading('', '2026-11-24')).toBe('No date');
  });
});
