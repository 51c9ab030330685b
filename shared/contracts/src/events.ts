import type { CartItem, Category, Currency, SiteSettings, Toast, User } from './entities';
import type { RemoteName } from './shop';

/** Which header opened the cart drawer: the rules of SPEC section 4 differ between them. */
export type CartOpener = 'main-header' | 'checkout-header';

export interface CartSummary {
  itemCount: number;
  orderId: string | null;
  /** YYYY-MM-DD, or null when not chosen yet. */
  deliveryDate: string | null;
}

/** Why the cart forgets its order: the order was finished (paid) or no longer exists. */
export type CartResetReason = 'order-finished' | 'order-missing';

export interface ShopSettingsEvent {
  settings: SiteSettings | null;
  deliveryZoneAmount: number;
}

export interface ConfirmRequest {
  id: string;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/**
 * Every event that crosses a domain boundary. Producers and consumers are named so the map doubles
 * as the list of what each remote offers the others.
 */
export type BusEvents = {
  /** shell → all (replayed): the selected currency. */
  'currency:changed': Currency;
  /** shell → all (replayed): currencies known from the handshake (or the defaults). */
  'currencies:loaded': Currency[];
  /** account, shell → all (replayed): the logged-in user, or null. */
  'user:changed': User | null;
  /** shell → all (replayed): delivery and alert settings from the handshake. */
  'settings:loaded': ShopSettingsEvent;
  /** shell → all (replayed): the menu's categories. */
  'categories:loaded': Category[];
  /**
   * cart → shell, checkout (replayed): what the cart button shows. Until the cart loads on a page
   * that defers it with a stored cart (the checkout), the shell publishes it from the cart's stored keys.
   */
  'cart:summary': CartSummary;
  /** shell, checkout → cart: open the drawer. */
  'cart:open': { from: CartOpener };
  /**
   * any → shell: the shopper is about to use a remote's control (a first pointer or focus near it,
   * e.g. the checkout header's cart button): load that remote now, so the tap answers at once.
   */
  'remote:wanted': { remote: RemoteName };
  /** cart → checkout: the order was created or updated from the drawer (the checkout fetches it again). */
  'order:saved': { orderId: string };
  /** checkout → cart: forget the cart, delivery date and order id (SPEC section 4). */
  'cart:reset': { reason: CartResetReason };
  /** catalog → cart: put a product in the cart. */
  'cart:add': { item: CartItem };
  /** any → shell: show a toast. */
  'toast:show': Toast;
  /** any → shell: ask the shopper to confirm; answered by 'confirm:answer' with the same id. */
  'confirm:request': ConfirmRequest;
  /** shell → asker. */
  'confirm:answer': { id: string; confirmed: boolean };
  /** any → account: the user asked to log out (account clears the user; cart empties itself). */
  'account:logout': Record<string, never>;
};

export type BusEventName = keyof BusEvents;

/**
 * Commands to a remote that may not be loaded yet — the shell loads the cart on a first visit only
 * when it is needed — with the remote that takes them. Emitted while nobody listens, the bus keeps
 * them, in order, for the first listener, and tells `onHeld` watchers (the shell then loads it).
 */
export const HELD_EVENTS = { 'cart:add': 'cart', 'cart:open': 'cart', 'cart:reset': 'cart' } as const satisfies Partial<Record<BusEventName, RemoteName>>;

export type HeldEventName = keyof typeof HELD_EVENTS;

/** State-like events: the bus replays their last value to late subscribers. */
export const REPLAYED_EVENTS = [
  'currency:changed',
  'currencies:loaded',
  'user:changed',
  'settings:loaded',
  'categories:loaded',
  'cart:summary',
] as const satisfies readonly BusEventName[];
