/**
 * The listing index's search: postings per token of the sorted vocabulary (CSR), collected while the
 * index is built (PostingsCollector) and matched one query at a time (SearchPostings), and the ranking
 * of matches by score (byScore).
 */
import * as bits from './bitset';
import type { Bitset } from './bitset';
import { compareText } from './index-build';
import { indexTokens, prefixSpan, queryTerms } from './search-text';
import { corrections, type Correction } from './search-typos';

/**
 * Products matching a query, in the default order: `ranks[i]` (i < count) is a rank in that order
 * (ascending), `scores[i]` its score. The arrays are the index's scratch space: good until its next query.
 */
export interface RankedMatches {
  ranks: Int32Array;
  scores: Uint16Array;
  count: number;
  /** The query terms that were corrected (typo tolerance, search-typos.ts), with the words they were corrected to. */
  corrected: CorrectedTerm[];
}

/** A query term that begins no word of the catalogue, and the words within its typo budget it matched instead. */
export interface CorrectedTerm {
  term: string;
  /** Each word and the number of products it is in. */
  words: { word: string; products: number }[];
}

/**
 * How a matched word scores, times its field's weight: the term itself, a word it begins, a word one
 * edit away, two edits away. Exact and prefix matches always score above corrected ones.
 */
export const MATCH_FACTOR = { exact: 6, prefix: 3, oneEdit: 2, twoEdits: 1 } as const;

/** See SearchPostings.scratch. */
interface Scratch {
  best: Uint8Array;
  got: Uint8Array;
  marks: Uint32Array;
  slot: Int32Array;
  ranks: Int32Array;
  scores: Uint16Array;
}

const noMatches = (corrected: CorrectedTerm[] = []): RankedMatches => ({ ranks: new Int32Array(0), scores: new Uint16Array(0), count: 0, corrected });

/**
 * A query term's tokens: the slice of the sorted vocabulary it is a prefix of, or, when that is empty,
 * the words it was corrected to (`fixes`).
 */
interface TermSpan {
  term: string;
  from: number;
  to: number;
  fixes: Correction[] | null;
  /** Postings of its tokens (an upper bound of the products it matches). */
  cost: number;
}

/** How many tokens a span has; its k-th token and that token's factor. */
function tokenCount(span: TermSpan): number {
  return span.fixes ? span.fixes.length : span.to - span.from;
}

/** First index in `a[from, to)` not less than `value` (`a` ascending). */
function lowerBoundInt(a: Int32Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Entries in fixed chunks (no copy of everything when it grows).
const CHUNK_BITS = 20;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;

/**
 * Search postings are first collected per product (token id * 8 + weight, one entry per token, the
 * best weight) in one growing typed array, then laid out per token in the default order. Texts
 * shared by many products (tag labels, category names, description sentences, keywords) are
 * tokenized once (`idsOf`).
 */
export class PostingsCollector {
  private readonly tokenIds = new Map<string, number>();
  private readonly lastProduct: number[] = [];
  private readonly lastAt: number[] = [];
  private readonly counts: number[] = [];
  private readonly memo = new Map<string, number[]>();
  private readonly chunks: Int32Array[] = [];
  private used = 0;
  private readonly entryStart: Int32Array;

  constructor(private readonly size: number) {
    this.entryStart = new Int32Array(size + 1);
  }

  tokenize(text: string): number[] {
    return indexTokens(text).map((t) => {
      let id = this.tokenIds.get(t);
      if (id === undefined) {
        this.tokenIds.set(t, (id = this.tokenIds.size));
        this.lastProduct.push(-1);
        this.lastAt.push(0);
        this.counts.push(0);
      }
      return id;
    });
  }

  idsOf(text: string): number[] {
    let ids = this.memo.get(text);
    if (!ids) this.memo.set(text, (ids = this.tokenize(text)));
    return ids;
  }

  /** Product `product`'s entries start here (products are collected in position order). */
  startProduct(product: number): void {
    this.entryStart[product] = this.used;
  }

  add(ids: readonly number[], product: number, weight: number): void {
    const { lastProduct, lastAt, chunks } = this;
    for (const id of ids) {
      if (lastProduct[id] === product) {
        const at = lastAt[id]!;
        const chunk = chunks[at >>> CHUNK_BITS]!;
        if ((chunk[at & CHUNK_MASK]! & 7) < weight) chunk[at & CHUNK_MASK] = id * 8 + weight;
        continue;
      }
      if ((this.used & CHUNK_MASK) === 0 && this.used >>> CHUNK_BITS === chunks.length) chunks.push(new Int32Array(1 << CHUNK_BITS));
      lastProduct[id] = product;
      lastAt[id] = this.used;
      this.counts[id]!++;
      chunks[this.used >>> CHUNK_BITS]![this.used & CHUNK_MASK] = id * 8 + weight;
      this.used++;
    }
  }

  /** Lay the postings out per token (sorted vocabulary), products in the default order. */
  layout(byDefault: Int32Array): SearchPostings {
    const { size, tokenIds, counts, chunks, entryStart, used } = this;
    entryStart[size] = used;
    this.memo.clear();
    const tokens = [...tokenIds.keys()];
    const vocab = tokens.slice().sort(compareText);
    const place = new Int32Array(tokens.length); // token id → its index in the sorted vocabulary
    vocab.forEach((t, v) => (place[tokenIds.get(t)!] = v));
    const postStart = new Int32Array(vocab.length + 1);
    for (let id = 0; id < tokens.length; id++) postStart[place[id]! + 1] = counts[id]!;
    for (let v = 0; v < vocab.length; v++) postStart[v + 1]! += postStart[v]!;
    const post = new Int32Array(used);
    const cursor = postStart.slice(0, vocab.length);
    for (let rank = 0; rank < size; rank++) {
      const p = byDefault[rank]!;
      for (let k = entryStart[p]!; k < entryStart[p + 1]!; k++) {
        const e = chunks[k >>> CHUNK_BITS]![k & CHUNK_MASK]!;
        post[cursor[place[e >> 3]!]!++] = rank * 8 + (e & 7);
      }
    }
    return new SearchPostings(size, vocab, postStart, post);
  }
}

/**
 * Search postings (CSR over the sorted vocabulary): token v's postings are post[postStart[v] … postStart[v+1]),
 * each `rank * 8 + weight`, rank the product's place in the default order, ascending.
 */
export class SearchPostings {
  /**
   * Scratch space of the matcher, allocated once: work arrays (reset after each use) and the match
   * lists, which hold a query's answer until the next query (queries run one at a time, synchronously).
   */
  private scratch: Scratch | undefined;

  constructor(
    private readonly size: number,
    private readonly vocab: string[],
    private readonly postStart: Int32Array,
    private readonly post: Int32Array,
  ) {}

  private scratchSpace(): Scratch {
    const n = this.size;
    return (this.scratch ??= { best: new Uint8Array(n), got: new Uint8Array(n), marks: bits.empty(n), slot: new Int32Array(n), ranks: new Int32Array(n), scores: new Uint16Array(n) });
  }

  /**
   * The matcher: each term's vocabulary span (the tokens it is a prefix of; twice the weight when the
   * token is the term itself), the rarest term first; later terms only narrow its candidates, by a
   * pass over their postings or, when the candidates are few, by binary searches in them.
   */
  matchRanks(text: string, correct = true): RankedMatches {
    const terms = queryTerms(text);
    if (terms.length === 0) return noMatches();
    const spans: TermSpan[] = [];
    const corrected: CorrectedTerm[] = [];
    let missing = false;
    for (const term of terms) {
      const [from, to] = prefixSpan(this.vocab, term);
      // A word that begins no word of the catalogue: corrected (unless asked for as typed), or nothing matches.
      const fixes = from === to && correct ? corrections(this.vocab, term, false) : null;
      if (from === to && !fixes?.length) missing = true;
      else if (fixes) {
        corrected.push({ term, words: fixes.map((f) => ({ word: this.vocab[f.v]!, products: this.postStart[f.v + 1]! - this.postStart[f.v]! })) });
      }
      const cost = fixes ? fixes.reduce((sum, f) => sum + this.postStart[f.v + 1]! - this.postStart[f.v]!, 0) : this.postStart[to]! - this.postStart[from]!;
      spans.push({ term, from, to, fixes, cost });
    }
    if (missing) return noMatches();
    spans.sort((a, b) => a.cost - b.cost);
    const m = this.firstTerm(spans[0]!);
    for (let t = 1; t < spans.length && m.count > 0; t++) this.narrow(m, spans[t]!);
    m.corrected = m.count > 0 ? corrected : [];
    return m;
  }

  /** The words of the index a typed word is corrected to by itself (not stemmed), with their products. */
  spellings(typed: string): { word: string; products: number }[] {
    return corrections(this.vocab, typed, prefixSpan(this.vocab, typed)[0] !== prefixSpan(this.vocab, typed)[1]).map((f) => ({
      word: this.vocab[f.v]!,
      products: this.postStart[f.v + 1]! - this.postStart[f.v]!,
    }));
  }

  /** The vocabulary index of a span's k-th token. */
  private tokenAt(span: TermSpan, k: number): number {
    return span.fixes ? span.fixes[k]!.v : span.from + k;
  }

  /** What a span's k-th token's matches score, times the field's weight. */
  private factorAt(span: TermSpan, k: number): number {
    if (span.fixes) return span.fixes[k]!.distance === 1 ? MATCH_FACTOR.oneEdit : MATCH_FACTOR.twoEdits;
    return this.vocab[span.from + k] === span.term ? MATCH_FACTOR.exact : MATCH_FACTOR.prefix;
  }

  /** The products of one term's span, in rank order, each with its best weight × factor. */
  private firstTerm(span: TermSpan): RankedMatches {
    if (tokenCount(span) === 1) return this.tokenList(this.tokenAt(span, 0), this.factorAt(span, 0));
    // Several tokens (rose, roses, rosette): mark the products in a bitset over ranks, then read it in order.
    const { post, postStart } = this;
    const { best, marks, ranks, scores } = this.scratchSpace();
    for (let k = 0, n = tokenCount(span); k < n; k++) {
      const v = this.tokenAt(span, k);
      const factor = this.factorAt(span, k);
      const end = postStart[v + 1]!;
      for (let k = postStart[v]!; k < end; k++) {
        const e = post[k]!;
        const r = e >> 3;
        const s = (e & 7) * factor;
        marks[r >>> 5]! |= 1 << (r & 31);
        if (s > best[r]!) best[r] = s;
      }
    }
    let count = 0;
    for (let w = 0; w < marks.length; w++) {
      let word = marks[w]!;
      if (word === 0) continue;
      marks[w] = 0;
      while (word !== 0) {
        const low = word & -word;
        const r = (w << 5) + (31 - Math.clz32(low));
        word ^= low;
        ranks[count] = r;
        scores[count++] = best[r]!;
        best[r] = 0;
      }
    }
    return { ranks, scores, count, corrected: [] };
  }

  /** One token's products with their weight × factor. */
  private tokenList(v: number, factor: number): RankedMatches {
    const from = this.postStart[v]!;
    const count = this.postStart[v + 1]! - from;
    const { ranks, scores } = this.scratchSpace();
    const post = this.post;
    for (let i = 0; i < count; i++) {
      const e = post[from + i]!;
      ranks[i] = e >> 3;
      scores[i] = (e & 7) * factor;
    }
    return { ranks, scores, count, corrected: [] };
  }

  /** Keep the candidates of `m` that match the term of `span` (in place), adding its score. */
  private narrow(m: RankedMatches, span: TermSpan): void {
    const { post, postStart } = this;
    const { ranks, scores, count } = m;
    const { got, slot } = this.scratchSpace();
    got.fill(0, 0, count);
    const tokens = tokenCount(span);
    // Binary searches cost about count × tokens × log2(list); a pass costs the span's postings.
    if (count * tokens * 16 < span.cost) {
      for (let k = 0; k < tokens; k++) {
        const v = this.tokenAt(span, k);
        const factor = this.factorAt(span, k);
        const end = postStart[v + 1]!;
        let at = postStart[v]!;
        for (let i = 0; i < count && at < end; i++) {
          at = lowerBoundInt(post, at, end, ranks[i]! * 8);
          if (at < end && post[at]! >> 3 === ranks[i]) {
            const s = (post[at]! & 7) * factor;
            if (s > got[i]!) got[i] = s;
          }
        }
      }
    } else {
      for (let i = 0; i < count; i++) slot[ranks[i]!] = i + 1;
      for (let k = 0; k < tokens; k++) {
        const v = this.tokenAt(span, k);
        const factor = this.factorAt(span, k);
        const end = postStart[v + 1]!;
        for (let k = postStart[v]!; k < end; k++) {
          const e = post[k]!;
          const j = slot[e >> 3]!;
          if (j === 0) continue;
          const s = (e & 7) * factor;
          if (s > got[j - 1]!) got[j - 1] = s;
        }
      }
      for (let i = 0; i < count; i++) slot[ranks[i]!] = 0;
    }
    let kept = 0;
    for (let i = 0; i < count; i++) {
      if (got[i] === 0) continue;
      ranks[kept] = ranks[i]!;
      scores[kept++] = scores[i]! + got[i]!;
    }
    m.count = kept;
  }
}

/**
 * Matches (those in `within`, when given) best score first, ties in the default order, from
 * `offset`, at most `size`: the lowest score that reaches the page is found by counting, then only
 * the page's candidates are kept.
 */
export function byScore(m: RankedMatches, order: Int32Array, within: Bitset | undefined, offset: number, size: number): number[] {
  const want = offset + size;
  if (size <= 0 || m.count === 0) return [];
  const { ranks, scores, count } = m;
  let top = 0;
  for (let i = 0; i < count; i++) if (scores[i]! > top) top = scores[i]!;
  const perScore = new Int32Array(top + 1);
  for (let i = 0; i < count; i++) if (!within || bits.has(within, order[ranks[i]!]!)) perScore[scores[i]!]!++;
  // The lowest score on the page, and how many of that score it takes.
  let threshold = 0;
  let above = 0;
  for (let s = top; s >= 0; s--) {
    if (above + perScore[s]! >= want) {
      threshold = s;
      break;
    }
    above += perScore[s]!;
  }
  let quota = want - above;
  const buckets: number[][] = [];
  for (let i = 0; i < count && (quota > 0 || above > 0); i++) {
    const s = scores[i]!;
    if (s < threshold || (s === threshold && quota === 0)) continue;
    const p = order[ranks[i]!]!;
    if (within && !bits.has(within, p)) continue;
    if (s === threshold) quota--;
    else above--;
    (buckets[s] ??= []).push(p);
  }
  const out: number[] = [];
  for (let s = top; s >= threshold && out.length < want; s--) {
    const b = buckets[s];
    if (b) for (const p of b) out.push(p);
  }
  return out.slice(offset, want);
}
