import type { Currency } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { describe, expect, it } from 'vitest';
import { publishIfChanged } from '../src/boot/handshake';

describe("the handshake publishes only what the page's own data did not already say", () => {
  it('an equal value is not published again (nothing renders for nothing); a changed one is', () => {
    const drawn: Currency = { name: 'NGN', conversionRate: 1, sign: '₦' };
    bus.emit('currency:changed', drawn);
    const heard: unknown[] = [];
    const off = bus.on('currency:changed', (c) => heard.push(c));
    heard.length = 0; // the replayed last value

    expect(publishIfChanged('currency:changed', { name: 'NGN', conversionRate: 1, sign: '₦' })).toBe(drawn);
    expect(heard).toEqual([]);

    const dollars: Currency = { name: 'USD', conversionRate: 700, sign: '$' };
    expect(publishIfChanged('currency:changed', dollars)).toBe(dollars);
    expect(heard).toEqual([dollars]);
    expect(bus.last('currency:changed')).toBe(dollars);

    // A new rate is a change too.
    const dearer: Currency = { name: 'USD', conversionRate: 750, sign: '$' };
    publishIfChanged('currency:changed', dearer);
    expect(heard).toEqual([dollars, dearer]);
    off();
  });
});
