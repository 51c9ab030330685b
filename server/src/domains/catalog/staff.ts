import { randomUUID } from 'node:crypto';
import type { FoundProduct, StaffProduct, StaffReview } from '@adire/contracts';
import { amountProblem, type AmountRule } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { designsForStaff } from './merchandising';
import { bumpCatalogVersion, setProductPrice } from './writer';

/**
 * The catalogue as the shop's managers change it (the back office): a product's size prices, and
 * reviews hidden or shown with a reason (its designs and the featured lists: merchandising.ts). Availability and stock go through the orders domain's stock
 * (the same as `pnpm orders set-stock`). A change moves the catalogue's version or the reviews' data
 * version, so shoppers' pages and cached answers show it on the next load.
 */

export type { StaffProduct };

export const MAX_PRICE_NGN = 100_000_000;

type Query = Pick<Db, 'kysely'>;

/** Products by name, SKU or slug (a few letters are enough), for the back office's search. */
export async function findProductsForStaff(db: Query, search: string, limit: number): Promise<FoundProduct[]> {
  const text = search.trim().toLowerCase().replace(/[%_\\]/g, '');
  const rows = await db.kysely
    .selectFrom('product')
    .select(['slug', 'sku', 'name', 'in_stock'])
    .$if(!!text, (q) => q.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', `%${text}%`), eb('slug', '=', text), eb('sku', '=', text.toUpperCase())])))
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ slug: r.slug, sku: r.sku, name: r.name, inStock: Number(r.in_stock) === 1 }));
}

export async function productForStaff(db: Query, slug: string): Promise<StaffProduct | null> {
  const product = await db.kysely.selectFrom('product').select(['id', 'slug', 'sku', 'name', 'in_stock', 'stock']).where('slug', '=', slug).executeTakeFirst();
  if (!product) return null;
  const [sizes, designs] = await Promise.all([
    db.kysely.selectFrom('product_variant').select(['sku', 'label', 'price_ngn', 'is_default']).where('product_id', '=', product.id).orderBy('position').execute(),
    designsForStaff(db, product.id),
  ]);
  return {
    id: product.id,
    slug: product.slug,
    sku: product.sku,
    name: product.name,
    inStock: Number(product.in_stock) === 1,
    stock: product.stock === null ? null : Number(product.stock),
    sizes: sizes.map((s) => ({ sku: s.sku, label: s.label, priceNgn: Number(s.price_ngn), isDefault: Number(s.is_default) === 1 })),
    designs,
  };
}

/** A size's price: whole naira, above 0, at most ₦100,000,000 (the shop's one amount rule, `@adire/domain`). */
export const PRICE_RULE: AmountRule = { min: 1, max: MAX_PRICE_NGN, whole: true };

/** Why a price is refused, or null. */
export function priceProblem(value: unknown): string | null {
  return amountProblem(value, PRICE_RULE);
}

/** New prices for some of a product's sizes (by SKU); all are checked before any is written. */
export async function setSizePrices(db: Db, product: StaffProduct, prices: Record<string, unknown>): Promise<void> {
  const fields: Record<string, string> = {};
  for (const [sku, price] of Object.entries(prices)) {
    if (!product.sizes.some((s) => s.sku === sku)) fields[`prices.${sku}`] = `is not a size of ${product.name}`;
    else {
      const problem = priceProblem(price);
      if (problem) fields[`prices.${sku}`] = problem;
    }
  }
  const problems = Object.entries(fields);
  if (problems.length) throw new AppError(400, 'INVALID_PRICE', `The price of ${problems[0]![0].slice('prices.'.length)} ${problems[0]![1]}.`, fields);
  await db.kysely.transaction().execute(async (trx) => {
    for (const [sku, price] of Object.entries(prices) as [string, number][]) {
      await trx.updateTable('product_variant').set({ price_ngn: price }).where('sku', '=', sku).execute();
      if (sku === product.sku || product.sizes.find((s) => s.sku === sku)?.isDefault) await setProductPrice(trx, product.id, price);
    }
    await bumpCatalogVersion(trx);
  });
}

export type { StaffReview };

/** Reviews, newest first, hidden ones too; of one product, or hidden ones only. */
export async function reviewsForStaff(db: Query, filter: { productSlug?: string; hidden?: boolean; limit: number }): Promise<StaffReview[]> {
  const rows = await db.kysely
    .selectFrom('review')
    .innerJoin('product', 'product.id', 'review.product_id')
    .select(['review.id', 'product.slug', 'product.name', 'review.rating', 'review.comment', 'review.author', 'review.created_at', 'review.hidden_at', 'review.hidden_reason'])
    .$if(!!filter.productSlug, (q) => q.where('product.slug', '=', filter.productSlug!))
    .$if(filter.hidden !== undefined, (q) => q.where('review.hidden_at', filter.hidden ? 'is not' : 'is', null))
    .orderBy('review.created_at', 'desc')
    .orderBy('review.id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productSlug: r.slug,
    productName: r.name,
    rating: Number(r.rating),
    comment: r.comment,
    author: r.author,
    createdAt: r.created_at,
    hidden: r.hidden_at !== null,
    hiddenReason: r.hidden_reason,
  }));
}

/**
 * A shopper's review of a paid order, on each of its products still in the catalogue (the orders domain
 * calls this in its transaction, once it has claimed the order's one review): the catalog domain is the
 * one writer of `review`. Answers the products it went on.
 */
export async function addOrderReviews(
  trx: Kysely<Database>,
  review: { orderId: string; productIds: readonly string[]; rating: number; comment: string; author: string; at: string },
): Promise<string[]> {
  // Products removed from the catalogue since the order have no page to show a review on.
  const wanted = review.productIds;
  const existing = wanted.length ? await trx.selectFrom('product').select('id').where('id', 'in', [...wanted]).execute() : [];
  const productIds = wanted.filter((id) => existing.some((e) => e.id === id));
  if (productIds.length) {
    await trx
      .insertInto('review')
      .values(productIds.map((product_id) => ({ id: randomUUID(), product_id, rating: review.rating, comment: review.comment, author: review.author, order_id: review.orderId, created_at: review.at })))
      .execute();
  }
  return productIds;
}

/** The reviews of a deleted account's orders keep their words and stars, not the author's name. */
export async function anonymiseOrderReviews(trx: Kysely<Database>, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length) await trx.updateTable('review').set({ author: 'Adire Blooms customer' }).where('order_id', 'in', [...orderIds]).execute();
}

/** Hide a review (a reason is required) or show it again; answers it before and after. */
export async function setReviewHidden(db: Query, id: string, hidden: boolean, reason: string): Promise<{ before: StaffReview; after: StaffReview }> {
  const find = async () => (await reviewsForStaffById(db, id)) ?? null;
  const before = await find();
  if (!before) throw new AppError(404, 'NOT_FOUND', 'No review has that id.');
  const why = reason.trim().slice(0, 300);
  if (hidden && !why) throw new AppError(400, 'REASON_REQUIRED', 'Say why the review is hidden (the reason is kept in the audit).', { reason: 'is required to hide a review' });
  await db.kysely
    .updateTable('review')
    .set(hidden ? { hidden_at: new Date().toISOString(), hidden_reason: why } : { hidden_at: null, hidden_reason: null })
    .where('id', '=', id)
    .execute();
  return { before, after: (await find())! };
}

async function reviewsForStaffById(db: Query, id: string): Promise<StaffReview | undefined> {
  const row = await db.kysely
    .selectFrom('review')
    .innerJoin('product', 'product.id', 'review.product_id')
    .select(['review.id', 'product.slug', 'product.name', 'review.rating', 'review.comment', 'review.author', 'review.created_at', 'review.hidden_at', 'review.hidden_reason'])
    .where('review.id', '=', id)
    .executeTakeFirst();
  return row
    ? { id: row.id, productSlug: row.slug, productName: row.name, rating: Number(row.rating), comment: row.comment, author: row.author, createdAt: row.created_at, hidden: row.hidden_at !== null, hiddenReason: row.hidden_reason }
    : undefined;
}
