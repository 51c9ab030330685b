import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { IndexedCategory, IndexedProduct } from './indexed';
import { artVersion } from './image';

/**
 * Building the listing index: everything it needs read from the database (one query per table; the
 * per-product ones in pages by id, each page turned into what the index keeps before the next is read,
 * so the raw rows of a large catalogue are never all in memory at once).
 */

export interface CatalogRows {
  /** In a stable order independent of the database's row order. */
  products: IndexedProduct[];
  categories: Omit<IndexedCategory, 'members' | 'count'>[];
  /** Per product position: its category slugs, space-separated. */
  memberships: string[];
  /** Per product position: its tags as `group:value`, space-separated. */
  tags: string[];
  keywords: string[];
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Counts = { priceFrom: Map<string, number>; sizes: Map<string, number>; designCount: Map<string, number> };

/** Every product (keyset pages), with its keywords, in a stable order independent of the database's row order. */
async function readProducts(db: Db, { priceFrom, sizes, designCount }: Counts): Promise<{ products: IndexedProduct[]; keywords: string[] }> {
  const k = db.kysely;
  // Texts many products share (descriptions, category slugs) are kept once.
  const shared = new Map<string, string>();
  const intern = <T extends string>(text: T): T => {
    const known = shared.get(text);
    if (known !== undefined) return known as T;
    shared.set(text, text);
    return text;
  };
  const unsorted: { product: IndexedProduct; keywords: string }[] = [];
  await inPages(
    (after) => {
      const q = k
        .selectFrom('product')
        .select(['id', 'slug', 'sku', 'name', 'description', 'price_ngn', 'image', 'art', 'category_slug', 'relevance_order', 'in_stock', 'vip_class', 'keywords', 'position'])
        .orderBy('id')
        .limit(PAGE_ROWS);
      return (after === undefined ? q : q.where('id', '>', after)).execute();
    },
    (r) => r.id,
    (r) =>
      unsorted.push({
        product: {
          id: r.id,
          slug: r.slug,
          sku: r.sku,
          name: r.name,
          description: intern(r.description),
          price: Number(r.price_ngn),
          priceFrom: priceFrom.get(r.id) ?? Number(r.price_ngn),
          hasOptions: (sizes.get(r.id) ?? 1) > 1 || (designCount.get(r.id) ?? 0) > 1,
          image: r.image,
          category: intern(r.category_slug),
          relevanceOrder: Number(r.relevance_order),
          inStock: Number(r.in_stock) === 1,
          vipClass: r.vip_class === null ? null : intern(r.vip_class),
          artVersion: artVersion(r.art, r.name),
          position: Number(r.position),
        },
        keywords: r.keywords,
      }),
  );
  shared.clear();
  unsorted.sort((a, b) => a.product.position - b.product.position || compareText(a.product.slug, b.product.slug));
  const products = unsorted.map((u) => u.product);
  const keywords = unsorted.map((u) => u.keywords);
  unsorted.length = 0;
  return { products, keywords };
}

/** Per product position: its categories or tags as one space-separated text (one row per product, not per pair). */
async function readPerPosition(db: Db, at: Map<string, number>, table: 'product_category' | 'product_tag', list: ReturnType<typeof sql<string>>): Promise<string[]> {
  const k = db.kysely;
  const out = new Array<string>(at.size).fill('');
  await inPages(
    (after) => {
      const q = k.selectFrom(table).select(['product_id', list.as('list')]).groupBy('product_id').orderBy('product_id').limit(PAGE_ROWS);
      return (after === undefined ? q : q.where('product_id', '>', after)).execute();
    },
    (r) => r.product_id,
    (r) => {
      const i = at.get(r.product_id);
      if (i !== undefined) out[i] = String(r.list ?? '');
    },
  );
  return out;
}

export async function readCatalogRows(db: Db): Promise<CatalogRows> {
  const k = db.kysely;
  // Tags and categories come one row per product (joined text), not one row per pair: 20k rows, not 250k.
  const joined = (expr: ReturnType<typeof sql>) => (db.dialect === 'postgres' ? sql<string>`string_agg(${expr}, ' ')` : sql<string>`group_concat(${expr}, ' ')`);
  const [variants, designs, categories] = await Promise.all([
    k.selectFrom('product_variant').select((eb) => ['product_id', eb.fn.min('price_ngn').as('price_from'), eb.fn.countAll().as('n')]).groupBy('product_id').execute(),
    k.selectFrom('product_design').select((eb) => ['product_id', eb.fn.countAll().as('n')]).groupBy('product_id').execute(),
    k.selectFrom('category').select(['slug', 'name', 'description', 'menu_group', 'position']).orderBy('position').execute(),
  ]);
  const { products, keywords } = await readProducts(db, {
    priceFrom: new Map(variants.map((v) => [v.product_id, Number(v.price_from)])),
    sizes: new Map(variants.map((v) => [v.product_id, Number(v.n)])),
    designCount: new Map(designs.map((d) => [d.product_id, Number(d.n)])),
  });
  const at = new Map(products.map((p, i) => [p.id, i]));
  const memberships = await readPerPosition(db, at, 'product_category', joined(sql.ref('category_slug')));
  const tags = await readPerPosition(db, at, 'product_tag', joined(sql`tag_group || ':' || tag_value`));
  return {
    products,
    categories: categories.map((c) => ({ slug: c.slug, name: c.name, description: c.description, group: c.menu_group, position: Number(c.position) })),
    memberships,
    tags,
    keywords,
  };
}

/** Rows read per page when loading (keyset pagination). */
const PAGE_ROWS = 10_000;

/** Every row of a query read page by page, ordered by `key` (each page starts after the last key). */
async function inPages<R>(page: (after: string | undefined) => Promise<R[]>, key: (row: R) => string, each: (row: R) => void): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after);
    for (const r of rows) each(r);
    if (rows.length < PAGE_ROWS) return;
    after = key(rows[rows.length - 1]!);
  }
}
