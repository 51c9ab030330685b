import { HELD_EVENTS, readStored, storedCartItems, type RemoteName, type User } from '@adire/contracts';
import { cartItemCount } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { isCheckoutRoute } from '../routes';
import { mainContentSettled } from './settled';

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

/** A command for a remote nobody listens to yet (HELD_EVENTS), a shopper's intent, or a login, asks for that remote. */
export function watchDemand(): void {
  bus.onHeld((type) => demandRemote(HELD_EVENTS[type]));
  bus.on('remote:wanted', ({ remote }) => demandRemote(remote));
  bus.on('user:changed', (user) => {
    if (user) demandRemote('cart'); // a logged-in shopper's saved cart shows in the header
  });
}

/** Resolves when the shopper is on a page that is not the checkout's (a route change within the page). */
function whenOffCheckout(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (isCheckoutRoute(window.location.pathname)) return;
      window.removeEventListener('single-spa:routing-event', check);
      resolve();
    };
    window.addEventListener('single-spa:routing-event', check);
  });
}

/**
 * Until the cart loads, what it would publish first, from its stored keys (read with the contracts'
 * reader, as the cart reads them): the checkout header's count. Not when the cart is already asked
 * for or has spoken, nor for a logged-in shopper (their saved cart is on the server; the cart loads
 * for them with the user).
 */
export function publishStoredCartSummary(storage?: Parameters<typeof readStored>[1]): void {
  if (demanded.has('cart') || bus.last('cart:summary') !== undefined || readStored<User>('user', storage)) return;
  bus.emit('cart:summary', {
    itemCount: cartItemCount(storedCartItems(readStored('cartItems', storage))),
    orderId: readStored<string>('orderId', storage),
    deliveryDate: readStored<string>('deliveryDate', storage),
  });
}

/**
 * When the cart drawer mounts (issue 42). With nothing in the cart's care: when first asked for. With a
 * cart, on most pages after the page's main content; on the checkout, whose own header has a cart
 * button, only when asked for — a tap on it, or the first pointer or focus near it ('remote:wanted') —
 * or once the shopper leaves the checkout; meanwhile the shell publishes the stored cart's summary at
 * the moment the cart used to (after the main content, so the checkout hydrates as it was drawn).
 */
export function whenCartMounts(pathname: string = window.location.pathname): Promise<void> {
  if (!cartHasWork()) return whenDemanded('cart');
  if (!isCheckoutRoute(pathname)) return mainContentSettled();
  void mainContentSettled().then(() => publishStoredCartSummary());
  return Promise.race([whenDemanded('cart'), whenOffCheckout().then(mainContentSettled)]);
}
