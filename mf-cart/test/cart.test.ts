import type { CartItem } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCart, wireCartToBus } from '../src/cartStore';

const roses: CartItem = {
  SKU: 'AB-1001',
  name: 'Ruby Romance Red Roses',
  description: '',
  image: { src: '/media/products/ruby-romance-red-roses.svg' },
  price: 45000,
  quantity: 1,
  productId: 'p1',
};

describe('cart store', () => {
  beforeEach(() => {
    localStorage.clear();
    useCart.getState().clear();
  });

  it('adds through the bus, sums the same SKU, stores the items and publishes the summary', () => {
    wireCartToBus();
    bus.emit('cart:add', { item: roses });
    bus.emit('cart:add', { item: roses });
    expect(useCart.getState().items).toHaveLength(1);
    expect(useCart.getState().items[0]?.quantity).toBe(2);
    expect(JSON.parse(localStorage.getItem('adire:cartItems')!)).toHaveLength(1);
    expect(bus.last('cart:summary')).toEqual({ itemCount: 2, orderId: null });
  });

  it('minus stops at one; logout empties the cart', () => {
    wireCartToBus();
    bus.emit('cart:add', { item: roses });
    useCart.getState().decrement('AB-1001');
    expect(useCart.getState().items[0]?.quantity).toBe(1);
    bus.emit('account:logout', {});
    expect(useCart.getState().items).toEqual([]);
    expect(bus.last('cart:summary')?.itemCount).toBe(0);
  });

  it('opens on request and remembers which header asked', () => {
    wireCartToBus();
    bus.emit('cart:open', { from: 'checkout-header' });
    expect(useCart.getState()).toMatchObject({ open: true, opener: 'checkout-header' });
  });
});
