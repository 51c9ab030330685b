import { MemoryRouter } from '@adire/router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The panel's calls, answered here as the server's contract says (GET days/:date/holds, POST …/release).
const calls = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../src/api', () => ({
  paths: {
    dayHolds: (date: string) => `/v1/backoffice/days/${date}/holds`,
    releaseHold: (date: string, orderNumber: string) => `/v1/backoffice/days/${date}/holds/${orderNumber}/release`,
  },
  staffApi: { get: calls.get, post: calls.post, put: vi.fn() },
}));

import { DayHolds } from '../src/days/DayHolds';

const ok = <T,>(data: T) => ({ error: false, message: '', data });
const first = { orderNumber: 'ABL1042W', place: 'lagos', sender: { name: 'Funke Adebayo', email: 'funke@example.com', phone: '+2348031234567' }, heldUntil: '2027-02-10T09:30:00.000Z', firstHeldAt: '2027-02-10T09:00:00.000Z' };
const second = { ...first, orderNumber: 'ABL1043W', sender: { name: null, email: 'hoarder@example.com', phone: null }, heldUntil: '2027-02-10T21:00:00.000Z' };

beforeEach(() => {
  calls.get.mockResolvedValueOnce(ok([first, second])).mockResolvedValue(ok([second]));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const panel = () =>
  render(
    <MemoryRouter>
      <DayHolds date="2027-02-14" heading="Sun 14 Feb 2027" />
    </MemoryRouter>,
  );

describe("who holds a day's places (issue 38)", () => {
  it('lists each hold with its order, sender and end in Lagos time', async () => {
    panel();
    const list = await screen.findByRole('list', { name: 'Holds on Sun 14 Feb 2027' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('ABL1042W');
    expect(items[0]!.textContent).toContain('Funke Adebayo, funke@example.com, +2348031234567');
    expect(items[0]!.textContent).toContain('held until 10:30am on 10 Feb');
    expect(within(items[0]!).getByRole('link', { name: 'ABL1042W' }).getAttribute('href')).toBe('/orders/ABL1042W');
    expect(calls.get).toHaveBeenCalledWith('/v1/backoffice/days/2027-02-14/holds', undefined, expect.anything());
  });

  it("gives a place back with a reason: a refusal beside the field, then the server's sentence announced and the list read again", async () => {
    calls.post
      .mockResolvedValueOnce({ error: true, status: 400, message: 'Say why the place is given back (the audit keeps it)', data: null, fields: { reason: 'is required' } })
      .mockResolvedValueOnce(ok({ message: "Gave back order ABL1042W's place on 14 Feb (Lagos): it can only hold one again by checking out again.", released: first }));
    panel();
    fireEvent.click(await screen.findByRole('button', { name: 'Give back the place of order ABL1042W' }));
    const form = screen.getByRole('form', { name: 'Give back the place of order ABL1042W' });
    fireEvent.click(within(form).getByRole('button', { name: 'Give back order ABL1042W’s place' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Say why the place is given back (the audit keeps it)');
    fireEvent.change(within(form).getByLabelText('Why give it back? (kept in the audit)'), { target: { value: 'Same sender, unreachable' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Give back order ABL1042W’s place' }));
    expect((await screen.findByRole('status')).textContent).toBe("Gave back order ABL1042W's place on 14 Feb (Lagos): it can only hold one again by checking out again.");
    expect(calls.post).toHaveBeenLastCalledWith('/v1/backoffice/days/2027-02-14/holds/ABL1042W/release', { reason: 'Same sender, unreachable' });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Holds on Sun 14 Feb 2027' })).getAllByRole('listitem')).toHaveLength(1));
  });
});
