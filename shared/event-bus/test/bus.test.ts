import { describe, expect, it, vi } from 'vitest';
import { confirmWithShopper, createEventBus } from '../src/index';

describe('event bus', () => {
  it('replays the last state-like value to late subscribers', () => {
    const bus = createEventBus();
    bus.emit('currency:changed', { name: 'USD', conversionRate: 700, sign: '$' });
    bus.emit('currency:changed', { name: 'GBP', conversionRate: 890, sign: '£' });
    const late = vi.fn();
    bus.on('currency:changed', late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledWith({ name: 'GBP', conversionRate: 890, sign: '£' });
  });

  it('does not replay action events', () => {
    const bus = createEventBus();
    bus.emit('toast:show', { type: 'info', message: 'hello' });
    const late = vi.fn();
    bus.on('toast:show', late);
    expect(late).not.toHaveBeenCalled();
    bus.emit('toast:show', { type: 'error', message: 'again' });
    expect(late).toHaveBeenCalledWith({ type: 'error', message: 'again' });
  });

  it('unsubscribes', () => {
    const bus = createEventBus();
    const h = vi.fn();
    const off = bus.on('cart:open', h);
    off();
    bus.emit('cart:open', { from: 'main-header' });
    expect(h).not.toHaveBeenCalled();
  });

  it('confirm round-trips by id', async () => {
    const bus = createEventBus();
    bus.on('confirm:request', (req) => {
      bus.emit('confirm:answer', { id: 'someone-else', confirmed: false });
      bus.emit('confirm:answer', { id: req.id, confirmed: true });
    });
    await expect(confirmWithShopper({ title: 'Remove', message: 'Remove this item?' }, bus)).resolves.toBe(true);
  });
});
