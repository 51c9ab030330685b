import { describe, expect, it } from 'vitest';
import {
  addDays,
  cutoffMessage,
  cutoffMinutes,
  deliveryDateProblem,
  earliestDate,
  formatCountdown,
  formatCutoff,
  msUntilCutoff,
  sameDayOpen,
  shopClock,
} from '../src/delivery/cutoff';

// Lagos is UTC+1 all year: 19:59Z is 20:59 in Lagos.
const lagos = (date: string, time: string) => new Date(`${date}T${time}+01:00`);

describe('same-day cutoff (Lagos time)', () => {
  it('is open at 20:59:59 and closed at 21:00 sharp for delivery', () => {
    expect(sameDayOpen(lagos('2026-05-12', '20:59:59'), 'delivery')).toBe(true);
    expect(sameDayOpen(lagos('2026-05-12', '21:00:00'), 'delivery')).toBe(false);
    expect(earliestDate(lagos('2026-05-12', '20:59'), 'delivery')).toBe('2026-05-12');
    expect(earliestDate(lagos('2026-05-12', '21:00'), 'delivery')).toBe('2026-05-13');
  });

  it('keeps pick-up open until 23:50', () => {
    expect(earliestDate(lagos('2026-05-12', '21:30'), 'pickup')).toBe('2026-05-12');
    expect(earliestDate(lagos('2026-05-12', '23:49'), 'pickup')).toBe('2026-05-12');
    expect(earliestDate(lagos('2026-05-12', '23:50'), 'pickup')).toBe('2026-05-13');
  });

  it("reads the shop's day, not the shopper's: 23:30 UTC is already tomorrow in Lagos", () => {
    const now = new Date('2026-05-12T23:30:00Z');
    expect(shopClock(now).date).toBe('2026-05-13');
    expect(earliestDate(now, 'delivery')).toBe('2026-05-13');
  });

  it('uses configured cutoffs and falls back to the defaults when malformed', () => {
    const settings = { timeZone: 'Africa/Lagos', sameDayCutoff: { delivery: '18:30', pickup: 'soon' } };
    expect(cutoffMinutes('delivery', settings)).toBe(18 * 60 + 30);
    expect(cutoffMinutes('pickup', settings)).toBe(23 * 60 + 50);
    expect(sameDayOpen(lagos('2026-05-12', '18:45'), 'delivery', settings)).toBe(false);
  });

  it('counts down to the cutoff and stops at zero', () => {
    expect(msUntilCutoff(lagos('2026-05-12', '18:54:51'), 'delivery')).toBe((2 * 3600 + 5 * 60 + 9) * 1000);
    expect(msUntilCutoff(lagos('2026-05-12', '21:00:01'), 'delivery')).toBe(0);
    expect(formatCountdown((2 * 3600 + 5 * 60 + 9) * 1000)).toBe('2h 05m 09s');
    expect(formatCountdown(249_000)).toBe('4m 09s');
    expect(formatCountdown(41_200)).toBe('42s');
    expect(formatCountdown(-5)).toBe('0s');
  });

  it('words the live line', () => {
    expect(cutoffMessage(lagos('2026-05-12', '20:59:00'), 'delivery')).toBe('Same-day delivery closes in 1m 00s (9:00pm Lagos time).');
    expect(cutoffMessage(lagos('2026-05-12', '23:55'), 'pickup')).toBe('Same-day pick-up closed at 11:50pm Lagos time; the earliest day is tomorrow.');
  });

  it('refuses past days and today after the cutoff', () => {
    const evening = lagos('2026-05-12', '21:10');
    expect(deliveryDateProblem('2026-05-11', evening, 'delivery')).toMatch(/in the past/);
    expect(deliveryDateProblem('2026-05-12', evening, 'delivery')).toBe('Same-day delivery closes at 9:00pm Lagos time: choose tomorrow or a later day');
    expect(deliveryDateProblem('2026-05-12', evening, 'pickup')).toBeNull();
    expect(deliveryDateProblem('2026-05-13', evening, 'delivery')).toBeNull();
    expect(deliveryDateProblem('13/05/2026', evening, 'delivery')).toBe('Choose a day from the calendar');
  });

  it('formats cutoffs and adds days across month and year ends', () => {
    expect(formatCutoff(21 * 60)).toBe('9:00pm');
    expect(formatCutoff(30)).toBe('12:30am');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
