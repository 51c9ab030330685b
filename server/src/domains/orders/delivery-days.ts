import { DAY_PLACES, DELIVERY_DAYS_MAX, type CheckoutSettings, type DayPlace, type DeliveryDay } from '@adire/contracts';
import { addDays, deliveryDay, isApiDate, readDayPlace, shopDate } from '@adire/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { bookedByDay } from './day-bookings';

/**
 * What a shopper is shown of the days ahead for a place (issue 29, `GET /v1/storefront/delivery-days`):
 * each day open or not and why, and the places left where the day has a capacity. The one date rule
 * (`deliveryDay` of @adire/domain) with the places held and taken, counted in one grouped query.
 */

/** Days answered when `days` is not given. */
export const DELIVERY_DAYS_DEFAULT = 14;

export interface DaysQuery {
  /** YYYY-MM-DD */
  from: string;
  days: number;
  place: DayPlace;
}

/**
 * The query read and checked, every problem named at once (400 with `fields`): `from` a real day
 * (default: today in Lagos), `days` a whole number from 1 to DELIVERY_DAYS_MAX (default 14),
 * `location` one of the places. Pure.
 */
export function readDaysQuery(query: { from?: unknown; days?: unknown; location?: unknown }, today: string): DaysQuery {
  const fields: Record<string, string> = {};
  const sentences: string[] = [];
  const problem = (field: string, reason: string, sentence: string) => {
    fields[field] = reason;
    sentences.push(sentence);
  };
  const fromText = typeof query.from === 'string' ? query.from.trim() : '';
  if (query.from !== undefined && !isApiDate(fromText)) problem('from', 'must be a real day written YYYY-MM-DD', `from must be a real day written YYYY-MM-DD, such as 2027-02-14; got '${String(query.from).slice(0, 20)}'`);
  const daysText = typeof query.days === 'string' || typeof query.days === 'number' ? String(query.days).trim() : '';
  const days = query.days === undefined ? DELIVERY_DAYS_DEFAULT : /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= 1 && days <= DELIVERY_DAYS_MAX)) problem('days', `must be a whole number from 1 to ${DELIVERY_DAYS_MAX}`, `days must be a whole number from 1 to ${DELIVERY_DAYS_MAX}; got '${daysText.slice(0, 20)}'`);
  const place = readDayPlace(query.location);
  if (!place) {
    const given = typeof query.location === 'string' ? query.location.slice(0, 40) : '';
    problem('location', query.location === undefined || given === '' ? 'is required' : 'is not a place', `location must be one of ${DAY_PLACES.join(', ')}${given ? `; got '${given}'` : ''}`);
  }
  if (sentences.length) throw new AppError(400, 'BAD_REQUEST', sentences.join('. '), fields);
  return { from: query.from === undefined ? today : fromText, days, place: place! };
}

/** Each day of the query as the shopper sees it, the places booked read in one query. */
export async function deliveryDays(db: Db, query: DaysQuery, now: Date, settings: CheckoutSettings): Promise<DeliveryDay[]> {
  const to = addDays(query.from, query.days - 1);
  const booked = await bookedByDay(db.kysely, query.from, to, query.place, now);
  return Array.from({ length: query.days }, (_, i) => {
    const date = addDays(query.from, i);
    return deliveryDay(date, query.place, now, settings, booked.get(date) ?? 0);
  });
}

/** The shop's today, for the query's default. */
export const todayFor = (now: Date, settings: CheckoutSettings) => shopDate(now, settings.timeZone);
