import { describe, expect, it } from 'vitest';
import { canIncrease, clampQuantity, isQuantity, MAX_QUANTITY, MIN_QUANTITY } from '../src/quantity';

describe('a line quantity: a whole number from 1 to 99 (product page, cart drawer, server)', () => {
  it('takes 1 to 99 and nothing else', () => {
    expect([MIN_QUANTITY, MAX_QUANTITY]).toEqual([1, 99]);
    for (const q of [1, 2, 50, 99]) expect(isQuantity(q)).toBe(true);
    for (const q of [0, -1, 100, 1.5, Number.NaN, Infinity, '3', null, undefined]) expect(isQuantity(q)).toBe(false);
  });
  it('clamps what a shopper types', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(150)).toBe(99);
    expect(clampQuantity(7.9)).toBe(7);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });
  it('lets plus add one only below 99', () => {
    expect(canIncrease(98)).toBe(true);
    expect(canIncrease(99)).toBe(false);
  });
});
