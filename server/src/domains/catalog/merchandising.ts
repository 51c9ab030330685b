import type { FoundProduct as FeaturedProduct, ShopDesign, StaffDesign, StaffFeaturedList } from '@adire/contracts';
import type { Kysely } from 'kysely';
import { amountProblem, type AmountRule } from '@adire/domain';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { bumpCatalogVersion } from './writer';

/**
 * What the shop's managers choose to show (the back office and `pnpm catalog`, one path): the products
 * of each featured list (per occasion and section, per delivery location) in their order, and the
 * designs each product offers (the first is its default). A change moves the catalogue's version in the
 * same transaction, so cached answers and kept server-drawn pages refresh on the next load.
 */

/** A featured list holds at most this many products (the home page's rows show eight). */
export const MAX_FEATURED = 24;

export type { FeaturedProduct, ShopDesign, StaffDesign, StaffFeaturedList };

type Query = Pick<Db, 'kysely'>;

/** Every featured list in the home page's order, with its products in theirs; or only one list. */
export async function featuredListsForStaff(db: Query, listId?: string): Promise<StaffFeaturedList[]> {
  const lists = await db.kysely
    .selectFrom('featured_list')
    .selectAll()
    .$if(listId !== undefined, (q) => q.where('id', '=', listId!))
    .orderBy('position')
    .execute();
  if (!lists.length) return [];
  const items = await db.kysely
    .selectFrom('featured_item')
    .innerJoin('product', 'product.id', 'featured_item.product_id')
    .select(['featured_item.list_id', 'product.slug', 'product.sku', 'product.name', 'product.in_stock'])
    .where('featured_item.list_id', 'in', lists.map((l) => l.id))
    .orderBy('featured_item.list_id')
    .orderBy('featured_item.position')
    .execute();
  return lists.map((l) => ({
    id: l.id,
    kind: l.kind,
    key: l.list_key,
    section: l.section,
    title: l.title,
    products: items.filter((i) => i.list_id === l.id).map((i) => ({ slug: i.slug, sku: i.sku, name: i.name, inStock: Number(i.in_stock) === 1 })),
  }));
}

/** Why a list of products cannot be featured, or null (one rule for the back office and the command). */
export function featuredProblem(wanted: readonly string[]): string | null {
  if (!wanted.length) return 'A featured list needs at least one product.';
  if (wanted.length > MAX_FEATURED) return `A featured list holds at most ${MAX_FEATURED} products (got ${wanted.length}).`;
  const seen = new Set<string>();
  for (const w of wanted) {
    const key = w.trim().toLowerCase();
    if (!key) return 'A product was left empty: give its address or SKU.';
    if (seen.has(key)) return `${w.trim()} is in the list twice.`;
    seen.add(key);
  }
  return null;
}

/**
 * The products of one featured list, in this order, found by address (slug) or SKU. Every product is
 * checked before anything is written; answers the list before and after.
 */
export async function setFeaturedProducts(db: Db, listId: string, wanted: readonly string[]): Promise<{ before: StaffFeaturedList; after: StaffFeaturedList }> {
  const [before] = await featuredListsForStaff(db, listId);
  if (!before) throw new AppError(404, 'NOT_FOUND', `No featured list is called ${listId.slice(0, 80)}.`);
  const problem = featuredProblem(wanted);
  if (problem) throw new AppError(400, 'INVALID_FEATURED', problem, { products: problem });
  const found = await findProducts(db.kysely, wanted);
  const missing = wanted.filter((w) => !found.has(w.trim().toLowerCase()));
  if (missing.length) {
    const message = `No product has the address or SKU ${missing.map((m) => m.trim().slice(0, 80)).join(', ')} (nothing was changed).`;
    throw new AppError(400, 'INVALID_FEATURED', message, { products: message });
  }
  const ids = wanted.map((w) => found.get(w.trim().toLowerCase())!);
  if (new Set(ids).size !== ids.length) {
    const message = 'A product is in the list twice (by its address and its SKU).';
    throw new AppError(400, 'INVALID_FEATURED', message, { products: message });
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('featured_item').where('list_id', '=', before.id).execute();
    await trx.insertInto('featured_item').values(ids.map((product_id, position) => ({ list_id: before.id, product_id, position }))).execute();
    await bumpCatalogVersion(trx);
  });
  const [after] = await featuredListsForStaff(db, listId);
  return { before, after: after! };
}

/** Product ids by lower-cased slug or SKU (a size's SKU finds its product too). */
async function findProducts(q: Kysely<Database>, wanted: readonly string[]): Promise<Map<string, string>> {
  const keys = [...new Set(wanted.map((w) => w.trim()))];
  const lower = keys.map((k) => k.toLowerCase());
  const upper = keys.map((k) => k.toUpperCase());
  const products = await q
    .selectFrom('product')
    .select(['id', 'slug', 'sku'])
    .where((eb) => eb.or([eb('slug', 'in', lower), eb('sku', 'in', upper)]))
    .execute();
  const sizes = await q.selectFrom('product_variant').select(['product_id', 'sku']).where('sku', 'in', upper).execute();
  const out = new Map<string, string>();
  for (const s of sizes) out.set(s.sku.toLowerCase(), s.product_id);
  for (const p of products) {
    out.set(p.slug.toLowerCase(), p.id);
    out.set(p.sku.toLowerCase(), p.id);
  }
  return out;
}

// ---------------------------------------------------------------- designs

/** Every design of the shop, the product's offered ones first in its order, then the others. */
export async function designsForStaff(db: Query, productId: string): Promise<StaffDesign[]> {
  const [options, offered] = await Promise.all([
    db.kysely.selectFrom('design_option').selectAll().orderBy('position').execute(),
    db.kysely.selectFrom('product_design').select('design_code').where('product_id', '=', productId).orderBy('position').execute(),
  ]);
  const order = offered.map((o) => o.design_code);
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length + options.findIndex((o) => o.code === code));
  return options
    .map((o) => ({ code: o.code, title: o.title, priceNgn: Number(o.price_ngn), offered: order.includes(o.code) }))
    .sort((a, b) => rank(a.code) - rank(b.code));
}

/**
 * The designs a product offers, in order (the first is its default), by code or title; none: the
 * product has no design to choose (a dome, a bottle). All are checked before any is written. The
 * product's `design` filter tags follow, so the listing's Design filter finds it by what it offers.
 */
export async function setProductDesigns(db: Db, product: { id: string }, wanted: readonly string[]): Promise<string[]> {
  const codes = await readDesigns(db, wanted);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('product_design').where('product_id', '=', product.id).execute();
    await trx.deleteFrom('product_tag').where('product_id', '=', product.id).where('tag_group', '=', 'design').execute();
    if (codes.length) {
      await trx.insertInto('product_design').values(codes.map((design_code, position) => ({ product_id: product.id, design_code, position }))).execute();
      await trx.insertInto('product_tag').values(codes.map((tag_value) => ({ product_id: product.id, tag_group: 'design' as const, tag_value }))).execute();
    }
    await bumpCatalogVersion(trx);
  });
  return codes;
}

/** The design codes of these codes or titles, in order; a 400 with the reason when one is not a design or given twice. */
export async function readDesigns(db: Query, wanted: readonly string[]): Promise<string[]> {
  const options = await db.kysely.selectFrom('design_option').select(['code', 'title']).orderBy('position').execute();
  const byName = new Map(options.flatMap((o) => [[o.code.toLowerCase(), o.code] as const, [o.title.toLowerCase(), o.code] as const]));
  const fail = (message: string): never => {
    throw new AppError(400, 'INVALID_DESIGNS', message, { designs: message });
  };
  const codes: string[] = [];
  for (const w of wanted) {
    const code = byName.get(w.trim().toLowerCase());
    if (!code) fail(`'${w.trim().slice(0, 40)}' is not a design of the shop; the designs are ${options.map((o) => o.code).join(', ')}.`);
    else if (codes.includes(code)) fail(`${code} is given twice.`);
    else codes.push(code);
  }
  return codes;
}

/** What a design may add to a product's price: whole naira, ₦0 (no charge) to ₦10,000,000. */
export const MAX_DESIGN_PRICE_NGN = 10_000_000;

const DESIGN_PRICE_RULE: AmountRule = { min: 0, max: MAX_DESIGN_PRICE_NGN, whole: true };

/** Why a design's price is refused, or null (the shop's one amount rule, `@adire/domain`). */
export function designPriceProblem(value: unknown): string | null {
  return amountProblem(value, DESIGN_PRICE_RULE);
}

/** The shop's designs in their order, with what each adds to a product's price. */
export async function shopDesigns(db: Query): Promise<ShopDesign[]> {
  const rows = await db.kysely.selectFrom('design_option').select(['code', 'title', 'price_ngn']).orderBy('position').execute();
  return rows.map((r) => ({ code: r.code, title: r.title, priceNgn: Number(r.price_ngn) }));
}

/**
 * What some designs add to a product's price, for every product that offers them (by code or title).
 * All are checked before any is written; carts and checkouts price designs from here.
 */
export async function setDesignPrices(db: Db, prices: Record<string, unknown>): Promise<{ before: ShopDesign[]; after: ShopDesign[] }> {
  const before = await shopDesigns(db);
  const byName = new Map(before.flatMap((d) => [[d.code.toLowerCase(), d.code] as const, [d.title.toLowerCase(), d.code] as const]));
  const fields: Record<string, string> = {};
  const changes = new Map<string, number>();
  for (const [name, price] of Object.entries(prices)) {
    const code = byName.get(name.trim().toLowerCase());
    const problem = code ? designPriceProblem(price) : `is not a design of the shop; the designs are ${before.map((d) => d.code).join(', ')}`;
    if (problem) fields[`prices.${name}`] = problem;
    else changes.set(code!, price as number);
  }
  const problems = Object.entries(fields);
  if (problems.length) throw new AppError(400, 'INVALID_PRICE', `The price of ${problems[0]![0].slice('prices.'.length)} ${problems[0]![1]} (nothing was changed).`, fields);
  if (!changes.size) throw new AppError(400, 'NOTHING_TO_CHANGE', 'Nothing to change: give a design and its price.');
  await db.kysely.transaction().execute(async (trx) => {
    for (const [code, price] of changes) await trx.updateTable('design_option').set({ price_ngn: price }).where('code', '=', code).execute();
    await bumpCatalogVersion(trx);
  });
  return { before, after: await shopDesigns(db) };
}
