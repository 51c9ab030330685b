/**
 * The listing index: an in-memory read model of the catalogue, rebuilt from the database whenever the
 * catalogue version (table catalog_state) moves. Category listings, filters with facet counts, the four
 * sorts, pagination and search run on bitsets and presorted arrays, so their cost barely grows with
 * the catalogue (the issue asks for 20,000 products within 2× of 1,000) and the answers are the same
 * on SQLite and PostgreSQL. The database stays the source of truth; each instance holds its own copy.
 */
import { FILTER_GROUPS, type FilterGroup, type ListingSort, type VipClass } from '@adire/contracts';
import type { Db } from '../../db/database';
import * as bits from './bitset';
import type { Bitset } from './bitset';
import { compareText, readCatalogRows } from './index-build';
import type { IndexedCategory, IndexedProduct } from './indexed';
import type { SelectedFilters } from './query';
import { pickRecommendations } from './recommend';
import { foldText, indexTokens, prefixSpan, queryTerms } from './search-text';
import { TAG_GROUPS, tagLabel, VIP_LABELS, type TagGroup } from './vocabulary';

export type { IndexedCategory, IndexedProduct } from './indexed';

export type ListingScope = { kind: 'category'; slug: string } | { kind: 'all' } | { kind: 'vip'; vipClass?: VipClass };

export interface ListingRequest {
  scope: ListingScope;
  filters: SelectedFilters;
  shopBy: string[];
  search: string;
  sort: ListingSort;
  offset: number;
  pageSize: number;
}

export interface ListingResult {
  positions: number[];
  total: number;
  filters: FilterGroup[];
}

/** Search field weights: a word in the name counts most, then tags/categories/keywords, then the description. */
const WEIGHT = { name: 6, tags: 3, body: 1 } as const;


/**
 * Products matching a query, in the default order: `ranks[i]` (i < count) is a rank in that order
 * (ascending), `scores[i]` its score. The arrays are the index's scratch space: good until its next query.
 */
interface RankedMatches {
  ranks: Int32Array;
  scores: Uint16Array;
  count: number;
}

/** See CatalogIndex.scratch. */
interface Scratch {
  best: Uint8Array;
  got: Uint8Array;
  marks: Uint32Array;
  slot: Int32Array;
  ranks: Int32Array;
  scores: Uint16Array;
}

const NO_MATCHES: RankedMatches = { ranks: new Int32Array(0), scores: new Uint16Array(0), count: 0 };

/** A query term's slice of the sorted vocabulary: the tokens it is a prefix of. */
interface TermSpan {
  term: string;
  from: number;
  to: number;
  /** Postings in the span (an upper bound of the products it matches). */
  cost: number;
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

export class CatalogIndex {
  readonly products: IndexedProduct[];
  readonly bySlug = new Map<string, number>();
  readonly byId = new Map<string, number>();
  readonly categories = new Map<string, IndexedCategory>();
  readonly all: Bitset;
  readonly vip: Bitset;
  private readonly vipByClass = new Map<VipClass, Bitset>();
  private readonly tagSets = new Map<string, Bitset>();
  /** Facet counts of every tag (`group:value`) within each fixed scope (category, all, vip): unfiltered listings. */
  private readonly scopeFacets = new Map<Bitset, Map<string, number>>();
  /** Category memberships (CSR): product p's categories are categoryList[memberIds[memberStart[p] … memberStart[p+1])]. */
  private readonly categoryList: string[];
  private readonly memberStart: Int32Array;
  private readonly memberIds: Uint8Array | Uint16Array;
  private readonly orders: { default: Int32Array; nameAsc: Int32Array; priceAsc: Int32Array; priceDesc: Int32Array };
  /**
   * Search postings (CSR over the sorted vocabulary): token v's postings are post[postStart[v] … postStart[v+1]),
   * each `rank * 8 + weight`, rank the product's place in the default order, ascending.
   */
  private readonly vocab: string[];
  private readonly postStart: Int32Array;
  private readonly post: Int32Array;
  /**
   * Scratch space of the matcher, allocated once: work arrays (reset after each use) and the match
   * lists, which hold a query's answer until the next query (queries run one at a time, synchronously).
   */
  private scratch: Scratch | undefined;

  private constructor(
    readonly version: number,
    products: IndexedProduct[],
    categories: Omit<IndexedCategory, 'members' | 'count'>[],
    /** Per product position: its category slugs, space-separated. */
    memberships: readonly string[],
    /** Per product position: its tags as `group:value`, space-separated. */
    tags: readonly string[],
    keywords: readonly string[],
  ) {
    this.products = products;
    const size = products.length;
    products.forEach((p, i) => {
      this.bySlug.set(p.slug, i);
      this.byId.set(p.id, i);
    });
    this.all = bits.full(size);
    this.vip = bits.empty(size);
    products.forEach((p, i) => {
      if (!p.vipClass) return;
      bits.set(this.vip, i);
      let c = this.vipByClass.get(p.vipClass);
      if (!c) this.vipByClass.set(p.vipClass, (c = bits.empty(size)));
      bits.set(c, i);
    });

    // Orders, each with a total tie-break so pages never overlap.
    const nameKey = products.map((p) => foldText(p.name));
    const idx = () => Int32Array.from(products.keys());
    const byDefault = idx().sort((a, b) => {
      const pa = products[a]!;
      const pb = products[b]!;
      return Number(pb.inStock) - Number(pa.inStock) || pa.relevanceOrder - pb.relevanceOrder || pa.position - pb.position || a - b;
    });
    const byName = (a: number, b: number) => compareText(nameKey[a]!, nameKey[b]!) || compareText(products[a]!.slug, products[b]!.slug);
    this.orders = {
      default: byDefault,
      nameAsc: idx().sort(byName),
      priceAsc: idx().sort((a, b) => products[a]!.price - products[b]!.price || byName(a, b)),
      priceDesc: idx().sort((a, b) => products[b]!.price - products[a]!.price || byName(a, b)),
    };

    // Search postings are first collected per product (token id * 8 + weight, one entry per token, the
    // best weight) in one growing typed array, then laid out per token in the default order. Texts
    // shared by many products (tag labels, category names, description sentences, keywords) are
    // tokenized once.
    const tokenIds = new Map<string, number>();
    const lastProduct: number[] = [];
    const lastAt: number[] = [];
    const counts: number[] = [];
    const tokenize = (text: string): number[] =>
      indexTokens(text).map((t) => {
        let id = tokenIds.get(t);
        if (id === undefined) {
          tokenIds.set(t, (id = tokenIds.size));
          lastProduct.push(-1);
          lastAt.push(0);
          counts.push(0);
        }
        return id;
      });
    const memo = new Map<string, number[]>();
    const idsOf = (text: string): number[] => {
      let ids = memo.get(text);
      if (!ids) memo.set(text, (ids = tokenize(text)));
      return ids;
    };
    // Entries in fixed chunks (no copy of everything when it grows).
    const CHUNK_BITS = 20;
    const CHUNK_MASK = (1 << CHUNK_BITS) - 1;
    const chunks: Int32Array[] = [];
    let used = 0;
    const entryStart = new Int32Array(size + 1);
    const add = (ids: readonly number[], product: number, weight: number) => {
      for (const id of ids) {
        if (lastProduct[id] === product) {
          const at = lastAt[id]!;
          const chunk = chunks[at >>> CHUNK_BITS]!;
          if ((chunk[at & CHUNK_MASK]! & 7) < weight) chunk[at & CHUNK_MASK] = id * 8 + weight;
          continue;
        }
        if ((used & CHUNK_MASK) === 0 && used >>> CHUNK_BITS === chunks.length) chunks.push(new Int32Array(1 << CHUNK_BITS));
        lastProduct[id] = product;
        lastAt[id] = used;
        counts[id]!++;
        chunks[used >>> CHUNK_BITS]![used & CHUNK_MASK] = id * 8 + weight;
        used++;
      }
    };

    const categoryIds = new Map<string, number>();
    for (const c of categories) {
      categoryIds.set(c.slug, categoryIds.size);
      this.categories.set(c.slug, { ...c, members: bits.empty(size), count: 0 });
    }
    this.categoryList = [...categoryIds.keys()];
    const memberIds: number[] = [];
    this.memberStart = new Int32Array(size + 1);
    const labels = new Map<string, string>();
    products.forEach((p, i) => {
      entryStart[i] = used;
      this.memberStart[i] = memberIds.length;
      add(tokenize(p.name), i, WEIGHT.name); // names are mostly unique: not memoized
      for (const slug of (memberships[i] ?? '').split(' ')) {
        const c = this.categories.get(slug);
        if (!c) continue;
        bits.set(c.members, i);
        memberIds.push(categoryIds.get(slug)!);
        add(idsOf(c.name), i, WEIGHT.tags);
      }
      for (const key of (tags[i] ?? '').split(' ')) {
        const colon = key.indexOf(':');
        if (colon <= 0) continue;
        let set = this.tagSets.get(key);
        if (!set) {
          this.tagSets.set(key, (set = bits.empty(size)));
          labels.set(key, tagLabel(key.slice(0, colon) as TagGroup, key.slice(colon + 1)));
        }
        bits.set(set, i);
        add(idsOf(labels.get(key)!), i, WEIGHT.tags);
      }
      if (p.vipClass) add(idsOf(`vip ${VIP_LABELS[p.vipClass]}`), i, WEIGHT.tags);
      add(idsOf(keywords[i] ?? ''), i, WEIGHT.tags);
      for (const sentence of p.description.split(/(?<=[.!?])\s+/)) add(idsOf(sentence), i, WEIGHT.body);
    });
    entryStart[size] = used;
    this.memberStart[size] = memberIds.length;
    this.memberIds = this.categoryList.length <= 256 ? Uint8Array.from(memberIds) : Uint16Array.from(memberIds);
    memo.clear();
    for (const c of this.categories.values()) c.count = bits.count(c.members);

    // Lay the postings out per token (sorted vocabulary), products in the default order.
    const tokens = [...tokenIds.keys()];
    this.vocab = tokens.slice().sort(compareText);
    const place = new Int32Array(tokens.length); // token id → its index in the sorted vocabulary
    this.vocab.forEach((t, v) => (place[tokenIds.get(t)!] = v));
    this.postStart = new Int32Array(this.vocab.length + 1);
    for (let id = 0; id < tokens.length; id++) this.postStart[place[id]! + 1] = counts[id]!;
    for (let v = 0; v < this.vocab.length; v++) this.postStart[v + 1]! += this.postStart[v]!;
    this.post = new Int32Array(used);
    const cursor = this.postStart.slice(0, this.vocab.length);
    for (let rank = 0; rank < size; rank++) {
      const p = byDefault[rank]!;
      for (let k = entryStart[p]!; k < entryStart[p + 1]!; k++) {
        const e = chunks[k >>> CHUNK_BITS]![k & CHUNK_MASK]!;
        this.post[cursor[place[e >> 3]!]!++] = rank * 8 + (e & 7);
      }
    }

    // Facet counts of the fixed scopes, for listings without filters or search.
    const scopes = [this.all, this.vip, ...this.vipByClass.values(), ...[...this.categories.values()].map((c) => c.members)];
    for (const scope of scopes) {
      const counts = new Map<string, number>();
      for (const [key, set] of this.tagSets) counts.set(key, bits.countAnd(scope, set));
      this.scopeFacets.set(scope, counts);
    }
  }

  /** The index of the catalogue as the database holds it (index-build.ts reads it). */
  static async load(db: Db, version: number): Promise<CatalogIndex> {
    const rows = await readCatalogRows(db);
    return new CatalogIndex(version, rows.products, rows.categories, rows.memberships, rows.tags, rows.keywords);
  }

  get size(): number {
    return this.products.length;
  }

  categoriesOf(position: number): string[] {
    const out: string[] = [];
    if (position < 0 || position >= this.size) return out;
    for (let k = this.memberStart[position]!; k < this.memberStart[position + 1]!; k++) out.push(this.categoryList[this.memberIds[k]!]!);
    return out;
  }

  /**
   * Products matching every query term as a prefix of one of their words, with a score (higher is
   * better); an empty set when the text has no words (only emoji or punctuation).
   */
  match(text: string): { set: Bitset; scores: Uint16Array; total: number } {
    const n = this.products.length;
    const set = bits.empty(n);
    const scores = new Uint16Array(n);
    const m = this.matchRanks(text);
    const order = this.orders.default;
    for (let i = 0; i < m.count; i++) {
      const p = order[m.ranks[i]!]!;
      bits.set(set, p);
      scores[p] = m.scores[i]!;
    }
    return { set, scores, total: m.count };
  }

  /** Search: the best `limit` matches (score, then the shop's default order) and how many matched. */
  search(text: string, limit: number): { positions: number[]; total: number } {
    const m = this.matchRanks(text);
    return { positions: this.byScore(m, undefined, 0, limit), total: m.count };
  }

  private scratchSpace(): Scratch {
    const n = this.products.length;
    return (this.scratch ??= { best: new Uint8Array(n), got: new Uint8Array(n), marks: bits.empty(n), slot: new Int32Array(n), ranks: new Int32Array(n), scores: new Uint16Array(n) });
  }

  /**
   * The matcher: each term's vocabulary span (the tokens it is a prefix of; twice the weight when the
   * token is the term itself), the rarest term first; later terms only narrow its candidates, by a
   * pass over their postings or, when the candidates are few, by binary searches in them.
   */
  private matchRanks(text: string): RankedMatches {
    const terms = queryTerms(text);
    if (terms.length === 0) return NO_MATCHES;
    const spans: TermSpan[] = [];
    for (const term of terms) {
      const [from, to] = prefixSpan(this.vocab, term);
      if (from === to) return NO_MATCHES;
      spans.push({ term, from, to, cost: this.postStart[to]! - this.postStart[from]! });
    }
    spans.sort((a, b) => a.cost - b.cost);
    const m = this.firstTerm(spans[0]!);
    for (let t = 1; t < spans.length && m.count > 0; t++) this.narrow(m, spans[t]!);
    return m;
  }

  /** The products of one term's span, in rank order, each with its best weight × factor. */
  private firstTerm(span: TermSpan): RankedMatches {
    if (span.to - span.from === 1) return this.tokenList(span.from, span.term);
    // Several tokens (rose, roses, rosette): mark the products in a bitset over ranks, then read it in order.
    const { post, postStart, vocab } = this;
    const { best, marks, ranks, scores } = this.scratchSpace();
    for (let v = span.from; v < span.to; v++) {
      const factor = vocab[v] === span.term ? 2 : 1;
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
    return { ranks, scores, count };
  }

  /** One token's products with their weight × factor (twice when the token is the term itself). */
  private tokenList(v: number, term: string): RankedMatches {
    const factor = this.vocab[v] === term ? 2 : 1;
    const from = this.postStart[v]!;
    const count = this.postStart[v + 1]! - from;
    const { ranks, scores } = this.scratchSpace();
    const post = this.post;
    for (let i = 0; i < count; i++) {
      const e = post[from + i]!;
      ranks[i] = e >> 3;
      scores[i] = (e & 7) * factor;
    }
    return { ranks, scores, count };
  }

  /** Keep the candidates of `m` that match the term of `span` (in place), adding its score. */
  private narrow(m: RankedMatches, span: TermSpan): void {
    const { post, postStart, vocab } = this;
    const { ranks, scores, count } = m;
    const { got, slot } = this.scratchSpace();
    got.fill(0, 0, count);
    const tokens = span.to - span.from;
    // Binary searches cost about count × tokens × log2(list); a pass costs the span's postings.
    if (count * tokens * 16 < span.cost) {
      for (let v = span.from; v < span.to; v++) {
        const factor = vocab[v] === span.term ? 2 : 1;
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
      for (let v = span.from; v < span.to; v++) {
        const factor = vocab[v] === span.term ? 2 : 1;
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

  private scopeSet(scope: ListingScope): Bitset {
    if (scope.kind === 'all') return this.all;
    if (scope.kind === 'vip') return scope.vipClass ? (this.vipByClass.get(scope.vipClass) ?? bits.empty(this.size)) : this.vip;
    return this.categories.get(scope.slug)?.members ?? bits.empty(this.size);
  }

  private tagUnion(group: TagGroup, values: readonly string[]): Bitset | undefined {
    if (values.length === 0) return undefined;
    const out = bits.empty(this.size);
    for (const v of values) {
      const s = this.tagSets.get(`${group}:${v}`);
      if (s) bits.orInto(out, s);
    }
    return out;
  }

  /** A page of a listing with its total and the facet counts of every group. */
  list(req: ListingRequest): ListingResult {
    let base = this.scopeSet(req.scope);
    let matches: RankedMatches | undefined;
    if (req.search) {
      matches = this.matchRanks(req.search);
      const found = bits.empty(this.size);
      const order = this.orders.default;
      for (let i = 0; i < matches.count; i++) bits.set(found, order[matches.ranks[i]!]!);
      base = bits.and(base, found);
    }
    const selected = new Map<TagGroup, { values: string[]; set: Bitset }>();
    for (const group of FILTER_GROUPS) {
      const values = req.filters[group] ?? [];
      const set = this.tagUnion(group, values);
      if (set) selected.set(group, { values, set });
    }
    const shopBy = this.tagUnion('shopBy', req.shopBy);
    if (shopBy) selected.set('shopBy', { values: req.shopBy, set: shopBy });

    const matched = selected.size ? bits.andAll(base, [...selected.values()].map((s) => s.set)) : base;
    const total = bits.count(matched);

    // Facets: each group counted with every other group's choice applied (choosing more in a group widens).
    // Without any choice every group counts within the scope (precounted for the fixed scopes).
    const precounted = selected.size === 0 ? this.scopeFacets.get(base) : undefined;
    const filters: FilterGroup[] = [];
    for (const def of TAG_GROUPS) {
      // A group without a choice counts within `matched` (every choice applied).
      let groupBase = matched;
      if (selected.has(def.group)) {
        const others = [...selected.entries()].filter(([g]) => g !== def.group).map(([, s]) => s.set);
        groupBase = others.length ? bits.andAll(base, others) : base;
      }
      const chosen = selected.get(def.group)?.values ?? [];
      const options = def.options
        .map((o) => {
          const key = `${def.group}:${o.value}`;
          const tag = this.tagSets.get(key);
          const count = !tag ? 0 : precounted ? precounted.get(key)! : bits.countAnd(groupBase, tag);
          return { value: o.value, label: o.label, count, selected: chosen.includes(o.value) };
        })
        .filter((o) => o.count > 0 || o.selected);
      if (options.length) filters.push({ group: def.group, label: def.label, options });
    }

    let positions: number[];
    if (req.sort === 'default' && matches) positions = this.byScore(matches, matched, req.offset, req.pageSize);
    else positions = this.window(matched, req.sort, req.offset, req.pageSize);
    return { positions, total, filters };
  }

  /** Products of `set` in a sort order, from `offset`, at most `size`. */
  window(set: Bitset, sort: ListingSort, offset: number, size: number): number[] {
    const order =
      sort === 'name-asc' || sort === 'name-desc' ? this.orders.nameAsc
        : sort === 'price-asc' ? this.orders.priceAsc
          : sort === 'price-desc' ? this.orders.priceDesc
            : this.orders.default;
    const out: number[] = [];
    let seen = 0;
    const reverse = sort === 'name-desc';
    for (let k = 0; k < order.length && out.length < size; k++) {
      const p = order[reverse ? order.length - 1 - k : k]!;
      if (!bits.has(set, p)) continue;
      if (seen++ >= offset) out.push(p);
    }
    return out;
  }

  /**
   * Matches (those in `within`, when given) best score first, ties in the default order, from
   * `offset`, at most `size`: the lowest score that reaches the page is found by counting, then only
   * the page's candidates are kept.
   */
  private byScore(m: RankedMatches, within: Bitset | undefined, offset: number, size: number): number[] {
    const want = offset + size;
    if (size <= 0 || m.count === 0) return [];
    const order = this.orders.default;
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

  /** Recommendations for a product: in-stock products sharing its categories (its own category first). */
  recommend(position: number, count: number, random: () => number = Math.random): number[] {
    const self = this.products[position]!;
    const pool = new Set<number>();
    const fill = (slug: string) => {
      const c = this.categories.get(slug);
      if (!c) return;
      for (const p of this.orders.default) if (p !== position && this.products[p]!.inStock && bits.has(c.members, p)) pool.add(p);
    };
    fill(self.category);
    if (pool.size < count * 3) for (const slug of this.categoriesOf(position)) if (slug !== 'all' && slug !== 'gifts') fill(slug);
    if (pool.size < count) for (const slug of this.categoriesOf(position)) fill(slug);
    const candidates = [...pool].map((p) => ({ p, relevanceOrder: this.products[p]!.relevanceOrder }));
    return pickRecommendations(candidates, count, random).map((c) => c.p);
  }
}
