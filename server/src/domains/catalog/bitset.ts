/** Fixed-size bitsets over product positions: the listing index's sets (category, tag, search match). */
export type Bitset = Uint32Array;

export const words = (size: number) => (size + 31) >>> 5;
export const empty = (size: number): Bitset => new Uint32Array(words(size));

export function full(size: number): Bitset {
  const b = new Uint32Array(words(size)).fill(0xffffffff);
  const extra = b.length * 32 - size;
  if (extra > 0) b[b.length - 1] = 0xffffffff >>> extra;
  return b;
}

export function set(b: Bitset, i: number): void {
  b[i >>> 5]! |= 1 << (i & 31);
}

export function has(b: Bitset, i: number): boolean {
  return (b[i >>> 5]! & (1 << (i & 31))) !== 0;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function count(b: Bitset): number {
  let c = 0;
  for (let i = 0; i < b.length; i++) c += popcount32(b[i]!);
  return c;
}

/** |a ∧ b| without allocating. */
export function countAnd(a: Bitset, b: Bitset): number {
  let c = 0;
  for (let i = 0; i < a.length; i++) c += popcount32(a[i]! & b[i]!);
  return c;
}

/** a ∧ b into a new set. */
export function and(a: Bitset, b: Bitset): Bitset {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & b[i]!;
  return out;
}

/** target |= b, in place. */
export function orInto(target: Bitset, b: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i]! |= b[i]!;
}

/** a ∧ every set of `others` (undefined entries are skipped). */
export function andAll(a: Bitset, others: readonly (Bitset | undefined)[]): Bitset {
  const out = a.slice();
  for (const b of others) {
    if (!b) continue;
    for (let i = 0; i < out.length; i++) out[i]! &= b[i]!;
  }
  return out;
}
