import { afterEach, describe, expect, it } from 'vitest';
import vm from 'node:vm';
import { browserTimeZone, chooseCurrency, GB_TIME_ZONES, shopperCurrencyScript } from '../src/currencyChoice';

/** Runs the pre-paint script as a page would, with this time zone; every cookie or storage use is recorded. */
function runScript(timeZone: string, clock: 'Intl' | 'Temporal' = 'Intl') {
  const attributes: Record<string, string> = {};
  const touched: string[] = [];
  const document = new Proxy(
    { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } },
    {
      get: (target, prop) => (prop === 'cookie' ? (touched.push('cookie read'), '') : Reflect.get(target, prop)),
      set: (target, prop, value) => (prop === 'cookie' && touched.push('cookie write'), Reflect.set(target, prop, value)),
    },
  );
  const context = {
    document,
    localStorage: { getItem: (key: string) => (touched.push(`storage ${key}`), null) },
    Intl: { DateTimeFormat: () => (clock === 'Intl' ? { resolvedOptions: () => ({ timeZone }) } : { resolvedOptions: () => ({ timeZone: 'Africa/Lagos' }) }) },
    ...(clock === 'Temporal' ? { Temporal: { Now: { timeZoneId: () => timeZone } } } : {}),
    JSON,
  };
  vm.runInNewContext(shopperCurrencyScript(), context);
  return { currency: attributes['data-shopper-currency'], touched };
}

describe('the pre-paint currency script of a server-drawn page (a request without the currency cookie)', () => {
  const zones = [...GB_TIME_ZONES, 'Africa/Lagos', 'America/New_York', 'Europe/Paris', 'Asia/Tokyo', ''];

  it('chooses as chooseCurrency does with nothing saved, for every time zone, touching neither cookies nor local storage', () => {
    for (const zone of zones) {
      expect(runScript(zone), zone).toEqual({ currency: chooseCurrency(null, zone || undefined).name, touched: [] });
    }
  });

  it("reads the time zone from Temporal where the browser has it (Intl's first formatter is slow to start)", () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Africa/Lagos']) {
      expect(runScript(zone, 'Temporal').currency, zone).toBe(chooseCurrency(null, zone).name);
    }
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
