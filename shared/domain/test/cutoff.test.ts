import { DEFAULT_CHECKOUT_SETTINGS } from '@adire/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closedDay,
  cutoffMessage,
  orderDateProblem,
  cutoffMinutes,
  deliveryDateProblem,
  earliestDate,
  formatCountdown,
  formatCutoff,
  msUntilCutoff,
  sameDayOpen,
  shopClock,
  shopDate,
} from '../src';
import { addDays } from '../src/dates';

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
    expect(deliveryDateProblem('2026-05-11', 'delivery', evening)).toEqual({ reason: 'is in the past', message: 'Delivery date is in the past: choose today or a later day' });
    expect(deliveryDateProblem('2026-05-12', 'delivery', evening)).toEqual({
      reason: 'is past the same-day cutoff',
      message: 'Same-day delivery closes at 9:00pm Lagos time: choose tomorrow or a later day',
    });
    expect(deliveryDateProblem('2026-05-12', 'pickup', evening)).toBeNull();
    expect(deliveryDateProblem('2026-05-13', 'delivery', evening)).toBeNull();
    expect(deliveryDateProblem('2026-05-12', 'pickup', lagos('2026-05-12', '23:50'))?.message).toBe(
      'Same-day pick-up closes at 11:50pm Lagos time: choose tomorrow or a later day',
    );
  });

  it("judges the day by the shop's calendar: 23:30 UTC on the 12th is the 13th in Lagos", () => {
    const now = new Date('2026-05-12T23:30:00Z');
    expect(deliveryDateProblem('2026-05-12', 'delivery', now)?.reason).toBe('is in the past');
    expect(deliveryDateProblem('2026-05-13', 'delivery', now)).toBeNull();
  });

  it('follows the cutoffs of the settings, the default when one is malformed', () => {
    const early = { ...DEFAULT_CHECKOUT_SETTINGS, sameDayCutoff: { delivery: '12:30', pickup: '18:00' } };
    expect(sameDayOpen(lagos('2026-05-12', '12:29:59'), 'delivery', early)).toBe(true);
    expect(deliveryDateProblem('2026-05-12', 'delivery', lagos('2026-05-12', '12:30'), early)?.message).toContain('12:30pm');
    const malformed = { ...DEFAULT_CHECKOUT_SETTINGS, sameDayCutoff: { delivery: '9pm', pickup: '23:50' } };
    expect(sameDayOpen(lagos('2026-05-12', '20:59'), 'delivery', malformed)).toBe(true);
    expect(sameDayOpen(lagos('2026-05-12', '21:00'), 'delivery', malformed)).toBe(false);
  });

  it('reads the shop clock in whole minutes and the shop day', () => {
    expect(shopClock(new Date('2026-05-12T19:59:59Z'))).toEqual({ date: '2026-05-12', minutes: 20 * 60 + 59 });
    expect(shopClock(new Date('2026-05-12T23:00:00Z'))).toEqual({ date: '2026-05-13', minutes: 0 });
    expect(shopDate(new Date('2026-05-12T22:59:59Z'))).toBe('2026-05-12');
    expect(shopDate(new Date('2026-05-12T23:00:00Z'))).toBe('2026-05-13');
    expect(shopDate(new Date('2026-05-12T23:00:00Z'), 'UTC')).toBe('2026-05-12');
  });

  it('formats cutoffs and adds days across month and year ends', () => {
    expect(formatCutoff(21 * 60)).toBe('9:00pm');
    expect(formatCutoff(30)).toBe('12:30am');
    expect(formatCutoff('23:50')).toBe('11:50pm');
    expect(formatCutoff('12:00')).toBe('12:00pm');
    expect(formatCutoff('00:05')).toBe('12:05am');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('is open exactly while the shop clock, in whole minutes, is before the cutoff (property)', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 366 * 86_400_000 }), fc.constantFrom('delivery' as const, 'pickup' as const), (offset, method) => {
        const now = new Date(start + offset);
        expect(sameDayOpen(now, method)).toBe(shopClock(now).minutes < cutoffMinutes(method));
      }),
    );
  });
});

describe('orderDateProblem (the date checked again before paying)', () => {
  it('asks for a new date once the day has passed or its same-day cutoff is over, and for a date when there is none', () => {
    const evening = new Date('2026-05-12T21:30:00+01:00'); // 21:30 in Lagos
    expect(orderDateProblem({ deliveryDate: '2026-05-13', deliveryMethod: 'delivery' }, evening)).toBeNull();
    expect(orderDateProblem({ deliveryDate: '2026-05-11', deliveryMethod: 'delivery' }, evening)?.message).toBe(
      'The delivery date of this order, 2026-05-11, has passed: choose a new delivery date before paying',
    );
    expect(orderDateProblem({ deliveryDate: '2026-05-12', deliveryMethod: 'delivery' }, evening)?.message).toBe(
      'Same-day delivery for 2026-05-12 closed at 9:00pm Lagos time: choose a new delivery date before paying',
    );
    expect(orderDateProblem({ deliveryDate: '', deliveryMethod: 'pickup' }, evening)?.reason).toBe('is required');
  });
});

describe('closed days (a manager closes a public holiday)', () => {
  const closed = { ...DEFAULT_CHECKOUT_SETTINGS, closedDates: [{ date: '2026-05-13', note: 'Public holiday' }, { date: '2026-05-14', note: '' }] };

  it('refuses a closed day for delivery and pick-up alike, saying so, and leaves the other days open', () => {
    const morning = lagos('2026-05-12', '09:00');
    expect(deliveryDateProblem('2026-05-13', 'delivery', morning, closed)).toEqual({ reason: 'is a closed day', message: 'We are closed on 13 May 2026 (Public holiday): choose another day' });
    expect(deliveryDateProblem('2026-05-14', 'pickup', morning, closed)?.message).toBe('We are closed on 14 May 2026: choose another day');
    expect(deliveryDateProblem('2026-05-15', 'delivery', morning, closed)).toBeNull();
    expect(deliveryDateProblem('2026-05-12', 'delivery', morning, closed)).toBeNull();
    // Without the setting the same days are open: the rule reads the settings, nothing else.
    expect(deliveryDateProblem('2026-05-13', 'delivery', morning)).toBeNull();
    expect(closedDay('2026-05-13', closed)?.note).toBe('Public holiday');
    expect(closedDay('2026-05-15', closed)).toBeNull();
  });

  it('a past day stays "in the past", a closed today is closed whatever the hour', () => {
    const onHoliday = lagos('2026-05-13', '08:00');
    expect(deliveryDateProblem('2026-05-13', 'delivery', onHoliday, closed)?.reason).toBe('is a closed day');
    expect(deliveryDateProblem('2026-05-13', 'delivery', lagos('2026-05-15', '08:00'), closed)?.reason).toBe('is in the past');
  });

  it('after the cutoff the live line names the first open day when tomorrow is closed', () => {
    expect(cutoffMessage(lagos('2026-05-12', '21:30'), 'delivery', closed)).toBe('Same-day delivery closed at 9:00pm Lagos time; the earliest day is 15 May 2026.');
    expect(cutoffMessage(lagos('2026-05-11', '21:30'), 'delivery', closed)).toBe('Same-day delivery closed at 9:00pm Lagos time; the earliest day is tomorrow.');
  });

  it('the first day offered skips closed days, after the cutoff too', () => {
    expect(earliestDate(lagos('2026-05-12', '20:00'), 'delivery', closed)).toBe('2026-05-12');
    expect(earliestDate(lagos('2026-05-12', '21:00'), 'delivery', closed)).toBe('2026-05-15');
    expect(earliestDate(lagos('2026-05-13', '07:00'), 'pickup', closed)).toBe('2026-05-15');
  });

  it('asks for a new date before paying for an order on a day closed since', () => {
    expect(orderDateProblem({ deliveryDate: '2026-05-13', deliveryMethod: 'delivery' }, lagos('2026-05-12', '09:00'), closed)).toEqual({
      reason: 'is a closed day',
      message: 'We are closed on 13 May 2026 (Public holiday): choose a new delivery date before paying',
    });
  });
});

describe("a day's own same-day cutoff (a busy day closes earlier)", () => {
  const valentines = { ...DEFAULT_CHECKOUT_SETTINGS, dayCutoffs: [{ date: '2026-02-14', sameDayCutoff: { delivery: '12:00' } }] };

  it("closes same-day delivery at the day's time, that day only; pick-up keeps its usual cutoff", () => {
    expect(sameDayOpen(lagos('2026-02-14', '11:59'), 'delivery', valentines)).toBe(true);
    expect(sameDayOpen(lagos('2026-02-14', '12:00'), 'delivery', valentines)).toBe(false);
    expect(sameDayOpen(lagos('2026-02-13', '20:59'), 'delivery', valentines)).toBe(true);
    expect(sameDayOpen(lagos('2026-02-14', '23:49'), 'pickup', valentines)).toBe(true);
    expect(cutoffMinutes('delivery', valentines, '2026-02-14')).toBe(12 * 60);
    expect(cutoffMinutes('delivery', valentines, '2026-02-15')).toBe(21 * 60);
  });

  it('words the refusal, the live line and the check before paying with that time', () => {
    const afternoon = lagos('2026-02-14', '13:00');
    expect(deliveryDateProblem('2026-02-14', 'delivery', afternoon, valentines)?.message).toBe('Same-day delivery closes at 12:00pm Lagos time: choose tomorrow or a later day');
    expect(earliestDate(afternoon, 'delivery', valentines)).toBe('2026-02-15');
    expect(cutoffMessage(lagos('2026-02-14', '11:00'), 'delivery', valentines)).toBe('Same-day delivery closes in 1h 00m 00s (12:00pm Lagos time).');
    expect(orderDateProblem({ deliveryDate: '2026-02-14', deliveryMethod: 'delivery' }, afternoon, valentines)?.message).toBe(
      'Same-day delivery for 2026-02-14 closed at 12:00pm Lagos time: choose a new delivery date before paying',
    );
  });
});
