import type { CheckoutResponse, DeliveryDay, Order } from '@adire/contracts';
import { addDays } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('@adire/api-client', () => ({ api }));

import { CheckoutApp } from '../src/CheckoutApp';
import { useStage } from '../src/stage';

const ok = <T,>(data: T) => ({ error: false, message: '', data, status: 200 });
const DAY_FULL_MESSAGE =
  '13 Feb is fully booked: another shopper took the last place while you were checking out. Your cart is kept; choose another day. The next open days: 15 Feb, 16 Feb.';

const order: Order = {
  id: 'o1',
  deliveryDate: '',
  orderProducts: [],
  cartItems: [{ SKU: 'RR-12', name: 'Ruby Romance Red Roses', description: '', image: { src: '/img/ruby.jpg' }, price: 45000, quantity: 1, productId: 'p1' }],
  currency: 'NGN',
  paymentStatus: 'not paid',
  itemsTotal: 45000,
  total: 45000,
};

/** The shop's days for Lagos as it answers them now (changed by the test when the last place goes). */
let lagosDays: DeliveryDay[] = [];
const daysAsked: Record<string, unknown>[] = [];

beforeEach(() => {
  // 10:00 in Lagos on 10 Feb 2027: the page's clock (Date only; the form's timers run as usual).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-02-10T09:00:00Z'));
  localStorage.clear();
  useStage.setState({ stage: 1 });
  bus.emit('user:changed', null);
  bus.emit('currency:changed', { name: 'NGN', conversionRate: 1, sign: '₦' });
  bus.emit('settings:loaded', {
    deliveryZoneAmount: 3000,
    settings: {
      alertSettings: { siteWideAlert: '', paymentAlerts: {} },
      deliverySettings: {
        overrideConfigs: [],
        baseConfig: {
          name: 'Standard delivery', description: '', type: 'base', infoTextConfigs: [], minAmount: 50000, minAmountInfoText: '', active: true,
          stateDeliveryZones: [{ state: 'lagos', zones: [{ name: 'Lagos Island', amount: 3000 }] }],
        },
      },
    },
  });
  lagosDays = [
    { date: '2027-02-13', open: true, remaining: 1 },
    { date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 },
  ];
  daysAsked.length = 0;
  api.get.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
    if (path === '/v1/storefront/delivery-days') {
      const query = options!.query!;
      daysAsked.push(query);
      // The days asked for only, as the server answers.
      const to = addDays(String(query.from), Number(query.days));
      return ok(query.location === 'lagos' ? lagosDays.filter((d) => d.date >= String(query.from) && d.date < to) : []);
    }
    if (path.startsWith('/v1/orders/order/delivery-quote/')) return { error: true, message: 'Route not found', data: null, status: 404 };
    if (path === '/v1/storefront/shop') return ok(null);
    return ok(order);
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const set = (form: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
/** What the form's alerts say (the line above the button is always there, empty until needed). */
const alerts = (form: HTMLElement) => within(form).getAllByRole('alert').map((a) => a.textContent).filter(Boolean);
const days = (form: HTMLElement) => within(within(form).getByRole('radiogroup', { name: 'Days in the next two weeks' }));

describe('delivery days in the checkout', { timeout: 30_000 }, () => {
  it('lists the next two weeks for the chosen place: a full day disabled with its reason, few places said', async () => {
    window.history.pushState(null, '', '/checkout?orderId=o1');
    render(<CheckoutApp />);
    const form = await screen.findByRole('form', { name: 'Delivery details' });
    // No place yet: the date rule alone, and the shopper is told what the list waits for.
    expect(within(form).getByText('Choose the state to see which days still have places.')).toBeTruthy();
    expect((days(form).getByRole('radio', { name: /Sun 14 Feb/ }) as HTMLInputElement).disabled).toBe(false);
    set(form, /^State/, 'lagos');
    // The days are asked for once the state is chosen: up to 5 s on a busy machine (the 1 s default ran out in CI).
    await waitFor(() => expect((days(form).getByRole('radio', { name: 'Sun 14 Feb Fully booked' }) as HTMLInputElement).disabled).toBe(true), { timeout: 5_000 });
    expect(daysAsked).toEqual([{ from: '2027-02-10', days: 15, location: 'lagos' }]);
    expect((days(form).getByRole('radio', { name: 'Sat 13 Feb Only 1 left' }) as HTMLInputElement).disabled).toBe(false);
    // A full day typed into the date field gets its reason as the field's error, at once.
    set(form, /^Delivery date/, '2027-02-14');
    expect(alerts(form)).toEqual(['14 Feb: Fully booked. Choose another day.']);
    // Pick-up at a branch asks for that branch's days.
    fireEvent.click(within(form).getByLabelText(/^Pick-up/));
    set(form, /^Pick-up location/, 'Ikoyi LPI');
    await waitFor(() => expect(daysAsked.at(-1)).toEqual({ from: '2027-02-10', days: 15, location: 'pickup:Ikoyi LPI' }));
    await waitFor(() => expect((days(form).getByRole('radio', { name: /^Sun 14 Feb$/ }) as HTMLInputElement).disabled).toBe(false));
  });

  it('after the same-day cutoff the two weeks start tomorrow, and their last day is asked about too', async () => {
    vi.setSystemTime(new Date('2027-02-10T20:30:00Z')); // 21:30 in Lagos
    lagosDays = [{ date: '2027-02-24', open: false, reason: 'Fully booked', remaining: 0 }];
    window.history.pushState(null, '', '/checkout?orderId=o1');
    render(<CheckoutApp />);
    const form = await screen.findByRole('form', { name: 'Delivery details' });
    set(form, /^State/, 'lagos');
    const radios = () => days(form).getAllByRole('radio');
    await waitFor(() => expect(radios().at(-1)!.getAttribute('value')).toBe('2027-02-24'));
    expect(radios()).toHaveLength(14);
    expect(radios()[0]!.getAttribute('value')).toBe('2027-02-11');
    await waitFor(() => expect((days(form).getByRole('radio', { name: 'Wed 24 Feb Fully booked' }) as HTMLInputElement).disabled).toBe(true));
  });

  it('a day filled while the shopper checked out: the sentence beside the date, focus on it, the day shut; another day goes through', async () => {
    window.history.pushState(null, '', '/checkout?orderId=o1');
    render(<CheckoutApp />);
    const form = await screen.findByRole('form', { name: 'Delivery details' });
    set(form, /^Sender name/, 'Tunde Bakare');
    set(form, /^Sender email/, 'tunde@example.com');
    set(form, /^Sender phone number/, '08031234567');
    set(form, /^State/, 'lagos');
    set(form, /^Delivery zone/, 'Lagos Island');
    set(form, /^Recipient name/, 'Amaka Obi');
    set(form, /^Recipient phone number/, '08095551234');
    set(form, /^Recipient address/, '3 Bourdillon Road, Ikoyi');
    fireEvent.click(await days(form).findByRole('radio', { name: 'Sat 13 Feb Only 1 left' }));
    expect((within(form).getByLabelText(/^Delivery date/) as HTMLInputElement).value).toBe('2027-02-13');

    const emitted = vi.spyOn(bus, 'emit');
    // Meanwhile another shopper takes the last place.
    lagosDays = [
      { date: '2027-02-13', open: false, reason: 'Fully booked', remaining: 0 },
      { date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 },
    ];
    api.put.mockImplementation(async (path: string) =>
      path.includes('save-sender-info') ? ok(order) : { error: true, message: DAY_FULL_MESSAGE, data: null, status: 409, code: 'DAY_FULL' },
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(alerts(form)).toEqual([DAY_FULL_MESSAGE]));
    const dateInput = within(form).getByLabelText(/^Delivery date/) as HTMLInputElement;
    expect(document.activeElement).toBe(dateInput);
    expect(dateInput.getAttribute('aria-invalid')).toBe('true');
    // Still the delivery stage, the form as the shopper filled it, the cart untouched.
    expect(useStage.getState().stage).toBe(1);
    expect((within(form).getByLabelText(/^Recipient name/) as HTMLInputElement).value).toBe('Amaka Obi');
    expect(emitted.mock.calls.filter(([type]) => type === 'cart:reset')).toEqual([]);
    // The days are read again: 13 Feb is shut now.
    await waitFor(() => expect((days(form).getByRole('radio', { name: 'Sat 13 Feb Fully booked' }) as HTMLInputElement).disabled).toBe(true));
    expect(daysAsked.length).toBeGreaterThanOrEqual(2);

    // Another day, and the checkout goes through.
    const done = { ...order, orderNumber: 'LA0001W', deliveryMethod: 'delivery' as const, deliveryDate: '2027-02-15' };
    api.put.mockImplementation(async (path: string) =>
      path.includes('save-sender-info') ? ok(order) : ok<CheckoutResponse>({ order: done, delivery: {} as CheckoutResponse['delivery'] }),
    );
    fireEvent.click(days(form).getByRole('radio', { name: /^Mon 15 Feb/ }));
    expect(within(form).queryByText(DAY_FULL_MESSAGE)).toBeNull();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Continue to payment' })));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(api.put.mock.calls.at(-1)![1]).toMatchObject({ orderData: { deliveryDate: '2027-02-15' } });
  });

  it("a day whose place lapsed and was taken before paying sends the shopper back to choose another, that day shut", async () => {
    // A checked-out order on the payment stage; its place on 13 Feb lapsed and went to another shopper.
    const checkedOut: Order = { ...order, orderNumber: 'LA0002W', deliveryMethod: 'delivery', deliveryDate: '2027-02-13', deliveryDetails: { state: 'lagos', zone: 'Lagos Island', recipientName: 'Amaka Obi' } };
    api.get.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
      if (path === '/v1/storefront/delivery-days') return ok(options!.query!.location === 'lagos' ? [{ date: '2027-02-13', open: false, reason: 'Fully booked', remaining: 0 }] : []);
      if (path.startsWith('/v1/orders/order/delivery-quote/')) return { error: true, message: 'Route not found', data: null, status: 404 };
      if (path === '/v1/storefront/shop') return ok(null);
      return ok(checkedOut);
    });
    useStage.setState({ stage: 2 });
    const toasts: string[] = [];
    const off = bus.on('toast:show', (t) => toasts.push(t.message));
    api.put.mockResolvedValue({ error: true, message: DAY_FULL_MESSAGE, data: null, status: 409, code: 'DAY_FULL' });
    window.history.pushState(null, '', '/checkout?orderId=o1');
    render(<CheckoutApp />);
    fireEvent.click(await screen.findByRole('radio', { name: /^Bank transfer \(naira\)/ }));
    const form = await screen.findByRole('form', { name: 'Delivery details' });
    off();
    expect(toasts).toContain(DAY_FULL_MESSAGE);
    await waitFor(() => expect((days(form).getByRole('radio', { name: 'Sat 13 Feb Fully booked' }) as HTMLInputElement).disabled).toBe(true));
    expect(alerts(form)).toEqual(['13 Feb: Fully booked. Choose another day.']);
  });
});
