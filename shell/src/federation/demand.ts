import { HELD_EVENTS, readStored, type RemoteName, type User } from '@adire/contracts';
import { bus } from '@adire/event-bus';

const demanded = new Set<RemoteName>();
const waiters = new Map<RemoteName, (() => void)[]>();

/** Ask for a remote that loads on demand (see CartRegion); the first ask mounts it. */
export function demandRemote(remote: RemoteName): void {
  if (demanded.has(remote)) return;
  demanded.add(remote);
  for (const resolve of waiters.get(remote) ?? []) resolve();
  waiters.delete(remote);
}

/** Resolves when the remote is first asked for. */
export function whenDemanded(remote: RemoteName): Promise<void> {
  if (demanded.has(remote)) return Promise.resolve();
  return new Promise((resolve) => waiters.set(remote, [...(waiters.get(remote) ?? []), resolve]));
}

/**
 * Whether the shopper already has something in the cart's care (stored items, an order, or a user
 * whose saved cart it syncs): then the cart loads with the page; otherwise on demand.
 */
export function cartHasWork(storage?: Parameters<typeof readStored>[1]): boolean {
  const items = readStored<unknown[]>('cartItems', storage);
  return (Array.isArray(items) && items.length > 0) || Boolean(readStored<string>('orderId', storage)) || Boolean(readStored<User>('user', storage));
}

/** A command for a remote nobody listens to yet (HELD_EVENTS), or a login, asks for that remote. */
export function watchDemand(): void {
  bus.onHeld((type) => demandRemote(HELD_EVENTS[type]));
  bus.on('user:changed', (user) => {
    if (user) demandRemote('cart'); // a logged-in shopper's saved cart shows in the header
  });
}
