import { describe, expect, it } from 'vitest';
import { drawnPageUrl, isKnownRoute, pageQueryParams, remotesForPage, showsFooter, showsMainHeader } from '../src/routes';

describe('remotesForPage', () => {
  it('names the route application first, then the cart and the account dropdown of the main header', () => {
    expect(remotesForPage('/')).toEqual(['catalog', 'cart', 'account']);
    expect(remotesForPage('/product/ruby-romance-red-roses')).toEqual(['catalog', 'cart', 'account']);
    expect(remotesForPage('/order-tracker')).toEqual(['checkout', 'cart', 'account']);
  });

  it('leaves out what a page does not show: no catalog on checkout, no account in the checkout header', () => {
    expect(remotesForPage('/checkout')).toEqual(['checkout', 'cart']);
    expect(remotesForPage('/unsubscribe/abc')).toEqual(['cart', 'account']);
    expect(remotesForPage('/nowhere')).toEqual(['cart', 'account']);
  });

  it('the back office is a page of its own: its remote alone, no store header or footer, never on a shopper page', () => {
    for (const path of ['/backoffice', '/backoffice/orders/ABL1001W', '/backoffice/settings']) {
      expect(remotesForPage(path)).toEqual(['backoffice']);
      expect(showsMainHeader(path)).toBe(false);
      expect(showsFooter(path)).toBe(false);
      expect(isKnownRoute(path)).toBe(true);
    }
    for (const path of ['/', '/checkout', '/order-tracker', '/product/x', '/backofficer', '/nowhere']) expect(remotesForPage(path)).not.toContain('backoffice');
  });
});

describe('the newsletter pages a mail links to', () => {
  it('unsubscribe and the confirm page are known pages with the main header and without the footer', () => {
    for (const path of ['/unsubscribe', '/newsletter/confirm']) {
      expect(isKnownRoute(path)).toBe(true);
      expect(showsFooter(path)).toBe(false);
      expect(showsMainHeader(path)).toBe(true);
    }
    expect(isKnownRoute('/newsletter')).toBe(false);
    expect(showsFooter('/newsletter')).toBe(true);
  });
});

describe('drawnPageUrl (issue 32, item 7)', () => {
  it('drops what never changes a page: ad-click ids, campaign tags and parameters a route does not read', () => {
    expect(drawnPageUrl('/product-category/roses?fbclid=IwAR0abc')).toBe('/product-category/roses');
    expect(drawnPageUrl('/?utm_source=ig&utm_medium=story&gclid=x&msclkid=y')).toBe('/');
    expect(drawnPageUrl('/product/ruby-romance-red-roses?ref=whatsapp')).toBe('/product/ruby-romance-red-roses');
    expect(drawnPageUrl('/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja?page=2')).toBe('/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja');
  });

  it('keeps what a route reads, in the order given', () => {
    expect(drawnPageUrl('/filters?fbclid=1&search=red%20roses&shopBy=same-day-delivery&utm_campaign=v')).toBe('/filters?search=red+roses&shopBy=same-day-delivery');
    expect(drawnPageUrl('/product-category/roses?sort=price-asc&budget=10000-20000&budget=20000-50000&page=2&gclid=z')).toBe('/product-category/roses?sort=price-asc&budget=10000-20000&budget=20000-50000&page=2');
    expect(drawnPageUrl('/blog?page=2&fbclid=1')).toBe('/blog?page=2');
    expect(drawnPageUrl('/unsubscribe?token=abc&utm_source=mail')).toBe('/unsubscribe?token=abc');
    expect(drawnPageUrl('/?search=lilies')).toBe('/?search=lilies');
  });

  it("leaves the checkout's and the back office's addresses whole", () => {
    expect(pageQueryParams('/checkout')).toBeNull();
    expect(drawnPageUrl('/checkout?orderId=abc&fbclid=1')).toBe('/checkout?orderId=abc&fbclid=1');
    expect(drawnPageUrl('/backoffice/orders?from=2026-11-01')).toBe('/backoffice/orders?from=2026-11-01');
  });
});
