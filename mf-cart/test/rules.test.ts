import type { CartItem } from '@adire/contracts';
import { shopDate } from '@adire/domain';
import { describe, expect, it } from 'vitest';
import { isSelectableDate, orderBody, storedCartItems } from '../src/rules';

const item: CartItem = { SKU: 'AB-1', name: 'Roses', description: '', image: { src: '' }, price: 100, quantity: 1, productId: 'p' };

describe('order body', () => {
  it('sends a guest date as an empty string and a logged-in date as is', () => {
    expect(orderBody([item], '2099-01-02', 'USD', false).deliveryDate).toBe('');
    expect(orderBody([item], '2099-01-02', 'USD', true)).toEqual({ deliveryDate: '2099-01-02', cartItems: [item], currency: 'USD' });
  });
  it('drops items without an SKU and sends null when nothing is left', () => {
    expect(orderBody([{ ...item, SKU: '' }], null, 'NGN', true)).toEqual({ deliveryDate: '', cartItems: null, currency: 'NGN' });
  });
});

describe('delivery dates', () => {
  const now = new Date('2026-02-13T23:30:00Z'); // already 14 Feb, 00:30 in Lagos
  it('today is counted in Lagos time', () => expect(shopDate(now)).toBe('2026-02-14'));
  it('refuses past days and impossible dates', () => {
    expect(isSelectableDate('2026-02-13', now)).toBe(false);
    expect(isSelectableDate('2026-02-14', now)).toBe(true);
    expect(isSelectableDate('2026-02-30', now)).toBe(false);
    expect(isSelectableDate('14/02/2026', now)).toBe(false);
  });
});

describe('stored cart items', () => {
  it('keeps well-formed items, with or without a design', () => {
    const withDesign = { ...item, SKU: 'AB-2', design: { title: 'Wrap', price: 10, quantity: 1 } };
    expect(storedCartItems([item, withDesign])).toEqual([item, withDesign]);
  });
  it('treats anything but a list as an empty cart', () => {
    for (const value of [null, undefined, 7, 'roses', {}, { items: [item] }, true]) expect(storedCartItems(value)).toEqual([]);
  });
  it('leaves out items the drawer could not show or the totals could not add up', () => {
    const corrupt = [
      null,
      7,
      'rose',
      [item],
      { ...item, SKU: 5 },
      { ...item, name: undefined },
      { ...item, price: '100' },
      { ...item, price: Number.NaN },
      { ...item, quantity: 0 },
      { ...item, quantity: 'many' },
      { ...item, image: null },
      { ...item, image: { src: 5 } },
      { ...item, design: { title: 'Wrap', price: 10 } },
      { ...item, design: 'Wrap' },
    ];
    expect(storedCartItems([...corrupt, item])).toEqual([item]);
  });
});
