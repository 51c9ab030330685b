// What the catalog puts on the bus for the cart: the SKU of the chosen size, its label, and the design
// with the same quantity as the item. The server re-prices every line by SKU and design title.
import type { CartItem, DesignOption, ProductDetail, ProductSize, ProductSummary } from '@adire/contracts';
import { cartTotal } from '@adire/domain';

import { clampQuantity } from '@adire/domain/quantity';

// The quantity rule (1 to 99) is the shop's one rule in @adire/domain.
export { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from '@adire/domain/quantity';

/** The shopper's choice on the product page. */
export interface ProductChoice {
  sizeSku: string;
  /** null when the product comes one way only. */
  designCode: string | null;
  quantity: number;
}

export function defaultSize(product: Pick<ProductDetail, 'sizes' | 'SKU' | 'price'>): ProductSize {
  return (
    product.sizes.find((s) => s.isDefault) ??
    product.sizes[0] ?? { SKU: product.SKU, label: 'Standard', price: product.price, isDefault: true }
  );
}

export function defaultChoice(product: ProductDetail): ProductChoice {
  return { sizeSku: defaultSize(product).SKU, designCode: product.designs[0]?.code ?? null, quantity: 1 };
}

export function chosenSize(product: ProductDetail, sku: string): ProductSize {
  return product.sizes.find((s) => s.SKU === sku) ?? defaultSize(product);
}

export function chosenDesign(product: ProductDetail, code: string | null): DesignOption | undefined {
  if (product.designs.length === 0) return undefined;
  return product.designs.find((d) => d.code === code) ?? product.designs[0];
}

/**
 * A cart line's picture: the product's, with the photo's (or art's) variants when it has them, so the
 * drawer and the order summary draw it at their 56–64 px box (issue 42), not the full-size `src`.
 */
function lineImage(image: ProductSummary['image']): CartItem['image'] {
  return image.variants ? { src: image.src, alt: image.alt, variants: image.variants } : { src: image.src, alt: image.alt };
}

/** The cart item for a product in the chosen size, design and quantity. */
export function buildCartItem(product: ProductDetail, choice: ProductChoice): CartItem {
  const size = chosenSize(product, choice.sizeSku);
  const design = chosenDesign(product, choice.designCode);
  const quantity = clampQuantity(choice.quantity);
  return {
    SKU: size.SKU,
    name: product.name,
    description: product.description,
    image: lineImage(product.image),
    price: size.price,
    quantity,
    // One size needs no label in the cart.
    ...(product.sizes.length > 1 ? { size: size.label } : {}),
    productId: product.id,
    ...(design ? { design: { title: design.title, name: design.name, price: design.price, quantity } } : {}),
  };
}

/** What the choice costs in naira: the cart's own total rule (price × quantity plus design × quantity). */
export function choiceTotal(product: ProductDetail, choice: ProductChoice): number {
  return cartTotal([buildCartItem(product, choice)]);
}

/** A card's quick add: one of the default size, no design (designs are chosen on the product page). */
export function quickAddItem(product: ProductSummary): CartItem {
  return {
    SKU: product.SKU,
    name: product.name,
    description: product.description,
    image: lineImage(product.image),
    price: product.price,
    quantity: 1,
    productId: product.id,
  };
}

export const addedMessage = (name: string) => `${name} added to cart`;
