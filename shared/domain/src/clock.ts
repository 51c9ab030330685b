import { DEFAULT_CHECKOUT_SETTINGS } from '@adire/contracts';
import { isApiDate } from './dates';

/**
 * The shop's clock, pure: the instant is a parameter, the shop's time zone (Lagos, UTC+1 all year)
 * comes from the settings and is read through Intl, whatever the machine's or the shopper's own time
 * zone is.
 */

export interface ShopClock {
  /** YYYY-MM-DD in the shop's time zone. */
  date: string;
  /** Whole minutes since the shop's local midnight. */
  minutes: number;
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter); // throws above for an unknown zone, so only valid ones are kept
  }
  return formatter;
}

/** The shop's day and the seconds since its midnight. */
export function shopTime(now: Date, timeZone: string): { date: string; seconds: number } {
  const parts = formatterFor(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    seconds: Number(get('hour')) * 3600 + Number(get('minute')) * 60 + Number(get('second')),
  };
}

export function shopClock(now: Date, timeZone: string = DEFAULT_CHECKOUT_SETTINGS.timeZone): ShopClock {
  const { date, seconds } = shopTime(now, timeZone);
  return { date, minutes: Math.floor(seconds / 60) };
}

/** Today in the shop's time zone (Lagos by default), YYYY-MM-DD. */
export function shopDate(now: Date = new Date(), timeZone: string = DEFAULT_CHECKOUT_SETTINGS.timeZone): string {
  return shopTime(now, timeZone).date;
}

/** 'YYYY-MM-DD HH:mm' (24-hour) → its parts, or null when it is not a real moment. */
export function parseShopMoment(text: unknown): { date: string; minutes: number } | null {
  const m = typeof text === 'string' ? /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim()) : null;
  if (!m || !isApiDate(m[1])) return null;
  return { date: m[1]!, minutes: Number(m[2]) * 60 + Number(m[3]) };
}

/** The instant a shop-time moment ('YYYY-MM-DD HH:mm' in the time zone) stands for; null when malformed. */
export function shopMomentToDate(text: string, timeZone: string = DEFAULT_CHECKOUT_SETTINGS.timeZone): Date | null {
  const moment = parseShopMoment(text);
  if (!moment) return null;
  const asUtc = Date.parse(`${moment.date}T00:00:00Z`) + moment.minutes * 60_000;
  // The zone's offset at that instant (Lagos: one hour all year).
  const local = shopTime(new Date(asUtc), timeZone);
  const localMs = Date.parse(`${local.date}T00:00:00Z`) + local.seconds * 1000;
  return new Date(asUtc - (localMs - asUtc));
}
