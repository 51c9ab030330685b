import { describe, expect, it } from 'vitest';
import { remotesForPage } from '../src/routes';

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
});
