import { STORAGE_KEYS, type ApiResult, type Order } from '@adire/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyOrderOutcome, followOrder, orderOutcome, type OrderFetcher } from '../src/order';

const order = (over: Partial<Order> = {}): Order => ({
  id: 'o1',
  deliveryDate: '2026-05-14',
  orderProducts: [],
  cartItems: [],
  currency: 'NGN',
  paymentStatus: 'not paid',
  ...over,
});
const ok = (o: Order): ApiResult<Order> => ({ error: false, message: '', data: o, status: 200 });
const fail = (status: number, message = 'x'): ApiResult<Order> => ({ error: true, message, data: null, status });
const effects = () => ({ bus: { emit: vi.fn() }, clearCoupon: vi.fn(), resetStage: vi.fn(), goHome: vi.fn() });
const fetcher = (res: ApiResult<Order>) => {
  const get = vi.fn(async () => res);
  return { api: { get } as unknown as OrderFetcher, get };
};

describe('order lifecycle (SPEC section 4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('classifies a fetched order with the paid rule', () => {
    expect(orderOutcome(ok(order())).kind).toBe('open');
    expect(orderOutcome(ok(order({ paymentStatus: 'part payment' }))).kind).toBe('open');
    expect(orderOutcome(ok(order({ paymentStatus: 'paid - confirmed by transfer' }))).kind).toBe('finished');
    expect(orderOutcome(ok(order({ paymentStatus: 'go ahead - pay on delivery approved' }))).kind).toBe('finished');
    expect(orderOutcome(fail(404))).toEqual({ kind: 'missing' });
    expect(orderOutcome(fail(500, 'Boom'))).toEqual({ kind: 'error', message: 'Boom' });
    expect(orderOutcome(fail(0, ''))).toEqual({ kind: 'error', message: 'The order could not be loaded' });
  });

  it('fetches the stored order by its id, and a paid one is forgotten with its coupon', async () => {
    const fx = effects();
    const { api, get } = fetcher(ok(order({ id: 'a/b', paymentStatus: 'paid' })));
    const outcome = await followOrder('a/b', { api, ...fx });
    expect(get).toHaveBeenCalledWith('/v1/orders/order/a%2Fb');
    expect(outcome.kind).toBe('finished');
    expect(fx.bus.emit).toHaveBeenCalledWith('cart:reset', { reason: 'order-finished' });
    expect(fx.clearCoupon).toHaveBeenCalledOnce();
    expect(fx.resetStage).not.toHaveBeenCalled();
    expect(fx.goHome).not.toHaveBeenCalled();
  });

  it('a missing order (404) clears them too and goes home', async () => {
    const fx = effects();
    expect(await followOrder('gone', { ...fetcher(fail(404)), ...fx })).toEqual({ kind: 'missing' });
    expect(fx.bus.emit).toHaveBeenCalledWith('cart:reset', { reason: 'order-missing' });
    expect(fx.clearCoupon).toHaveBeenCalledOnce();
    expect(fx.resetStage).toHaveBeenCalledOnce();
    expect(fx.goHome).toHaveBeenCalledOnce();
  });

  it('an open order or a failed call changes nothing', async () => {
    for (const res of [ok(order()), fail(500), fail(401)]) {
      const fx = effects();
      await followOrder('o1', { ...fetcher(res), ...fx });
      expect(fx.bus.emit).not.toHaveBeenCalled();
      expect(fx.clearCoupon).not.toHaveBeenCalled();
      expect(fx.goHome).not.toHaveBeenCalled();
    }
  });

  it('by default clears the stored coupon and sends the browser to /', () => {
    const storage = new Map<string, string>([[STORAGE_KEYS.coupon.key, '{"code":"ROSES10","orderId":"o1"}']]);
    const pushState = vi.fn();
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k) });
    vi.stubGlobal('location', { pathname: '/checkout' });
    vi.stubGlobal('history', { pushState });
    const emit = vi.fn();
    applyOrderOutcome({ kind: 'missing' }, { bus: { emit } });
    expect(storage.has(STORAGE_KEYS.coupon.key)).toBe(false);
    expect(pushState).toHaveBeenCalledWith(null, '', '/');
    // Already home: no second history entry.
    vi.stubGlobal('location', { pathname: '/' });
    applyOrderOutcome({ kind: 'missing' }, { bus: { emit } });
    expect(pushState).toHaveBeenCalledOnce();
  });
});
