import type { Order } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { drawnOrderIn, drawnOrderOf } from '../src/order/drawnOrder';

const order = (over: Partial<Order> = {}): Order => ({
  id: 'o1',
  deliveryDate: '2099-05-14',
  orderProducts: [],
  cartItems: [],
  currency: 'NGN',
  paymentStatus: 'not paid',
  ...over,
});

describe('the order the server draws the checkout with', () => {
  it('is an open order not checked out yet: its stage is delivery for every shopper', () => {
    expect(drawnOrderOf(order(), 'o1')).toEqual(order());
  });

  it('is none for a paid order, a checked-out one (its stage is the browser’s to know) or another id', () => {
    expect(drawnOrderOf(order({ paymentStatus: 'paid' }), 'o1')).toBeNull();
    expect(drawnOrderOf(order({ orderNumber: 'AL0001W', deliveryMethod: 'delivery' }), 'o1')).toBeNull();
    expect(drawnOrderOf(order(), 'o2')).toBeNull();
  });

  it('is read from the page only when it is the page’s order and looks like one', () => {
    expect(drawnOrderIn({ order: order() }, 'o1')).toEqual(order());
    expect(drawnOrderIn({ order: order() }, 'o2')).toBeNull();
    expect(drawnOrderIn({ order: order() }, null)).toBeNull();
    expect(drawnOrderIn({}, 'o1')).toBeNull();
    expect(drawnOrderIn({ order: 'o1' }, 'o1')).toBeNull();
    expect(drawnOrderIn(undefined, 'o1')).toBeNull();
  });
});
