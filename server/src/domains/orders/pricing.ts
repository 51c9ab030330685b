import type { CartItem, OrderProduct } from '@adire/contracts';
import { cartLineKey, cartSubtotal, cartTotal, convertAmount, designLabel } from '@adire/domain';
import { isQuantity, MAX_QUANTITY, MIN_QUANTITY } from '@adire/domain/quantity';
import { AppError, badRequest } from '../../http/errors';
import type { Sellable } from '../catalog';

export type { Sellable };

export { MAX_QUANTITY, MIN_QUANTITY } from '@adire/domain/quantity';
export const MAX_CART_LINES = 50;

/** A cart line as a client may send it: anything could be in it. */
export type IncomingCartItem = Partial<Record<keyof CartItem, unknown>>;

export interface PricedCart {
  /** The cart as the server will keep it: names, images and naira prices from the catalogue. */
  cartItems: CartItem[];
  /** Lines in the order's currency. */
  orderProducts: OrderProduct[];
  subtotalNgn: number;
  designsNgn: number;
  totalNgn: number;
  /** In the order's currency, each line converted on its own (amount ÷ rate, rounded up). */
  subtotal: number;
  total: number;
}

/** The shopper's sentence when fewer units are left than the cart wants (0: sold out). */
export function outOfStockMessage(name: string, available: number): string {
  return available <= 0
    ? `Sorry, ${name} is out of stock: remove it from your cart to check out the rest.`
    : `Sorry, only ${available} of ${name} ${available === 1 ? 'is' : 'are'} left: lower the quantity to ${available} to check out.`;
}

/** The design a client asks for: its title or name ('In vase'), or its code ('in-vase', as the catalogue's product answer gives it). */
export function wantedDesign(design: unknown): string | null {
  const label = designLabel(design);
  if (label) return label;
  const code = design && typeof design === 'object' ? (design as { code?: unknown }).code : typeof design === 'string' ? design : null;
  return typeof code === 'string' && code.trim() ? code.trim() : null;
}

/** A cart line as the server keeps it: names, image and naira prices from the catalogue; the design's quantity follows the item's. */
export function cartLine(sellable: Sellable, quantity: number, design?: { name: string; priceNgn: number }): CartItem {
  return {
    SKU: sellable.sku,
    productId: sellable.productId,
    name: sellable.name,
    description: sellable.description,
    image: { src: sellable.image, alt: sellable.name },
    price: sellable.priceNgn,
    quantity,
    ...(sellable.size ? { size: sellable.size } : {}),
    ...(design ? { design: { title: design.name, price: design.priceNgn, quantity } } : {}),
  };
}

/**
 * Price a cart from the catalogue. Client prices are ignored; an unknown SKU, an unknown design or a
 * quantity outside 1–99 is a 400 naming the line. Lines with the same SKU and design are combined.
 */
export function priceCart(items: readonly IncomingCartItem[], catalogue: ReadonlyMap<string, Sellable>, conversionRate: number): PricedCart {
  if (items.length > MAX_CART_LINES) throw badRequest(`A cart can hold at most ${MAX_CART_LINES} different items`, { cartItems: 'has too many items' });
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  let soldOut = 0;
  const lines = new Map<string, CartItem>();
  items.forEach((raw, index) => {
    const key = `cartItems.${index}`;
    const sku = typeof raw.SKU === 'string' ? raw.SKU.trim() : '';
    const sellable = sku ? catalogue.get(sku) : undefined;
    if (!sellable) {
      fields[`${key}.SKU`] = sku ? 'is unknown' : 'is required';
      problems.push(sku ? `We do not sell an item with SKU '${sku.slice(0, 40)}'` : 'Every cart item needs an SKU');
      return;
    }
    const quantity = raw.quantity;
    if (!isQuantity(quantity)) {
      fields[`${key}.quantity`] = `must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}`;
      problems.push(`Quantity of ${sellable.name} must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}`);
      return;
    }
    if (!sellable.inStock) {
      fields[`${key}.SKU`] = 'is out of stock';
      problems.push(outOfStockMessage(sellable.name, 0));
      soldOut++;
      return;
    }
    let design: { name: string; priceNgn: number } | undefined;
    if (raw.design !== undefined && raw.design !== null) {
      const wanted = wantedDesign(raw.design);
      const known = wanted ? sellable.designs.get(wanted.toLowerCase()) : undefined;
      if (!known) {
        fields[`${key}.design`] = 'is not offered for this product';
        problems.push(`${sellable.name} is not offered in the design '${String(wanted ?? '').slice(0, 40)}'`);
        return;
      }
      design = known;
    }
    // The same cart line (SKU + design, @adire/domain) is one line with the quantities summed.
    const lineKey = cartLineKey({ SKU: sku, design: design && { title: design.name } });
    const existing = lines.get(lineKey);
    const total = (existing?.quantity ?? 0) + quantity;
    if (total > MAX_QUANTITY) {
      fields[`${key}.quantity`] = `must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}`;
      problems.push(`Quantity of ${sellable.name} must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}`);
      return;
    }
    lines.set(lineKey, cartLine(sellable, total, design));
  });
  if (problems.length) {
    const message = problems.length === 1 ? problems[0]! : `${problems[0]} (and ${problems.length - 1} more)`;
    // Only sold-out items: the cart was right a moment ago, someone else bought the last one.
    if (soldOut === problems.length) throw new AppError(409, 'OUT_OF_STOCK', message, fields);
    throw badRequest(message, fields);
  }

  const cartItems = [...lines.values()];
  const subtotalNgn = cartSubtotal(cartItems);
  const totalNgn = cartTotal(cartItems);
  let subtotal = 0;
  let total = 0;
  const orderProducts: OrderProduct[] = cartItems.map((item) => {
    const unit = convertAmount(item.price, conversionRate);
    const designUnit = item.design ? convertAmount(item.design.price, conversionRate) : 0;
    subtotal += unit * item.quantity;
    total += unit * item.quantity + designUnit * item.quantity;
    return {
      id: item.productId,
      image: item.image.src,
      name: item.design ? `${item.name} (${item.design.title})` : item.name,
      price: unit + designUnit,
      quantity: item.quantity,
      ...(item.size ? { size: item.size } : {}),
      description: item.description,
      SKU: item.SKU,
    };
  });
  return { cartItems, orderProducts, subtotalNgn, designsNgn: totalNgn - subtotalNgn, totalNgn, subtotal, total };
}
