// The checkout's day settings (setting 'checkoutSettings'): closed days, cutoffs, capacities, order-by
// times. Imports only names.ts; entities.ts (SiteSettings) and checkout.ts read it (issue 44).
import { DELIVERY_LOCATIONS, PICKUP_LOCATIONS, type DeliveryLocation, type DeliveryMethod, type PickupLocationCode } from './names';

/** A day the shop takes no delivery or pick-up (a public holiday): set by a manager. */
export interface ClosedDate {
  /** YYYY-MM-DD, the shop's calendar. */
  date: string;
  /** Why, shown to the shopper after 'We are closed on …' ('' for none). */
  note: string;
}

/** A day whose same-day orders close at another time than usual (a busy Valentine's Day): set by a manager. */
export interface DayCutoff {
  /** YYYY-MM-DD, the shop's calendar. */
  date: string;
  /** Lagos time 'HH:MM' per method; a method left out keeps the usual cutoff. */
  sameDayCutoff: Partial<Record<DeliveryMethod, string>>;
}

/**
 * Where a day's places are counted: a delivery location (the delivery settings' state) or a pick-up
 * branch, written `pickup:<branch code>` ('pickup:Ikoyi LPI').
 */
export type DayPlace = DeliveryLocation | `pickup:${PickupLocationCode}`;

/** Every place a day's places are counted for, in the order the back office lists them. */
export const DAY_PLACES: readonly DayPlace[] = [...DELIVERY_LOCATIONS, ...PICKUP_LOCATIONS.map((p) => `pickup:${p.code}` as const)];

/** Weekdays as the capacity defaults and the operator command write them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/**
 * How many orders a place can deliver (or hand over) on a day: a default per weekday, or a date's
 * own number that overrides it. A place with neither takes unlimited orders. 0 takes none.
 */
export interface DayCapacity {
  /** A weekday ('sat') or a day, YYYY-MM-DD. */
  day: Weekday | string;
  place: DayPlace;
  orders: number;
}

/** After `closesAt` (Lagos time, 'YYYY-MM-DD HH:mm') no new order may take `date`, whatever its same-day cutoff says. */
export interface OrderByTime {
  /** The delivery or pick-up day, YYYY-MM-DD. */
  date: string;
  /** 'YYYY-MM-DD HH:mm', the shop's time zone. */
  closesAt: string;
}

/** Same-day cutoffs, Lagos time 'HH:MM', the closed days and the days with their own cutoff (setting 'checkoutSettings'). */
export interface CheckoutSettings {
  timeZone: string;
  sameDayCutoff: Record<DeliveryMethod, string>;
  /** Days with no delivery or pick-up; absent: none. */
  closedDates?: ClosedDate[];
  /** Days whose same-day cutoff differs; absent: none. */
  dayCutoffs?: DayCutoff[];
  /** Orders a place can take per day (weekday defaults and days of their own); absent: unlimited. */
  capacities?: DayCapacity[];
  /** Days whose orders close at a set moment before the day (a peak day); absent: none. */
  orderBy?: OrderByTime[];
}
