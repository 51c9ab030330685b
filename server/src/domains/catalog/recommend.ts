/**
 * SPEC section 9: recommendations pick random items grouped by relevanceOrder, lowest first — the
 * candidates are grouped by relevanceOrder, each group shuffled, the groups taken lowest first.
 */
export function pickRecommendations<T extends { relevanceOrder: number }>(
  candidates: readonly T[],
  count: number,
  random: () => number = Math.random,
): T[] {
  const groups = new Map<number, T[]>();
  for (const c of candidates) {
    const g = groups.get(c.relevanceOrder);
    if (g) g.push(c);
    else groups.set(c.relevanceOrder, [c]);
  }
  const out: T[] = [];
  for (const order of [...groups.keys()].sort((a, b) => a - b)) {
    const group = shuffle(groups.get(order)!, random);
    for (const item of group) {
      if (out.length >= count) return out;
      out.push(item);
    }
  }
  return out;
}

/** Fisher–Yates on a copy. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** A small seeded PRNG (mulberry32), for deterministic seeds and tests. */
export function seededRandom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A product page's recommendations change every RECOMMENDATIONS_ROTATE_MS rather than on every view,
 * so the page can be cached and tagged like any other answer (issue 10); the pick is seeded by the
 * product and the period, so every instance shows (and tags) the same one.
 */
export const RECOMMENDATIONS_ROTATE_MS = 10 * 60 * 1000;

export function recommendationPeriod(now: number = Date.now()): number {
  return Math.floor(now / RECOMMENDATIONS_ROTATE_MS);
}

/** A 32-bit seed from text (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
