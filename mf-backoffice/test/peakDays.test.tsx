import { MemoryRouter } from '@adire/router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's calls, answered here as the server's contract says (GET and POST settings/delivery).
const calls = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../src/api', () => ({
  paths: { deliverySettings: '/v1/backoffice/settings/delivery' },
  staffApi: { get: calls.get, post: calls.post, put: vi.fn() },
}));

import { PeakDays } from '../src/days/PeakDays';

const base = { zones: [], minAmount: 0, windows: [], closedDates: [], dayCutoffs: [] };
const view = {
  ...base,
  capacities: [
    { day: 'sat', place: 'lagos', orders: 120 },
    { day: '2027-02-14', place: 'lagos', orders: 300 },
  ],
  orderBy: [{ date: '2027-02-14', closesAt: '2027-02-13 18:00' }],
};
const ok = <T,>(data: T) => ({ error: false, message: '', data });

beforeEach(() => {
  // The night before Valentine's, 8pm in Lagos: the page's clock only.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-02-13T19:00:00Z'));
  calls.get.mockResolvedValue(ok(view));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

const page = () =>
  render(
    <MemoryRouter>
      <PeakDays />
    </MemoryRouter>,
  );

describe('the peak days page', () => {
  it('lists the capacities by day and the order-by times, in words', async () => {
    page();
    const set = await screen.findByRole('list', { name: 'Capacities set' });
    expect(within(set).getByRole('list', { name: 'Every Saturday' }).textContent).toContain('Lagos: 120 orders');
    expect(within(set).getByRole('list', { name: 'Tomorrow, Sun 14 Feb 2027' }).textContent).toContain('Lagos: 300 orders');
    // 8pm on the 13th: the 6pm order-by time has passed.
    expect(screen.getByRole('list', { name: 'Order-by times set' }).textContent).toContain('Orders for 14 Feb closed at 6pm on 13 Feb');
    // The form starts on tomorrow in Lagos, and says what the place takes now.
    const form = screen.getByRole('form', { name: 'Set a capacity' });
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('2027-02-14');
    expect(form.textContent).toContain('Now: 300 on this date.');
  });

  it('sends a capacity as a number; a refusal shows beside its field, the next answer is announced', async () => {
    calls.post.mockResolvedValueOnce({ error: true, status: 400, message: 'The capacity must be a whole number', data: null, fields: { orders: 'The capacity must be a whole number' } });
    page();
    const form = await screen.findByRole('form', { name: 'Set a capacity' });
    fireEvent.change(within(form).getByLabelText('Place'), { target: { value: 'pickup:Lekki LPL' } });
    const orders = within(form).getByLabelText('Orders');
    fireEvent.change(orders, { target: { value: '-4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set capacity' }));
    await waitFor(() => expect(orders.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.post).toHaveBeenCalledWith('/v1/backoffice/settings/delivery', { change: 'set-capacity', day: '2027-02-14', place: 'pickup:Lekki LPL', orders: -4 });
    const reason = document.getElementById(orders.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!);
    expect(reason?.textContent).toBe('The capacity must be a whole number');

    calls.post.mockResolvedValueOnce(ok({ message: 'Pick-up at Lekki LPL can take 40 orders on 14 Feb 2027 (was unlimited).', delivery: { ...view, capacities: [...view.capacities, { day: '2027-02-14', place: 'pickup:Lekki LPL', orders: 40 }] } }));
    fireEvent.change(orders, { target: { value: '40' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set capacity' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Pick-up at Lekki LPL can take 40 orders on 14 Feb 2027 (was unlimited).'));
    expect(orders.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('list', { name: 'Tomorrow, Sun 14 Feb 2027' }).textContent).toContain('Pick-up at Lekki LPL: 40 orders');
  });

  it('asks nothing of the server when the orders are blank', async () => {
    page();
    const form = await screen.findByRole('form', { name: 'Set a capacity' });
    fireEvent.click(within(form).getByRole('button', { name: 'Set capacity' }));
    expect(calls.post).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Orders').getAttribute('aria-invalid')).toBe('true');
  });

  it('clears a capacity with orders null and a weekday default by its weekday', async () => {
    calls.post.mockResolvedValue(ok({ message: 'done', delivery: view }));
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'No limit for Lagos, Every Saturday' }));
    await waitFor(() => expect(calls.post).toHaveBeenCalledWith('/v1/backoffice/settings/delivery', { change: 'set-capacity', day: 'sat', place: 'lagos', orders: null }));
  });

  it('sets an order-by time on the day before by default, in Lagos time, and removes one', async () => {
    calls.post.mockResolvedValue(ok({ message: 'done', delivery: view }));
    page();
    const form = await screen.findByRole('form', { name: 'Set an order-by time' });
    fireEvent.change(within(form).getByLabelText('Delivery day'), { target: { value: '2027-03-14' } });
    expect((within(form).getByLabelText('On') as HTMLInputElement).value).toBe('2027-03-13');
    fireEvent.change(within(form).getByLabelText('At (Lagos time)'), { target: { value: '18:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set order-by time' }));
    await waitFor(() => expect(calls.post).toHaveBeenCalledWith('/v1/backoffice/settings/delivery', { change: 'set-order-by', date: '2027-03-14', closesAt: '2027-03-13 18:00' }));
    // The page's controls wait while the first change is saved (a click then is not taken): a florist's next
    // click comes once they are back, as here (under CI's load the click came before and was lost).
    const remove = screen.getByRole('button', { name: 'Remove the order-by time of Tomorrow, Sun 14 Feb 2027' }) as HTMLButtonElement;
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    await waitFor(() => expect(calls.post).toHaveBeenLastCalledWith('/v1/backoffice/settings/delivery', { change: 'clear-order-by', date: '2027-02-14' }));
  });
});
