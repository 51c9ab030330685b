import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDrawerDate, toApiDate } from '../src/dates';

// The drawer's and the API's formats were dayjs's (issue 42 took dayjs out of every page): the shop's
// own code shows every value as dayjs did.
const asDayjs = {
  drawer: (v: string | null | undefined) => {
    if (!v) return 'Not set yet';
    const d = dayjs(v);
    return d.isValid() ? d.format('D MMM YYYY') : 'Not set yet';
  },
  api: (v: Date | string | null | undefined) => {
    if (!v) return '';
    const d = dayjs(v);
    return d.isValid() ? d.format('YYYY-MM-DD') : '';
  },
};

const day = fc.tuple(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

describe('dates as dayjs wrote them', () => {
  it('the listed values', () => {
    const values = ['2026-02-14', '2026-2-4', '2026/02/14', '20260214', '2026-02-30', '2026-13-01', '2000-02-29', '2026-02-14T23:30:00', '2026-02-14T23:30:00Z', '2026-02-14T23:30:00.123+01:00', '2026', '2026-02', 'nonsense', '', null, undefined, 'Feb 14 2026'];
    for (const v of values) {
      expect(formatDrawerDate(v), String(v)).toBe(asDayjs.drawer(v));
      expect(toApiDate(v), String(v)).toBe(asDayjs.api(v));
    }
    expect(toApiDate(new Date(2026, 1, 4))).toBe(asDayjs.api(new Date(2026, 1, 4)));
    expect(toApiDate(new Date(Number.NaN))).toBe('');
  });

  it('generated days, times and Dates', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('-', '/', ''), fc.option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })), { nil: undefined }), ([y, m, d], sep, time) => {
        const value = `${y}${sep}${pad(m)}${sep}${pad(d)}${time ? `T${pad(time[0])}:${pad(time[1])}` : ''}`;
        expect(formatDrawerDate(value)).toBe(asDayjs.drawer(value));
        expect(toApiDate(value)).toBe(asDayjs.api(value));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }), (date) => {
        expect(toApiDate(date)).toBe(asDayjs.api(date));
        expect(formatDrawerDate(date.toISOString())).toBe(asDayjs.drawer(date.toISOString()));
      }),
      { numRuns: 2000 },
    );
  });
});
