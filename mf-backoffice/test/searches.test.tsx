import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The Searches page's one call, answered as the server's contract says (GET searches?days=7|30).
const calls = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../src/api', () => ({
  paths: { searches: '/v1/backoffice/searches' },
  staffApi: { get: calls.get, post: vi.fn(), put: vi.fn() },
}));

import { Searches } from '../src/searches/Searches';

const ok = <T,>(data: T) => ({ error: false, message: '', data });
const report = (days: 7 | 30) => ({
  days,
  from: days === 7 ? '2099-02-23' : '2099-01-31',
  to: '2099-03-01',
  top: [
    { query: 'red roses', searches: 12, results: 22, lastDay: '2099-03-01' },
    { query: 'rosses', searches: 3, results: 123, lastDay: '2099-02-28' },
  ],
  noResults: days === 7 ? [{ query: 'tiger lily', searches: 4, results: 0, lastDay: '2099-03-01' }] : [],
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the Searches page', () => {
  it('shows the top searches and those that found nothing, for 7 days and then 30', async () => {
    calls.get.mockImplementation(async (_path: string, query: { days: 7 | 30 }) => ok(report(query.days)));
    render(<Searches />);
    const top = await screen.findByRole('table', { name: 'Top searches, last 7 days' });
    const first = within(top).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader').textContent).toBe('red roses');
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['12', '22', '2099-03-01']);
    const none = screen.getByRole('table', { name: 'Searches that found nothing, last 7 days' });
    expect(within(none).getByRole('rowheader', { name: 'tiger lily' })).toBeTruthy();
    expect(calls.get).toHaveBeenLastCalledWith('/v1/backoffice/searches', { days: 7 });

    fireEvent.click(screen.getByRole('radio', { name: 'Last 30 days' }));
    expect(await screen.findByRole('table', { name: 'Top searches, last 30 days' })).toBeTruthy();
    expect(screen.getByText('Every search found something.')).toBeTruthy();
    expect(screen.getByText('From 2099-01-31 to 2099-03-01.')).toBeTruthy();
    expect(calls.get).toHaveBeenLastCalledWith('/v1/backoffice/searches', { days: 30 });
  });

  it('says why when the report cannot be read', async () => {
    calls.get.mockResolvedValue({ error: true, message: 'Only managers can open this.', data: null });
    render(<Searches />);
    expect((await screen.findByRole('alert')).textContent).toBe('Only managers can open this.');
  });
});
