import { api } from '@adire/api-client';
import { API_PATHS, readStored, writeStored, type User } from '@adire/contracts';
import { bus } from '@adire/event-bus';

/** The account remote owns the stored user: it alone writes it, and tells everyone over the bus. */
export function saveUser(user: User, announce = true): void {
  writeStored('user', user);
  if (announce) bus.emit('user:changed', user);
}

/** Logout clears the stored user, empties the cart (the cart hears 'account:logout') and clears the user. */
export async function logout(): Promise<void> {
  if (readStored<User>('user')) await api.post(API_PATHS.logout, {}); // revoke the token; failure still logs out here
  writeStored('user', null);
  bus.emit('user:changed', null);
  bus.emit('account:logout', {});
}

let watching = false;
/**
 * The shell's handshake confirms (or not) the stored user. When the server says nobody is logged in
 * while a user is stored — an expired or revoked token — the stale user is cleared.
 */
export function watchSession(): void {
  if (watching) return;
  watching = true;
  bus.on('user:changed', (user) => {
    if (user === null && readStored<User>('user')) writeStored('user', null);
  });
}
