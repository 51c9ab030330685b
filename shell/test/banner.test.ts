import { describe, expect, it } from 'vitest';
import { fillPricePlaceholders, isStaticOnDesktop, scrollDurationSeconds } from '../src/boot/banner';
import { decideAfterCrash, nextProgress } from '../src/boot/reload';

describe('alert banner rules', () => {
  it('scrolls for the larger of 30 s and length / 7 s', () => {
    expect(scrollDurationSeconds('short')).toBe(30);
    expect(scrollDurationSeconds('x'.repeat(210))).toBe(30);
    expect(scrollDurationSeconds('x'.repeat(700))).toBe(100);
  });

  it('stands still on desktop only while 3 × length < 500', () => {
    expect(isStaticOnDesktop('x'.repeat(166))).toBe(true); // 498
    expect(isStaticOnDesktop('x'.repeat(167))).toBe(false); // 501
  });

  it('replaces {{n}} placeholders with a price in the selected currency', () => {
    const text = 'Free delivery above {{50000}}; Valentine fee {{ 7000 }}.';
    expect(fillPricePlaceholders(text, { conversionRate: 1, sign: '₦' })).toBe('Free delivery above ₦50,000; Valentine fee ₦7,000.');
    expect(fillPricePlaceholders(text, { conversionRate: 700, sign: '$' })).toBe('Free delivery above $72; Valentine fee $10.');
    expect(fillPricePlaceholders('No {{placeholder}} here', { conversionRate: 1, sign: '₦' })).toBe('No {{placeholder}} here');
  });
});

describe('error fallback reload counter', () => {
  it('reloads up to 3 times, then stays on the error screen', () => {
    expect(decideAfterCrash(null)).toEqual({ reload: true, counter: 1 });
    expect(decideAfterCrash(1)).toEqual({ reload: true, counter: 2 });
    expect(decideAfterCrash(2)).toEqual({ reload: true, counter: 3 });
    expect(decideAfterCrash(3)).toEqual({ reload: false, counter: 3 });
    expect(decideAfterCrash('garbage')).toEqual({ reload: true, counter: 1 });
  });
});

describe('route progress bar', () => {
  it('steps by 10 and stops at 90', () => {
    const steps = [10];
    for (let i = 0; i < 10; i++) steps.push(nextProgress(steps.at(-1)!));
    expect(steps).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 90, 90]);
  });
});
