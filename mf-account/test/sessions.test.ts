import type { AccountSession } from '@adire/contracts/account';
import { describe, expect, it } from 'vitest';
import { foldSessions, timeAgo } from '../src/pages/sessions';

const NOW = new Date('2026-11-29T14:00:00Z');
const session = (id: string, device: string, createdAt: string, lastUsedAt: string, current = false): AccountSession => ({ id, device, createdAt, lastUsedAt, current });

describe('timeAgo (issue 44, item 4)', () => {
  it('says the last use as people do', () => {
    expect(timeAgo('2026-11-29T13:59:40Z', NOW)).toBe('just now');
    expect(timeAgo('2026-11-29T13:59:00Z', NOW)).toBe('1 minute ago');
    expect(timeAgo('2026-11-29T13:15:00Z', NOW)).toBe('45 minutes ago');
    expect(timeAgo('2026-11-29T12:00:00Z', NOW)).toBe('2 hours ago');
    expect(timeAgo('2026-11-28T10:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('2026-11-25T10:00:00Z', NOW)).toBe('4 days ago');
    expect(timeAgo('2026-11-04T10:00:00Z', NOW)).toBe('4 Nov');
  });
});

describe('foldSessions (issue 44, item 4)', () => {
  it('this device first and alone; the other logins of one device as one card, signed in at the first, last used at the latest', () => {
    const list = [
      session('a', 'Chrome on Linux', '2026-11-29T09:00:00Z', '2026-11-29T13:00:00Z', true),
      session('b', 'Chrome on Linux', '2026-11-20T09:00:00Z', '2026-11-21T09:00:00Z'),
      session('c', 'Chrome on Linux', '2026-11-22T09:00:00Z', '2026-11-28T09:00:00Z'),
      session('d', 'Safari on iOS', '2026-11-27T09:00:00Z', '2026-11-29T11:00:00Z'),
    ];
    const folded = foldSessions(list);
    expect(folded.map((g) => [g.device, g.current, g.sessions.map((s) => s.id), g.signedInAt, g.lastUsedAt])).toEqual([
      ['Chrome on Linux', true, ['a'], '2026-11-29T09:00:00Z', '2026-11-29T13:00:00Z'],
      ['Safari on iOS', false, ['d'], '2026-11-27T09:00:00Z', '2026-11-29T11:00:00Z'],
      ['Chrome on Linux', false, ['c', 'b'], '2026-11-20T09:00:00Z', '2026-11-28T09:00:00Z'],
    ]);
    expect(foldSessions([])).toEqual([]);
  });
});
