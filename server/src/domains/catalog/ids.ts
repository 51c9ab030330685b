import { createHash } from 'node:crypto';

/** A stable UUID-shaped id from a slug, so a reseed gives the same ids. */
export function productId(slug: string): string {
  const h = createHash('sha1').update(`adire-product:${slug}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
