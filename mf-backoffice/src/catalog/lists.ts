/** The rules of the catalogue's editors, kept pure: a featured list's order, and the designs a product offers. */

import type { FoundProduct as ListedProduct, StaffDesign as DesignChoice } from '@adire/contracts';

export type { ListedProduct, DesignChoice };

/** The list with the item at `index` moved `by` places (-1 up, +1 down); unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The list with the product added at the end, unless it is already in it. */
export function withProduct(items: readonly ListedProduct[], product: ListedProduct): ListedProduct[] {
  return items.some((p) => p.slug === product.slug) ? [...items] : [...items, product];
}


/** The designs to save, in order: the default first, then the other offered ones in the shop's order. */
export function designsToSave(designs: readonly DesignChoice[], offered: ReadonlySet<string>, defaultCode: string): string[] {
  const codes = designs.map((d) => d.code).filter((c) => offered.has(c));
  return codes.includes(defaultCode) ? [defaultCode, ...codes.filter((c) => c !== defaultCode)] : codes;
}

/** The default design after a change of what is offered: kept while offered, else the first offered (or none). */
export function defaultAfter(designs: readonly DesignChoice[], offered: ReadonlySet<string>, current: string): string {
  if (offered.has(current)) return current;
  return designs.find((d) => offered.has(d.code))?.code ?? '';
}
