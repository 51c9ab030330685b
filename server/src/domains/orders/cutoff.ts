import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type DeliveryMethod } from '@adire/contracts';

/**
 * The same-day rule, pure: the clock is a parameter. Lagos has no daylight saving (UTC+1 all year),
 * but the time zone comes from the settings and is read through Intl so the rule never assumes it.
 * Only @adire/contracts types are used so this module can move to @adire/domain.
 */

export interface ShopClock {
  /** YYYY-MM-DD in the shop's time zone. */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
}

export function shopClock(now: Date, timeZone: string = DEFAULT_CHECKOUT_SETTINGS.timeZone): ShopClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** 'HH:MM' → minutes since midnight; null when malformed. */
export function parseCutoff(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** '21:00' → '9:00pm', '23:50' → '11:50pm', '00:30' → '12:30am'. */
export function formatCutoff(text: string): string {
  const minutes = parseCutoff(text) ?? 0;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

function cutoffOf(settings: CheckoutSettings, method: DeliveryMethod): string {
  const configured = settings.sameDayCutoff?.[method];
  return configured && parseCutoff(configured) !== null ? configured : DEFAULT_CHECKOUT_SETTINGS.sameDayCutoff[method];
}

/** Same-day orders are taken until the cutoff, exclusive: at 21:00 sharp it is too late. */
export function sameDayOpen(now: Date, method: DeliveryMethod, settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS): boolean {
  const clock = shopClock(now, settings.timeZone);
  return clock.minutes < parseCutoff(cutoffOf(settings, method))!;
}

export type DateProblem = { reason: 'is in the past' | 'is past the same-day cutoff'; message: string };

/**
 * Why a delivery or pick-up day (YYYY-MM-DD, already well formed) cannot be taken now, or null:
 * a day before today (shop time) is past; today only before the method's cutoff.
 */
export function deliveryDateProblem(
  date: string,
  method: DeliveryMethod,
  now: Date,
  settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS,
): DateProblem | null {
  const clock = shopClock(now, settings.timeZone);
  if (date < clock.date) return { reason: 'is in the past', message: 'Delivery date is in the past: choose today or a later day' };
  if (date === clock.date && !sameDayOpen(now, method, settings)) {
    const cutoff = formatCutoff(cutoffOf(settings, method));
    const what = method === 'pickup' ? 'pick-up' : 'delivery';
    return {
      reason: 'is past the same-day cutoff',
      message: `Same-day ${what} closes at ${cutoff} Lagos time: choose tomorrow or a later day`,
    };
  }
  return null;
}
