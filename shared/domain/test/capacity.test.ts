import { DAY_PLACES, DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type DayPlace } from '@adire/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  deliveryDateProblem,
  earliestDate,
  orderByPassed,
  orderByWords,
  orderDateProblem,
  parseShopMoment,
  shopClock,
  shopMomentToDate,
} from '../src';
import { dayCapacity, dayFullMessage, dayPlace, deliveryDay, fewLeftWords, placeLeft, readDayPlace, weekdayOf } from '../src/days';

/** 12:00 Lagos time on 2027-02-10, a Wednesday: four days before Valentine's. */
const NOW = new Date('2027-02-10T11:00:00Z');
const VALENTINE = '2027-02-14';

const settings = (extra: Partial<CheckoutSettings>): CheckoutSettings => ({ ...DEFAULT_CHECKOUT_SETTINGS, ...extra });

describe('capacity of a day', () => {
  it('takes the day\'s own number first, then its weekday\'s, per place; none is unlimited', () => {
    const s = settings({
      capacities: [
        { day: 'sun', place: 'lagos', orders: 80 },
        { day: VALENTINE, place: 'lagos', orders: 300 },
        { day: VALENTINE, place: 'pickup:Ikoyi LPI', orders: 40 },
      ],
    });
    expect(weekdayOf(VALENTINE)).toBe('sun');
    expect(dayCapacity(VALENTINE, 'lagos', s)).toBe(300);
    expect(dayCapacity(addDays(VALENTINE, 7), 'lagos', s)).toBe(80);
    expect(dayCapacity(VALENTINE, 'pickup:Ikoyi LPI', s)).toBe(40);
    expect(dayCapacity(VALENTINE, 'abuja', s)).toBeNull();
    expect(dayCapacity(addDays(VALENTINE, 1), 'lagos', s)).toBeNull();
  });

  it('reads weekdays on the calendar, whatever the machine\'s zone', () => {
    expect(['2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11', '2027-02-12', '2027-02-13', '2027-02-14'].map(weekdayOf)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });

  it('counts an order where it is delivered or collected', () => {
    expect(dayPlace('delivery', 'Lagos', null)).toBe('lagos');
    expect(dayPlace('delivery', 'other-locations', null)).toBe('other-locations');
    expect(dayPlace('pickup', 'lagos', 'ikoyi lpi')).toBe('pickup:Ikoyi LPI');
    expect(dayPlace('delivery', 'Kano', null)).toBeNull();
    expect(dayPlace('delivery', 'pickup:Ikoyi LPI', null)).toBeNull();
    expect(dayPlace(null, 'lagos', null)).toBeNull();
    expect(readDayPlace('PICKUP:Abuja APA')).toBe('pickup:Abuja APA');
    expect(readDayPlace('pickup:Nowhere')).toBeNull();
    expect(readDayPlace(42)).toBeNull();
  });

  it('is never over capacity: a day is open only while fewer are booked than it takes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 600 }), fc.constantFrom(...DAY_PLACES), (capacity, booked, place: DayPlace) => {
        const s = settings({ capacities: [{ day: VALENTINE, place, orders: capacity }] });
        const day = deliveryDay(VALENTINE, place, NOW, s, booked);
        expect(day.open).toBe(booked < capacity);
        expect(placeLeft(capacity, booked)).toBe(booked < capacity);
        expect(day.remaining).toBe(Math.max(0, capacity - booked));
        if (!day.open) expect(day.reason).toBe('Fully booked');
      }),
    );
  });

  it('leaves a day without capacity open whatever is booked, with no count', () => {
    const day = deliveryDay(VALENTINE, 'abuja', NOW, DEFAULT_CHECKOUT_SETTINGS, 10_000);
    expect(day).toEqual({ date: VALENTINE, open: true });
    expect(placeLeft(null, 10_000)).toBe(true);
  });

  it('says "Only N left" for one to five places', () => {
    expect(fewLeftWords({ open: true, remaining: 5 })).toBe('Only 5 left');
    expect(fewLeftWords({ open: true, remaining: 1 })).toBe('Only 1 left');
    expect(fewLeftWords({ open: true, remaining: 6 })).toBeNull();
    expect(fewLeftWords({ open: false, remaining: 0 })).toBeNull();
    expect(fewLeftWords({ open: true })).toBeNull();
  });
});

describe('order-by times', () => {
  const s = settings({ orderBy: [{ date: VALENTINE, closesAt: '2027-02-13 18:00' }] });

  it('reads a Lagos moment as the instant it is', () => {
    expect(shopMomentToDate('2027-02-13 18:00')?.toISOString()).toBe('2027-02-13T17:00:00.000Z');
    expect(shopMomentToDate('2027-02-13 24:00')).toBeNull();
    expect(shopMomentToDate('2027-02-30 10:00')).toBeNull();
    expect(parseShopMoment('2027-02-13 6pm')).toBeNull();
  });

  it('round-trips any minute of the shop\'s calendar (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 365 }), fc.integer({ min: 0, max: 1439 }), (days, minutes) => {
        const date = addDays('2026-01-01', days);
        const text = `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expect(shopClock(shopMomentToDate(text)!)).toEqual({ date, minutes });
      }),
    );
  });

  it('says when the day\'s orders closed, as a shopper reads it', () => {
    expect(orderByWords({ date: VALENTINE, closesAt: '2027-02-13 18:00' })).toBe('Orders for 14 Feb closed at 6pm on 13 Feb');
    expect(orderByWords({ date: VALENTINE, closesAt: '2027-02-13 18:30' }, false)).toBe('Orders for 14 Feb close at 6:30pm on 13 Feb');
  });

  it('closes at the minute itself, not a millisecond later', () => {
    const closes = shopMomentToDate('2027-02-13 18:00')!.getTime();
    expect(deliveryDay(VALENTINE, 'lagos', new Date(closes - 1), s).open).toBe(true);
    expect(deliveryDay(VALENTINE, 'lagos', new Date(closes), s).open).toBe(false);
  });

  it('is never open past its order-by time, and open before it (property)', () => {
    const closes = shopMomentToDate('2027-02-13 18:00')!.getTime();
    fc.assert(
      fc.property(fc.integer({ min: -3 * 86_400_000, max: 86_400_000 - 1 }), (offset) => {
        const now = new Date(closes + offset);
        const passed = offset >= 0;
        expect(orderByPassed(VALENTINE, now, s) !== null).toBe(passed);
        const day = deliveryDay(VALENTINE, 'lagos', now, s);
        expect(day.open).toBe(!passed);
        if (passed) {
          expect(day.reason).toBe('Orders for 14 Feb closed at 6pm on 13 Feb');
          expect(deliveryDateProblem(VALENTINE, 'delivery', now, s)?.reason).toBe('is past its order-by time');
          expect(deliveryDateProblem(VALENTINE, 'pickup', now, s)?.message).toBe('Orders for 14 Feb closed at 6pm on 13 Feb: choose another day');
          expect(orderDateProblem({ deliveryDate: VALENTINE, deliveryMethod: 'delivery' }, now, s)?.message).toBe(
            'Orders for 14 Feb closed at 6pm on 13 Feb: choose a new delivery date before paying',
          );
          expect(earliestDate(now, 'delivery', s)).not.toBe(VALENTINE);
        } else {
          expect(deliveryDateProblem(VALENTINE, 'delivery', now, s)).toBeNull();
        }
      }),
    );
  });

  it('skips a closed-by-order-by today when choosing the earliest day', () => {
    const today = settings({ orderBy: [{ date: '2027-02-10', closesAt: '2027-02-10 09:00' }] });
    expect(earliestDate(NOW, 'delivery', today)).toBe('2027-02-11');
  });
});

describe('a day as the shopper reads it', () => {
  it('gives the first reason that applies', () => {
    const s = settings({
      closedDates: [{ date: '2027-02-12', note: '' }],
      capacities: [{ day: '2027-02-11', place: 'lagos', orders: 0 }],
    });
    expect(deliveryDay('2027-02-09', 'lagos', NOW, s)).toEqual({ date: '2027-02-09', open: false, reason: 'Passed' });
    expect(deliveryDay('2027-02-12', 'lagos', NOW, s)).toEqual({ date: '2027-02-12', open: false, reason: 'Closed' });
    expect(deliveryDay('2027-02-11', 'lagos', NOW, s)).toEqual({ date: '2027-02-11', open: false, reason: 'Fully booked', remaining: 0 });
    expect(deliveryDay('2027-02-10', 'lagos', new Date('2027-02-10T21:00:00Z'), s)).toMatchObject({ open: false, reason: 'Same-day delivery closed at 9:00pm' });
    expect(deliveryDay('2027-02-10', 'pickup:Lekki LPL', new Date('2027-02-10T21:00:00Z'), s)).toEqual({ date: '2027-02-10', open: true });
  });

  it('tells a shopper beaten to the last place what to do', () => {
    expect(dayFullMessage(VALENTINE, ['2027-02-15', '2027-02-16'])).toBe(
      '14 Feb is fully booked: another shopper took the last place while you were checking out. Your cart is kept; choose another day. The next open days: 15 Feb, 16 Feb.',
    );
  });

  it('says another shopper took the last place only when that happened while this one checked out (issue 38)', () => {
    expect(dayFullMessage(VALENTINE, ['2027-02-15'], false)).toBe('14 Feb is fully booked. Your cart is kept; choose another day. The next open days: 15 Feb.');
    expect(dayFullMessage(VALENTINE, [], false)).toBe('14 Feb is fully booked. Your cart is kept; choose another day.');
  });
});
