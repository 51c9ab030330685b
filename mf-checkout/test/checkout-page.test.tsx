import type { CheckoutResponse, Order, User } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('@adire/api-client', () => ({ api }));

import { CheckoutApp } from '../src/CheckoutApp';
import { drawnLater } from '../src/parts';
import { useStage } from '../src/stage';

const ok = <T,>(data: T) => ({ error: false, message: '', data, status: 200 });
const fail = (status: number, message: string, fields?: Record<string, string>) => ({ error: true, message, data: null, status, fields });

const order = (over: Partial<Order> = {}): Order => ({
  id: 'o1',
  deliveryDate: '',
  orderProducts: [],
  cartItems: [
    {
      SKU: 'RR-12',
      name: 'Ruby Romance Red Roses',
      description: '',
      image: { src: '/img/ruby.jpg' },
      price: 45000,
      quantity: 1,
      productId: 'p1',
      design: { title: 'Luxury box', price: 5000, quantity: 1 },
    },
  ],
  currency: 'NGN',
  paymentStatus: 'not paid',
  itemsTotal: 50000,
  discount: 0,
  deliveryFee: 0,
  total: 50000,
  ...over,
});

function routeGet(o: Order) {
  api.get.mockImplementation(async (path: string) => {
    if (path.startsWith('/v1/orders/order/delivery-quote/')) return fail(404, 'Route not found');
    if (path === '/v1/storefront/shop') return ok(null);
    return ok(o);
  });
}

const soon = () => {
  const d = new Date(Date.now() + 5 * 86400_000);
  return d.toISOString().slice(0, 10);
};

// The later steps' file, fetched once up front as a shopper's first focus in the form would: vitest
// compiles it on its first import (1–3 s), past findBy's wait. test/later.test.tsx covers the fetching.
beforeAll(() => drawnLater(), 30_000);

beforeEach(() => {
  localStorage.clear();
  useStage.setState({ stage: 1 });
  bus.emit('user:changed', null);
  bus.emit('currency:changed', { name: 'NGN', conversionRate: 1, sign: '₦' });
  bus.emit('settings:loaded', {
    deliveryZoneAmount: 3000,
    settings: {
      alertSettings: { siteWideAlert: '', paymentAlerts: { gtbTransfer: 'Use your order number as the reference.' } },
      deliverySettings: {
        overrideConfigs: [],
        baseConfig: {
          name: 'Standard delivery',
          description: '',
          type: 'base',
          infoTextConfigs: [],
          minAmount: 50000,
          minAmountInfoText: '',
          active: true,
          stateDeliveryZones: [
            { state: 'lagos', zones: [{ name: 'Lagos Island', amount: 3000 }, { name: 'Lekki / Ajah', amount: 4500 }] },
            { state: 'abuja', zones: [{ name: 'Central Abuja', amount: 4000 }] },
          ],
        },
      },
    },
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function openCheckout(o: Order = order()) {
  routeGet(o);
  window.history.pushState(null, '', `/checkout?orderId=${o.id}`);
  render(<CheckoutApp />);
  return screen.findByRole('form', { name: 'Delivery details' });
}

const set = (form: HTMLElement, label: string | RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('delivery stage', () => {
  it("shows '{Label} is required' when a required field is left blank", async () => {
    const form = await openCheckout();
    const name = within(form).getByLabelText(/^Sender name/);
    fireEvent.blur(name);
    expect(await within(form).findByText('Sender name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // Not before the field was left:
    expect(within(form).queryByText('Recipient name is required')).toBeNull();
  });

  it('prefills the sender from the logged-in user and offers saved recipients', async () => {
    const user: User = {
      email: 'ada@example.com',
      name: 'Ada Obi',
      authToken: 't',
      cartItems: [],
      phone: '8031234567',
      phoneCountryCode: '+234',
      recipients: [{ name: 'Amaka Obi', phone: '+2348095551234', phoneCountryCode: '+234', address: '3 Bourdillon Road, Ikoyi', state: 'lagos' }],
    };
    act(() => bus.emit('user:changed', user));
    const form = await openCheckout();
    expect((within(form).getByLabelText(/^Sender email/) as HTMLInputElement).value).toBe('ada@example.com');
    expect(within(form).queryByLabelText(/Create a free account/)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Saved recipients'), { target: { value: '0' } });
    expect((within(form).getByLabelText(/^Recipient name/) as HTMLInputElement).value).toBe('Amaka Obi');
    expect((within(form).getByLabelText(/^Recipient phone number/) as HTMLInputElement).value).toBe('8095551234');
    expect((within(form).getByLabelText(/^State/) as HTMLSelectElement).value).toBe('lagos');
  });

  it('saves the sender, submits the checkout and moves to payment', async () => {
    const form = await openCheckout();
    set(form, /^Sender name/, 'Tunde Bakare');
    set(form, /^Sender email/, 'tunde@example.com');
    set(form, /^Sender phone number/, '08031234567');
    set(form, /^State/, 'lagos');
    set(form, /^Delivery zone/, 'Lagos Island');
    set(form, /^Recipient name/, 'Amaka Obi');
    set(form, /^Recipient phone number/, '08095551234');
    set(form, /^Recipient address/, '3 Bourdillon Road, Ikoyi');
    set(form, /^Delivery date/, soon());
    const done = order({ orderNumber: 'LA0001W', deliveryMethod: 'delivery', deliveryFee: 0, client: { name: 'Tunde Bakare' } });
    api.put.mockImplementation(async (path: string) =>
      path.includes('save-sender-info') ? ok(order()) : ok<CheckoutResponse>({ order: done, delivery: {} as CheckoutResponse['delivery'] }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();

    const [senderCall, checkoutCall] = api.put.mock.calls;
    expect(senderCall).toEqual(['/v1/orders/order/save-sender-info/o1', { name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+2348031234567', phoneCountryCode: '+234' }]);
    expect(checkoutCall![0]).toBe('/v1/orders/order/checkout-order/o1');
    expect(checkoutCall![1]).toMatchObject({ currency: 'NGN', orderData: { deliveryZone: 'Lagos Island', recipient: { phone: '+2348095551234', method: 'delivery' } } });
    expect(localStorage.getItem('adire:checkoutStage')).toBe('2');
    const stages = within(screen.getByRole('list', { name: 'Checkout stages' })).getAllByRole('listitem');
    expect(stages.map((s) => s.dataset.state)).toEqual(['completed', 'active', 'upcoming']);
  });

  it("shows the server's 400 fields next to the fields", async () => {
    const form = await openCheckout();
    set(form, /^Sender name/, 'Tunde Bakare');
    set(form, /^Sender email/, 'tunde@example.com');
    set(form, /^Sender phone number/, '08031234567');
    fireEvent.click(within(form).getByLabelText(/Pick-up/));
    set(form, /^Pick-up location/, 'Lekki LPL');
    set(form, /^Pick-up day|^Delivery date/, soon());
    api.put.mockImplementation(async (path: string) =>
      path.includes('save-sender-info')
        ? ok(order())
        : fail(400, 'Same-day pick-up closes at 11:50pm Lagos time', { 'orderData.deliveryDate': 'is past the same-day cutoff' }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(form).findByText('Delivery date is past the same-day cutoff')).toBeTruthy();
    expect(within(form).getByText('Same-day pick-up closes at 11:50pm Lagos time')).toBeTruthy();
    expect(api.put.mock.calls[1]![1]).toMatchObject({ orderData: { recipient: { method: 'pick-up' }, pickupLocation: 'Lekki LPL' } });
  });

  it('a currency switch updates only the order currency: the server keeps and re-prices its items', async () => {
    await openCheckout();
    api.put.mockResolvedValue(ok(order({ currency: 'USD' })));
    act(() => bus.emit('currency:changed', { name: 'USD', conversionRate: 1500, sign: '$' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/v1/orders/order/o1', { currency: 'USD' }));
  });
});

describe('order lifecycle on /checkout', () => {
  it('a missing order asks the cart to forget it and goes home', async () => {
    const resets: unknown[] = [];
    const off = bus.on('cart:reset', (e) => resets.push(e));
    localStorage.setItem('adire:coupon', JSON.stringify({ code: 'BLOOM10', orderId: 'gone' }));
    api.get.mockResolvedValue(fail(404, 'We could not find that order'));
    window.history.pushState(null, '', '/checkout?orderId=gone');
    render(<CheckoutApp />);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(resets).toEqual([{ reason: 'order-missing' }]);
    expect(localStorage.getItem('adire:coupon')).toBeNull();
    off();
  });

  it('a paid order shows the done stage with the review form, and resets the cart', async () => {
    const resets: unknown[] = [];
    const off = bus.on('cart:reset', (e) => resets.push(e));
    routeGet(order({ paymentStatus: 'paid', orderNumber: 'LA0002W', deliveryMethod: 'delivery' }));
    window.history.pushState(null, '', '/checkout?orderId=o1');
    render(<CheckoutApp />);
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('LA0002W');
    expect(resets).toEqual([{ reason: 'order-finished' }]);
    const review = screen.getByRole('form', { name: 'Review your order' });
    fireEvent.click(within(review).getByRole('button', { name: 'Send review' }));
    expect(await within(review).findByText('Rating is required')).toBeTruthy();
    api.post.mockResolvedValue(fail(409, 'This order has already been reviewed'));
    fireEvent.click(within(review).getByLabelText('5 stars'));
    fireEvent.click(within(review).getByRole('button', { name: 'Send review' }));
    expect(await within(review).findByText('This order has already been reviewed')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/v1/orders/order/submit-review/o1', { rating: 5, comment: '' });
    off();
  });
});

describe('payment stage', () => {
  it('lists the methods of the order currency and shows an error toast when the call fails', async () => {
    const toasts: unknown[] = [];
    const off = bus.on('toast:show', (t) => toasts.push(t));
    useStage.setState({ stage: 2 });
    localStorage.setItem('adire:checkoutStage', '2');
    routeGet(order({ orderNumber: 'LA0003W', deliveryMethod: 'delivery', deliveryDate: '2099-05-14' }));
    window.history.pushState(null, '', '/checkout?orderId=o1');
    render(<CheckoutApp />);
    const group = await screen.findByRole('radiogroup', { name: 'Payment method' });
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['cardProvider', 'cardAndBankProvider', 'gtbTransfer', 'bankTransferProvider']);
    expect(within(group).getByText('Use your order number as the reference.')).toBeTruthy();
    api.put.mockResolvedValue(fail(404, 'Route PUT:/v1/orders/order/update-payment-details/o1 not found'));
    fireEvent.click(within(group).getByLabelText(/Bank transfer \(naira\)/));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Unable to set payment method: Route PUT:/v1/orders/order/update-payment-details/o1 not found' }));
    expect(api.put).toHaveBeenCalledWith('/v1/orders/order/update-payment-details/o1', { currency: 'NGN', paymentMethod: 'gtbTransfer' });
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    off();
  });
});
