/**
 * Typo tolerance for catalogue search (issue 43): which query words are corrected, how far, and to
 * which words of the index. Pure functions over the index's sorted vocabulary.
 *
 * The rule:
 * - A word of 4 or more letters may be one edit away (a letter inserted, deleted, replaced, or two
 *   neighbours swapped); 8 or more letters, two edits.
 * - Only a word that begins no word of the catalogue is corrected: a word the index knows (or the start
 *   of one, typed so far) is taken as meant, so "cake" never becomes "care" and a word never matches
 *   itself corrected. Its corrected matches therefore never mix with exact or prefix matches of the
 *   same word, and they score below them (search-postings.ts).
 * - The first letter must match. A wrong first letter turns short words into other real words (rose →
 *   nose, hose, pose; lily → oily; wine → vine), thumbs rarely miss a word's first key (it is typed
 *   looking at the keyboard, and a phone's suggestion bar shows it), and it keeps the candidates to one
 *   letter's slice of the sorted vocabulary (a binary search, then a scan of ~1/20 of it).
 * - Words with a digit (numbers, SKUs such as AB-1001) are never corrected.
 */
import { lowerBound, prefixRange, stem, words } from './search-text';

/** How many edits a query term may be away from a word it is corrected to: 0 (never), 1 or 2. */
export function typoBudget(term: string): 0 | 1 | 2 {
  if (/\p{N}/u.test(term)) return 0;
  const letters = Array.from(term).length;
  if (letters >= 8) return 2;
  if (letters >= 4) return 1;
  return 0;
}

/**
 * The optimal string alignment distance (Damerau–Levenshtein without re-editing a swapped pair) of `a`
 * and `b` when it is at most `max`, otherwise `max + 1`. Works on UTF-16 units: the index folds
 * accents away, and letters beyond the BMP are rare in a flower shop's words.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (a === b) return 0;
  // Three rows: the one before last (for swaps), the last, the current.
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[m]!, max + 1);
}

/** A vocabulary word a term was corrected to, and how many edits away it is. */
export interface Correction {
  /** Index in the sorted vocabulary. */
  v: number;
  distance: number;
}

/**
 * The words of the sorted vocabulary `vocab` a query term is corrected to: none when the term has no
 * typo budget or begins a word of the vocabulary (`hasPrefixMatch`); otherwise every word with the same
 * first letter within the budget, closest first (then vocabulary order).
 */
export function corrections(vocab: readonly string[], term: string, hasPrefixMatch: boolean): Correction[] {
  const budget = typoBudget(term);
  if (budget === 0 || hasPrefixMatch) return [];
  const first = String.fromCodePoint(term.codePointAt(0)!);
  const [lo, hi] = prefixRange(first);
  const from = lowerBound(vocab, lo);
  const to = lowerBound(vocab, hi);
  const out: Correction[] = [];
  for (let v = from; v < to; v++) {
    const word = vocab[v]!;
    if (Math.abs(word.length - term.length) > budget) continue;
    const distance = editDistanceWithin(term, word, budget);
    if (distance <= budget && distance > 0) out.push({ v, distance });
  }
  return out.sort((a, b) => a.distance - b.distance || a.v - b.v);
}

/**
 * The word to show for a corrected query word ("Showing results for roses"): of the words the term was
 * corrected to, the one closest to what was typed (rosses → roses rather than rose), then the one in
 * most products, then the first in the vocabulary.
 */
export function bestCorrection(typed: string, candidates: readonly { word: string; products: number }[]): string | null {
  let best: { word: string; products: number; d: number } | null = null;
  for (const c of candidates) {
    const d = editDistanceWithin(typed, c.word, 4);
    if (!best || d < best.d || (d === best.d && (c.products > best.products || (c.products === best.products && c.word < best.word)))) best = { ...c, d };
  }
  return best?.word ?? null;
}

/**
 * The query as it was searched after corrections ("red rosses" → "red roses"), or null when no word was
 * corrected: each typed word whose term was corrected becomes its best correction, the others stay
 * (folded, as the index reads them).
 */
export function correctedQuery(
  text: string,
  corrected: readonly { term: string; words: readonly { word: string; products: number }[] }[],
  /** The words of the index within the typed word's own budget (lillies → lilies, where its stem lilly found lily). */
  spellings: (typed: string) => readonly { word: string; products: number }[] = () => [],
): string | null {
  if (corrected.length === 0) return null;
  const byTerm = new Map(corrected.map((c) => [c.term, c.words]));
  let changed = false;
  const out = words(text).map((w) => {
    const candidates = byTerm.get(stem(w));
    const best = candidates ? bestCorrection(w, [...candidates, ...spellings(w)]) : null;
    if (!best) return w;
    changed = true;
    return best;
  });
  return changed ? out.join(' ') : null;
}
