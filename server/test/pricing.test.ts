import { shopDate } from '@adire/domain';
import { describe, expect, it } from 'vitest';
import { itemsToKeep } from '../src/domains/orders/testing';
import { priceCart, type Sellable } from '../src/domains/orders/testing';
import { checkDeliveryDate } from '../src/domains/orders/testing';

const designs = new Map([
  ['wrapped bouquet', { name: 'Wrapped bouquet', priceNgn: 0 }],
  ['in vase', { name: 'In vase', priceNgn: 15000 }],
]);
const roses: Sellable = { sku: 'R-24', productId: 'p1', slug: 'roses', name: 'Red Roses', description: 'd', image: '/r.svg', size: '24 stems', priceNgn: 45000, inStock: true, designs };
const teddy: Sellable = { sku: 'T-1', productId: 'p2', slug: 'teddy', name: 'Teddy', description: 'd', image: '/t.svg', priceNgn: 15000, inStock: true, designs: new Map() };
const sold: Sellable = { ...teddy, sku: 'S-1', name: 'Sold Out Bear', inStock: false };
const catalogue = new Map([roses, teddy, sold].map((s) => [s.sku, s]));

describe('priceCart', () => {
  it('prices from the catalogue, ignoring client prices, with the design quantity following the item', () => {
    const priced = priceCart([{ SKU: 'R-24', quantity: 2, price: 1, design: { title: 'In vase', price: 0, quantity: 9 } }], catalogue, 1);
    expect(priced.cartItems[0]).toMatchObject({ price: 45000, quantity: 2, size: '24 stems', design: { title: 'In vase', price: 15000, quantity: 2 } });
    expect(priced).toMatchObject({ subtotalNgn: 90000, designsNgn: 30000, totalNgn: 120000, subtotal: 90000, total: 120000 });
  });

  it('converts each unit to the order currency, rounding up', () => {
    const priced = priceCart([{ SKU: 'R-24', quantity: 2 }, { SKU: 'T-1', quantity: 1 }], catalogue, 700);
    // 45000/700 = 64.3 → 65 each; 15000/700 = 21.4 → 22
    expect(priced.subtotal).toBe(65 * 2 + 22);
    expect(priced.orderProducts.map((p) => p.price)).toEqual([65, 22]);
  });

  it('combines lines of the same SKU and design', () => {
    const priced = priceCart([{ SKU: 'T-1', quantity: 1 }, { SKU: 'T-1', quantity: 3 }], catalogue, 1);
    expect(priced.cartItems).toHaveLength(1);
    expect(priced.cartItems[0]!.quantity).toBe(4);
  });

  it.each([0, -1, 1.5, 100, '2', null])('refuses quantity %s with a clear message', (quantity) => {
    expect(() => priceCart([{ SKU: 'T-1', quantity }], catalogue, 1)).toThrow('Quantity of Teddy must be between 1 and 99');
  });

  it('refuses unknown SKUs, unknown designs and sold-out items, naming the field', () => {
    expect(() => priceCart([{ SKU: 'NOPE', quantity: 1 }], catalogue, 1)).toThrow("We do not sell an item with SKU 'NOPE'");
    expect(() => priceCart([{ SKU: 'T-1', quantity: 1, design: { title: 'In vase' } }], catalogue, 1)).toThrow("Teddy is not offered in the design 'In vase'");
    expect(() => priceCart([{ SKU: 'S-1', quantity: 1 }], catalogue, 1)).toThrow('Sold Out Bear is out of stock');
    try {
      priceCart([{ SKU: 'T-1', quantity: 1 }, { SKU: 'X', quantity: 1 }], catalogue, 1);
    } catch (e) {
      expect((e as { fields: Record<string, string> }).fields).toEqual({ 'cartItems.1.SKU': 'is unknown' });
    }
  });

  it('keeps the same SKU in another design as a line of its own (the one cart line rule)', () => {
    const priced = priceCart([{ SKU: 'R-24', quantity: 1 }, { SKU: 'R-24', quantity: 1, design: { title: 'In vase' } }, { SKU: 'R-24', quantity: 2, design: { name: 'in VASE' } }], catalogue, 1);
    expect(priced.cartItems.map((i) => [i.SKU, i.design?.title, i.quantity])).toEqual([
      ['R-24', undefined, 1],
      ['R-24', 'In vase', 3],
    ]);
  });

  it('the saved cart combines by the same rule and drops what the catalogue does not sell', () => {
    const kept = itemsToKeep(
      [{ SKU: 'R-24', quantity: 1, design: { title: 'In vase' } }, { SKU: 'R-24', quantity: 2, design: { title: 'in vase' } }, { SKU: 'R-24', quantity: 1 }, { SKU: 'GONE', quantity: 1 }],
      catalogue,
    );
    expect(kept.map((i) => [i.SKU, i.design?.title, i.quantity, i.design?.quantity])).toEqual([
      ['R-24', 'In vase', 3, 3],
      ['R-24', undefined, 1, undefined],
    ]);
  });

  it('refuses a combined quantity above 99', () => {
    expect(() => priceCart([{ SKU: 'T-1', quantity: 60 }, { SKU: 'T-1', quantity: 60 }], catalogue, 1)).toThrow('between 1 and 99');
  });
});

describe('delivery dates', () => {
  const now = new Date('2026-02-13T23:30:00Z'); // 14 Feb 00:30 in Lagos
  it('counts today in Lagos', () => expect(shopDate(now)).toBe('2026-02-14'));
  it('accepts empty and today-or-later, refuses the past and impossible days', () => {
    expect(checkDeliveryDate('', now)).toBe('');
    expect(checkDeliveryDate('2026-02-14', now)).toBe('2026-02-14');
    expect(() => checkDeliveryDate('2026-02-13', now)).toThrow('in the past');
    expect(() => checkDeliveryDate('2026-02-30', now)).toThrow('not a real day');
    expect(() => checkDeliveryDate('14/02/2026', now)).toThrow('YYYY-MM-DD');
  });
});
