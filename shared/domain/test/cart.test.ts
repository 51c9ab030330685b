import type { CartItem } from '@adire/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCartItem, cartLineKey, cartLineTotal, combineCartLines, cartSubtotal, cartTotal, decrementQuantity, incrementQuantity, mergeCarts, orderTotal } from '../src/cart';

const item = (SKU: string, price: number, quantity: number, design?: CartItem['design']): CartItem => ({
  SKU,
  name: `Item ${SKU}`,
  description: '',
  image: { src: '/x.svg' },
  price,
  quantity,
  productId: `p-${SKU}`,
  design,
});

describe('cart totals', () => {
  it('subtotal excludes designs, total includes them', () => {
    const items = [item('A', 10000, 2, { title: 'In vase', price: 15000, quantity: 2 }), item('B', 5000, 1)];
    expect(cartSubtotal(items)).toBe(25000);
    expect(cartTotal(items)).toBe(55000);
    expect(items.map(cartLineTotal)).toEqual([50000, 5000]);
  });

  it('the order total is items less discount plus delivery, never below zero', () => {
    expect(orderTotal({ items: 49500, discount: 4950, deliveryFee: 4500 })).toBe(49050);
    expect(orderTotal({ items: 1000, discount: 5000, deliveryFee: 0 })).toBe(0);
  });
});

describe('addCartItem', () => {
  it('sums the quantity of an SKU already in the cart (design included), else appends', () => {
    const cart = [item('A', 100, 1, { title: 'Box', price: 50, quantity: 1 }), item('B', 10, 1)];
    const more = addCartItem(cart, item('A', 100, 2, { title: 'Box', price: 50, quantity: 2 }));
    expect(more.map((i) => [i.SKU, i.quantity, i.design?.quantity])).toEqual([
      ['A', 3, 3],
      ['B', 1, undefined],
    ]);
    expect(addCartItem(cart, item('C', 5, 2)).map((i) => i.SKU)).toEqual(['A', 'B', 'C']);
    expect(cart[0]!.quantity).toBe(1); // the cart given is left as it was
  });
});

describe('the same cart line', () => {
  it('is the same SKU in the same design (design names without case, title or name)', () => {
    expect(cartLineKey(item('A', 1, 1, { title: 'In vase', price: 5, quantity: 1 }))).toBe(cartLineKey({ SKU: ' A ', design: { name: 'in VASE' } }));
    expect(cartLineKey(item('A', 1, 1))).not.toBe(cartLineKey(item('A', 1, 1, { title: 'In vase', price: 5, quantity: 1 })));
    expect(cartLineKey(item('A', 1, 1))).not.toBe(cartLineKey(item('B', 1, 1)));
  });

  it('the drawer keeps the same SKU in another design as a line of its own', () => {
    const cart = [item('A', 100, 1)];
    const more = addCartItem(cart, item('A', 100, 2, { title: 'In vase', price: 50, quantity: 2 }));
    expect(more.map((i) => [i.SKU, i.quantity, i.design?.title])).toEqual([
      ['A', 1, undefined],
      ['A', 2, 'In vase'],
    ]);
    expect(addCartItem(more, item('A', 100, 1, { title: 'in vase', price: 50, quantity: 1 }))[1]!.quantity).toBe(3);
  });

  it('the merge at login and a saved cart combine by the same rule', () => {
    const vase = { title: 'In vase', price: 50, quantity: 1 };
    const merged = mergeCarts([item('A', 100, 1, vase)], [item('A', 100, 2), item('A', 100, 1, vase)]);
    expect(merged.map((i) => [i.SKU, i.quantity, i.design?.quantity])).toEqual([
      ['A', 2, 2],
      ['A', 2, undefined],
    ]);
    expect(combineCartLines([item('B', 5, 1), item('B', 5, 4)]).map((i) => i.quantity)).toEqual([5]);
  });
});

describe('quantities', () => {
  it('minus stops at 1, plus always adds one, design quantity follows', () => {
    const one = item('A', 100, 1, { title: 'Box', price: 0, quantity: 1 });
    expect(decrementQuantity(one).quantity).toBe(1);
    const three = incrementQuantity(incrementQuantity(one));
    expect(three.quantity).toBe(3);
    expect(three.design?.quantity).toBe(3);
    expect(decrementQuantity(three).design?.quantity).toBe(2);
  });
});

describe('mergeCarts', () => {
  it('sums quantities of the same cart line and drops items without an SKU', () => {
    const merged = mergeCarts([item('A', 100, 1), item('', 5, 1)], [item('A', 100, 2), item('B', 50, 1)]);
    expect(merged.map((i) => [i.SKU, i.quantity])).toEqual([
      ['A', 3],
      ['B', 1],
    ]);
  });

  it('keeps the total item count of the carts it merges (property)', () => {
    const arbItem = fc.record({ SKU: fc.constantFrom('A', 'B', 'C', 'D'), quantity: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(fc.array(arbItem, { maxLength: 6 }), fc.array(arbItem, { maxLength: 6 }), (s, g) => {
        const server = s.map((x) => item(x.SKU, 100, x.quantity));
        const guest = g.map((x) => item(x.SKU, 100, x.quantity));
        const merged = mergeCarts(server, guest);
        const count = (xs: CartItem[]) => xs.reduce((n, x) => n + x.quantity, 0);
        expect(count(merged)).toBe(count(server) + count(guest));
        expect(new Set(merged.map(cartLineKey)).size).toBe(merged.length);
      }),
    );
  });
});
