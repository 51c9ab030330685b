import {
  DAY_PLACES,
  DEFAULT_CHECKOUT_SETTINGS,
  DELIVERY_STATE_LABELS,
  PICKUP_LOCATIONS,
  WEEKDAYS,
  type CheckoutSettings,
  type DayPlace,
  type DeliveryDay,
  type DeliveryMethod,
  type Weekday,
} from '@adire/contracts';
import { shopDate } from './clock';
import { closedDay, cutoffMinutes, formatCutoff, orderByPassed, orderByWords, sameDayOpen, shortDay } from './cutoff';

/**
 * Peak days, pure: how many orders a place can take on a day (capacity), the moment a day's orders
 * close (its order-by time), and what a shopper is told about each day. Part of the one date rule:
 * the drawer, the checkout and the server all read a day through `deliveryDay`, and the server holds
 * a place only when `placeLeft` says one is left (the count itself is the orders domain's, read and
 * held in one transaction).
 */

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Where an order's place is counted: its delivery state, or its pick-up branch; null when not known yet. */
export function dayPlace(method: DeliveryMethod | null | undefined, state: string | null | undefined, pickupLocation: string | null | undefined): DayPlace | null {
  if (method === 'pickup') {
    const branch = PICKUP_LOCATIONS.find((p) => norm(p.code) === norm(pickupLocation ?? ''));
    return branch ? `pickup:${branch.code}` : null;
  }
  if (method === 'delivery') {
    // A delivery is counted for its state only: a 'pickup:…' written as a state is no place.
    const place = readDayPlace(state ?? '');
    return place && !place.startsWith('pickup:') ? place : null;
  }
  return null;
}

/** 'lagos', 'Abuja', 'pickup:ikoyi lpi' → the place as written in the contracts; anything else null. */
export function readDayPlace(value: unknown): DayPlace | null {
  if (typeof value !== 'string') return null;
  return DAY_PLACES.find((p) => norm(p) === norm(value)) ?? null;
}

/** 'lagos' → 'Lagos'; 'pickup:Lekki LPL' → 'Pick-up at Lekki LPL' (the contracts' labels and branch codes). */
export function dayPlaceLabel(place: DayPlace): string {
  if (place.startsWith('pickup:')) return `Pick-up at ${place.slice('pickup:'.length)}`;
  return DELIVERY_STATE_LABELS[place as keyof typeof DELIVERY_STATE_LABELS] ?? place;
}

/** The method a place is counted for. */
export const placeMethod = (place: DayPlace): DeliveryMethod => (place.startsWith('pickup:') ? 'pickup' : 'delivery');

/** 'mon' … 'sun' of a calendar day (YYYY-MM-DD). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(day + 6) % 7]!;
}

/** Orders the place can take that day: the day's own number, else its weekday's, else null (unlimited). */
export function dayCapacity(date: string, place: DayPlace, settings: Pick<CheckoutSettings, 'capacities'> = DEFAULT_CHECKOUT_SETTINGS): number | null {
  const list = settings.capacities ?? [];
  const own = list.find((c) => c.day === date && c.place === place);
  if (own) return own.orders;
  const weekday = weekdayOf(date);
  return list.find((c) => c.day === weekday && c.place === place)?.orders ?? null;
}

/** Whether one more order fits: unlimited, or fewer booked than the capacity. */
export function placeLeft(capacity: number | null, booked: number): boolean {
  return capacity === null || booked < capacity;
}

export const DAY_REASONS = {
  full: 'Fully booked',
  closed: 'Closed',
  passed: 'Passed',
} as const;

/** 'Only 3 left' for a day with 1 to 5 places left; null otherwise. */
export const FEW_LEFT = 5;
export function fewLeftWords(day: Pick<DeliveryDay, 'open' | 'remaining'>): string | null {
  return day.open && day.remaining !== undefined && day.remaining > 0 && day.remaining <= FEW_LEFT ? `Only ${day.remaining} left` : null;
}

/**
 * A day for a place as the shopper sees it: open or not, why not, and how many places are left when
 * the day has a capacity. `booked`: the place's orders held or taken that day. The reasons, first that
 * applies: a past day, a closed day, an order-by time reached, today after the same-day cutoff, no
 * place left.
 */
export function deliveryDay(date: string, place: DayPlace, now: Date, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS, booked = 0): DeliveryDay {
  const capacity = dayCapacity(date, place, settings);
  const remaining = capacity === null ? undefined : Math.max(0, capacity - booked);
  const withRemaining = remaining === undefined ? {} : { remaining };
  const shut = (reason: string): DeliveryDay => ({ date, open: false, reason, ...withRemaining });
  const method = placeMethod(place);
  const today = shopDate(now, settings.timeZone);
  if (date < today) return shut(DAY_REASONS.passed);
  if (closedDay(date, settings)) return shut(DAY_REASONS.closed);
  const orderBy = orderByPassed(date, now, settings);
  if (orderBy) return shut(orderByWords(orderBy));
  if (date === today && !sameDayOpen(now, method, settings)) {
    return shut(`Same-day ${method === 'pickup' ? 'pick-up' : 'delivery'} closed at ${formatCutoff(cutoffMinutes(method, settings, date))}`);
  }
  if (!placeLeft(capacity, booked)) return shut(DAY_REASONS.full);
  return { date, open: true, ...withRemaining };
}

/**
 * The sentence of a 409 DAY_FULL. `raced`: the last place went while this shopper was checking out
 * (after their order was started); otherwise the day was full already and the sentence says only that.
 */
export function dayFullMessage(date: string, nextOpenDays: readonly string[], raced = true): string {
  const next = nextOpenDays.length ? ` The next open days: ${nextOpenDays.map(shortDay).join(', ')}.` : '';
  const why = raced ? ': another shopper took the last place while you were checking out.' : '.';
  return `${shortDay(date)} is fully booked${why} Your cart is kept; choose another day.${next}`;
}
