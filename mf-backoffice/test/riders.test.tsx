import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The riders' calls, answered as the server's contract says (GET riders?orders=, POST orders/:orderNumber/rider).
const calls = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../src/api', () => ({
  paths: { riders: '/v1/backoffice/riders', orderRider: (n: string) => `/v1/backoffice/orders/${n}/rider` },
  staffApi: { get: calls.get, post: calls.post, put: vi.fn() },
}));

import { carriedBy, carriers, riderLabel, RiderAssign } from '../src/orders/RiderAssign';

const ok = <T,>(data: T) => ({ error: false, message: '', data });
const musa = { email: 'musa@adireblooms.ng', name: 'Musa Bello' };
const chidi = { email: 'chidi@adireblooms.ng', name: null };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('riders (issue 40)', () => {
  it('says a rider by name and e-mail, and who carries an order', () => {
    expect(riderLabel(musa)).toBe('Musa Bello (musa@adireblooms.ng)');
    expect(riderLabel(chidi)).toBe('chidi@adireblooms.ng');
    const map = carriers({ carrying: [{ orderNumber: 'ABL1042W', rider: musa.email }] });
    expect(carriedBy(map.get('ABL1042W'), [musa, chidi])).toBe('Carried by Musa Bello (musa@adireblooms.ng).');
    expect(carriedBy(map.get('ABL1043W'), [musa])).toBe('Not given to a rider yet.');
    expect(carriedBy('gone@adireblooms.ng', [musa])).toBe('Carried by gone@adireblooms.ng.');
  });

  it("on the order's page: chooses one of the shop's riders and says who carries it", async () => {
    calls.get.mockResolvedValue(ok({ riders: [chidi, musa], carrying: [] }));
    calls.post.mockResolvedValue(ok({ message: 'Gave order ABL1042W to musa@adireblooms.ng.', rider: musa.email }));
    render(<RiderAssign orderNumber="ABL1042W" />);
    expect(await screen.findByText('Not given to a rider yet.')).toBeTruthy();
    expect(calls.get).toHaveBeenCalledWith('/v1/backoffice/riders', { orders: 'ABL1042W' }, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Give to rider' }));
    expect(await screen.findByText('Choose a rider first.')).toBeTruthy();
    expect(calls.post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('combobox', { name: 'Rider' }), { target: { value: musa.email } });
    fireEvent.click(screen.getByRole('button', { name: 'Give to rider' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Gave order ABL1042W to musa@adireblooms.ng.'));
    expect(calls.post).toHaveBeenCalledWith('/v1/backoffice/orders/ABL1042W/rider', { rider: musa.email });
    expect(screen.getByText('Carried by Musa Bello (musa@adireblooms.ng).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take back from rider' })).toBeTruthy();
  });
});
