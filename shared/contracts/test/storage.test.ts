import { afterEach, describe, expect, it } from 'vitest';
import { readStored, readStoredUser, writeStored } from '../src/storage';

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

  it('reads the stored user only when it has an email and a token', () => {
    const user = { email: 'ada@example.com', authToken: 't0k3n', cartItems: [], recipients: [] };
    writeStored('user', user, storage);
    expect(readStoredUser(storage)).toEqual(user);
    for (const corrupt of ['{"email":', 'true', '42', '"ada"', '[1]', '{"user":{}}', '{"email":"a@b.c"}', '{"email":5,"authToken":"t"}', '{"email":"a@b.c","authToken":null}']) {
      store.set('adire:user', corrupt);
      expect(readStoredUser(storage)).toBeNull();
    }
  });
});
