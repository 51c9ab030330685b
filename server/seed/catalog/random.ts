/** The generator's seeded randomness and the stable names it derives (slugs, product ids). */
import { createHash } from 'node:crypto';

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

/** A stable UUID-shaped id from a slug, so a reseed gives the same ids. */
export function productId(slug: string): string {
  const h = createHash('sha1').update(`adire-product:${slug}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

