import { DAY_PLACES, WEEKDAY_NAMES, WEEKDAYS, type CheckoutSettings, type DayCapacity, type DayPlace, type OrderByTime, type PeakDaysView, type Weekday } from '@adire/contracts';
import { formatDrawerDate, isApiDate, orderByWords, parseShopMoment, shopMomentToDate } from '@adire/domain';
import { dayCapacity, dayPlaceLabel, readDayPlace, weekdayOf } from '@adire/domain/days';
import { SettingsError } from './settings-store';

/**
 * Peak days in the delivery settings (issue 29): how many orders a place can take on a day (a default
 * per weekday, or a date's own number) and the moment a date's orders close (its order-by time). Both
 * are kept in the checkout settings, beside the closed days, so they move the data stamp and reach
 * every client through the handshake; the one date rule of `@adire/domain` reads them. Pure: the
 * reading of a change, its check against the settings, and what the back office shows.
 */

export type PeakDayChange =
  | { kind: 'set-capacity'; day: Weekday | string; place: DayPlace; orders: number | null }
  | { kind: 'set-order-by'; date: string; closesAt: string }
  | { kind: 'clear-order-by'; date: string };

export const PEAK_DAY_CHANGES = ['set-capacity', 'set-order-by', 'clear-order-by'] as const;
export type PeakDayChangeKind = PeakDayChange['kind'];
export const isPeakDayKind = (kind: string): kind is PeakDayChangeKind => (PEAK_DAY_CHANGES as readonly string[]).includes(kind);

/** The most orders a capacity may say (a typo guard: the shop has never made that many in a day). */
export const MAX_CAPACITY = 10_000;
/** Dates with a capacity or an order-by time of their own kept ahead (past ones are dropped on every change). */
export const MAX_PEAK_DATES = 300;

const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : typeof s === 'number' ? String(s) : '');
const dayWords = (date: string) => formatDrawerDate(date);
const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

/** 'Delivery in Lagos', 'Pick-up at Ikoyi LPI'. */
export function placeWords(place: DayPlace): string {
  return place.startsWith('pickup:') ? dayPlaceLabel(place) : `Delivery in ${dayPlaceLabel(place)}`;
}

/** 'on 14 Feb 2027', 'every Saturday'. */
const onDay = (day: string) => (isWeekday(day) ? `every ${WEEKDAY_NAMES[day]}` : `on ${dayWords(day)}`);
const ordersWords = (orders: number | null) => (orders === null ? 'unlimited orders' : `${orders} ${orders === 1 ? 'order' : 'orders'}`);

/** A weekday (mon … sun, any case, or its whole name) or a real day written YYYY-MM-DD. */
export function parseCapacityDay(raw: unknown, field: string): Weekday | string {
  const text = clean(raw).toLowerCase();
  const weekday = WEEKDAYS.find((w) => w === text || WEEKDAY_NAMES[w].toLowerCase() === text);
  if (weekday) return weekday;
  if (isApiDate(text)) return text;
  throw new SettingsError(`'${clean(raw).slice(0, 40)}' is not a day: write a date YYYY-MM-DD, such as 2027-02-14, or a weekday: ${WEEKDAYS.join(', ')}.`, field);
}

/** A place orders are counted for: lagos, abuja, other-locations or pickup:<branch code> (any case). */
export function parsePlace(raw: unknown, field: string): DayPlace {
  const text = clean(raw);
  if (!text) throw new SettingsError(`Choose the place: ${DAY_PLACES.join(', ')}.`, field);
  const place = readDayPlace(text);
  if (!place) throw new SettingsError(`Unknown place '${text.slice(0, 40)}'. Places: ${DAY_PLACES.join(', ')}.`, field);
  return place;
}

/** A whole number of orders from 0 to MAX_CAPACITY, or null for 'none' (the capacity is removed). */
export function parseCapacity(raw: unknown, field: string): number | null {
  if (raw === null) return null;
  const text = typeof raw === 'string' || typeof raw === 'number' ? clean(raw).toLowerCase() : '';
  if (text === 'none') return null;
  if (!/^\d{1,5}$/.test(text) || Number(text) > MAX_CAPACITY) {
    const got = typeof raw === 'string' || typeof raw === 'number' ? clean(raw).slice(0, 40) : JSON.stringify(raw ?? '').slice(0, 40);
    throw new SettingsError(`The capacity must be a whole number of orders from 0 to ${MAX_CAPACITY} written as digits, or none to remove it; got '${got}'.`, field);
  }
  return Number(text);
}

/** A moment in Lagos time, 'YYYY-MM-DD HH:mm' (24-hour). */
export function parseMoment(raw: unknown, field: string): string {
  const moment = parseShopMoment(clean(raw));
  if (!moment) throw new SettingsError(`'${clean(raw).slice(0, 40)}' is not a moment: write it YYYY-MM-DD HH:mm, 24-hour Lagos time, such as 2027-02-13 18:00.`, field);
  const hh = String(Math.floor(moment.minutes / 60)).padStart(2, '0');
  const mm = String(moment.minutes % 60).padStart(2, '0');
  return `${moment.date} ${hh}:${mm}`;
}

const parseDate = (raw: unknown, field: string): string => {
  const text = clean(raw);
  if (!isApiDate(text)) throw new SettingsError(`'${clean(raw).slice(0, 40)}' is not a day: write it YYYY-MM-DD, such as 2027-02-14.`, field);
  return text;
};

/** One peak-day change read from named fields (the back office's form, or the command's words). */
export function readPeakDayChange(kind: PeakDayChangeKind, input: Record<string, unknown>): PeakDayChange {
  switch (kind) {
    case 'set-capacity':
      return { kind, day: parseCapacityDay(input.day, 'day'), place: parsePlace(input.place, 'place'), orders: parseCapacity(input.orders, 'orders') };
    case 'set-order-by':
      return { kind, date: parseDate(input.date, 'date'), closesAt: parseMoment(input.closesAt, 'closesAt') };
    case 'clear-order-by':
      return { kind, date: parseDate(input.date, 'date') };
  }
}

/** What a change is about, for the audit: '2027-02-14 / lagos', 'sat / pickup:Ikoyi LPI', '2027-02-14'. */
export function peakDayTarget(change: PeakDayChange): string {
  return change.kind === 'set-capacity' ? `${change.day} / ${change.place}` : change.date;
}

/** Dated entries before today are dropped; weekday defaults stay. */
const keepAhead = (capacities: readonly DayCapacity[], today: string) => capacities.filter((c) => isWeekday(c.day) || c.day >= today);

function setCapacity(checkout: CheckoutSettings, change: Extract<PeakDayChange, { kind: 'set-capacity' }>, today: string): string {
  const { day, place, orders } = change;
  if (!isWeekday(day) && day < today) throw new SettingsError(`${dayWords(day)} has passed.`, 'day');
  const capacities = keepAhead(checkout.capacities ?? [], today);
  const own = capacities.find((c) => c.day === day && c.place === place);
  const others = capacities.filter((c) => c !== own);
  const was = isWeekday(day) ? (own?.orders ?? null) : dayCapacity(day, place, { capacities });
  if (orders === null) {
    if (!own) throw new SettingsError(`${placeWords(place)} has no capacity of its own ${onDay(day)}: there is nothing to remove.`, 'orders');
    checkout.capacities = others;
    const now = isWeekday(day) ? null : dayCapacity(day, place, { capacities: others });
    return `${placeWords(place)} ${onDay(day)}: no capacity of its own now, so it takes ${ordersWords(now)}${now !== null ? ` (the ${WEEKDAY_NAMES[weekdayOf(day)]} default)` : ''}.`;
  }
  if (!own && !isWeekday(day) && others.filter((c) => !isWeekday(c.day)).length >= MAX_PEAK_DATES) {
    throw new SettingsError(`${MAX_PEAK_DATES} days have a capacity of their own already: remove one first.`, 'day');
  }
  checkout.capacities = [...others, { day, place, orders }].sort(byDayThenPlace);
  return `${placeWords(place)} can take ${ordersWords(orders)} ${onDay(day)} (was ${was === null ? 'unlimited' : was}).`;
}

const dayRank = (day: string) => (isWeekday(day) ? `0${WEEKDAYS.indexOf(day)}` : `1${day}`);
const byDayThenPlace = (a: DayCapacity, b: DayCapacity) => dayRank(a.day).localeCompare(dayRank(b.day)) || DAY_PLACES.indexOf(a.place) - DAY_PLACES.indexOf(b.place);

function setOrderBy(checkout: CheckoutSettings, change: Extract<PeakDayChange, { kind: 'set-order-by' }>, today: string, now: Date): string {
  const { date, closesAt } = change;
  if (date < today) throw new SettingsError(`${dayWords(date)} has passed.`, 'date');
  if (closesAt.slice(0, 10) > date) {
    throw new SettingsError(`Orders for ${dayWords(date)} must close before the day ends: choose a moment on ${dayWords(date)} or before it.`, 'closesAt');
  }
  const closes = shopMomentToDate(closesAt, checkout.timeZone);
  if (!closes || closes.getTime() <= now.getTime()) {
    throw new SettingsError(`${closesAt} (Lagos time) has passed: choose a moment still ahead, or close the day with close-date.`, 'closesAt');
  }
  const list = (checkout.orderBy ?? []).filter((o) => o.date >= today && o.date !== date);
  if (list.length >= MAX_PEAK_DATES) throw new SettingsError(`${MAX_PEAK_DATES} days have an order-by time already: clear one first.`, 'date');
  const entry: OrderByTime = { date, closesAt };
  checkout.orderBy = [...list, entry].sort((a, b) => a.date.localeCompare(b.date));
  return `${orderByWords(entry, false)} (Lagos time): after that no new order may take ${dayWords(date)}.`;
}

function clearOrderBy(checkout: CheckoutSettings, date: string, today: string): string {
  const list = (checkout.orderBy ?? []).filter((o) => o.date >= today);
  if (!list.some((o) => o.date === date)) throw new SettingsError(`${dayWords(date)} has no order-by time.`, 'date');
  checkout.orderBy = list.filter((o) => o.date !== date);
  return `Orders for ${dayWords(date)} are taken until its same-day cutoff again.`;
}

/**
 * The checkout settings after one peak-day change (changed in place: the caller passes its copy), and
 * what to tell the person who made it. `now` decides whether an order-by moment is still ahead.
 */
export function applyPeakDayChange(checkout: CheckoutSettings, change: PeakDayChange, today: string, now: Date): string {
  switch (change.kind) {
    case 'set-capacity':
      return setCapacity(checkout, change, today);
    case 'set-order-by':
      return setOrderBy(checkout, change, today, now);
    case 'clear-order-by':
      return clearOrderBy(checkout, change.date, today);
  }
}

/** What the delivery settings page shows of peak days: weekday defaults and days from today. */
export function peakDaysView(checkout: CheckoutSettings, today: string): PeakDaysView {
  return { capacities: keepAhead(checkout.capacities ?? [], today), orderBy: (checkout.orderBy ?? []).filter((o) => o.date >= today) };
}

/** The part a change is about, as the audit keeps it before and after: the entry, or null when there is none. */
export function peakDayPart(view: PeakDaysView, change: PeakDayChange): unknown {
  if (change.kind === 'set-capacity') return view.capacities.find((c) => c.day === change.day && c.place === change.place) ?? null;
  return view.orderBy.find((o) => o.date === change.date) ?? null;
}
