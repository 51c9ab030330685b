import { DEFAULT_CHECKOUT_SETTINGS, type CartItem } from '@adire/contracts';
import { shopDate } from '@adire/domain';
import { describe, expect, it } from 'vitest';
import { firstDeliveryDate, isSelectableDate, orderBody, storedCartItems } from '../src/rules';

const item: CartItem = { SKU: 'AB-1', name: 'Roses', description: '', image: { src: '' }, price: 100, quantity: 1, productId: 'p' };

describe('order body', () => {
  it('sends the chosen day, a guest\'s too (the order carries it to any device), and no day as an empty string', () => {
    expect(orderBody([item], '2099-01-02', 'USD')).toEqual({ deliveryDate: '2099-01-02', cartItems: [item], currency: 'USD' });
    expect(orderBody([item], null, 'USD').deliveryDate).toBe('');
  });
  it('drops items without an SKU and sends null when nothing is left', () => {
    expect(orderBody([{ ...item, SKU: '' }], null, 'NGN')).toEqual({ deliveryDate: '', cartItems: null, currency: 'NGN' });
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
  it("after the delivery cutoff (21:00 Lagos) the first day is tomorrow, as in the checkout", () => {
    const evening = new Date('2026-02-14T20:30:00Z'); // 21:30 in Lagos
    expect(firstDeliveryDate(evening)).toBe('2026-02-15');
    expect(isSelectableDate('2026-02-14', evening)).toBe(false);
    expect(isSelectableDate('2026-02-15', evening)).toBe(true);
    expect(firstDeliveryDate(new Date('2026-02-14T19:59:00Z'))).toBe('2026-02-14'); // 20:59
    // The shop's own cutoff setting is followed.
    const late = { ...DEFAULT_CHECKOUT_SETTINGS, sameDayCutoff: { ...DEFAULT_CHECKOUT_SETTINGS.sameDayCutoff, delivery: '22:00' } };
    expect(isSelectableDate('2026-02-14', evening, late)).toBe(true);
  });
  it('a day the shop closed is never selectable, and the first day skips it', () => {
    const closed = { ...DEFAULT_CHECKOUT_SETTINGS, closedDates: [{ date: '2026-02-15', note: 'Public holiday' }] };
    const evening = new Date('2026-02-14T20:30:00Z'); // 21:30 in Lagos
    expect(isSelectableDate('2026-02-15', evening, closed)).toBe(false);
    expect(isSelectableDate('2026-02-16', evening, closed)).toBe(true);
    expect(firstDeliveryDate(evening, closed)).toBe('2026-02-16');
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
