import { describe, expect, it } from 'vitest';
import { amountFromWord, amountProblem, amountShown, isAmount, type AmountRule } from '../src/money';

/** The one amount rule of prices, fees and rates (issue 32, item 6). */
const PRICE: AmountRule = { min: 1, max: 100_000_000, whole: true };
const RATE: AmountRule = { min: 0.0001, max: 1_000_000, whole: false };

describe('the amount rule', () => {
  it.each([null, false, true, ' ', '', '5', [5], '0x10', '1e3', {}, Number.NaN, Number.POSITIVE_INFINITY, 0, -1, 1.5, 100_000_001])('refuses %j as a price', (value) => {
    expect(isAmount(value, PRICE)).toBe(false);
    expect(amountProblem(value, PRICE)).toBe('must be a whole number of naira from 1 to 100,000,000');
  });

  it('takes numbers in range; a rate may have decimals', () => {
    expect(isAmount(1, PRICE)).toBe(true);
    expect(isAmount(100_000_000, PRICE)).toBe(true);
    expect(amountProblem(15_000, PRICE)).toBeNull();
    expect(isAmount(1920.5, RATE)).toBe(true);
    expect(isAmount(0, RATE)).toBe(false);
    expect(amountProblem(true, RATE, 'naira per unit')).toBe('must be a number of naira per unit from 0.0001 to 1,000,000');
  });

  it('turns typed plain digits into a number and leaves anything else as typed', () => {
    expect(amountFromWord(' 4500 ')).toBe(4500);
    expect(amountFromWord('1920.5')).toBe(1920.5);
    for (const word of ['4,500', '0x10', '1e3', ' ', '', '-1', '₦4500', 'Infinity', '1.', '.5', '9'.repeat(16)]) expect(amountFromWord(word)).toBe(word);
  });

  it('quotes a refused value: text as typed, anything else as JSON', () => {
    expect(amountShown('4,500')).toBe("'4,500'");
    expect(amountShown(null)).toBe("'null'");
    expect(amountShown([5])).toBe("'[5]'");
    expect(amountShown(undefined)).toBe("'undefined'");
    expect(amountShown('4500')).toBe("'4500' (text: send it as a number)");
    expect(amountShown('x'.repeat(100))).toBe(`'${'x'.repeat(40)}'`);
  });
});
