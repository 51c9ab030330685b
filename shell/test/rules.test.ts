import { describe, expect, it } from 'vitest';
import { chooseCurrency, foreignCurrencyMessage, shouldAnnounceCurrency } from '../src/boot/currency';
import { applySyncVersion } from '../src/boot/storage';
import { isCatalogRoute, isCheckoutRoute, isKnownRoute, showsFooter } from '../src/routes';

describe('routes', () => {
  it('matches / exactly, so the catalog never mounts on checkout', () => {
    expect(isCatalogRoute('/')).toBe(true);
    expect(isCatalogRoute('/checkout')).toBe(false);
    expect(isCheckoutRoute('/checkout')).toBe(true);
    expect(isCheckoutRoute('/order-tracker')).toBe(true);
    expect(isCatalogRoute('/product-category/roses')).toBe(true);
    expect(isCatalogRoute('/product/ruby-romance-red-roses')).toBe(true);
    expect(isCatalogRoute('/products')).toBe(false);
    expect(isCatalogRoute('/blog')).toBe(true);
    expect(isCatalogRoute('/blog/how-to-keep-roses-fresh')).toBe(true);
    expect(isCatalogRoute('/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja')).toBe(true);
    expect(isKnownRoute('/nowhere')).toBe(false);
  });

  it('hides the footer on checkout and unsubscribe only', () => {
    expect(showsFooter('/')).toBe(true);
    expect(showsFooter('/checkout')).toBe(false);
    expect(showsFooter('/order-tracker')).toBe(true);
    expect(showsFooter('/unsubscribe')).toBe(false);
  });
});

describe('currency choice', () => {
  it('a saved choice wins over the time zone', () => {
    expect(chooseCurrency('NGN', 'Europe/London')).toEqual({ name: 'NGN', fromStorage: true });
  });

  it('falls back to the time zone: London → GBP, Lagos → NGN, elsewhere → USD', () => {
    expect(chooseCurrency(null, 'Europe/London')).toEqual({ name: 'GBP', fromStorage: false });
    expect(chooseCurrency(null, 'GB')).toEqual({ name: 'GBP', fromStorage: false });
    expect(chooseCurrency(null, 'Africa/Lagos')).toEqual({ name: 'NGN', fromStorage: false });
    expect(chooseCurrency('EUR', 'America/New_York')).toEqual({ name: 'USD', fromStorage: false });
    expect(chooseCurrency(undefined, undefined)).toEqual({ name: 'USD', fromStorage: false });
  });

  it('announces only a non-naira default that did not come from storage', () => {
    expect(shouldAnnounceCurrency({ name: 'USD', fromStorage: false })).toBe(true);
    expect(shouldAnnounceCurrency({ name: 'USD', fromStorage: true })).toBe(false);
    expect(shouldAnnounceCurrency({ name: 'NGN', fromStorage: false })).toBe(false);
    expect(foreignCurrencyMessage({ name: 'GBP', sign: '£' })).toBe(
      'Based on your location, the site has been set to GBP (£) to enable foreign Credit/Debit Cards and Paypal',
    );
  });
});

describe('sync version', () => {
  function memoryStorage(entries: Record<string, string>) {
    const map = new Map(Object.entries(entries));
    return {
      map,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      clear: () => map.clear(),
    };
  }

  it('wipes storage once when the stored version is below 3', () => {
    const storage = memoryStorage({ 'adire:syncVersion': '2', 'adire:cartItems': '[{"SKU":"old"}]' });
    expect(applySyncVersion(storage)).toBe(true);
    expect([...storage.map.entries()]).toEqual([['adire:syncVersion', '3']]);
    storage.setItem('adire:cartItems', '[]');
    expect(applySyncVersion(storage)).toBe(false);
    expect(storage.getItem('adire:cartItems')).toBe('[]');
  });

  it('treats a missing or corrupt version as old', () => {
    expect(applySyncVersion(memoryStorage({ 'adire:syncVersion': '{oops' }))).toBe(true);
    expect(applySyncVersion(memoryStorage({}))).toBe(true);
  });
});
