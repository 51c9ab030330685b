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
 * The few lines a server-drawn page runs before it paints: the shopper's currency (the cookie, else
 * the same rule as above from local storage and the time zone) on <html data-shopper-currency>, so
 * the store's style sheet hides prices drawn in another currency until the shell redraws them — a
 * first visit from abroad never shows naira that jump to dollars — and into the cookie, so the next
 * page is drawn in it. Built from the rule's own constants; a test runs it against chooseCurrency.
 * The time zone is read as `browserTimeZone` reads it (Temporal first), written out as script.
 */
export function shopperCurrencyScript(storageKey: string, cookieName: string): string {
  return `(function(){try{var d=document.documentElement,c=null,m=document.cookie.match(/(?:^|; )${cookieName}=(NGN|USD|GBP)(?:;|$)/);if(m){c=m[1]}else{var s=null;try{s=JSON.parse(localStorage.getItem(${JSON.stringify(storageKey)}))}catch(e){}var z=typeof Temporal!=="undefined"&&Temporal.Now?Temporal.Now.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone;c=s==="NGN"||s==="USD"||s==="GBP"?s:${JSON.stringify(GB_TIME_ZONES)}.indexOf(z)>=0?"GBP":z==="Africa/Lagos"?"NGN":"USD";document.cookie="${cookieName}="+c+"; path=/; max-age=31536000; samesite=lax"}d.setAttribute("data-shopper-currency",c)}catch(e){}})()`;
}
