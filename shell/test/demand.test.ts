import { describe, expect, it } from 'vitest';
import { cartHasWork, demandRemote, whenDemanded } from '../src/federation/demand';

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
});
