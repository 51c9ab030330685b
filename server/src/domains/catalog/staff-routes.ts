import {
  BACKOFFICE_PATHS,
  type DesignPricesRequest,
  type DesignPricesResult,
  type FeaturedAnswer,
  type FeaturedListRequest,
  type FeaturedListResult,
  type FoundProduct,
  type ProductChangeRequest,
  type ProductChangeResult,
  type ProductSearchQuery,
  type ShopDesign,
  type StaffProduct,
  type StaffReview,
  type ReviewsQuery,
  type ReviewVisibilityRequest,
  type SearchesQuery,
  type SearchReport,
} from '@adire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { recordAction, staffBody, staffQuery, staffText, type Actor, type DomainStaffRoutes, type StaffGuard } from '../staff';
import { featuredListsForStaff, MAX_FEATURED, readDesigns, setDesignPrices, setFeaturedProducts, setProductDesigns, shopDesigns } from './merchandising';
import { findProductsForStaff, productForStaff, reviewsForStaff, setReviewHidden, setSizePrices } from './staff';
import type { CatalogIndex } from './catalog-index';
import type { CatalogIndexCache } from './index-cache';
import { searchReport, type SearchCounts } from './search-counts';
import { setStock, stockMessage } from './stock';

const productParams = { type: 'object', required: ['slug'], properties: { slug: staffText(200) } } as const;

/** What each group of routes works with: the database and the staff guard. */
interface Ctx {
  db: Db;
  staff: StaffGuard;
}

/**
 * The back office's catalogue and reviews: a product's prices, stock and designs, the designs' prices,
 * the featured lists, and reviews hidden or shown — the services of `pnpm catalog` and `pnpm orders
 * set-stock`, each change audited. Registered by the staff domain under its prefix, hooks and role guard.
 */
export function catalogStaffRoutes({
  db,
  searches,
  indexes,
  now = () => new Date(),
}: {
  db: Db;
  searches?: SearchCounts;
  /** The listing index: a name the finder's own match misses is searched there, typos forgiven (issue 43). */
  indexes?: CatalogIndexCache;
  now?: () => Date;
}): DomainStaffRoutes {
  return async (app, { staff }) => {
    productRoutes(app, { db, staff }, indexes);
    merchandisingRoutes(app, { db, staff });
    reviewRoutes(app, { db, staff });
    searchRoutes(app, { db, staff }, searches, now);
  };
}

/** The Searches page (issue 43): what shoppers searched for, and found nothing for, over 7 or 30 days (managers). */
function searchRoutes(app: FastifyInstance, { db, staff }: Ctx, searches: SearchCounts | undefined, now: () => Date): void {
  app.get(BACKOFFICE_PATHS.searches, { schema: { querystring: staffQuery({ days: { type: 'integer', enum: [7, 30] } }) } }, async (request): Promise<{ data: SearchReport }> => {
    await staff(request, 'catalog');
    // The searches counted since the last write are written first: the page shows the searches just made.
    await searches?.flush();
    return { data: await searchReport(db, (request.query as SearchesQuery).days ?? 7, now()) };
  });
}

/** Products the shop's search finds for the text (best first), as the finder lists them. */
function foundBySearch(index: CatalogIndex, text: string, limit: number): FoundProduct[] {
  return index.search(text, limit).positions.map((p) => {
    const product = index.products[p]!;
    return { slug: product.slug, sku: product.sku, name: product.name, inStock: product.inStock };
  });
}

async function mustProduct(db: Db, slug: string): Promise<StaffProduct> {
  const product = await productForStaff(db, slug);
  if (!product) throw new AppError(404, 'NOT_FOUND', `No product has the address ${slug.slice(0, 80)}.`);
  return product;
}

const productBody = staffBody([], {
  prices: { type: 'object', additionalProperties: true, maxProperties: 20 },
  // A number of units left (0: sold out), or null: on sale, not limited (= pnpm orders set-stock).
  // One schema with both types: with type coercion on, anyOf would read null as 0 (or 0 as null).
  stock: { type: ['integer', 'null'], minimum: 0, maximum: 999_999 },
  // The designs it offers, in order (the first is its default), by code; [] = no design to choose.
  designs: { type: 'array', items: staffText(60), maxItems: 10 },
});

/** Products found by name or SKU, one product as staff see it, and a change of its prices, stock or designs. */
function productRoutes(app: FastifyInstance, { db, staff }: Ctx, indexes: CatalogIndexCache | undefined): void {
  app.get(BACKOFFICE_PATHS.products, { schema: { querystring: staffQuery({ search: staffText(120), limit: { type: 'integer', minimum: 1, maximum: 200 } }) } }, async (request): Promise<{ data: FoundProduct[] }> => {
    // Read by florists too (issue 39): the New order page finds a product by name or SKU.
    await staff(request, 'orders');
    const q = request.query as ProductSearchQuery;
    const found = await findProductsForStaff(db, q.search ?? '', q.limit ?? 30);
    // Nothing by name, SKU or address as typed: the shop's search, which forgives a typo (never in a SKU).
    if (found.length === 0 && indexes && q.search?.trim()) return { data: foundBySearch(await indexes.get(), q.search, q.limit ?? 30) };
    return { data: found };
  });

  app.get(`${BACKOFFICE_PATHS.products}/:slug`, { schema: { params: productParams, querystring: staffQuery() } }, async (request): Promise<{ data: StaffProduct }> => {
    await staff(request, 'catalog');
    return { data: await mustProduct(db, (request.params as { slug: string }).slug) };
  });

  app.put(`${BACKOFFICE_PATHS.products}/:slug`, { schema: { params: productParams, body: productBody } }, async (request): Promise<{ data: ProductChangeResult }> => {
    const { actor } = await staff(request, 'catalog');
    return { data: await changeProduct(db, actor, (request.params as { slug: string }).slug, request.body as ProductChangeRequest) };
  });
}

/** A product's prices, designs and stock changed together (everything checked before anything is written), audited. */
async function changeProduct(db: Db, actor: Actor, slug: string, input: ProductChangeRequest): Promise<ProductChangeResult> {
  const before = await mustProduct(db, slug);
  if (input.prices === undefined && input.stock === undefined && input.designs === undefined) throw new AppError(400, 'NOTHING_TO_CHANGE', 'Nothing to change: send prices, stock or designs.');
  const messages: string[] = [];
  // Everything is checked before anything is written: the designs here, the prices by setSizePrices.
  if (input.designs) await readDesigns(db, input.designs);
  if (input.prices && Object.keys(input.prices).length) {
    await setSizePrices(db, before, input.prices);
    messages.push(`Prices of ${before.name} saved.`);
  }
  if (input.designs) {
    await setProductDesigns(db, before, input.designs);
    messages.push(`Designs of ${before.name} saved.`);
  }
  if (input.stock !== undefined) {
    try {
      // The same as `pnpm orders set-stock`: a refusal is a 409 with its message.
      messages.push(stockMessage(before.sku, await setStock(db, before.sku, input.stock)));
    } catch (err) {
      throw new AppError(409, 'REFUSED', (err as Error).message);
    }
  }
  const after = await mustProduct(db, before.slug);
  const pick = (p: StaffProduct) => ({
    inStock: p.inStock,
    stock: p.stock,
    prices: Object.fromEntries(p.sizes.map((s) => [s.sku, s.priceNgn])),
    designs: p.designs.filter((d) => d.offered).map((d) => d.code),
  });
  await recordAction(db.kysely, actor, 'catalog.product', before.sku, { before: pick(before), after: pick(after) });
  return { messages, product: after };
}

/** The featured lists and the designs' prices: what the shop puts forward and what a design adds. */
function merchandisingRoutes(app: FastifyInstance, { db, staff }: Ctx): void {
  app.get(BACKOFFICE_PATHS.featured, { schema: { querystring: staffQuery() } }, async (request): Promise<{ data: FeaturedAnswer }> => {
    await staff(request, 'catalog');
    return { data: { lists: await featuredListsForStaff(db), max: MAX_FEATURED } };
  });

  app.put(
    `${BACKOFFICE_PATHS.featured}/:list`,
    {
      schema: {
        params: { type: 'object', required: ['list'], properties: { list: staffText(200) } },
        // The products in order, by address (slug) or SKU.
        body: staffBody(['products'], { products: { type: 'array', items: staffText(200), maxItems: 100 } }),
      },
    },
    async (request): Promise<{ data: FeaturedListResult }> => {
      const { actor } = await staff(request, 'catalog');
      const { before, after } = await setFeaturedProducts(db, (request.params as { list: string }).list, (request.body as FeaturedListRequest).products);
      const skus = (l: typeof before) => l.products.map((p) => p.sku);
      await recordAction(db.kysely, actor, 'catalog.featured', before.id, { before: skus(before), after: skus(after) });
      return { data: { message: `${after.title} saved: shoppers see it on their next page load.`, list: after } };
    },
  );

  app.get(BACKOFFICE_PATHS.designs, { schema: { querystring: staffQuery() } }, async (request): Promise<{ data: ShopDesign[] }> => {
    await staff(request, 'catalog');
    return { data: await shopDesigns(db) };
  });

  app.put(
    BACKOFFICE_PATHS.designs,
    // What designs add to a product's price, by code: { prices: { 'in-vase': 15000 } } (= pnpm catalog set-design-price).
    { schema: { body: staffBody(['prices'], { prices: { type: 'object', additionalProperties: true, maxProperties: 20 } }) } },
    async (request): Promise<{ data: DesignPricesResult }> => {
      const { actor } = await staff(request, 'catalog');
      const { before, after } = await setDesignPrices(db, (request.body as DesignPricesRequest).prices);
      const pick = (list: ShopDesign[]) => Object.fromEntries(list.map((d) => [d.code, d.priceNgn]));
      await recordAction(db.kysely, actor, 'catalog.design-prices', 'designs', { before: pick(before), after: pick(after) });
      return { data: { message: 'Design prices saved: every product that offers them, on the next page load.', designs: after } };
    },
  );
}

/** Reviews as staff see them (hidden ones too), and one hidden or shown again with a reason. */
function reviewRoutes(app: FastifyInstance, { db, staff }: Ctx): void {
  app.get(
    BACKOFFICE_PATHS.reviews,
    { schema: { querystring: staffQuery({ product: staffText(200), hidden: { type: 'boolean' }, limit: { type: 'integer', minimum: 1, maximum: 200 } }) } },
    async (request): Promise<{ data: StaffReview[] }> => {
      await staff(request, 'reviews');
      const q = request.query as ReviewsQuery;
      return { data: await reviewsForStaff(db, { productSlug: q.product?.trim() || undefined, hidden: q.hidden, limit: q.limit ?? 50 }) };
    },
  );

  app.put(
    `${BACKOFFICE_PATHS.reviews}/:id`,
    { schema: { params: { type: 'object', required: ['id'], properties: { id: staffText(100) } }, body: staffBody(['hidden'], { hidden: { type: 'boolean' }, reason: staffText(300) }) } },
    async (request): Promise<{ data: StaffReview }> => {
      const { actor } = await staff(request, 'reviews');
      const { hidden, reason } = request.body as ReviewVisibilityRequest;
      const { before, after } = await setReviewHidden(db, (request.params as { id: string }).id, hidden, reason ?? '');
      await recordAction(db.kysely, actor, hidden ? 'review.hide' : 'review.show', `${before.productSlug}#${before.id}`, {
        before: { hidden: before.hidden, reason: before.hiddenReason },
        after: { hidden: after.hidden, reason: after.hiddenReason },
      });
      return { data: after };
    },
  );
}
