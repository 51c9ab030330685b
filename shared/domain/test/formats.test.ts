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
