import type { CartItem, CartOpener } from '@adire/contracts';
import { readStored, writeStored } from '@adire/contracts';
import { cartItemCount, decrementQuantity, incrementQuantity, withQuantity } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { create } from 'zustand';

interface CartState {
  items: CartItem[];
  deliveryDate: string | null;
  orderId: string | null;
  open: boolean;
  opener: CartOpener;
  add(item: CartItem): void;
  increment(sku: string): void;
  decrement(sku: string): void;
  remove(sku: string): void;
  clear(): void;
  show(opener: CartOpener): void;
  hide(): void;
}

/** The cart owns cart items, delivery date and order id in local storage (see STORAGE_KEYS). */
export const useCart = create<CartState>((set, get) => {
  const update = (items: CartItem[]) => {
    set({ items });
    writeStored('cartItems', items);
  };
  const mapItem = (sku: string, change: (item: CartItem) => CartItem) =>
    update(get().items.map((i) => (i.SKU === sku ? change(i) : i)));
  return {
    items: readStored<CartItem[]>('cartItems') ?? [],
    deliveryDate: readStored<string>('deliveryDate'),
    orderId: readStored<string>('orderId'),
    open: false,
    opener: 'main-header',
    add(item) {
      const existing = get().items.find((i) => i.SKU === item.SKU);
      if (existing) mapItem(item.SKU, (i) => withQuantity(i, i.quantity + item.quantity));
      else update([...get().items, item]);
    },
    increment: (sku) => mapItem(sku, incrementQuantity),
    decrement: (sku) => mapItem(sku, decrementQuantity),
    remove: (sku) => update(get().items.filter((i) => i.SKU !== sku)),
    clear: () => update([]),
    show: (opener) => set({ open: true, opener }),
    hide: () => set({ open: false }),
  };
});

/** Keep the shell's cart button (and anyone else) informed. */
function publishSummary(state: Pick<CartState, 'items' | 'orderId'>) {
  bus.emit('cart:summary', { itemCount: cartItemCount(state.items), orderId: state.orderId });
}

let wired = false;
/** Connect the store to the bus once per page, however often the parcel mounts. */
export function wireCartToBus(): void {
  if (wired) return;
  wired = true;
  publishSummary(useCart.getState());
  useCart.subscribe((state, prev) => {
    if (state.items !== prev.items || state.orderId !== prev.orderId) publishSummary(state);
  });
  bus.on('cart:add', ({ item }) => useCart.getState().add(item));
  bus.on('cart:open', ({ from }) => useCart.getState().show(from));
  bus.on('account:logout', () => useCart.getState().clear());
}
