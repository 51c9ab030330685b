// @vitest-environment jsdom
import type { Currency } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useBusValue } from '../src/useBus';

// As in the browser: React schedules its own work.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const NAIRA: Currency = { name: 'NGN', conversionRate: 1, sign: '₦' };
const POUNDS: Currency = { name: 'GBP', conversionRate: 890, sign: '£' };

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useBusValue', () => {
  it('redraws what shows a new value in slices, with other tasks in between (not one blocking render)', async () => {
    bus.emit('currency:changed', NAIRA);
    const drawn: string[] = [];
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // drawing
      }
    };
    function PriceTag({ n }: { n: number }) {
      const currency = useBusValue('currency:changed');
      busy(2);
      drawn.push(`${currency?.name} ${n}`);
      return <li>{currency?.sign}</li>;
    }
    const element = document.createElement('ul');
    document.body.append(element);
    createRoot(element).render(Array.from({ length: 12 }, (_, n) => <PriceTag key={n} n={n} />));
    await new Promise((drawnOnce) => setTimeout(drawnOnce, 100));
    expect(drawn.filter((d) => d.startsWith('NGN'))).toHaveLength(12);

    // The handshake (or the shopper) changes the currency: every price redraws in pounds.
    drawn.length = 0;
    const other = setInterval(() => drawn.push('another task'), 1);
    bus.emit('currency:changed', POUNDS);
    await expect.poll(() => drawn.filter((d) => d.startsWith('GBP')).length).toBe(12);
    clearInterval(other);
    const redrawn = drawn.flatMap((entry, at) => (entry.startsWith('GBP') ? [at] : []));
    expect(drawn.slice(redrawn[0], redrawn.at(-1)), drawn.join(', ')).toContain('another task');
    expect(element.textContent).toBe('£'.repeat(12));
  });
});
