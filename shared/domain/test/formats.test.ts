import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatCalendarDayLong,
  formatCalendarDayWithYear,
  formatShopDateTime,
  formatShopDateTimeLong,
  formatShopDateTimeSeconds,
  formatShopDay,
  formatShopDayLong,
  formatShopWeekdayTime,
} from '../src/formats';

// 23:30 UTC on 13 February is already the 14th in Lagos (UTC+1).
const late = new Date('2026-02-13T23:30:05Z');

describe('the shop writes moments as they were in Lagos', () => {
  it('whatever the reader\'s own time zone', () => {
    expect(formatShopDay(late)).toBe('14 Feb 2026');
    expect(formatShopDayLong(late)).toBe('14 February 2026');
    expect(formatShopDateTime(late)).toBe(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' }).format(late));
    expect(formatShopDateTime(late)).toContain('00:30');
    expect(formatShopDateTimeSeconds(late)).toContain('00:30:05');
    expect(formatShopDateTimeLong(late)).toContain('14 February 2026');
    expect(formatShopWeekdayTime(late)).toMatch(/^Sat 14 Feb,? 00:30$/);
  });
});

describe('calendar days are shown as they are written', () => {
  it.each([
    ['2027-02-14', 'Sun 14 Feb', 'Sun 14 Feb 2027', 'Sunday 14 February'],
    ['2026-11-24', 'Tue 24 Nov', 'Tue 24 Nov 2026', 'Tuesday 24 November'],
  ])('%s', (date, short, withYear, long) => {
    expect(formatCalendarDay(date)).toBe(short);
    expect(formatCalendarDayWithYear(date)).toBe(withYear);
    expect(formatCalendarDayLong(date)).toBe(long);
  });
});

describe("a shop day is written as Intl writes it in Lagos, without Intl's data", () => {
  const byIntl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric' });

  it('at the turn of each day, month and year, in every month', () => {
    for (let month = 0; month < 12; month++) {
      for (const at of [Date.UTC(2026, month, 1, 22, 59, 59, 999), Date.UTC(2026, month, 1, 23), Date.UTC(2026, month, 28, 23, 30)]) {
        expect(formatShopDay(new Date(at)), new Date(at).toISOString()).toBe(byIntl.format(at));
      }
    }
    expect(formatShopDay(new Date('2026-12-31T23:00:00Z'))).toBe('1 Jan 2027');
    expect(formatShopDay(new Date('1900-06-01T12:00:00Z'))).toBe(byIntl.format(new Date('1900-06-01T12:00:00Z')));
  });

  it('at any moment from 1920 to 2200', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1920, 0, 1), max: Date.UTC(2200, 0, 1) }), (time) => {
        expect(formatShopDay(new Date(time))).toBe(byIntl.format(time));
      }),
      { numRuns: 5_000 },
    );
  });
});
