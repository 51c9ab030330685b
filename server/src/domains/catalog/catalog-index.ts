/**
 * The listing index: an in-memory read model of the catalogue, rebuilt from the database whenever the
 * catalogue version (table catalog_state) moves. Category listings, filters with facet counts, the four
 * sorts, pagination and search run on bitsets and presorted arrays, so their cost barely grows with
 * the catalogue (the issue asks for 20,000 products within 2× of 1,000) and the answers are the same
 * on SQLite and PostgreSQL. The database stays the source of truth; each instance holds its own copy.
 */
import { FILTER_GROUPS, type FilterGroup, type ListingSort, type VipClass } from '@adire/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notifyDataChanged } from '../../db/data-versions';
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
  private readonly postStart: Int32Array;
  private readonly postIds: Int32Array;
  private readonly postWeights: Uint8Array;

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

    // Search postings are collected per token id while the sets are filled: product * 8 + weight,
    // products ascending. Texts shared by many products (tag labels, category names, description
    // sentences, keywords) are tokenized once.
    const tokenIds = new Map<string, number>();
    const lists: number[][] = [];
    const memo = new Map<string, number[]>();
    const idsOf = (text: string): number[] => {
      let ids = memo.get(text);
      if (!ids) {
        ids = indexTokens(text).map((t) => {
          let id = tokenIds.get(t);
          if (id === undefined) {
            tokenIds.set(t, (id = lists.length));
            lists.push([]);
          }
          return id;
        });
        memo.set(text, ids);
      }
      return ids;
    };
    const add = (ids: readonly number[], product: number, weight: number) => {
      for (const id of ids) {
        const list = lists[id]!;
        const last = list.length - 1;
        if (last >= 0 && list[last]! >> 3 === product) {
          if ((list[last]! & 7) < weight) list[last] = product * 8 + weight;
        } else list.push(product * 8 + weight);
      }
    };

    for (const c of categories) this.categories.set(c.slug, { ...c, members: bits.empty(size), count: 0 });
    this.memberships = products.map(() => []);
    const labels = new Map<string, string>();
    products.forEach((p, i) => {
      add(idsOf(p.name), i, WEIGHT.name);
      for (const slug of (memberships[i] ?? '').split(' ')) {
        const c = this.categories.get(slug);
        if (!c) continue;
        bits.set(c.members, i);
        this.memberships[i]!.push(slug);
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
    for (const c of this.categories.values()) c.count = bits.count(c.members);

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

    // Flatten the postings (CSR: sorted vocabulary, start offsets, ids, weights): a few typed arrays.
    this.vocab = [...tokenIds.keys()].sort(compareText);
    let total = 0;
    for (const list of lists) total += list.length;
    this.postStart = new Int32Array(this.vocab.length + 1);
    this.postIds = new Int32Array(total);
    this.postWeights = new Uint8Array(total);
    let at = 0;
    this.vocab.forEach((t, v) => {
      this.postStart[v] = at;
      for (const e of lists[tokenIds.get(t)!]!) {
        this.postIds[at] = e >> 3;
        this.postWeights[at++] = e & 7;
      }
    });
    this.postStart[this.vocab.length] = at;
  }

  /** Load everything the listings need (one query per table). */
  static async load(db: Db, version: number): Promise<CatalogIndex> {
    const k = db.kysely;
    // Tags and categories come one row per product (joined text), not one row per pair: 20k rows, not 250k.
    const joined = (expr: ReturnType<typeof sql>) => (db.dialect === 'postgres' ? sql<string>`string_agg(${expr}, ' ')` : sql<string>`group_concat(${expr}, ' ')`);
    const [rows, variants, designs, categories, memberships, tags] = await Promise.all([
      k.selectFrom('product').select(['id', 'slug', 'sku', 'name', 'description', 'price_ngn', 'image', 'art', 'category_slug', 'relevance_order', 'in_stock', 'vip_class', 'keywords', 'position']).execute(),
      k.selectFrom('product_variant').select((eb) => ['product_id', eb.fn.min('price_ngn').as('price_from'), eb.fn.countAll().as('n')]).groupBy('product_id').execute(),
      k.selectFrom('product_design').select((eb) => ['product_id', eb.fn.countAll().as('n')]).groupBy('product_id').execute(),
      k.selectFrom('category').select(['slug', 'name', 'description', 'menu_group', 'position']).orderBy('position').execute(),
      k.selectFrom('product_category').select(['product_id', joined(sql.ref('category_slug')).as('list')]).groupBy('product_id').execute(),
      k.selectFrom('product_tag').select(['product_id', joined(sql`tag_group || ':' || tag_value`).as('list')]).groupBy('product_id').execute(),
    ]);
    // A stable product order independent of the database's row order.
    rows.sort((a, b) => Number(a.position) - Number(b.position) || compareText(a.slug, b.slug));
    const at = new Map(rows.map((r, i) => [r.id, i]));
    const priceFrom = new Map(variants.map((v) => [v.product_id, Number(v.price_from)]));
    const sizes = new Map(variants.map((v) => [v.product_id, Number(v.n)]));
    const designCount = new Map(designs.map((d) => [d.product_id, Number(d.n)]));
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
      perPosition(at, memberships),
      perPosition(at, tags),
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
        const end = this.postStart[v + 1]!;
        for (let k = this.postStart[v]!; k < end; k++) {
          const p = this.postIds[k]!;
          const s = this.postWeights[k]! * factor;
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

function perPosition(at: Map<string, number>, rows: { product_id: string; list: string | null }[]): string[] {
  const out = new Array<string>(at.size).fill('');
  for (const r of rows) {
    const i = at.get(r.product_id);
    if (i !== undefined) out[i] = String(r.list ?? '');
  }
  return out;
}

const caches = new Set<CatalogIndexCache>();

/** A catalogue write in this process: every cache re-reads the version on its next call. */
export function notifyCatalogChanged(): void {
  for (const cache of caches) cache.invalidate();
  notifyDataChanged();
}

/**
 * One index per process, rebuilt when the version in catalog_state moves (single flight). The version
 * is read at most once per `ttlMs` (a write in this process is seen at once, through
 * notifyCatalogChanged; another instance's write within ttlMs).
 */
export class CatalogIndexCache {
  private current: CatalogIndex | undefined;
  private building: { version: number; promise: Promise<CatalogIndex> } | undefined;
  private checkedAt = 0;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 1000,
  ) {
    caches.add(this);
  }

  invalidate(): void {
    this.checkedAt = 0;
    this.generation++;
  }

  /** Stop listening for writes (the app is closing). */
  dispose(): void {
    caches.delete(this);
  }

  async version(): Promise<number> {
    const row = await this.db.kysely.selectFrom('catalog_state').select('version').where('id', '=', 'catalog').executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /**
   * The index; `atLeast` is a catalogue version already read for this request (the response cache's
   * stamp): an index that old or newer is good without another read, an older one is rebuilt.
   */
  async get(atLeast?: number): Promise<CatalogIndex> {
    const now = Date.now();
    if (this.current && atLeast !== undefined && this.current.version >= atLeast) return this.current;
    if (this.current && !this.building && atLeast === undefined && now - this.checkedAt < this.ttlMs) return this.current;
    const generation = this.generation;
    const version = await this.version();
    // a write noticed while reading: do not trust this read for the next ttlMs
    if (generation === this.generation) this.checkedAt = now;
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
