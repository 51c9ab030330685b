/** The generator's seeded randomness and the stable names it derives (slugs, product ids). */

export type Rng = () => number;
export const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
export const chance = (r: Rng, p: number) => r() < p;
export const between = (r: Rng, lo: number, hi: number, step = 500) => Math.round((lo + r() * (hi - lo)) / step) * step;

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export { productId } from '../../src/domains/catalog';
