import { DAY_PLACES, DEFAULT_CHECKOUT_SETTINGS, WEEKDAY_NAMES, WEEKDAYS, type DayCapacity, type DayHold, type DayLoad, type DayPlace, type DaySheetOrder, type OrderByTime, type PlaceLoad, type Weekday } from '@adire/contracts';
import { formatCutoff, orderByPassed, orderByWords, shopTime, shortDay } from '@adire/domain';
import { dayPlaceLabel } from '@adire/domain/days';

/**
 * Peak days as the back office shows them, pure: the names of places and weekdays, a place's load on
 * a day ("212 taken + 31 held of 300"), the capacities and order-by times listed, a day sheet's lines.
 * The rules themselves (a day's capacity, when its orders close) are @adire/domain's.
 */

/** 'lagos' → 'Lagos'; 'pickup:Lekki LPL' → 'Pick-up at Lekki LPL' (the one label, @adire/domain's). */
export const placeLabel = dayPlaceLabel;

/** Every place with its label, in the contracts' order (delivery locations, then each branch). */
export const PLACE_CHOICES: readonly { place: DayPlace; label: string }[] = DAY_PLACES.map((place) => ({ place, label: placeLabel(place) }));

export const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

/** 'sat' → 'Every Saturday'; a date → its heading ('Sun 14 Feb 2027', today and tomorrow by name). */
export function capacityDayLabel(day: string, heading: (date: string) => string): string {
  return isWeekday(day) ? `Every ${WEEKDAY_NAMES[day]}` : heading(day);
}

export const WEEKDAY_CHOICES: readonly { day: Weekday; label: string }[] = WEEKDAYS.map((day) => ({ day, label: `Every ${WEEKDAY_NAMES[day]}` }));

/** A place's load on a day, in words, and whether it is full. */
export interface PlaceLoadWords {
  label: string;
  /** '212 taken + 31 held of 300'; '12 taken + 3 held, no limit'. */
  count: string;
  /** open: room left; unlimited: no capacity; full: exactly at capacity; over: past it (a capacity lowered after orders came). */
  state: 'open' | 'unlimited' | 'full' | 'over';
  /** 'Full', 'Over-booked by 5', '88 left'; null when unlimited. */
  flag: string | null;
}

export function placeLoadWords(load: PlaceLoad): PlaceLoadWords {
  const label = placeLabel(load.place);
  const booked = load.taken + load.held;
  const counted = `${load.taken} taken + ${load.held} held`;
  if (load.capacity === null) return { label, count: `${counted}, no limit`, state: 'unlimited', flag: null };
  const count = `${counted} of ${load.capacity}`;
  if (booked > load.capacity) return { label, count, state: 'over', flag: `Over-booked by ${booked - load.capacity}` };
  if (booked === load.capacity) return { label, count, state: 'full', flag: 'Full' };
  return { label, count, state: 'open', flag: `${load.capacity - booked} left` };
}

/** 'Lagos 212 taken + 31 held of 300' — one line, for a screen reader or a list. */
export const placeLoadLine = (load: PlaceLoad) => {
  const words = placeLoadWords(load);
  return `${words.label} ${words.count}${words.flag ? ` (${words.flag})` : ''}`;
};

/** The places of a day worth a florist's eye first: any full or over-booked. */
export const crowdedPlaces = (day: DayLoad): PlaceLoad[] => day.places.filter((p) => p.capacity !== null && p.taken + p.held >= p.capacity);

/** Capacities grouped by day: weekday defaults first (Monday to Sunday), then dates in order; places in the contracts' order. */
export function capacitiesByDay(capacities: readonly DayCapacity[]): { day: string; places: { place: DayPlace; orders: number }[] }[] {
  const rank = (day: string) => (isWeekday(day) ? `0${WEEKDAYS.indexOf(day)}` : `1${day}`);
  const days = [...new Set(capacities.map((c) => c.day))].sort((a, b) => rank(a).localeCompare(rank(b)));
  return days.map((day) => ({
    day,
    places: capacities
      .filter((c) => c.day === day)
      .sort((a, b) => DAY_PLACES.indexOf(a.place) - DAY_PLACES.indexOf(b.place))
      .map((c) => ({ place: c.place, orders: c.orders })),
  }));
}

/** 'Lagos: 300 orders', 'Pick-up at Ikoyi LPI: no orders' (0 takes none). */
export const capacityWords = (place: DayPlace, orders: number) => `${placeLabel(place)}: ${orders === 0 ? 'no orders' : `${orders} ${orders === 1 ? 'order' : 'orders'}`}`;

/** 'Orders for 14 Feb close at 6pm on 13 Feb', or 'closed' once the moment has passed. */
export const orderByLine = (orderBy: OrderByTime, now: Date) => orderByWords(orderBy, !!orderByPassed(orderBy.date, now, { ...DEFAULT_CHECKOUT_SETTINGS, orderBy: [orderBy] }));

/** Order-by times by delivery day. */
export const orderBySorted = (list: readonly OrderByTime[]) => [...list].sort((a, b) => a.date.localeCompare(b.date));

/**
 * What the capacity form sends as `orders`: a whole number as typed (the server judges its range and
 * says why beside the field), or a problem to show without asking the server.
 */
export function readOrders(text: string): { orders: number } | { problem: string } {
  const value = text.trim();
  if (!value) return { problem: 'Write how many orders the place can take (0: none), or choose No limit.' };
  const orders = Number(value);
  if (!Number.isFinite(orders)) return { problem: `Write the number of orders as digits, such as 300; got '${value}'.` };
  return { orders };
}

/** '2 × Ruby Romance Red Roses, Large, design: Gold wrap'. */
export function itemLine(item: DaySheetOrder['items'][number]): string {
  return [`${item.quantity} × ${item.name}`, item.size, item.design && `design: ${item.design}`].filter(Boolean).join(', ');
}

/** A phone link a rider's phone dials: digits and a leading '+'. */
export { telLink as telHref } from '@adire/domain/contact';

/** The board for one day, and a place's day sheet. */
export const boardForDay = (date: string) => `/?day=${encodeURIComponent(date)}`;
export const sheetFor = (date: string, place: DayPlace) => `/days/${encodeURIComponent(date)}/sheet?place=${encodeURIComponent(place)}`;

/** When a hold ends, in Lagos: '9:30am on 1 Feb'. Pure. */
export function heldUntilWords(iso: string): string {
  const { date, seconds } = shopTime(new Date(iso), DEFAULT_CHECKOUT_SETTINGS.timeZone);
  return `${formatCutoff(Math.floor(seconds / 60))} on ${shortDay(date)}`;
}

/** Who holds a place, in one line: 'Funke Adebayo, funke@example.com, +2348031234567'. Pure. */
export function holderLine(sender: DayHold['sender']): string {
  return [sender.name, sender.email, sender.phone].filter(Boolean).join(', ') || 'No sender details yet';
}
