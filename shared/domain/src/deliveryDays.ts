import { API_PATHS, DELIVERY_DAYS_MAX, DEFAULT_CHECKOUT_SETTINGS, type ApiResult, type CheckoutSettings, type DayPlace, type DeliveryDay } from '@adire/contracts';
import { deliveryDay, fewLeftWords } from './capacity';
import { shortDay } from './cutoff';
import { addDays, isApiDate } from './dates';

/**
 * The delivery days a shopper is shown (the drawer's picker, the checkout's day list): the shop's
 * answer of `GET /v1/storefront/delivery-days` for a place, read together with the one date rule.
 * Only the server counts the places held and taken; the rule here (`deliveryDay`) still applies
 * before the answer arrives, when it fails, and when the page's clock or settings are newer than it.
 */

/** The answer, by date. */
export type DayAnswers = ReadonlyMap<string, DeliveryDay>;

/**
 * A day as the shopper is shown it: closed whenever the date rule closes it (past, closed, order-by
 * time reached, after the same-day cutoff; a capacity of 0); otherwise the shop's answer for the place
 * (fully booked, places left); without an answer, open as far as the page can tell. `remaining` comes
 * only from the answer: the page does not know how many places are taken.
 */
export function shownDay(date: string, answers: DayAnswers, place: DayPlace, now: Date, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): DeliveryDay {
  const ruled = deliveryDay(date, place, now, settings);
  const answer = answers.get(date);
  if (!ruled.open) return { date, open: false, reason: ruled.reason, ...(answer?.remaining !== undefined ? { remaining: answer.remaining } : {}) };
  if (answer) return answer;
  return { date, open: true };
}

/** What a day says beside it: its reason when not open, 'Only N left' when few places are left, else null. */
export function dayNote(day: DeliveryDay): string | null {
  if (!day.open) return day.reason ?? 'Not available';
  return fewLeftWords(day);
}

/** '14 Feb: Fully booked', '15 Feb: Only 2 left', '16 Feb: open'. */
export function dayLine(day: DeliveryDay): string {
  return `${shortDay(day.date)}: ${dayNote(day) ?? 'open'}`;
}

/** A chosen day that cannot be taken, as the field's error: '14 Feb: Fully booked. Choose another day.'; null when open. */
export function chosenDayProblem(day: DeliveryDay): string | null {
  return day.open ? null : `${shortDay(day.date)}: ${day.reason ?? 'Not available'}. Choose another day.`;
}

/** `count` days from `from` (YYYY-MM-DD), in order. */
export function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i));
}

const isDeliveryDay = (v: unknown): v is DeliveryDay => {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return (
    isApiDate(d.date) &&
    typeof d.open === 'boolean' &&
    (d.reason === undefined || typeof d.reason === 'string') &&
    (d.remaining === undefined || (typeof d.remaining === 'number' && Number.isInteger(d.remaining) && d.remaining >= 0))
  );
};

/** The answer's days, by date; what is not a well-formed day is left out (an older server, a proxy's page). */
export function readDayAnswers(data: unknown): Map<string, DeliveryDay> {
  const days = new Map<string, DeliveryDay>();
  if (Array.isArray(data)) for (const d of data) if (isDeliveryDay(d)) days.set(d.date, d);
  return days;
}

export interface DayFetcher {
  get<T>(path: string, options?: { query?: Record<string, string | number | boolean | undefined>; signal?: AbortSignal }): Promise<ApiResult<T>>;
}

/** The query for `days` days from `from` at a place (at most DELIVERY_DAYS_MAX days a call). */
export function deliveryDaysQuery(place: DayPlace, from: string, days: number): { from: string; days: number; location: DayPlace } {
  return { from, days: Math.min(DELIVERY_DAYS_MAX, Math.max(1, Math.floor(days))), location: place };
}

/** Ask the shop for a place's days; null when the call fails (the page then goes by the date rule alone). */
export async function fetchDeliveryDays(api: DayFetcher, place: DayPlace, from: string, days: number, signal?: AbortSignal): Promise<Map<string, DeliveryDay> | null> {
  const res = await api.get<DeliveryDay[]>(API_PATHS.deliveryDays, { query: { ...deliveryDaysQuery(place, from, days) }, signal });
  return res.error ? null : readDayAnswers(res.data);
}
