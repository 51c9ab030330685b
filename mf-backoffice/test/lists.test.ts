import { describe, expect, it } from 'vitest';
import { defaultAfter, designsToSave, moveItem, withProduct, type DesignChoice } from '../src/catalog/lists';

const product = (slug: string) => ({ slug, sku: slug.toUpperCase(), name: slug, inStock: true });
const designs: DesignChoice[] = [
  { code: 'wrapped-bouquet', title: 'Wrapped bouquet', priceNgn: 0, offered: true },
  { code: 'in-vase', title: 'In vase', priceNgn: 15_000, offered: true },
  { code: 'in-large-vase', title: 'In large vase', priceNgn: 30_000, offered: false },
  { code: 'box', title: 'Box', priceNgn: 0, offered: false },
];

describe('a featured list', () => {
  it('moves a product up or down one place, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('adds a product at the end once', () => {
    const list = [product('a')];
    expect(withProduct(list, product('b')).map((p) => p.slug)).toEqual(['a', 'b']);
    expect(withProduct(list, product('a')).map((p) => p.slug)).toEqual(['a']);
  });
});

describe('the designs a product offers', () => {
  it('saves the default first, then the others offered in the shop’s order', () => {
    expect(designsToSave(designs, new Set(['box', 'in-vase', 'wrapped-bouquet']), 'box')).toEqual(['box', 'wrapped-bouquet', 'in-vase']);
    expect(designsToSave(designs, new Set(['in-vase']), 'wrapped-bouquet')).toEqual(['in-vase']);
    expect(designsToSave(designs, new Set(), '')).toEqual([]);
  });

  it('keeps the default while it is offered, else takes the first offered', () => {
    expect(defaultAfter(designs, new Set(['wrapped-bouquet', 'in-vase']), 'in-vase')).toBe('in-vase');
    expect(defaultAfter(designs, new Set(['box', 'in-large-vase']), 'in-vase')).toBe('in-large-vase');
    expect(defaultAfter(designs, new Set(), 'in-vase')).toBe('');
  });
});
