import { api } from '@adire/api-client';
import { API_PATHS, DEFAULT_CHECKOUT_SETTINGS, readStored, readStoredUser, writeStored, type CartItem, type CartOpener, type CartResetReason, type CheckoutSettings, type CurrencyName, type DayPlace, type User } from '@adire/contracts';
import { addCartItem, cartItemCount, cartLineKey, decrementQuantity, deliveryDateProblem, followOrder, incrementQuantity, mergeCarts } from '@adire/domain';
import { canIncrease } from '@adire/domain/quantity';
import { bus } from '@adire/event-bus';
import { create } from 'zustand';
import { DEFAULT_DAY_PLACE, drawerPlace } from './days';
import { checkoutPath, isSelectableDate, itemsWithSku, orderBody, storedCartItems } from './rules';

interface CartState {
  items: CartItem[];
  deliveryDate: string | null;
  orderId: string | null;
  open: boolean;
  opener: CartOpener;
  /** Where the date picker counts a day's places: the stored order's place once checked out, else Lagos (see drawerPlace). */
  place: DayPlace;
  /** An order call is under way: the drawer's button waits. */
  busy: boolean;
  add(item: CartItem): void;
  /** Lines are named by their cart line key (SKU + design, `cartLineKey`). */
  increment(line: string): void;
  decrement(line: string): void;
  remove(line: string): Promise<void>;
  setDeliveryDate(date: string | null): void;
  /** 'Proceed to checkout' (no order yet) or 'Update Cart' (order exists). */
  submit(): Promise<void>;
  /** Forget items, delivery date and order id (logout, finished or missing order). */
  reset(reason?: CartResetReason): void;
  show(opener: CartOpener): void;
  hide(): void;
}

const toast = (type: 'success' | 'error' | 'info', message: string) => bus.emit('toast:show', { type, message });
const currentUser = (): User | null => bus.last('user:changed') ?? null;
const currentCurrency = (): CurrencyName => bus.last('currency:changed')?.name ?? 'NGN';
/** The shop's same-day cutoffs (site settings from the handshake); the defaults until they arrive. */
export const checkoutSettings = (): CheckoutSettings => bus.last('settings:loaded')?.settings?.checkoutSettings ?? DEFAULT_CHECKOUT_SETTINGS;
const navigate = (path: string) => window.history.pushState(null, '', path);
/** The guest cart in local storage; a corrupt value or item counts as absent. */
const readGuestCart = (): CartItem[] => storedCartItems(readStored('cartItems'));

/**
 * Logged-in carts live on the server (debounced save); a guest's cart lives in local storage. A save
 * still waiting when the page is left (a reload or a tap on a link within the debounce) is sent at
 * once, as the page goes (`flushCartSave`): the item a shopper just added is not lost.
 */
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let unsaved: CartItem[] | null = null;
function persist(items: CartItem[]): void {
  if (!currentUser()) {
    writeStored('cartItems', items);
    return;
  }
  clearTimeout(saveTimer);
  unsaved = items;
  saveTimer = setTimeout(() => {
    unsaved = null;
    void saveServerCart(items);
  }, 400);
}

/** The save still waiting for its debounce, sent now with a request that outlives the page. */
export function flushCartSave(): void {
  if (!unsaved) return;
  clearTimeout(saveTimer);
  const items = unsaved;
  unsaved = null;
  void saveServerCart(items, { keepalive: true });
}

async function saveServerCart(items: CartItem[], options: { keepalive?: boolean } = {}): Promise<void> {
  const body = { cartItems: itemsWithSku(items) };
  const res = await (options.keepalive ? api.put(API_PATHS.cartUpdate, body, { keepalive: true }) : api.put(API_PATHS.cartUpdate, body));
  if (res.error && res.status !== 401) toast('error', `Unable to save cart: ${res.message}`);
}

/** The cart owns cart items, delivery date and order id in local storage (see STORAGE_KEYS). */
export const useCart = create<CartState>((set, get) => {
  const update = (items: CartItem[]) => {
    set({ items });
    persist(items);
    // The delivery date is kept only while there is something to deliver (SPEC section 4).
    if (items.length === 0) writeStored('deliveryDate', null);
    else if (get().deliveryDate) writeStored('deliveryDate', get().deliveryDate);
  };
  const mapItem = (line: string, change: (item: CartItem) => CartItem) => update(get().items.map((i) => (cartLineKey(i) === line ? change(i) : i)));

  /**
   * After the order is saved: go to the checkout, stay in the drawer, go home, or (an update from the
   * checkout header, whose summary refreshes on 'order:saved') close the drawer and confirm.
   */
  async function saveOrder(items: CartItem[], after: 'checkout' | 'stay' | 'home' | 'close'): Promise<boolean> {
    const { orderId, deliveryDate } = get();
    const body = orderBody(items, deliveryDate, currentCurrency());
    set({ busy: true });
    const res = orderId ? await api.put<{ id: string }>(API_PATHS.order(orderId), body) : await api.post<{ id: string }>(API_PATHS.orderCreate, body);
    set({ busy: false });
    if (res.error || !res.data) {
      if (orderId && res.status === 404) {
        // The order is gone: start afresh with a new one next time.
        set({ orderId: null });
        writeStored('orderId', null);
      }
      toast('error', `Unable to ${orderId ? 'update' : 'create'} order: ${res.message || 'no order was returned'}`);
      return false;
    }
    const id = res.data.id ?? orderId;
    set({ orderId: id });
    writeStored('orderId', id);
    bus.emit('order:saved', { orderId: id });
    if (after === 'checkout') {
      set({ open: false });
      navigate(checkoutPath(id));
    } else if (after === 'home') {
      set({ open: false });
      navigate('/');
    } else if (after === 'close') {
      set({ open: false });
      toast('success', 'Cart updated');
    }
    return true;
  }

  return {
    items: readGuestCart(),
    deliveryDate: readStored<string>('deliveryDate'),
    orderId: readStored<string>('orderId'),
    open: false,
    opener: 'main-header',
    place: DEFAULT_DAY_PLACE,
    busy: false,
    add: (item) => update(addCartItem(get().items, item)),
    // Plus stops at 99, the shop's one quantity rule (the server refuses more).
    increment: (line) => mapItem(line, (item) => (canIncrease(item.quantity) ? incrementQuantity(item) : item)),
    decrement: (line) => mapItem(line, decrementQuantity),
    async remove(line) {
      const items = get().items.filter((i) => cartLineKey(i) !== line);
      update(items);
      // The last item gone while an order exists: the order is emptied too (SPEC section 4).
      if (items.length === 0 && get().orderId) await saveOrder(items, get().opener === 'checkout-header' ? 'home' : 'stay');
    },
    setDeliveryDate(date) {
      if (date && !isSelectableDate(date, new Date(), checkoutSettings())) {
        toast('error', deliveryDateProblem(date, 'delivery', new Date(), checkoutSettings())?.message ?? 'Choose today or a later day for delivery');
        return;
      }
      set({ deliveryDate: date });
      writeStored('deliveryDate', get().items.length ? date : null);
    },
    async submit() {
      if (get().busy || get().items.length === 0) return;
      await saveOrder(get().items, get().opener === 'main-header' || !get().orderId ? 'checkout' : 'close');
    },
    reset(reason) {
      clearTimeout(saveTimer);
      unsaved = null;
      if (reason === 'order-finished') forgetPaidServerCart();
      set({ items: [], deliveryDate: null, orderId: null, place: DEFAULT_DAY_PLACE });
      writeStored('cartItems', null);
      writeStored('deliveryDate', null);
      writeStored('orderId', null);
    },
    show(opener) {
      // A guest's cart is re-read (another tab may have changed it); without a stored one, memory is kept.
      const stored = currentUser() ? null : readStored('cartItems');
      set({ open: true, opener, items: stored === null ? get().items : storedCartItems(stored) });
    },
    hide: () => set({ open: false }),
  };
});

/** Keep the shell's cart button (and the checkout) informed. */
function publishSummary(state: Pick<CartState, 'items' | 'orderId' | 'deliveryDate'>) {
  bus.emit('cart:summary', { itemCount: cartItemCount(state.items), orderId: state.orderId, deliveryDate: state.deliveryDate });
}

/**
 * A paid order clears the logged-in shopper's saved cart on the server too (SPEC 4: a finished order
 * clears the cart). The user the page already knows carries the cart as it was before payment, so it
 * is marked stale; when the paid order is seen before the handshake has told who is logged in (a user
 * is stored), the next user to appear is treated the same way.
 */
const staleCartOf = new WeakSet<User>();
let staleCartOfNextUser = false;

function forgetPaidServerCart(): void {
  const user = currentUser();
  if (user) {
    staleCartOf.add(user);
    void saveServerCart([]);
  } else if (readStoredUser()) staleCartOfNextUser = true;
}

/**
 * A user appeared (login, or restored on load): their saved cart is merged with the guest cart by
 * cart line (SKU + design), then the guest copy is cleared. The merged cart is saved back only when the guest had items
 * (or when the saved cart held a paid order's items).
 */
export function adoptUserCart(user: User): void {
  const stale = staleCartOf.has(user) || staleCartOfNextUser;
  staleCartOfNextUser = false;
  const guest = readGuestCart();
  const merged = mergeCarts(stale ? [] : storedCartItems(user.cartItems), guest);
  useCart.setState({ items: merged });
  writeStored('cartItems', null);
  if (guest.length || (stale && storedCartItems(user.cartItems).length)) void saveServerCart(merged);
}

/**
 * An order id stored from an earlier visit is fetched through the shared order lifecycle: a paid order
 * is forgotten (the cart hears 'cart:reset'), a missing one too and the shopper goes to '/'.
 */
export async function followStoredOrder(): Promise<void> {
  const { orderId } = useCart.getState();
  if (!orderId) return;
  const outcome = await followOrder(orderId, { api, bus });
  // A checked-out order says where it goes: the picker counts that place's days.
  if (outcome.kind === 'open' && useCart.getState().orderId === orderId) useCart.setState({ place: drawerPlace(outcome.order) });
}

let wired = false;
/** Connect the store to the bus once per page, however often the parcel mounts. */
export function wireCartToBus(): void {
  if (wired) return;
  wired = true;
  addEventListener('pagehide', flushCartSave);
  publishSummary(useCart.getState());
  useCart.subscribe((state, prev) => {
    if (state.items !== prev.items || state.orderId !== prev.orderId || state.deliveryDate !== prev.deliveryDate) publishSummary(state);
  });
  bus.on('cart:add', ({ item }) => useCart.getState().add(item));
  bus.on('cart:open', ({ from }) => useCart.getState().show(from));
  bus.on('cart:reset', ({ reason }) => useCart.getState().reset(reason));
  bus.on('account:logout', () => useCart.getState().reset());
  bus.on('user:changed', (user) => user && adoptUserCart(user));
  void followStoredOrder();
}
