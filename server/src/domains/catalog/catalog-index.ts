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
import { compareText, readCatalogRows, type CatalogRows } from './index-build';
import type { IndexedCategory, IndexedProduct } from './indexed';
import type { SelectedFilters } from './query';
import { pickRecommendations } from './recommend';
import { byScore, PostingsCollector, type RankedMatches, type SearchPostings } from './search-postings';
import { foldText } from './search-text';
import { correctedQuery } from './search-typos';
import { TAG_GROUPS, tagLabel, VIP_LABELS, type TagGroup } from './vocabulary';

export type { IndexedCategory, IndexedProduct } from './indexed';

export type ListingScope = { kind: 'category'; slug: string } | { kind: 'all' } | { kind: 'vip'; vipClass?: VipClass };

export interface ListingRequest {
  scope: ListingScope;
  filters: SelectedFilters;
  shopBy: string[];
  search: string;
  /** The search's words as typed: none corrected ("search instead for …"). */
  exact?: boolean;
  sort: ListingSort;
  offset: number;
  pageSize: number;
}

export interface ListingResult {
  positions: number[];
  total: number;
  filters: FilterGroup[];
  /** The search as corrected when some of its words were (typo tolerance), otherwise null. */
  correctedSearch: string | null;
}

/** Search field weights: a word in the name counts most, then tags/categories/keywords, then the description. */
const WEIGHT = { name: 6, tags: 3, body: 1 } as const;


type Orders = { default: Int32Array; nameAsc: Int32Array; priceAsc: Int32Array; priceDesc: Int32Array };

/** The four sorts, each with a total tie-break so pages never overlap. */
function sortOrders(products: readonly IndexedProduct[]): Orders {
  const nameKey = products.map((p) => foldText(p.name));
  const idx = () => Int32Array.from(products.keys());
  const byDefault = idx().sort((a, b) => {
    const pa = products[a]!;
    const pb = products[b]!;
    return Number(pb.inStock) - Number(pa.inStock) || pa.relevanceOrder - pb.relevanceOrder || pa.position - pb.position || a - b;
  });
  const byName = (a: number, b: number) => compareText(nameKey[a]!, nameKey[b]!) || compareText(products[a]!.slug, products[b]!.slug);
  return {
    default: byDefault,
    nameAsc: idx().sort(byName),
    priceAsc: idx().sort((a, b) => products[a]!.price - products[b]!.price || byName(a, b)),
    priceDesc: idx().sort((a, b) => products[b]!.price - products[a]!.price || byName(a, b)),
  };
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
  /** Each tag key's label, made once while building (its words are searched). */
  private readonly tagLabels = new Map<string, string>();
  /** Facet counts of every tag (`group:value`) within each fixed scope (category, all, vip): unfiltered listings. */
  private readonly scopeFacets = new Map<Bitset, Map<string, number>>();
  /** Category memberships (CSR): product p's categories are categoryList[memberIds[memberStart[p] … memberStart[p+1])]. */
  private readonly categoryList: string[];
  private readonly memberStart: Int32Array;
  private readonly memberIds: Uint8Array | Uint16Array;
  private readonly orders: Orders;
  /** Search: postings per token and the matcher (search-postings.ts). */
  private readonly postings: SearchPostings;

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
    this.orders = sortOrders(products);

    const collector = new PostingsCollector(size);
    const categoryIds = new Map<string, number>();
    for (const c of categories) {
      categoryIds.set(c.slug, categoryIds.size);
      this.categories.set(c.slug, { ...c, members: bits.empty(size), count: 0 });
    }
    this.categoryList = [...categoryIds.keys()];
    const memberIds: number[] = [];
    this.memberStart = new Int32Array(size + 1);
    products.forEach((p, i) => {
      collector.startProduct(i);
      this.memberStart[i] = memberIds.length;
      collector.add(collector.tokenize(p.name), i, WEIGHT.name); // names are mostly unique: not memoized
      for (const slug of (memberships[i] ?? '').split(' ')) {
        const c = this.categories.get(slug);
        if (!c) continue;
        bits.set(c.members, i);
        memberIds.push(categoryIds.get(slug)!);
        collector.add(collector.idsOf(c.name), i, WEIGHT.tags);
      }
      this.addTags(collector, tags[i] ?? '', i);
      if (p.vipClass) collector.add(collector.idsOf(`vip ${VIP_LABELS[p.vipClass]}`), i, WEIGHT.tags);
      collector.add(collector.idsOf(keywords[i] ?? ''), i, WEIGHT.tags);
      for (const sentence of p.description.split(/(?<=[.!?])\s+/)) collector.add(collector.idsOf(sentence), i, WEIGHT.body);
    });
    this.tagLabels.clear();
    this.memberStart[size] = memberIds.length;
    this.memberIds = this.categoryList.length <= 256 ? Uint8Array.from(memberIds) : Uint16Array.from(memberIds);
    for (const c of this.categories.values()) c.count = bits.count(c.members);
    this.postings = collector.layout(this.orders.default);

    // Facet counts of the fixed scopes, for listings without filters or search.
    const scopes = [this.all, this.vip, ...this.vipByClass.values(), ...[...this.categories.values()].map((c) => c.members)];
    for (const scope of scopes) {
      const counts = new Map<string, number>();
      for (const [key, set] of this.tagSets) counts.set(key, bits.countAnd(scope, set));
      this.scopeFacets.set(scope, counts);
    }
  }

  /** One product's tags (`group:value`, space-separated): into their sets, and their labels into its search words. */
  private addTags(collector: PostingsCollector, tags: string, i: number): void {
    for (const key of tags.split(' ')) {
      const colon = key.indexOf(':');
      if (colon <= 0) continue;
      let set = this.tagSets.get(key);
      if (!set) {
        this.tagSets.set(key, (set = bits.empty(this.products.length)));
        this.tagLabels.set(key, tagLabel(key.slice(0, colon) as TagGroup, key.slice(colon + 1)));
      }
      bits.set(set, i);
      collector.add(collector.idsOf(this.tagLabels.get(key)!), i, WEIGHT.tags);
    }
  }

  /** The index of the catalogue as the database holds it (index-build.ts reads it). */
  static async load(db: Db, version: number): Promise<CatalogIndex> {
    return CatalogIndex.fromRows(version, await readCatalogRows(db));
  }

  /** The index of rows already read (the search bench times the build alone). */
  static fromRows(version: number, rows: CatalogRows): CatalogIndex {
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
    const m = this.postings.matchRanks(text);
    const order = this.orders.default;
    for (let i = 0; i < m.count; i++) {
      const p = order[m.ranks[i]!]!;
      bits.set(set, p);
      scores[p] = m.scores[i]!;
    }
    return { set, scores, total: m.count };
  }

  /**
   * Search: the best `limit` matches (score, then the shop's default order), how many matched, and the
   * query as corrected when some of its words were.
   */
  search(text: string, limit: number): { positions: number[]; total: number; correctedSearch: string | null } {
    const m = this.postings.matchRanks(text);
    return { positions: byScore(m, this.orders.default, undefined, 0, limit), total: m.count, correctedSearch: this.correctedSearch(text, m) };
  }

  /** "Showing results for …": the search with its corrected words, or null. */
  private correctedSearch(text: string, m: RankedMatches): string | null {
    return m.corrected.length ? correctedQuery(text, m.corrected, (typed) => this.postings.spellings(typed)) : null;
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
      matches = this.postings.matchRanks(req.search, !req.exact);
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
    if (req.sort === 'default' && matches) positions = byScore(matches, this.orders.default, matched, req.offset, req.pageSize);
    else positions = this.window(matched, req.sort, req.offset, req.pageSize);
    return { positions, total, filters, correctedSearch: matches ? this.correctedSearch(req.search, matches) : null };
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
