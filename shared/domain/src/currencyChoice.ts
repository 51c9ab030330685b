import type { CurrencyName } from '@adire/contracts';

/** Time zones that mean "in Britain": GBP. */
export const GB_TIME_ZONES: readonly string[] = ['Europe/London', 'GB', 'GB-Eire', 'Europe/Belfast'];

export interface CurrencyChoice {
  name: CurrencyName;
  fromStorage: boolean;
}

const isCurrencyName = (value: unknown): value is CurrencyName => value === 'NGN' || value === 'USD' || value === 'GBP';

/** A saved choice wins; otherwise the time zone decides (SPEC section 4). */
export function chooseCurrency(saved: unknown, timeZone: string | undefined): CurrencyChoice {
  if (isCurrencyName(saved)) return { name: saved, fromStorage: true };
  if (timeZone && GB_TIME_ZONES.includes(timeZone)) return { name: 'GBP', fromStorage: false };
  if (timeZone === 'Africa/Lagos') return { name: 'NGN', fromStorage: false };
  return { name: 'USD', fromStorage: false };
}

/**
 * The browser's time zone ('Africa/Lagos'), from `Temporal.Now` where there is one (Chromium 144+):
 * the first `Intl.DateTimeFormat` of a page loads the locale's data (11–35 ms on a desktop, 74–178 ms
 * at Lighthouse's 4× CPU, in one task), `Temporal.Now.timeZoneId()` under a millisecond.
 */
export function browserTimeZone(): string | undefined {
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  try {
    return temporal?.Now?.timeZoneId ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The few lines a server-drawn page runs before it paints when the request carried no currency
 * cookie (a first visit): the rule above from the time zone alone, on <html data-shopper-currency>,
 * so the store's style sheet hides prices drawn in another currency until the shell redraws them — a
 * first visit from abroad never shows naira that jump to dollars. With the cookie, the server writes
 * the attribute itself and sends no script. Built from the rule's own constants; a test runs it
 * against chooseCurrency. The time zone is read as `browserTimeZone` reads it (Temporal first).
 * It reads neither the cookie (the server knows there is none) nor local storage, and writes no
 * cookie: each is a synchronous call to the browser's own processes, in the task that parses the
 * page, and the cookie's took 1–21 ms there while the browser was busy starting the page's requests.
 * The shell keeps the choice in both once it starts (and takes a choice still stored over the rule).
 */
export function shopperCurrencyScript(): string {
  return `(function(){try{var z=typeof Temporal!=="undefined"&&Temporal.Now?Temporal.Now.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone;document.documentElement.setAttribute("data-shopper-currency",${JSON.stringify(GB_TIME_ZONES)}.indexOf(z)>=0?"GBP":z==="Africa/Lagos"?"NGN":"USD")}catch(e){}})()`;
}
