import type { CartItem } from '@adire/contracts';
import { cartLineKey } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { api } from '@adire/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followStoredOrder, useCart, wireCartToBus } from '../src/cartStore';

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
    useCart.getState().reset();
  });

  it('adds through the bus, sums the same SKU, stores the items and publishes the summary', () => {
    wireCartToBus();
    bus.emit('cart:add', { item: roses });
    bus.emit('cart:add', { item: roses });
    expect(useCart.getState().items).toHaveLength(1);
    expect(useCart.getState().items[0]?.quantity).toBe(2);
    expect(JSON.parse(localStorage.getItem('adire:cartItems')!)).toHaveLength(1);
    expect(bus.last('cart:summary')).toEqual({ itemCount: 2, orderId: null, deliveryDate: null });
  });

  it('minus stops at one; logout empties the cart', () => {
    wireCartToBus();
    bus.emit('cart:add', { item: roses });
    useCart.getState().decrement(cartLineKey(roses));
    expect(useCart.getState().items[0]?.quantity).toBe(1);
    bus.emit('account:logout', {});
    expect(useCart.getState().items).toEqual([]);
    expect(bus.last('cart:summary')?.itemCount).toBe(0);
  });

  it('plus stops at 99, the quantity the server takes (the product page stops there too)', () => {
    wireCartToBus();
    bus.emit('cart:add', { item: { ...roses, quantity: 98 } });
    useCart.getState().increment(cartLineKey(roses));
    useCart.getState().increment(cartLineKey(roses));
    expect(useCart.getState().items[0]?.quantity).toBe(99);
  });

  it('the same SKU in another design is a line of its own: plus, minus and remove touch only that line', async () => {
    wireCartToBus();
    const inVase: CartItem = { ...roses, design: { title: 'In vase', price: 15000, quantity: 1 } };
    bus.emit('cart:add', { item: roses });
    bus.emit('cart:add', { item: inVase });
    useCart.getState().increment(cartLineKey(inVase));
    expect(useCart.getState().items.map((i) => [i.SKU, i.design?.title, i.quantity])).toEqual([
      ['AB-1001', undefined, 1],
      ['AB-1001', 'In vase', 2],
    ]);
    await useCart.getState().remove(cartLineKey(roses));
    expect(useCart.getState().items.map((i) => i.design?.title)).toEqual(['In vase']);
  });

  it('opens on request and remembers which header asked', () => {
    wireCartToBus();
    bus.emit('cart:open', { from: 'checkout-header' });
    expect(useCart.getState()).toMatchObject({ open: true, opener: 'checkout-header' });
  });
});

describe('cart and the server', () => {
  beforeEach(() => {
    localStorage.clear();
    useCart.getState().reset();
    bus.emit('user:changed', null);
    wireCartToBus();
  });
  afterEach(() => vi.restoreAllMocks());

  it('a user arriving merges their saved cart with the guest cart by SKU, then clears the guest copy', () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ error: false, message: '', data: null, status: 200 });
    bus.emit('cart:add', { item: roses });
    const lilies = { ...roses, SKU: 'AB-1003', name: 'White Grace Lilies' };
    bus.emit('user:changed', { email: 'ada@example.com', authToken: 't', recipients: [], cartItems: [{ ...roses, quantity: 2 }, lilies] });
    expect(useCart.getState().items.map((i) => [i.SKU, i.quantity])).toEqual([
      ['AB-1001', 3],
      ['AB-1003', 1],
    ]);
    expect(localStorage.getItem('adire:cartItems')).toBeNull();
    expect(put).toHaveBeenCalledWith('/v1/cart-item/update', { cartItems: useCart.getState().items });
  });

  it('a logged-in save still waiting for its debounce goes at once, outliving the page, when the page is left', () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ error: false, message: '', data: null, status: 200 });
    bus.emit('user:changed', { email: 'ada@example.com', authToken: 't', recipients: [], cartItems: [] });
    put.mockClear();
    bus.emit('cart:add', { item: roses });
    expect(put).not.toHaveBeenCalled(); // debounced
    dispatchEvent(new Event('pagehide'));
    expect(put).toHaveBeenCalledWith('/v1/cart-item/update', { cartItems: useCart.getState().items }, { keepalive: true });
    expect(useCart.getState().items).toHaveLength(1);
    dispatchEvent(new Event('pagehide'));
    expect(put).toHaveBeenCalledTimes(1); // nothing left waiting
  });

  it("'Proceed to checkout' creates the order with the guest's chosen day, keeps the id and goes to checkout", async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ error: false, message: '', data: { id: 'ord_123' }, status: 200 });
    bus.emit('cart:add', { item: roses });
    useCart.getState().setDeliveryDate('2099-02-14');
    bus.emit('cart:open', { from: 'main-header' });
    const saved: string[] = [];
    const off = bus.on('order:saved', ({ orderId }) => saved.push(orderId));
    await useCart.getState().submit();
    off();
    expect(saved).toEqual(['ord_123']);
    expect(post).toHaveBeenCalledWith('/v1/orders/order/create', { deliveryDate: '2099-02-14', cartItems: [roses], currency: 'NGN' });
    expect(useCart.getState().orderId).toBe('ord_123');
    expect(JSON.parse(localStorage.getItem('adire:orderId')!)).toBe('ord_123');
    expect(window.location.pathname + window.location.search).toBe('/checkout?orderId=ord_123');
    expect(useCart.getState().open).toBe(false);
  });

  it("a failed update toasts 'Unable to update order: …'", async () => {
    vi.spyOn(api, 'put').mockResolvedValue({ error: true, message: 'Quantity must be between 1 and 99', data: null, status: 400 });
    const toasts: string[] = [];
    const off = bus.on('toast:show', (t) => toasts.push(t.message));
    bus.emit('cart:add', { item: roses });
    useCart.setState({ orderId: 'ord_1' });
    await useCart.getState().submit();
    off();
    expect(toasts).toContain('Unable to update order: Quantity must be between 1 and 99');
  });

  it('removing the last item of an order empties the order (cartItems null) and, from the checkout header, goes home', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ error: false, message: '', data: { id: 'ord_9' }, status: 200 });
    bus.emit('cart:add', { item: roses });
    useCart.setState({ orderId: 'ord_9' });
    bus.emit('cart:open', { from: 'checkout-header' });
    await useCart.getState().remove(cartLineKey(roses));
    expect(put).toHaveBeenCalledWith('/v1/orders/order/ord_9', { deliveryDate: '', cartItems: null, currency: 'NGN' });
    expect(window.location.pathname).toBe('/');
  });

  it("the checkout's reset forgets items, delivery date and order id", () => {
    bus.emit('cart:add', { item: roses });
    useCart.getState().setDeliveryDate('2099-02-14');
    useCart.setState({ orderId: 'ord_1' });
    bus.emit('cart:reset', { reason: 'order-finished' });
    expect(useCart.getState()).toMatchObject({ items: [], deliveryDate: null, orderId: null });
    expect(localStorage.getItem('adire:deliveryDate')).toBeNull();
  });

  it('a paid order empties a logged-in shopper\'s saved cart too, and the user the page knew keeps no paid items', () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ error: false, message: '', data: null, status: 200 });
    const ada = { email: 'ada@example.com', authToken: 't', recipients: [], cartItems: [roses] };
    bus.emit('user:changed', ada);
    expect(useCart.getState().items).toHaveLength(1);
    bus.emit('cart:reset', { reason: 'order-finished' });
    expect(useCart.getState().items).toEqual([]);
    expect(put).toHaveBeenLastCalledWith('/v1/cart-item/update', { cartItems: [] });
    // The same user object, told again (its cart as it was before payment), brings nothing back.
    bus.emit('user:changed', ada);
    expect(useCart.getState().items).toEqual([]);
    // A fresh login is the server's word again.
    bus.emit('user:changed', { ...ada, cartItems: [roses] });
    expect(useCart.getState().items).toHaveLength(1);
  });

  it('a paid order seen before the handshake tells the stored user: that user\'s pre-payment cart is dropped and emptied on the server', () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ error: false, message: '', data: null, status: 200 });
    localStorage.setItem('adire:user', JSON.stringify({ email: 'ada@example.com', authToken: 't' }));
    bus.emit('cart:add', { item: roses });
    bus.emit('cart:reset', { reason: 'order-finished' });
    expect(put).not.toHaveBeenCalled();
    bus.emit('user:changed', { email: 'ada@example.com', authToken: 't', recipients: [], cartItems: [roses] });
    expect(useCart.getState().items).toEqual([]);
    expect(put).toHaveBeenCalledWith('/v1/cart-item/update', { cartItems: [] });
  });

  it('logout and a missing order leave the saved cart on the server alone', () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ error: false, message: '', data: null, status: 200 });
    bus.emit('user:changed', { email: 'ada@example.com', authToken: 't', recipients: [], cartItems: [roses] });
    bus.emit('cart:reset', { reason: 'order-missing' });
    bus.emit('account:logout', {});
    expect(put).not.toHaveBeenCalled();
  });
});

describe('the stored order (order lifecycle, SPEC section 4)', () => {
  const order = (paymentStatus: string) => ({ id: 'ord_5', deliveryDate: '2099-02-14', orderProducts: [], cartItems: [roses], currency: 'NGN' as const, paymentStatus });
  beforeEach(() => {
    localStorage.clear();
    useCart.getState().reset();
    wireCartToBus();
    bus.emit('cart:add', { item: roses });
    useCart.getState().setDeliveryDate('2099-02-14');
    useCart.setState({ orderId: 'ord_5' });
    localStorage.setItem('adire:orderId', JSON.stringify('ord_5'));
    localStorage.setItem('adire:coupon', JSON.stringify({ code: 'ROSES10', orderId: 'ord_5' }));
    window.history.pushState(null, '', '/flowers');
  });
  afterEach(() => vi.restoreAllMocks());

  it('is fetched; a paid one clears the cart, date, order id and coupon', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ error: false, message: '', data: order('paid'), status: 200 });
    await followStoredOrder();
    expect(get).toHaveBeenCalledWith('/v1/orders/order/ord_5');
    expect(useCart.getState()).toMatchObject({ items: [], deliveryDate: null, orderId: null });
    expect(['adire:cartItems', 'adire:deliveryDate', 'adire:orderId', 'adire:coupon'].map((k) => localStorage.getItem(k))).toEqual([null, null, null, null]);
    expect(window.location.pathname).toBe('/flowers');
  });

  it('a 404 clears them too and goes to /', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ error: true, message: 'We could not find that order', data: null, status: 404 });
    await followStoredOrder();
    expect(useCart.getState()).toMatchObject({ items: [], orderId: null });
    expect(localStorage.getItem('adire:coupon')).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('an open order, or a failed call, keeps everything', async () => {
    for (const res of [
      { error: false, message: '', data: order('not paid'), status: 200 },
      { error: true, message: 'Could not reach the shop', data: null, status: 0 },
    ]) {
      vi.spyOn(api, 'get').mockResolvedValue(res);
      await followStoredOrder();
      expect(useCart.getState()).toMatchObject({ items: [roses], deliveryDate: '2099-02-14', orderId: 'ord_5' });
      expect(localStorage.getItem('adire:coupon')).not.toBeNull();
      expect(window.location.pathname).toBe('/flowers');
    }
  });
});
