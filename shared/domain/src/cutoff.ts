import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type ClosedDate, type DeliveryMethod, type OrderByTime } from '@adire/contracts';
import { addDays, formatDrawerDate } from './dates';
import { parseShopMoment, shopDate, shopMomentToDate, shopTime } from './clock';

/**
 * The same-day cutoff (21:00 for delivery, 23:50 for pick-up by default), pure: the clock is a
 * parameter. The shop's time zone (Lagos, UTC+1 all year) comes from the settings and is read through
 * Intl, whatever the machine's or the shopper's own time zone is. The checkout shows it (date picker,
 * countdown) and the server applies it when an order is submitted: both use these functions. The
 * days a manager closed (a public holiday) are part of the same rule: never offered, always refused.
 */

/** 'HH:MM' → minutes since midnight; null when malformed. */
export function parseCutoff(text: string | undefined): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec((text ?? '').trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The method's cutoff in minutes: on `date`, that day's own cutoff when a manager set one; else the
 * setting when well formed; else the default (21:00 / 23:50).
 */
export function cutoffMinutes(method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS, date?: string): number {
  const day = date ? parseCutoff(settings.dayCutoffs?.find((d) => d.date === date)?.sameDayCutoff?.[method]) : null;
  return day ?? parseCutoff(settings.sameDayCutoff?.[method]) ?? parseCutoff(DEFAULT_CHECKOUT_SETTINGS.sameDayCutoff[method])!;
}

/** A cutoff in minutes (1260) or as 'HH:MM' ('21:00') → '9:00pm'; 1430 → '11:50pm', '00:30' → '12:30am'. */
export function formatCutoff(cutoff: number | string): string {
  const minutes = typeof cutoff === 'number' ? cutoff : (parseCutoff(cutoff) ?? 0);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/** Time left to order for today, in ms; 0 once the cutoff is reached (at 21:00:00 sharp it is too late). */
export function msUntilCutoff(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): number {
  const { date, seconds } = shopTime(now, settings.timeZone);
  const left = cutoffMinutes(method, settings, date) * 60 - seconds;
  return left > 0 ? left * 1000 - now.getMilliseconds() : 0;
}

/** Same-day orders are taken until the cutoff, exclusive. */
export function sameDayOpen(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): boolean {
  return msUntilCutoff(now, method, settings) > 0;
}

/** The closed day a date (YYYY-MM-DD) falls on, or null when the shop delivers that day. */
export function closedDay(date: string, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): ClosedDate | null {
  return settings.closedDates?.find((c) => c.date === date) ?? null;
}

/** 'We are closed on 25 Dec 2026 (Christmas Day)'. */
export function closedWords(closed: ClosedDate): string {
  return `We are closed on ${formatDrawerDate(closed.date)}${closed.note ? ` (${closed.note})` : ''}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2027-02-14' → '14 Feb'. */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''}`;
}

/** 1080 → '6pm', 1110 → '6:30pm', 0 → '12am'. */
export function shortTime(minutes: number): string {
  return formatCutoff(minutes).replace(':00', '');
}

/** The day's order-by time (a peak day whose orders close before it), when a manager set one. */
export function orderByOf(date: string, settings: Pick<CheckoutSettings, 'orderBy'> = DEFAULT_CHECKOUT_SETTINGS): OrderByTime | null {
  return settings.orderBy?.find((o) => o.date === date) ?? null;
}

/** The day's order-by time once it has been reached at `now` (at that minute sharp it is too late); else null. */
export function orderByPassed(date: string, now: Date, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): OrderByTime | null {
  const orderBy = orderByOf(date, settings);
  if (!orderBy) return null;
  const closes = shopMomentToDate(orderBy.closesAt, settings.timeZone);
  return closes && now.getTime() >= closes.getTime() ? orderBy : null;
}

/** 'Orders for 14 Feb closed at 6pm on 13 Feb' ('close', while the moment is ahead). */
export function orderByWords(orderBy: OrderByTime, passed = true): string {
  const moment = parseShopMoment(orderBy.closesAt);
  const at = moment ? `${shortTime(moment.minutes)} on ${shortDay(moment.date)}` : orderBy.closesAt;
  return `Orders for ${shortDay(orderBy.date)} ${passed ? 'closed' : 'close'} at ${at}`;
}

/** The first day that can be chosen: today before the cutoff, tomorrow after it, skipping closed days and days whose orders have closed. */
export function earliestDate(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): string {
  const today = shopDate(now, settings.timeZone);
  let day = sameDayOpen(now, method, settings) ? today : addDays(today, 1);
  // A year of closed days in a row is no shop: the bound only keeps a bad setting from looping.
  for (let i = 0; i < 366 && (closedDay(day, settings) || orderByPassed(day, now, settings)); i++) day = addDays(day, 1);
  return day;
}

/** 7_509_000 → '2h 05m 09s'; 249_000 → '4m 09s'; under a minute → '42s'. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

const what = (method: DeliveryMethod) => (method === 'pickup' ? 'pick-up' : 'delivery');

export type DateProblem = { reason: 'is in the past' | 'is a closed day' | 'is past its order-by time' | 'is past the same-day cutoff'; message: string };

/**
 * Why a delivery or pick-up day (YYYY-MM-DD, already well formed) cannot be taken now, or null:
 * a day before today (shop time) is past; a closed day is never taken; a day whose order-by time
 * has been reached is no longer taken; today only before the method's cutoff.
 */
export function deliveryDateProblem(
  date: string,
  method: DeliveryMethod,
  now: Date,
  settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS,
): DateProblem | null {
  const today = shopDate(now, settings.timeZone);
  if (date < today) return { reason: 'is in the past', message: 'Delivery date is in the past: choose today or a later day' };
  const closed = closedDay(date, settings);
  if (closed) return { reason: 'is a closed day', message: `${closedWords(closed)}: choose another day` };
  const orderBy = orderByPassed(date, now, settings);
  if (orderBy) return { reason: 'is past its order-by time', message: `${orderByWords(orderBy)}: choose another day` };
  if (date === today && !sameDayOpen(now, method, settings)) {
    return {
      reason: 'is past the same-day cutoff',
      message: `Same-day ${what(method)} closes at ${formatCutoff(cutoffMinutes(method, settings, date))} Lagos time: choose tomorrow or a later day`,
    };
  }
  return null;
}

/**
 * An order's chosen day, checked again before it is paid (the checkout's rules: not past, today only
 * before the cutoff): null while the day is still open, otherwise why and what the shopper must do —
 * choose a new date, since no money is taken for a day that cannot be kept.
 */
export function orderDateProblem(
  order: { deliveryDate?: string | null; deliveryMethod?: DeliveryMethod | null },
  now: Date,
  settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS,
): { reason: DateProblem['reason'] | 'is required'; message: string } | null {
  const date = order.deliveryDate ?? '';
  if (!date) return { reason: 'is required', message: 'Choose a delivery date before paying for this order' };
  const method = order.deliveryMethod ?? 'delivery';
  const problem = deliveryDateProblem(date, method, now, settings);
  if (!problem) return null;
  return {
    reason: problem.reason,
    message:
      problem.reason === 'is in the past'
        ? `The delivery date of this order, ${date}, has passed: choose a new delivery date before paying`
        : problem.reason === 'is a closed day'
          ? `${closedWords(closedDay(date, settings)!)}: choose a new delivery date before paying`
          : problem.reason === 'is past its order-by time'
            ? `${orderByWords(orderByOf(date, settings)!)}: choose a new delivery date before paying`
            : `Same-day ${what(method)} for ${date} closed at ${formatCutoff(cutoffMinutes(method, settings, date))} Lagos time: choose a new delivery date before paying`,
  };
}

/** The live line under the date field. */
export function cutoffMessage(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): string {
  const at = formatCutoff(cutoffMinutes(method, settings, shopDate(now, settings.timeZone)));
  const left = msUntilCutoff(now, method, settings);
  if (left > 0) return `Same-day ${what(method)} closes in ${formatCountdown(left)} (${at} Lagos time).`;
  const earliest = earliestDate(now, method, settings);
  const tomorrow = addDays(shopDate(now, settings.timeZone), 1);
  return `Same-day ${what(method)} closed at ${at} Lagos time; the earliest day is ${earliest === tomorrow ? 'tomorrow' : formatDrawerDate(earliest)}.`;
}
