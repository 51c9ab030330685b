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

  it('keeps commands for the cart emitted before it listens, and hands them, in order, to its first listener only', () => {
    const bus = createEventBus();
    const item = (SKU: string) => ({ SKU, name: SKU, description: '', image: { src: '' }, price: 1, quantity: 1, productId: SKU });
    bus.emit('cart:add', { item: item('AB-1') });
    bus.emit('cart:add', { item: item('AB-2') });
    bus.emit('toast:show', { type: 'info', message: 'not kept' });
    const cart = vi.fn();
    bus.on('cart:add', cart);
    expect(cart.mock.calls.map(([e]) => e.item.SKU)).toEqual(['AB-1', 'AB-2']);
    const second = vi.fn();
    bus.on('cart:add', second);
    expect(second).not.toHaveBeenCalled();
    bus.emit('cart:add', { item: item('AB-3') });
    expect(cart).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(1);
    const toast = vi.fn();
    bus.on('toast:show', toast);
    expect(toast).not.toHaveBeenCalled();
  });

  it('tells onHeld watchers which command waits, so its remote can be loaded', () => {
    const bus = createEventBus();
    const watcher = vi.fn();
    const off = bus.onHeld(watcher);
    bus.emit('cart:open', { from: 'main-header' });
    expect(watcher).toHaveBeenCalledWith('cart:open');
    bus.on('cart:open', () => {});
    bus.emit('cart:open', { from: 'main-header' }); // someone listens now: not held
    expect(watcher).toHaveBeenCalledTimes(1);
    off();
    bus.emit('cart:reset', { reason: 'order-missing' });
    expect(watcher).toHaveBeenCalledTimes(1);
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
