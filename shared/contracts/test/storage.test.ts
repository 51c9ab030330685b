import { afterEach, describe, expect, it } from 'vitest';
import { readStored, writeStored } from '../src/storage';

describe('stored values', () => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  afterEach(() => store.clear());

  it('round-trips and treats corrupt JSON as absent', () => {
    writeStored('orderId', 'ord_1', storage);
    expect(readStored<string>('orderId', storage)).toBe('ord_1');
    store.set('adire:cartItems', '{not json');
    expect(readStored('cartItems', storage)).toBeNull();
    writeStored('orderId', null, storage);
    expect(readStored('orderId', storage)).toBeNull();
  });
});
