import { DEFAULT_CHECKOUT_SETTINGS, type DeliveryDay } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { choiceLabel, dayChoices, dayReader, typedDayNote } from '../src/delivery/days';
import { emptyForm } from '../src/delivery/form';
import { fieldProblem } from '../src/delivery/validation';

/** 10:00 in Lagos on Wednesday 10 Feb 2027. */
const NOW = new Date('2027-02-10T09:00:00Z');
const answers = new Map<string, DeliveryDay>([
  ['2027-02-13', { date: '2027-02-13', open: true, remaining: 2 }],
  ['2027-02-14', { date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 }],
  ['2027-02-15', { date: '2027-02-15', open: true, remaining: 30 }],
]);

describe('the next two weeks as choices', () => {
  it('labels a day as the shopper reads it', () => {
    expect(choiceLabel('2027-02-14')).toBe('Sun 14 Feb');
    expect(choiceLabel('2027-03-01')).toBe('Mon 1 Mar');
  });

  it('fourteen days from the first, a shut day disabled with its reason, few places as "Only N left"', () => {
    const choices = dayChoices('2027-02-10', dayReader('lagos', 'delivery', answers, NOW));
    expect(choices).toHaveLength(14);
    expect(choices[0]).toEqual({ date: '2027-02-10', label: 'Wed 10 Feb', note: null, disabled: false });
    expect(choices[13]!.date).toBe('2027-02-23');
    expect(choices.filter((c) => c.note)).toEqual([
      { date: '2027-02-13', label: 'Sat 13 Feb', note: 'Only 2 left', disabled: false },
      { date: '2027-02-14', label: 'Sun 14 Feb', note: 'Fully booked', disabled: true },
    ]);
  });

  it('a closed day and an order-by time shut a day by the date rule, at any place', () => {
    const settings = {
      ...DEFAULT_CHECKOUT_SETTINGS,
      closedDates: [{ date: '2027-02-12', note: 'Public holiday' }],
      orderBy: [{ date: '2027-02-11', closesAt: '2027-02-10 09:30' }],
    };
    const choices = dayChoices('2027-02-10', dayReader('pickup:Ikoyi LPI', 'pickup', new Map(), NOW, settings), 3);
    expect(choices.map((c) => [c.label, c.note, c.disabled])).toEqual([
      ['Wed 10 Feb', null, false],
      ['Thu 11 Feb', 'Orders for 11 Feb closed at 9:30am on 10 Feb', true],
      ['Fri 12 Feb', 'Closed', true],
    ]);
  });

  it("before a place is chosen: the date rule alone, no place's capacity", () => {
    const settings = { ...DEFAULT_CHECKOUT_SETTINGS, capacities: [{ day: '2027-02-14', place: 'lagos' as const, orders: 0 }] };
    // A capacity of 0 shuts the day for Lagos...
    expect(dayReader('lagos', 'delivery', new Map(), NOW, settings)('2027-02-14')).toMatchObject({ open: false, reason: 'Fully booked' });
    // ...but says nothing while the shopper has not said where the flowers go.
    expect(dayReader(null, 'delivery', answers, NOW, settings)('2027-02-14')).toEqual({ date: '2027-02-14', open: true });
  });
});

describe('the chosen day as the field checks it', () => {
  const form = { ...emptyForm(), state: 'lagos' };
  const ctx = { loggedIn: false, now: NOW, dayOf: dayReader('lagos', 'delivery', answers, NOW) };
  it('a fully booked day is an error with its reason; a day with places is fine', () => {
    expect(fieldProblem('deliveryDate', { ...form, deliveryDate: '2027-02-14' }, ctx)).toBe('14 Feb: Fully booked. Choose another day.');
    expect(fieldProblem('deliveryDate', { ...form, deliveryDate: '2027-02-13' }, ctx)).toBeNull();
  });
  it("the date rule's own sentence comes first (a day gone by)", () => {
    expect(fieldProblem('deliveryDate', { ...form, deliveryDate: '2027-02-09' }, ctx)).toBe('Delivery date is in the past: choose today or a later day');
  });
});

describe('a later day typed into the date field (issue 44, item 2)', () => {
  const later = new Map<string, DeliveryDay>([
    ...answers,
    ['2027-03-06', { date: '2027-03-06', open: true, remaining: 2 }],
    ['2027-03-07', { date: '2027-03-07', open: true, remaining: 6 }],
  ]);
  const dayOf = dayReader('lagos', 'delivery', later, NOW);
  const choices = dayChoices('2027-02-10', dayOf);

  it('says "Only N left" for a day three weeks ahead with 1-5 places', () => {
    expect(typedDayNote('2027-03-06', choices, dayOf)).toBe('6 Mar: Only 2 left');
  });

  it('says nothing for a day with places enough, a day of the list (its choice says it) or no day', () => {
    expect(typedDayNote('2027-03-07', choices, dayOf)).toBeNull();
    expect(typedDayNote('2027-02-13', choices, dayOf)).toBeNull();
    expect(typedDayNote('', choices, dayOf)).toBeNull();
  });
});
