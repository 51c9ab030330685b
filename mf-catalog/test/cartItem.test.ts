import { describe, expect, it } from 'vitest';
import { buildCartItem, choiceTotal, clampQuantity, defaultChoice, quickAddItem } from '../src/product/cartItem';
import { detail, summary } from './fixtures';

describe('quantity', () => {
  it('is a whole number from 1 to 99', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(150)).toBe(99);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });
});

describe('the cart item of the product page', () => {
  it('starts at the default size, the first design and one item', () => {
    expect(defaultChoice(detail())).toEqual({ sizeSku: 'AB-1001-S', designCode: 'wrapped-bouquet', quantity: 1 });
    expect(defaultChoice(detail({ designs: [] })).designCode).toBeNull();
  });

  it('carries the chosen size SKU and label, and the design with the item quantity', () => {
    const item = buildCartItem(detail(), { sizeSku: 'AB-1001-L', designCode: 'in-vase', quantity: 3 });
    expect(item).toEqual({
      SKU: 'AB-1001-L',
      name: 'Ruby Romance Red Roses',
      description: 'Twelve red roses',
      image: { src: '/media/products/ruby.svg', alt: 'Ruby Romance Red Roses' },
      price: 80000,
      quantity: 3,
      size: 'Deluxe (24 stems)',
      productId: 'p9',
      design: { title: 'In vase', name: 'In vase', price: 15000, quantity: 3 },
    });
  });

  it('falls back to the defaults for an unknown size or design and clamps the quantity', () => {
    const item = buildCartItem(detail(), { sizeSku: 'nope', designCode: 'nope', quantity: 500 });
    expect(item).toMatchObject({ SKU: 'AB-1001-S', price: 45000, quantity: 99, design: { title: 'Wrapped bouquet', quantity: 99 } });
  });

  it('leaves out the size of a one-size product and the design of a product without designs', () => {
    const plain = detail({ sizes: [{ SKU: 'AB-2000', label: 'Standard', price: 12000, isDefault: true }], designs: [] });
    const item = buildCartItem(plain, defaultChoice(plain));
    expect(item.size).toBeUndefined();
    expect(item.design).toBeUndefined();
    expect(item.SKU).toBe('AB-2000');
  });

  it('totals price × quantity plus design × quantity (the cart rule)', () => {
    expect(choiceTotal(detail(), { sizeSku: 'AB-1001-L', designCode: 'in-vase', quantity: 2 })).toBe(2 * 80000 + 2 * 15000);
    expect(choiceTotal(detail(), defaultChoice(detail()))).toBe(45000);
  });
});

describe('quick add from a card', () => {
  it('adds one of the default size', () => {
    expect(quickAddItem(summary())).toEqual({
      SKU: 'AB-1003',
      name: 'White Grace Lilies',
      description: 'Fragrant white lilies',
      image: { src: '/media/products/white-grace-lilies.svg', alt: 'White Grace Lilies' },
      price: 38000,
      quantity: 1,
      productId: 'p1',
    });
  });
});

describe("a cart line's picture (issue 42)", () => {
  const variants = { url: '/media/products/ruby.w{width}.{format}?v=3f2a', widths: [128, 192, 320, 480], formats: ['avif' as const, 'webp' as const, 'jpeg' as const] };
  const image = { src: '/media/products/ruby.w480.jpeg?v=3f2a', alt: 'Ruby Romance Red Roses', width: 600, height: 500, variants };

  it("carries the photo's variants (not its size), so the drawer and the summary draw it small", () => {
    expect(quickAddItem(summary({ image })).image).toEqual({ src: image.src, alt: image.alt, variants });
    const product = detail();
    expect(buildCartItem({ ...product, image }, defaultChoice(product)).image).toEqual({ src: image.src, alt: image.alt, variants });
  });
});
