import { afterEach, describe, expect, it } from 'vitest';
import vm from 'node:vm';
import { browserTimeZone, chooseCurrency, GB_TIME_ZONES, shopperCurrencyScript } from '../src/currencyChoice';

const KEY = 'adire:currency';
const COOKIE = 'adire_currency';

/** Runs the pre-paint script as a page would, with this cookie, stored value and time zone. */
function runScript(cookie: string, stored: string | null, timeZone: string, clock: 'Intl' | 'Temporal' = 'Intl') {
  const attributes: Record<string, string> = {};
  const document = { cookie, documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  const writes: string[] = [];
  const doc = new Proxy(document, {
    set(target, prop, value) {
      if (prop === 'cookie') writes.push(String(value));
      return Reflect.set(target, prop, value);
    },
  });
  const context = {
    document: doc,
    localStorage: { getItem: (key: string) => (key === KEY ? stored : null) },
    Intl: { DateTimeFormat: () => (clock === 'Intl' ? { resolvedOptions: () => ({ timeZone }) } : { resolvedOptions: () => ({ timeZone: 'Africa/Lagos' }) }) },
    ...(clock === 'Temporal' ? { Temporal: { Now: { timeZoneId: () => timeZone } } } : {}),
    JSON,
  };
  vm.runInNewContext(shopperCurrencyScript(KEY, COOKIE), context);
  return { currency: attributes['data-shopper-currency'], cookieWrites: writes };
}

describe('the pre-paint currency script of a server-drawn page', () => {
  const zones = [...GB_TIME_ZONES, 'Africa/Lagos', 'America/New_York', 'Europe/Paris', 'Asia/Tokyo', ''];
  const stored = [null, '"NGN"', '"USD"', '"GBP"', '"EUR"', 'not json', '42'];

  it('chooses as chooseCurrency does, for every stored value and time zone, and keeps the choice in the cookie', () => {
    for (const zone of zones) {
      for (const value of stored) {
        let parsed: unknown = null;
        try {
          parsed = value === null ? null : JSON.parse(value);
        } catch {
          parsed = null;
        }
        const expected = chooseCurrency(parsed, zone || undefined).name;
        const { currency, cookieWrites } = runScript('', value, zone);
        expect(currency, `${value} in ${zone}`).toBe(expected);
        expect(cookieWrites).toEqual([`${COOKIE}=${expected}; path=/; max-age=31536000; samesite=lax`]);
      }
    }
  });

  it("reads the time zone from Temporal where the browser has it (Intl's first formatter is slow to start)", () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Africa/Lagos']) {
      expect(runScript('', null, zone, 'Temporal').currency, zone).toBe(chooseCurrency(null, zone).name);
    }
  });

  it('takes the cookie when there is one, writing nothing', () => {
    expect(runScript('a=1; adire_currency=GBP', '"USD"', 'Africa/Lagos')).toEqual({ currency: 'GBP', cookieWrites: [] });
    // A cookie with another value is not a currency: the rule decides.
    expect(runScript('adire_currency=EUR', null, 'Africa/Lagos').currency).toBe('NGN');
  });
});

describe('browserTimeZone', () => {
  afterEach(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });

  it("asks Temporal.Now where there is one (no Intl formatter to make), Intl's resolved zone elsewhere", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    (globalThis as { Temporal?: unknown }).Temporal = { Now: { timeZoneId: () => 'Pacific/Chatham' } };
    expect(browserTimeZone()).toBe('Pacific/Chatham');
  });
});
