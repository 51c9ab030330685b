import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAmount, convertDiscount, currenciesFromRates, formatAmount, formatPrice } from '../src/money';

describe('convertAmount', () => {
  it('divides by the rate and rounds up', () => {
    expect(convertAmount(15000, 700)).toBe(22); // 21.43 → 22
    expect(convertAmount(14000, 700)).toBe(20); // exact stays exact
    expect(convertAmount(1, 890)).toBe(1);
    expect(convertAmount(15000, 1)).toBe(15000);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => convertAmount(100, 0)).toThrow(RangeError);
    expect(() => convertAmount(100, -5)).toThrow(RangeError);
  });

  it('is never below the exact quotient and less than one above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 1, max: 5000 }), (amount, rate) => {
        const converted = convertAmount(amount, rate);
        expect(Number.isInteger(converted)).toBe(true);
        expect(converted * rate).toBeGreaterThanOrEqual(amount);
        expect((converted - 1) * rate).toBeLessThan(amount);
      }),
    );
  });
});

describe('formatPrice', () => {
  it('prefixes the sign and groups thousands', () => {
    expect(formatPrice(1_500_000, { conversionRate: 1, sign: '₦' })).toBe('₦1,500,000');
    expect(formatPrice(15000, { conversionRate: 700, sign: '$' })).toBe('$22');
  });
});

describe('formatAmount', () => {
  it("shows an amount already in the order's currency, decimals only when there are some", () => {
    expect(formatAmount(49500, 'NGN')).toBe('₦49,500');
    expect(formatAmount(71, 'USD')).toBe('$71');
    expect(formatAmount(71.5, 'USD')).toBe('$71.50');
    expect(formatAmount(1234.567, 'GBP')).toBe('£1,234.57');
    expect(formatAmount(0, 'NGN')).toBe('₦0');
  });
});

describe('amounts written without Intl', () => {
  // What the shop wrote with Intl's en-NG formats before (and still does for exponents, ∞ and NaN).
  const whole = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  const fractional = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const byIntl = (amount: number) => `$${(Number.isInteger(amount) ? whole : fractional).format(amount)}`;

  it('reads as Intl wrote it, at the edges of grouping and rounding', () => {
    const edges = [0, -0, 1, 12, 999, 1000, 1001, 99_999, 100_000, 999_999.995, 1_000_000, 123_456_789, 9_999_999_999_999,
      0.005, 0.004, 1.005, 1.015, 2.675, 71.5, 71.05, 0.1 + 0.2, 1234.567, 999.999, 0.995, -0.001, -0.005, -71.5, -1234.567,
      1e-7, 1.5e-10, 1e21, 12345678901234.5, Number.MAX_SAFE_INTEGER, Infinity, -Infinity, Number.NaN];
    for (const amount of edges) expect(formatAmount(amount, 'USD'), String(amount)).toBe(byIntl(amount));
  });

  it('reads as Intl wrote it for any amount a shop shows, whole or with decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
          fc.double({ min: -1_000_000_000, max: 1_000_000_000, noNaN: true }),
          fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
          fc.integer({ min: 0, max: 100_000_000 }).map((thousandths) => thousandths / 1000),
        ),
        (amount) => {
          expect(formatAmount(amount, 'USD')).toBe(byIntl(amount));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('currenciesFromRates', () => {
  it('takes server rates, keeps signs, falls back to defaults', () => {
    const cs = currenciesFromRates([{ name: 'USD', conversionRate: 1500 }, { name: 'XYZ', conversionRate: 3 }]);
    expect(cs).toEqual([
      { name: 'NGN', conversionRate: 1, sign: '₦' },
      { name: 'USD', conversionRate: 1500, sign: '$' },
      { name: 'GBP', conversionRate: 890, sign: '£' },
    ]);
    expect(currenciesFromRates(undefined).map((c) => c.conversionRate)).toEqual([1, 700, 890]);
  });
});

describe('convertDiscount', () => {
  it('rounds a naira discount down in another currency, never worth more than its naira', () => {
    expect(convertDiscount(5000, 700)).toBe(7);
    expect(convertDiscount(5000, 890)).toBe(5);
    expect(convertDiscount(7000, 700)).toBe(10);
    expect(convertDiscount(5000, 1)).toBe(5000);
  });
});
