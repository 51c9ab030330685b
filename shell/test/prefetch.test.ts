import { describe, expect, it } from 'vitest';
import { nextLikelyRemote, prefetchUrls, wantsLessData } from '../src/federation/prefetch';

describe('the next likely remote', () => {
  it('is the checkout once the cart has something, on any page but the checkout', () => {
    expect(nextLikelyRemote('/', true)).toEqual({ remote: 'checkout', path: '/checkout' });
    expect(nextLikelyRemote('/product/ruby-romance-red-roses', true)).toEqual({ remote: 'checkout', path: '/checkout' });
    expect(nextLikelyRemote('/checkout', true)).toBeNull();
    expect(nextLikelyRemote('/order-tracker', true)).toBeNull();
  });

  it('is the cart on a product page with an empty cart, and nothing on a first visit elsewhere', () => {
    expect(nextLikelyRemote('/product/ruby-romance-red-roses', false)).toEqual({ remote: 'cart', path: '/product/ruby-romance-red-roses' });
    expect(nextLikelyRemote('/', false)).toBeNull();
    expect(nextLikelyRemote('/product-category/roses', false)).toBeNull();
  });
});

describe('what is fetched ahead', () => {
  const entry = 'http://shop.test/releases/checkout/1.0.0-abc/remoteEntry.js';

  it('is every file preload.json lists for the page, beside the entry', () => {
    const preload = {
      scripts: ['remoteEntry.js', 'assets/lifecycles.js'],
      styles: ['assets/lifecycles.css'],
      routes: { '/checkout': { scripts: ['assets/Checkout.js'], styles: [] }, '/order-tracker': { scripts: ['assets/Tracker.js'], styles: [] } },
    };
    expect(prefetchUrls(entry, preload, '/checkout')).toEqual([
      'http://shop.test/releases/checkout/1.0.0-abc/remoteEntry.js',
      'http://shop.test/releases/checkout/1.0.0-abc/assets/lifecycles.js',
      'http://shop.test/releases/checkout/1.0.0-abc/assets/Checkout.js',
      'http://shop.test/releases/checkout/1.0.0-abc/assets/lifecycles.css',
    ]);
  });

  it('in the shared layout: the entry under its version, its files where every version of it shares them', () => {
    const preload = { scripts: ['release/remoteEntry.js', 'assets/lifecycles.js'], styles: ['assets/lifecycles.css'], routes: { '/checkout': { scripts: ['assets/Checkout.js'], styles: [] } } };
    expect(prefetchUrls(entry, preload, '/checkout')).toEqual([
      'http://shop.test/releases/checkout/1.0.0-abc/remoteEntry.js',
      'http://shop.test/releases/checkout/assets/lifecycles.js',
      'http://shop.test/releases/checkout/assets/Checkout.js',
      'http://shop.test/releases/checkout/assets/lifecycles.css',
    ]);
  });

  it('is the entry alone when the release has no (readable) list', () => {
    expect(prefetchUrls(entry, null, '/checkout')).toEqual([entry]);
    expect(prefetchUrls(entry, { scripts: 'remoteEntry.js' }, '/checkout')).toEqual([entry]);
  });
});

describe('a shopper who asks to spend less data', () => {
  const media = (reduce: boolean) => (query: string) => ({ matches: reduce && query === '(prefers-reduced-data: reduce)' });

  it('is one whose browser saves data or who prefers reduced data; nothing is fetched ahead for them', () => {
    expect(wantsLessData({ connection: { saveData: true } })).toBe(true);
    expect(wantsLessData({ connection: { saveData: false }, matchMedia: media(true) })).toBe(true);
    expect(wantsLessData({ matchMedia: media(true) })).toBe(true);
  });

  it('is one whose page the server drew for `Save-Data: on` (the header alone, whatever the browser says)', () => {
    expect(wantsLessData({ connection: { saveData: false }, matchMedia: media(false), pageData: { saveData: true } })).toBe(true);
    expect(wantsLessData({ connection: { saveData: false }, matchMedia: media(false), pageData: {} })).toBe(false);
  });

  it('is not one whose browser says neither, or cannot say', () => {
    expect(wantsLessData({ connection: { saveData: false }, matchMedia: media(false) })).toBe(false);
    expect(wantsLessData({})).toBe(false);
    expect(
      wantsLessData({
        matchMedia: () => {
          throw new Error('unsupported');
        },
      }),
    ).toBe(false);
  });
});
