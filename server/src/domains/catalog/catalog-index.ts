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
import type { SelectedFilters } from './query';
import { artVersion } from './image';
import { pickRecommendations } from './recommend';
import { foldText, indexTokens, prefixSpan, queryTerms } from './search-text';
import { TAG_GROUPS, tagLabel, VIP_LABELS, type TagGroup } from './vocabulary';

export interface IndexedProduct {
  id: string;
  slug: string;
  sku: string;
  name: string;
  description: string;
  price: number;
  priceFrom: number;
  hasOptions: boolean;
  /** Path of the main image (unversioned). */
  image: string;
  category: string;
  relevanceOrder: number;
  inStock: boolean;
  vipClass: VipClass | null;
  /** Version of the generated picture (changes with its composition). */
  artVersion: string;
  position: number;
}

export interface IndexedCategory {
  slug: string;
  name: string;
  description: string;
  group: 'occasions' | 'flowers' | 'gifts' | 'plants';
  position: number;
  members: Bitset;
  count: number;
}

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

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
  private readonly memberships: string[][];
  private readonly orders: { default: Int32Array; nameAsc: Int32Array; priceAsc: Int32Array; priceDesc: Int32Array };
  private readonly vocab: string[];
  private readonly postings: Int32Array[];
  private readonly postingWeights: Uint8Array[];

  private constructor(
    readonly version: number,
    products: IndexedProduct[],
    categories: Omit<IndexedCategory, 'members' | 'count'>[],
    memberships: { product: number; category: string }[],
    tags: { product: number; group: string; value: string }[],
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

    for (const c of categories) this.categories.set(c.slug, { ...c, members: bits.empty(size), count: 0 });
    this.memberships = products.map(() => []);
    for (const m of memberships) {
      const c = this.categories.get(m.category);
      if (!c) continue;
      bits.set(c.members, m.product);
      this.memberships[m.product]!.push(m.category);
    }
    for (const c of this.categories.values()) c.count = bits.count(c.members);

    const tagText: string[][] = products.map(() => []);
    for (const t of tags) {
      const key = `${t.group}:${t.value}`;
      let set = this.tagSets.get(key);
      if (!set) this.tagSets.set(key, (set = bits.empty(size)));
      bits.set(set, t.product);
      tagText[t.product]!.push(tagLabel(t.group as TagGroup, t.value));
    }

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

    // Search: every word (and its stem) → the products that hold it, with the best field weight.
    const postings = new Map<string, { ids: number[]; w: number[] }>();
    const add = (token: string, product: number, weight: number) => {
      let p = postings.get(token);
      if (!p) postings.set(token, (p = { ids: [], w: [] }));
      const last = p.ids.length - 1;
      if (last >= 0 && p.ids[last] === product) p.w[last] = Math.max(p.w[last]!, weight);
      else {
        p.ids.push(product);
        p.w.push(weight);
      }
    };
    products.forEach((p, i) => {
      const extra = [...tagText[i]!, ...this.memberships[i]!.map((slug) => this.categories.get(slug)?.name ?? ''), p.vipClass ? `vip ${VIP_LABELS[p.vipClass]}` : '', keywords[i] ?? ''].join(' ');
      for (const t of indexTokens(p.name)) add(t, i, WEIGHT.name);
      for (const t of indexTokens(extra)) add(t, i, WEIGHT.tags);
      for (const t of indexTokens(p.description)) add(t, i, WEIGHT.body);
    });
    this.vocab = [...postings.keys()].sort(compareText);
    this.postings = this.vocab.map((t) => Int32Array.from(postings.get(t)!.ids));
    this.postingWeights = this.vocab.map((t) => Uint8Array.from(postings.get(t)!.w));
  }

  /** Load everything the listings need (one query per table). */
  static async load(db: Db, version: number): Promise<CatalogIndex> {
    const k = db.kysely;
    const [rows, variants, designs, categories, memberships, tags] = await Promise.all([
      k.selectFrom('product').select(['id', 'slug', 'sku', 'name', 'description', 'price_ngn', 'image', 'art', 'category_slug', 'relevance_order', 'in_stock', 'vip_class', 'keywords', 'position']).execute(),
      k.selectFrom('product_variant').select(['product_id', 'price_ngn']).execute(),
      k.selectFrom('product_design').select(['product_id']).execute(),
      k.selectFrom('category').select(['slug', 'name', 'description', 'menu_group', 'position']).orderBy('position').execute(),
      k.selectFrom('product_category').select(['product_id', 'category_slug']).execute(),
      k.selectFrom('product_tag').select(['product_id', 'tag_group', 'tag_value']).execute(),
    ]);
    // A stable product order independent of the database's row order.
    rows.sort((a, b) => Number(a.position) - Number(b.position) || compareText(a.slug, b.slug));
    const at = new Map(rows.map((r, i) => [r.id, i]));
    const priceFrom = new Map<string, number>();
    const sizes = new Map<string, number>();
    for (const v of variants) {
      const price = Number(v.price_ngn);
      priceFrom.set(v.product_id, Math.min(priceFrom.get(v.product_id) ?? price, price));
      sizes.set(v.product_id, (sizes.get(v.product_id) ?? 0) + 1);
    }
    const designCount = new Map<string, number>();
    for (const d of designs) designCount.set(d.product_id, (designCount.get(d.product_id) ?? 0) + 1);
    const products: IndexedProduct[] = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      sku: r.sku,
      name: r.name,
      description: r.description,
      price: Number(r.price_ngn),
      priceFrom: priceFrom.get(r.id) ?? Number(r.price_ngn),
      hasOptions: (sizes.get(r.id) ?? 1) > 1 || (designCount.get(r.id) ?? 0) > 1,
      image: r.image,
      category: r.category_slug,
      relevanceOrder: Number(r.relevance_order),
      inStock: Number(r.in_stock) === 1,
      vipClass: r.vip_class,
      artVersion: artVersion(r.art, r.name),
      position: Number(r.position),
    }));
    const index = new CatalogIndex(
      version,
      products,
      categories.map((c) => ({ slug: c.slug, name: c.name, description: c.description, group: c.menu_group, position: Number(c.position) })),
      memberships.flatMap((m) => (at.has(m.product_id) ? [{ product: at.get(m.product_id)!, category: m.category_slug }] : [])),
      tags.flatMap((t) => (at.has(t.product_id) ? [{ product: at.get(t.product_id)!, group: t.tag_group, value: t.tag_value }] : [])),
      rows.map((r) => r.keywords),
    );
    return index;
  }

  get size(): number {
    return this.products.length;
  }

  categoriesOf(position: number): string[] {
    return this.memberships[position] ?? [];
  }

  /**
   * Products matching every query term as a prefix of one of their words, with a score (higher is
   * better); an empty set when the text has no words (only emoji or punctuation).
   */
  match(text: string): { set: Bitset; scores: Uint16Array; total: number } {
    const n = this.products.length;
    const set = bits.empty(n);
    const scores = new Uint16Array(n);
    const terms = queryTerms(text);
    if (terms.length === 0) return { set, scores, total: 0 };
    const hits = new Uint8Array(n);
    const best = new Uint8Array(n);
    for (const term of terms) {
      const touched: number[] = [];
      const [from, to] = prefixSpan(this.vocab, term);
      for (let v = from; v < to; v++) {
        const factor = this.vocab[v] === term ? 2 : 1;
        const ids = this.postings[v]!;
        const ws = this.postingWeights[v]!;
        for (let k = 0; k < ids.length; k++) {
          const p = ids[k]!;
          const s = ws[k]! * factor;
          if (best[p] === 0) touched.push(p);
          if (s > best[p]!) best[p] = s;
        }
      }
      for (const p of touched) {
        hits[p]!++;
        scores[p]! += best[p]!;
        best[p] = 0;
      }
    }
    let total = 0;
    for (let p = 0; p < n; p++) {
      if (hits[p] === terms.length) {
        bits.set(set, p);
        total++;
      } else scores[p] = 0;
    }
    return { set, scores, total };
  }

  /** Search: the best `limit` matches (score, then the shop's default order) and how many matched. */
  search(text: string, limit: number): { positions: number[]; total: number } {
    const m = this.match(text);
    return { positions: this.byScore(m.set, m.scores, 0, limit), total: m.total };
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
    let scores: Uint16Array | undefined;
    if (req.search) {
      const m = this.match(req.search);
      base = bits.and(base, m.set);
      scores = m.scores;
    }
    const selected = new Map<TagGroup, { values: string[]; set: Bitset }>();
    for (const group of FILTER_GROUPS) {
      const values = req.filters[group] ?? [];
      const set = this.tagUnion(group, values);
      if (set) selected.set(group, { values, set });
    }
    const shopBy = this.tagUnion('shopBy', req.shopBy);
    if (shopBy) selected.set('shopBy', { values: req.shopBy, set: shopBy });

    const matched = bits.andAll(base, [...selected.values()].map((s) => s.set));
    const total = bits.count(matched);

    // Facets: each group counted with every other group's choice applied (choosing more in a group widens).
    const filters: FilterGroup[] = [];
    for (const def of TAG_GROUPS) {
      const others = [...selected.entries()].filter(([g]) => g !== def.group).map(([, s]) => s.set);
      const groupBase = bits.andAll(base, others);
      const chosen = selected.get(def.group)?.values ?? [];
      const options = def.options
        .map((o) => {
          const tag = this.tagSets.get(`${def.group}:${o.value}`);
          return { value: o.value, label: o.label, count: tag ? bits.countAnd(groupBase, tag) : 0, selected: chosen.includes(o.value) };
        })
        .filter((o) => o.count > 0 || o.selected);
      if (options.length) filters.push({ group: def.group, label: def.label, options });
    }

    let positions: number[];
    if (req.sort === 'default' && scores) positions = this.byScore(matched, scores, req.offset, req.pageSize);
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

  /** Best score first, ties in the default order; a counting sort over the (small) score range. */
  private byScore(set: Bitset, scores: Uint16Array, offset: number, size: number): number[] {
    const buckets = new Map<number, number[]>();
    for (const p of this.orders.default) {
      if (!bits.has(set, p)) continue;
      const s = scores[p]!;
      const b = buckets.get(s);
      if (b) b.push(p);
      else buckets.set(s, [p]);
    }
    const out: number[] = [];
    for (const s of [...buckets.keys()].sort((a, b) => b - a)) out.push(...buckets.get(s)!);
    return out.slice(offset, offset + size);
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

/** One index per process, rebuilt when the version in catalog_state moves (single flight). */
export class CatalogIndexCache {
  private current: CatalogIndex | undefined;
  private building: { version: number; promise: Promise<CatalogIndex> } | undefined;

  constructor(private readonly db: Db) {}

  async version(): Promise<number> {
    const row = await this.db.kysely.selectFrom('catalog_state').select('version').where('id', '=', 'catalog').executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  async get(): Promise<CatalogIndex> {
    const version = await this.version();
    if (this.current?.version === version) return this.current;
    if (this.building?.version === version) return this.building.promise;
    const promise = CatalogIndex.load(this.db, version).then(
      (index) => {
        if (!this.current || this.current.version <= version) this.current = index;
        if (this.building?.promise === promise) this.building = undefined;
        return index;
      },
      (err: unknown) => {
        if (this.building?.promise === promise) this.building = undefined;
        throw err;
      },
    );
    this.building = { version, promise };
    return promise;
  }
}
