import { DAY_PLACES, DELIVERY_DAYS_MAX, RELEASE_REASON_MAX, type CheckoutSettings, type DayPlace, type DeliveryDay } from '@adire/contracts';
import { addDays, isApiDate, shopDate } from '@adire/domain';
import { deliveryDay, readDayPlace } from '@adire/domain/days';
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

type Problems = { fields: Record<string, string>; sentences: string[] };
const problem = (p: Problems, field: string, reason: string, sentence: string) => {
  p.fields[field] = reason;
  p.sentences.push(sentence);
};

/** `from` a real day (default: `today`), `days` a whole number from 1 to DELIVERY_DAYS_MAX (default `days`); problems noted. */
function readRange(query: { from?: unknown; days?: unknown }, today: string, defaultDays: number, p: Problems): { from: string; days: number } {
  const fromText = typeof query.from === 'string' ? query.from.trim() : '';
  if (query.from !== undefined && !isApiDate(fromText)) problem(p, 'from', 'must be a real day written YYYY-MM-DD', `from must be a real day written YYYY-MM-DD, such as 2027-02-14; got '${String(query.from).slice(0, 20)}'`);
  const daysText = typeof query.days === 'string' || typeof query.days === 'number' ? String(query.days).trim() : '';
  const days = query.days === undefined ? defaultDays : /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= 1 && days <= DELIVERY_DAYS_MAX)) problem(p, 'days', `must be a whole number from 1 to ${DELIVERY_DAYS_MAX}`, `days must be a whole number from 1 to ${DELIVERY_DAYS_MAX}; got '${daysText.slice(0, 20)}'`);
  return { from: query.from === undefined ? today : fromText, days };
}

/** A place the query must name, by `field`. */
function readPlace(value: unknown, field: string, p: Problems): DayPlace | null {
  const place = readDayPlace(value);
  if (!place) {
    const given = typeof value === 'string' ? value.slice(0, 40) : '';
    problem(p, field, given === '' ? 'is required' : 'is not a place', `${field} must be one of ${DAY_PLACES.join(', ')}${given ? `; got '${given}'` : ''}`);
  }
  return place;
}

const refuse = (p: Problems) => {
  if (p.sentences.length) throw new AppError(400, 'BAD_REQUEST', p.sentences.join('. '), p.fields);
};

/**
 * The shopper's query read and checked, every problem named at once (400 with `fields`): `from` a real
 * day (default: today in Lagos), `days` a whole number from 1 to DELIVERY_DAYS_MAX (default 14),
 * `location` one of the places. Pure.
 */
export function readDaysQuery(query: { from?: unknown; days?: unknown; location?: unknown }, today: string): DaysQuery {
  const p: Problems = { fields: {}, sentences: [] };
  const range = readRange(query, today, DELIVERY_DAYS_DEFAULT, p);
  const place = readPlace(query.location, 'location', p);
  refuse(p);
  return { ...range, place: place! };
}

/** The back office's range of days (default: today and the 6 days after it). Pure. */
export function readDayRange(query: { from?: unknown; days?: unknown }, today: string): { from: string; days: number } {
  const p: Problems = { fields: {}, sentences: [] };
  const range = readRange(query, today, 7, p);
  refuse(p);
  return range;
}

/** A day sheet's day (the path's) and place (the query's). Pure. */
export function readSheetQuery(date: unknown, place: unknown): { date: string; place: DayPlace } {
  const p: Problems = { fields: {}, sentences: [] };
  if (!isApiDate(date)) problem(p, 'date', 'must be a real day written YYYY-MM-DD', `The day must be a real day written YYYY-MM-DD, such as 2027-02-14; got '${String(date).slice(0, 20)}'`);
  const read = readPlace(place, 'place', p);
  refuse(p);
  return { date: date as string, place: read! };
}

/** The day of a hold's call: a real day written YYYY-MM-DD, else 400 naming `date`. */
export function readHoldDate(date: unknown): string {
  const p: Problems = { fields: {}, sentences: [] };
  if (!isApiDate(date)) problem(p, 'date', 'must be a real day written YYYY-MM-DD', `The day must be a real day written YYYY-MM-DD, such as 2027-02-14; got '${String(date).slice(0, 20)}'`);
  refuse(p);
  return date as string;
}

/** Why the shop gives a hold back: text of 1 to RELEASE_REASON_MAX characters, else 400 naming `reason`. */
export function readReleaseReason(value: unknown): string {
  const p: Problems = { fields: {}, sentences: [] };
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason) problem(p, 'reason', 'is required', 'Say why the place is given back (the audit keeps it)');
  else if (reason.length > RELEASE_REASON_MAX) problem(p, 'reason', `must be at most ${RELEASE_REASON_MAX} characters`, `The reason must be at most ${RELEASE_REASON_MAX} characters`);
  refuse(p);
  return reason;
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
