import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type DeliveryMethod } from '@adire/contracts';

/**
 * The same-day cutoff as the checkout shows it: which day the date picker starts at and how long is
 * left to order for today. The clock is a parameter; the shop's time zone (Lagos) comes from the
 * settings and is read through Intl, whatever the shopper's own time zone is. The server applies the
 * same cutoff when the order is submitted.
 */

export interface ShopClock {
  /** YYYY-MM-DD in the shop's time zone. */
  date: string;
  /** Seconds since the shop's local midnight. */
  seconds: number;
}

export function shopClock(now: Date, timeZone: string = DEFAULT_CHECKOUT_SETTINGS.timeZone): ShopClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    seconds: Number(get('hour')) * 3600 + Number(get('minute')) * 60 + Number(get('second')),
  };
}

/** 'HH:MM' → minutes since midnight; null when malformed. */
export function parseCutoff(text: string | undefined): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec((text ?? '').trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The method's cutoff in minutes: the setting when well formed, else the default (21:00 / 23:50). */
export function cutoffMinutes(method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): number {
  return parseCutoff(settings.sameDayCutoff?.[method]) ?? parseCutoff(DEFAULT_CHECKOUT_SETTINGS.sameDayCutoff[method])!;
}

/** 1260 → '9:00pm', 1430 → '11:50pm'. */
export function formatCutoff(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/** YYYY-MM-DD plus whole days (calendar arithmetic in UTC, so no clock change can skip a day). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Time left to order for today, in ms; 0 once the cutoff is reached (at 21:00:00 sharp it is too late). */
export function msUntilCutoff(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): number {
  const clock = shopClock(now, settings.timeZone);
  const left = cutoffMinutes(method, settings) * 60 - clock.seconds;
  return left > 0 ? left * 1000 - now.getMilliseconds() : 0;
}

export function sameDayOpen(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): boolean {
  return msUntilCutoff(now, method, settings) > 0;
}

/** The first day the date picker offers: today before the cutoff, tomorrow after it. */
export function earliestDate(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): string {
  const today = shopClock(now, settings.timeZone).date;
  return sameDayOpen(now, method, settings) ? today : addDays(today, 1);
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

/** Why a chosen day cannot be taken now, or null. */
export function deliveryDateProblem(
  date: string,
  now: Date,
  method: DeliveryMethod,
  settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS,
): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Choose a day from the calendar';
  const today = shopClock(now, settings.timeZone).date;
  if (date < today) return 'Delivery date is in the past: choose today or a later day';
  if (date === today && !sameDayOpen(now, method, settings)) {
    return `Same-day ${what(method)} closes at ${formatCutoff(cutoffMinutes(method, settings))} Lagos time: choose tomorrow or a later day`;
  }
  return null;
}

/** The live line under the date field. */
export function cutoffMessage(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): string {
  const at = formatCutoff(cutoffMinutes(method, settings));
  const left = msUntilCutoff(now, method, settings);
  if (left > 0) return `Same-day ${what(method)} closes in ${formatCountdown(left)} (${at} Lagos time).`;
  return `Same-day ${what(method)} closed at ${at} Lagos time; the earliest day is tomorrow.`;
}
