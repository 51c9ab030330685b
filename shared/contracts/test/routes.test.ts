import { describe, expect, it } from 'vitest';
import { isKnownRoute, remotesForPage, showsFooter, showsMainHeader } from '../src/routes';

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
