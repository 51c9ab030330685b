import { writeStored, type User } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';

/**
 * The checkout answered with a user: an account created with this checkout (freeAccount), or the
 * logged-in shopper with a newly saved recipient. Stored and announced exactly as the account remote's
 * saveUser does, because the account dropdown is not mounted on /checkout (the checkout has its own
 * header) and the next call must already carry the new token. This is the one place another domain
 * writes the account's 'user' key.
 */
export function adoptCheckoutUser(user: User): void {
  writeStored('user', user);
  bus.emit('user:changed', user);
}

export const toast = (type: 'success' | 'error' | 'info', message: string) => bus.emit('toast:show', { type, message });

/** The logged-in user, known from the first render (the bus replays the handshake's answer). */
export function useCurrentUser(): User | null {
  return useBusValue('user:changed', bus.last('user:changed') ?? null);
}
