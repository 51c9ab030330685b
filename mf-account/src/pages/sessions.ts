import type { AccountSession } from '@adire/contracts/account';

/** How long ago, as people say it: 'just now', '5 minutes ago', '2 hours ago', 'yesterday', '3 days ago', then the day ('4 Nov'). */
export function timeAgo(iso: string, now: Date): string {
  const then = new Date(iso);
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return then.toLocaleDateString('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', ...(days > 300 ? { year: 'numeric' } : {}) });
}

/** Sessions of one device as one card: this device's own, then the others' by browser and system. */
export interface DeviceSessions {
  device: string;
  current: boolean;
  /** Most recently used first. */
  sessions: AccountSession[];
  signedInAt: string;
  lastUsedAt: string;
}

/**
 * The sessions folded by device: every login from 'Chrome on Linux' other than this one is one card
 * ('3 sign-ins'), signed out together; this device's own session stays a card of its own, first.
 */
export function foldSessions(list: readonly AccountSession[]): DeviceSessions[] {
  const groups = new Map<string, AccountSession[]>();
  for (const s of list) {
    const key = `${s.current ? 'this' : 'other'}|${s.device}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()]
    .map((sessions) => {
      const byUse = [...sessions].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
      return {
        device: byUse[0]!.device,
        current: byUse[0]!.current,
        sessions: byUse,
        signedInAt: [...sessions].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0]!.createdAt,
        lastUsedAt: byUse[0]!.lastUsedAt,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}
