import { DAY_PLACES, type DayCapacity } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { dateHeading } from '../src/board';
import {
  capacitiesByDay,
  capacityDayLabel,
  capacityWords,
  crowdedPlaces,
  heldUntilWords,
  holderLine,
  itemLine,
  orderByLine,
  placeLabel,
  placeLoadLine,
  placeLoadWords,
  PLACE_CHOICES,
  readOrders,
  sheetFor,
  telHref,
} from '../src/days';

describe('places', () => {
  it('names each place by the contracts’ labels and branch codes, in the contracts’ order', () => {
    expect(placeLabel('lagos')).toBe('Lagos');
    expect(placeLabel('other-locations')).toBe('Other locations');
    expect(placeLabel('pickup:Lekki LPL')).toBe('Pick-up at Lekki LPL');
    expect(PLACE_CHOICES.map((p) => p.place)).toEqual([...DAY_PLACES]);
    expect(PLACE_CHOICES.map((p) => p.label)).toEqual(['Lagos', 'Abuja', 'Other locations', 'Pick-up at Ikoyi LPI', 'Pick-up at Abuja APA', 'Pick-up at Lekki LPL']);
  });
});

describe("a place's load on a day", () => {
  it('says taken and held against the capacity, with the places left', () => {
    expect(placeLoadWords({ place: 'lagos', capacity: 300, taken: 212, held: 31 })).toEqual({ label: 'Lagos', count: '212 taken + 31 held of 300', state: 'open', flag: '57 left' });
    expect(placeLoadLine({ place: 'lagos', capacity: 300, taken: 212, held: 31 })).toBe('Lagos 212 taken + 31 held of 300 (57 left)');
  });

  it('marks a place full at its capacity, held orders counted', () => {
    expect(placeLoadWords({ place: 'abuja', capacity: 40, taken: 38, held: 2 })).toMatchObject({ state: 'full', flag: 'Full' });
    expect(placeLoadWords({ place: 'pickup:Ikoyi LPI', capacity: 0, taken: 0, held: 0 })).toMatchObject({ count: '0 taken + 0 held of 0', state: 'full', flag: 'Full' });
  });

  it('marks a place over-booked by how many when a capacity was lowered under its orders', () => {
    expect(placeLoadWords({ place: 'lagos', capacity: 200, taken: 205, held: 3 })).toMatchObject({ state: 'over', flag: 'Over-booked by 8' });
  });

  it('says no limit when the place has no capacity, however many orders', () => {
    expect(placeLoadWords({ place: 'other-locations', capacity: null, taken: 12, held: 3 })).toEqual({ label: 'Other locations', count: '12 taken + 3 held, no limit', state: 'unlimited', flag: null });
    expect(placeLoadLine({ place: 'other-locations', capacity: null, taken: 0, held: 0 })).toBe('Other locations 0 taken + 0 held, no limit');
  });

  it('picks the full and over-booked places of a day', () => {
    const day = {
      date: '2027-02-14',
      orderBy: null,
      closed: null,
      places: [
        { place: 'lagos' as const, capacity: 300, taken: 300, held: 0 },
        { place: 'abuja' as const, capacity: 50, taken: 10, held: 1 },
        { place: 'other-locations' as const, capacity: null, taken: 900, held: 0 },
        { place: 'pickup:Lekki LPL' as const, capacity: 5, taken: 4, held: 2 },
      ],
    };
    expect(crowdedPlaces(day).map((p) => p.place)).toEqual(['lagos', 'pickup:Lekki LPL']);
  });
});

describe('capacities set', () => {
  const capacities: DayCapacity[] = [
    { day: '2027-02-14', place: 'pickup:Lekki LPL', orders: 40 },
    { day: 'sun', place: 'abuja', orders: 60 },
    { day: '2027-02-13', place: 'lagos', orders: 250 },
    { day: '2027-02-14', place: 'lagos', orders: 300 },
    { day: 'mon', place: 'lagos', orders: 80 },
  ];

  it('groups weekday defaults first, Monday to Sunday, then dates in order; places in the contracts’ order', () => {
    expect(capacitiesByDay(capacities)).toEqual([
      { day: 'mon', places: [{ place: 'lagos', orders: 80 }] },
      { day: 'sun', places: [{ place: 'abuja', orders: 60 }] },
      { day: '2027-02-13', places: [{ place: 'lagos', orders: 250 }] },
      {
        day: '2027-02-14',
        places: [
          { place: 'lagos', orders: 300 },
          { place: 'pickup:Lekki LPL', orders: 40 },
        ],
      },
    ]);
    expect(capacitiesByDay([])).toEqual([]);
  });

  it('names a weekday default and a date', () => {
    const heading = (date: string) => dateHeading(date, '2027-02-13');
    expect(capacityDayLabel('sat', heading)).toBe('Every Saturday');
    expect(capacityDayLabel('2027-02-14', heading)).toBe('Tomorrow, Sun 14 Feb 2027');
    expect(capacityWords('lagos', 300)).toBe('Lagos: 300 orders');
    expect(capacityWords('lagos', 1)).toBe('Lagos: 1 order');
    expect(capacityWords('pickup:Ikoyi LPI', 0)).toBe('Pick-up at Ikoyi LPI: no orders');
  });

  it('reads the orders typed: a number goes to the server (which judges its range), blank or not a number is said here', () => {
    expect(readOrders(' 300 ')).toEqual({ orders: 300 });
    expect(readOrders('0')).toEqual({ orders: 0 });
    expect(readOrders('-4')).toEqual({ orders: -4 });
    expect(readOrders('')).toEqual({ problem: 'Write how many orders the place can take (0: none), or choose No limit.' });
    expect(readOrders('lots')).toEqual({ problem: "Write the number of orders as digits, such as 300; got 'lots'." });
  });
});

describe('order-by times', () => {
  const valentine = { date: '2027-02-14', closesAt: '2027-02-13 18:00' };
  // 17:59 and 18:00 in Lagos (UTC+1), whatever the machine's own zone.
  it('say "close" before the moment and "closed" from it, by the one date rule', () => {
    expect(orderByLine(valentine, new Date('2027-02-13T16:59:00Z'))).toBe('Orders for 14 Feb close at 6pm on 13 Feb');
    expect(orderByLine(valentine, new Date('2027-02-13T17:00:00Z'))).toBe('Orders for 14 Feb closed at 6pm on 13 Feb');
  });
});

describe('the day sheet', () => {
  it('writes an item with its size and design, leaving out what it has not', () => {
    expect(itemLine({ name: 'Ruby Romance Red Roses', size: 'Large', design: 'Gold wrap', quantity: 2 })).toBe('2 × Ruby Romance Red Roses, Large, design: Gold wrap');
    expect(itemLine({ name: 'Teddy bear', size: null, design: null, quantity: 1 })).toBe('1 × Teddy bear');
  });

  it('dials the phone as digits with its country code', () => {
    expect(telHref('+234 809 555 1234')).toBe('tel:+2348095551234');
    expect(telHref('0809-555-1234')).toBe('tel:08095551234');
  });

  it('links a place’s sheet with the place in the query', () => {
    expect(sheetFor('2027-02-14', 'pickup:Lekki LPL')).toBe('/days/2027-02-14/sheet?place=pickup%3ALekki%20LPL');
  });
});

describe('who holds a place (issue 38)', () => {
  it('says when a hold ends in Lagos time, and who holds it', () => {
    expect(heldUntilWords('2099-02-01T09:30:00.000Z')).toBe('10:30am on 1 Feb');
    expect(heldUntilWords('2099-02-13T23:15:00.000Z')).toBe('12:15am on 14 Feb');
    expect(holderLine({ name: 'Funke Adebayo', email: 'funke@example.com', phone: '+2348031234567' })).toBe('Funke Adebayo, funke@example.com, +2348031234567');
    expect(holderLine({ name: null, email: 'a@example.com', phone: null })).toBe('a@example.com');
    expect(holderLine({ name: null, email: null, phone: null })).toBe('No sender details yet');
  });
});
