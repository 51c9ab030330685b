import { api } from '@adire/api-client';
import { API_PATHS, type DeliveryDay, type Order } from '@adire/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DeliveryDatePicker from '../src/DeliveryDatePicker';
import { followStoredOrder, useCart } from '../src/cartStore';
import { drawerPlace, monthEnd, monthOf, pickerMarks, pickerRange, shutSummary } from '../src/days';

describe('the days the picker asks about', () => {
  it('the month shown with the grid days of its neighbours, from today on', () => {
    expect(monthOf('2027-02-14')).toBe('2027-02-01');
    expect(monthEnd('2027-02-01')).toBe('2027-02-28');
    expect(monthEnd('2028-02-01')).toBe('2028-02-29');
    expect(monthEnd('2027-12-01')).toBe('2027-12-31');
    // A month ahead: six days each side (26 Jan to 6 Mar).
    expect(pickerRange('2027-02-01', '2027-01-10')).toEqual({ from: '2027-01-26', days: 40 });
    // The month of today: from today on.
    expect(pickerRange('2027-02-01', '2027-02-10')).toEqual({ from: '2027-02-10', days: 25 });
    // A month gone by: nothing to ask.
    expect(pickerRange('2026-12-01', '2027-02-10')).toBeNull();
  });

  it('marks each day not open with its reason and each day with few places with "Only N left"', () => {
    const answer: Record<string, DeliveryDay> = {
      '2027-02-13': { date: '2027-02-13', open: true, remaining: 2 },
      '2027-02-14': { date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 },
      '2027-02-15': { date: '2027-02-15', open: true, remaining: 40 },
    };
    const marks = pickerMarks('2027-02-12', 4, (date) => answer[date] ?? { date, open: true });
    expect(marks).toEqual({
      excluded: [{ date: '2027-02-14', message: 'Fully booked' }],
      fewLeft: [{ date: '2027-02-13', words: 'Only 2 left' }],
    });
  });

  it("sums up a month's days not open by reason, leaving out days gone by and other months", () => {
    const excluded = [
      { date: '2027-02-09', message: 'Passed' },
      { date: '2027-02-21', message: 'Closed' },
      { date: '2027-02-14', message: 'Fully booked' },
      { date: '2027-02-20', message: 'Closed' },
      { date: '2027-03-01', message: 'Fully booked' },
    ];
    expect(shutSummary('2027-02-01', excluded)).toBe('Not open in February: 14 Feb (Fully booked); 20 Feb, 21 Feb (Closed)');
    expect(shutSummary('2027-03-01', excluded)).toBe('Not open in March: 1 Mar (Fully booked)');
    expect(shutSummary('2027-02-01', [{ date: '2027-02-09', message: 'Passed' }])).toBeNull();
  });

  it("counts places where a checked-out order goes, else in Lagos (the drawer knows no method of its own)", () => {
    expect(drawerPlace(null)).toBe('lagos');
    expect(drawerPlace({})).toBe('lagos');
    expect(drawerPlace({ deliveryMethod: 'delivery', deliveryDetails: { state: 'abuja' } })).toBe('abuja');
    expect(drawerPlace({ deliveryMethod: 'pickup', pickupLocation: 'Ikoyi LPI' })).toBe('pickup:Ikoyi LPI');
    expect(drawerPlace({ deliveryMethod: 'delivery', deliveryDetails: { state: 'Mars' } })).toBe('lagos');
  });
});

describe('the drawer picker', () => {
  // 10:00 in Lagos on 10 Feb 2027: the page's clock, not the machine's.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-10T09:00:00Z'));
    localStorage.clear();
    useCart.getState().reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const answering = (days: DeliveryDay[]) =>
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path !== API_PATHS.deliveryDays) throw new Error(`unexpected ${path}`);
      return { error: false, message: '', data: days as never, status: 200 };
    });

  it('asks for the chosen month at the place and flags a chosen day that is now fully booked', async () => {
    const get = answering([{ date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 }]);
    render(<DeliveryDatePicker id="d" value="2027-02-14" onChange={() => {}} place="abuja" />);
    expect((await screen.findByRole('alert')).textContent).toBe('14 Feb: Fully booked. Choose another day.');
    expect(get).toHaveBeenCalledWith(API_PATHS.deliveryDays, expect.objectContaining({ query: { from: '2027-02-10', days: 25, location: 'abuja' } }));
    // The note is part of the field's description.
    expect(screen.getByPlaceholderText('Select date').getAttribute('aria-describedby')).toContain('d-day');
  });

  it('the open calendar says why the day under the mouse is not open', async () => {
    answering([{ date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 }]);
    render(<DeliveryDatePicker id="d" value={null} onChange={() => {}} place="lagos" />);
    fireEvent.click(screen.getByPlaceholderText('Select date'));
    const full = await screen.findByRole('gridcell', { name: 'Not available Sunday, February 14th, 2027' });
    expect(full.getAttribute('title')).toBe('Fully booked');
    // react-datepicker tells nothing of the mouse over a disabled day: the picker reads it itself.
    fireEvent.pointerOver(full, { pointerType: 'mouse' });
    expect(screen.getByRole('status').textContent).toBe('14 Feb: Fully booked');
    fireEvent.pointerOver(screen.getByRole('gridcell', { name: 'Choose Monday, February 15th, 2027' }), { pointerType: 'mouse' });
    expect(screen.getByRole('status').textContent).toBe('15 Feb: open');
  });

  it('a tap on a day that is not open says its reason, and the focus the calendar moves does not replace it (issue 44, item 1)', async () => {
    answering([{ date: '2027-02-14', open: false, reason: 'Fully booked', remaining: 0 }]);
    render(<DeliveryDatePicker id="d" value={null} onChange={() => {}} place="lagos" />);
    fireEvent.click(screen.getByPlaceholderText('Select date'));
    const full = await screen.findByRole('gridcell', { name: 'Not available Sunday, February 14th, 2027' });
    const open = screen.getByRole('gridcell', { name: 'Choose Monday, February 15th, 2027' });
    // The month's summary first, even when the calendar focuses a day of its own.
    fireEvent.focus(open);
    expect(screen.getByRole('status').textContent).toBe('Not open in February: 14 Feb (Fully booked)');
    // A touch: its pointerover is not a mouse's; the tap itself says the day's reason.
    fireEvent.pointerOver(full, { pointerType: 'touch' });
    fireEvent.pointerDown(full, { pointerType: 'touch' });
    expect(screen.getByRole('status').textContent).toBe('14 Feb: Fully booked');
    fireEvent.focus(open);
    expect(screen.getByRole('status').textContent).toBe('14 Feb: Fully booked');
    // The keyboard's focus is the shopper's: it speaks of the day focused.
    fireEvent.keyDown(open, { key: 'ArrowRight' });
    fireEvent.focus(open);
    expect(screen.getByRole('status').textContent).toBe('15 Feb: open');
  });

  it('says "Only N left" for a chosen day with few places', async () => {
    answering([{ date: '2027-02-13', open: true, remaining: 3 }]);
    render(<DeliveryDatePicker id="d" value="2027-02-13" onChange={() => {}} place="lagos" />);
    expect((await screen.findByText('13 Feb: Only 3 left')).id).toBe('d-day');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a chosen day with places enough says nothing; a failed call leaves the date rule alone', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ error: true, message: 'down', data: null, status: 503 });
    render(<DeliveryDatePicker id="d" value="2027-02-13" onChange={() => {}} place="lagos" />);
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/left/)).toBeNull();
  });

  it('a day that has passed is flagged by the date rule, whatever the answer', async () => {
    answering([{ date: '2027-02-09', open: true }]);
    render(<DeliveryDatePicker id="d" value="2027-02-09" onChange={() => {}} place="lagos" />);
    await act(async () => {}); // the answer (an older one, saying open) has arrived
    expect(screen.getByRole('alert').textContent).toBe('9 Feb: Passed. Choose another day.');
  });
});

describe('the place of a stored order', () => {
  afterEach(() => vi.restoreAllMocks());
  it('a checked-out order read on load sets where the picker counts places; forgetting the cart goes back to Lagos', async () => {
    const order = { id: 'o1', deliveryDate: '2027-02-14', orderProducts: [], cartItems: [], currency: 'NGN', paymentStatus: 'not paid', deliveryMethod: 'pickup', pickupLocation: 'Abuja APA' } as unknown as Order;
    vi.spyOn(api, 'get').mockResolvedValue({ error: false, message: '', data: order, status: 200 });
    useCart.setState({ orderId: 'o1' });
    await followStoredOrder();
    expect(useCart.getState().place).toBe('pickup:Abuja APA');
    useCart.getState().reset();
    expect(useCart.getState().place).toBe('lagos');
  });
});
