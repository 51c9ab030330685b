import type { Recipient } from '@adire/contracts';

/** At most this many saved recipients per account. */
export const MAX_SAVED_RECIPIENTS = 50;

/** Same person, same phone, same address (case and spacing ignored): one saved recipient. */
export function recipientKey(r: Pick<Recipient, 'name' | 'phone' | 'address'>): string {
  const words = (s: string | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return `${words(r.name)}|${(r.phone ?? '').replace(/\D/g, '')}|${words(r.address)}`;
}

/** Saved recipients with a new one added at the end; a duplicate is replaced (moved last); at most 50. */
export function withRecipient(saved: readonly Recipient[], next: Recipient): Recipient[] {
  const key = recipientKey(next);
  const others = saved.filter((r) => recipientKey(r) !== key);
  return [...others, next].slice(-MAX_SAVED_RECIPIENTS);
}
