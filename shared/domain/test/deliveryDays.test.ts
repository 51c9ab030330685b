import { API_PATHS, DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type DeliveryDay } from '@adire/contracts';
import { describe, expect, it, vi } from 'vitest';
import { chosenDayProblem, dayLine, dayNote, daysFrom, deliveryDaysQuery, fetchDeliveryDays, readDayAnswers, shownDay } from '../src/days';

/** 12:00 Lagos time on 2027-02-10: four days before Valentine's. */
const NOW = new Date('2027-02-10T11:00:00Z');
const settings = (extra: Partial<CheckoutSettings>): CheckoutSettings => ({ ...DEFAULT_CHECKOUT_SETTINGS, ...extra });
const answers = (...days: DeliveryDay[]) => new Map(days.map((d) => [d.date, d]));

describe('a day as the shopper is shown it', () => {
  it("is the shop's answer for the place when the date rule leaves it open", () => {
    const full = { date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 };
    expect(shownDay('2027-02-14', answers(full), 'lagos', NOW)).toEqual(full);
    const few = { date: '2027-02-13', open: true, remaining: 2 };
    expect(shownDay('2027-02-13', answers(few), 'lagos', NOW)).toEqual(few);
  });
  it('is closed by the date rule whatever an older answer says (past, closed day, order-by time)', () => {
    const open = (date: string) => ({ date, open: true, remaining: 4 });
    expect(shownDay('2027-02-09', answers(open('2027-02-09')), 'lagos', NOW)).toEqual({ date: '2027-02-09', open: false, reason: 'Passed', remaining: 4 });
    const closed = settings({ closedDates: [{ date: '2027-02-12', note: '' }] });
    expect(shownDay('2027-02-12', answers(open('2027-02-12')), 'lagos', NOW, closed)).toMatchObject({ open: false, reason: 'Closed' });
    const orderBy = settings({ orderBy: [{ date: '2027-02-14', closesAt: '2027-02-10 09:00' }] });
    expect(shownDay('2027-02-14', answers(open('2027-02-14')), 'lagos', NOW, orderBy)).toMatchObject({
      open: false,
      reason: 'Orders for 14 Feb closed at 9am on 10 Feb',
    });
  });
  it('without an answer (not fetched yet, or the call failed) goes by the rule alone, with no count of places', () => {
    expect(shownDay('2027-02-14', new Map(), 'lagos', NOW)).toEqual({ date: '2027-02-14', open: true });
    // A capacity in the settings says nothing of the places taken: no 'Only N left' without the shop's answer.
    const capped = settings({ capacities: [{ day: '2027-02-14', place: 'lagos', orders: 3 }] });
    expect(shownDay('2027-02-14', new Map(), 'lagos', NOW, capped)).toEqual({ date: '2027-02-14', open: true });
    // The same-day cutoff: 21:30 in Lagos, today is closed for delivery, still open for pick-up (23:50).
    const evening = new Date('2027-02-10T20:30:00Z');
    expect(shownDay('2027-02-10', new Map(), 'lagos', evening)).toEqual({ date: '2027-02-10', open: false, reason: 'Same-day delivery closed at 9:00pm' });
    expect(shownDay('2027-02-10', new Map(), 'pickup:Lekki LPL', evening).open).toBe(true);
  });
});

describe('what a day says', () => {
  it('its reason when shut, "Only N left" for 1 to 5 places, nothing otherwise', () => {
    expect(dayNote({ date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 })).toBe('Fully booked');
    expect(dayNote({ date: '2027-02-14', open: true, remaining: 5 })).toBe('Only 5 left');
    expect(dayNote({ date: '2027-02-14', open: true, remaining: 6 })).toBeNull();
    expect(dayNote({ date: '2027-02-14', open: true })).toBeNull();
    expect(dayLine({ date: '2027-02-14', open: false, reason: 'Fully booked' })).toBe('14 Feb: Fully booked');
    expect(dayLine({ date: '2027-02-13', open: true, remaining: 1 })).toBe('13 Feb: Only 1 left');
    expect(dayLine({ date: '2027-02-12', open: true })).toBe('12 Feb: open');
  });
  it('a chosen day that is not open is an error with its reason', () => {
    expect(chosenDayProblem({ date: '2027-02-14', open: false, reason: 'Fully booked' })).toBe('14 Feb: Fully booked. Choose another day.');
    expect(chosenDayProblem({ date: '2027-02-14', open: true, remaining: 1 })).toBeNull();
  });
});

describe('asking the shop', () => {
  it('days in order, across a month end', () => {
    expect(daysFrom('2027-02-27', 3)).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(daysFrom('2027-02-27', 0)).toEqual([]);
  });
  it('asks for at most 62 days, at least one', () => {
    expect(deliveryDaysQuery('pickup:Ikoyi LPI', '2027-02-01', 100)).toEqual({ from: '2027-02-01', days: 62, location: 'pickup:Ikoyi LPI' });
    expect(deliveryDaysQuery('lagos', '2027-02-01', 0).days).toBe(1);
  });
  it('keeps only well-formed days of the answer', () => {
    const read = readDayAnswers([
      { date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 },
      { date: '2027-02-30', open: true },
      { date: '2027-02-15', open: 'yes' },
      { date: '2027-02-16', open: true, remaining: -1 },
      null,
    ]);
    expect([...read.keys()]).toEqual(['2027-02-14']);
    expect(readDayAnswers({ data: [] }).size).toBe(0);
  });
  it('calls GET delivery-days with the place, and gives null when the call fails', async () => {
    const get = vi.fn().mockResolvedValueOnce({ error: false, message: '', data: [{ date: '2027-02-14', open: true, remaining: 3 }] });
    const days = await fetchDeliveryDays({ get }, 'abuja', '2027-02-14', 7);
    expect(get).toHaveBeenCalledWith(API_PATHS.deliveryDays, { query: { from: '2027-02-14', days: 7, location: 'abuja' }, signal: undefined });
    expect(days?.get('2027-02-14')).toEqual({ date: '2027-02-14', open: true, remaining: 3 });
    get.mockResolvedValueOnce({ error: true, message: 'down', data: null, status: 503 });
    expect(await fetchDeliveryDays({ get }, 'abuja', '2027-02-14', 7)).toBeNull();
  });
});
