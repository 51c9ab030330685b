import type { CartItem, User } from './entities';

/** Which domain may write a stored key. Others only read it, or ask the owner over the bus. */
export type StorageOwner = 'shell' | 'account' | 'cart' | 'checkout' | 'backoffice';

/** Local storage keys (SPEC section 3, "Stored locally"), declared once with their owners. */
export const STORAGE_KEYS = {
  user: { key: 'adire:user', owner: 'account' },
  cartItems: { key: 'adire:cartItems', owner: 'cart' },
  deliveryDate: { key: 'adire:deliveryDate', owner: 'cart' },
  orderId: { key: 'adire:orderId', owner: 'cart' },
  /** The checkout writes it; the shared order lifecycle (@adire/domain followOrder) clears it when the order is paid or gone. */
  coupon: { key: 'adire:coupon', owner: 'checkout' },
  syncVersion: { key: 'adire:syncVersion', owner: 'shell' },
  reloadCounter: { key: 'adire:reloadCounter', owner: 'shell' },
  currency: { key: 'adire:currency', owner: 'shell' },
  checkoutStage: { key: 'adire:checkoutStage', owner: 'checkout' },
  /** Development only: remotes pointed at a local dev server (`?remote.cart=…`), honoured on a dev store. */
  devRemotes: { key: 'adire:devRemotes', owner: 'shell' },
  /** The back office's staff session ({ token, email, role }): apart from the shopper's user. */
  staffSession: { key: 'adire:staffSession', owner: 'backoffice' },
} as const satisfies Record<string, { key: string; owner: StorageOwner }>;

export type StoredName = keyof typeof STORAGE_KEYS;

/** Local storage is wiped once when the stored sync version is below this (SPEC section 9). */
export const STORAGE_SYNC_VERSION = 3;

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function defaultStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null; // storage can be disabled (privacy mode): behave as empty
  }
}

/** Read a stored value; corrupt JSON or a missing store count as absent. */
export function readStored<T>(name: StoredName, storage = defaultStorage()): T | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(STORAGE_KEYS[name].key);
  } catch {
    return null;
  }
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * The stored user, when it is one: an object with an email and a token. Anything else (a value
 * written by an older release, or tampered with) counts as absent, like corrupt JSON.
 */
export function readStoredUser(storage = defaultStorage()): User | null {
  const user = readStored<Partial<User>>('user', storage);
  const valid = !!user && typeof user === 'object' && !Array.isArray(user) && typeof user.email === 'string' && typeof user.authToken === 'string';
  return valid ? (user as User) : null;
}

/** Write a stored value (only the key's owner should call this; see STORAGE_KEYS). */
export function writeStored(name: StoredName, value: unknown, storage = defaultStorage()): void {
  if (!storage) return;
  try {
    if (value === null || value === undefined) storage.removeItem(STORAGE_KEYS[name].key);
    else storage.setItem(STORAGE_KEYS[name].key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the shop keeps working in memory
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A stored cart item the drawer can show and the totals can add up: anything else is corrupt. */
export function isCartItem(value: unknown): value is CartItem {
  if (!isRecord(value)) return false;
  const { SKU, name, price, quantity, image, design } = value;
  if (typeof SKU !== 'string' || typeof name !== 'string' || !isAmount(price)) return false;
  if (!isAmount(quantity) || quantity < 1 || !isRecord(image) || typeof image.src !== 'string') return false;
  return design === undefined || design === null || (isRecord(design) && isAmount(design.price) && isAmount(design.quantity));
}

/**
 * Cart items read from local storage (or a stored user): what is not a list counts as absent, and
 * items that are not well formed are left out, so one corrupt entry never breaks the cart. The cart
 * reads its guest cart with it; the shell too, for the cart button's count before the cart loads.
 */
export function storedCartItems(value: unknown): CartItem[] {
  return Array.isArray(value) ? value.filter(isCartItem) : [];
}
