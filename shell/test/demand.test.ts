import { bus } from '@adire/event-bus';
import { describe, expect, it } from 'vitest';
import { cartHasWork, demandRemote, publishStoredCartSummary, watchDemand, whenCartMounts, whenDemanded } from '../src/federation/demand';

function storage(entries: Record<string, unknown>) {
  const map = new Map(Object.entries(entries).map(([k, v]) => [k, JSON.stringify(v)]));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: () => {}, removeItem: () => {} };
}

describe('remotes on demand', () => {
  it('the cart loads with the page only when the shopper has items, an order or a login', () => {
    expect(cartHasWork(storage({}))).toBe(false);
    expect(cartHasWork(storage({ 'adire:cartItems': [] }))).toBe(false);
    expect(cartHasWork(storage({ 'adire:cartItems': [{ SKU: 'AB-1001' }] }))).toBe(true);
    expect(cartHasWork(storage({ 'adire:orderId': 'ord-1' }))).toBe(true);
    expect(cartHasWork(storage({ 'adire:user': { email: 'ada@example.com', authToken: 't' } }))).toBe(true);
  });

  it('a remote asked for resolves its waiters, then and later', async () => {
    let mounted = false;
    const waiting = whenDemanded('account').then(() => (mounted = true));
    await Promise.resolve();
    expect(mounted).toBe(false);
    demandRemote('account');
    await waiting;
    expect(mounted).toBe(true);
    await expect(whenDemanded('account')).resolves.toBeUndefined();
  });

  it('until the cart loads, its summary comes from its stored keys (a corrupt item left out); not for a logged-in shopper', () => {
    const item = { SKU: 'AB-1001', name: 'Roses', price: 5000, quantity: 2, image: { src: '/r.jpg' } };
    publishStoredCartSummary(storage({ 'adire:user': { email: 'ada@example.com', authToken: 't' }, 'adire:cartItems': [item] }));
    expect(bus.last('cart:summary')).toBeUndefined();
    publishStoredCartSummary(storage({ 'adire:cartItems': [item, { SKU: 'broken' }], 'adire:orderId': 'ord-1', 'adire:deliveryDate': '2026-02-14' }));
    expect(bus.last('cart:summary')).toEqual({ itemCount: 2, orderId: 'ord-1', deliveryDate: '2026-02-14' });
    // Once the cart (or the shell) has spoken, it is not repeated.
    publishStoredCartSummary(storage({}));
    expect(bus.last('cart:summary')).toEqual({ itemCount: 2, orderId: 'ord-1', deliveryDate: '2026-02-14' });
  });

  it("on the checkout with a stored cart, the cart mounts when the shopper reaches for it ('remote:wanted')", async () => {
    localStorage.setItem('adire:cartItems', JSON.stringify([{ SKU: 'AB-1001', name: 'Roses', price: 5000, quantity: 1, image: { src: '/r.jpg' } }]));
    watchDemand();
    let mounted = false;
    const mounting = whenCartMounts('/checkout').then(() => (mounted = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mounted).toBe(false);
    bus.emit('remote:wanted', { remote: 'cart' });
    await mounting;
    expect(mounted).toBe(true);
    localStorage.clear();
  });
});
