/**
 * What other domains (cart, orders/checkout) ask the catalogue: what is sold under an SKU, at what
 * naira price, in which designs. Prices are always taken from here, never from the client
 * (ARCHITECTURE: prices computed on the server).
 */
import type { DesignOption } from '@adire/contracts';
import type { Db } from '../../db/database';

/** One thing the catalogue sells under an SKU (a product in one size), as the server prices it. */
export interface Sellable {
  sku: string;
  productId: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  size?: string;
  priceNgn: number;
  inStock: boolean;
  /** Designs this product can be ordered in, by lower-cased title and by code ('in vase', 'in-vase'), with their naira price. */
  designs: Map<string, { name: string; priceNgn: number }>;
}

/**
 * What the catalogue sells under each SKU: a product's size (product_variant), or the product itself
 * under its base SKU; unknown SKUs are simply absent. Designs come from the product's design options.
 */
export async function findSellables(db: Pick<Db, 'kysely'>, skus: readonly string[]): Promise<Map<string, Sellable>> {
  const wanted = [...new Set(skus.filter((s) => typeof s === 'string' && s.length > 0 && s.length <= 64))];
  const found = new Map<string, Sellable>();
  if (!wanted.length) return found;
  const variants = await db.kysely
    .selectFrom('product_variant')
    .innerJoin('product', 'product.id', 'product_variant.product_id')
    .select([
      'product_variant.sku as sku',
      'product_variant.label as label',
      'product_variant.price_ngn as price_ngn',
      'product.id as product_id',
      'product.slug as slug',
      'product.name as name',
      'product.description as description',
      'product.image as image',
      'product.in_stock as in_stock',
    ])
    .where('product_variant.sku', 'in', wanted)
    .execute();
  const bases = await db.kysely
    .selectFrom('product')
    .select(['sku', 'price_ngn', 'id as product_id', 'slug', 'name', 'description', 'image', 'in_stock'])
    .where('sku', 'in', wanted)
    .execute();
  const productIds = [...new Set([...variants, ...bases].map((r) => r.product_id))];
  const designs = productIds.length
    ? await db.kysely
        .selectFrom('product_design')
        .innerJoin('design_option', 'design_option.code', 'product_design.design_code')
        .select(['product_design.product_id as product_id', 'design_option.code as code', 'design_option.title as title', 'design_option.price_ngn as price_ngn'])
        .where('product_design.product_id', 'in', productIds)
        .execute()
    : [];
  // A design is found by its title ('In vase', any case) or by its code ('in-vase').
  const designsOf = (productId: string) =>
    new Map(
      designs
        .filter((d) => d.product_id === productId)
        .flatMap((d) => {
          const design = { name: d.title, priceNgn: Number(d.price_ngn) };
          return [[d.title.toLowerCase(), design] as const, [d.code.toLowerCase(), design] as const];
        }),
    );
  const sellable = (row: (typeof bases)[number], size?: string): Sellable => ({
    sku: row.sku,
    productId: row.product_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    image: row.image,
    ...(size ? { size } : {}),
    priceNgn: Number(row.price_ngn),
    inStock: Number(row.in_stock) === 1,
    designs: designsOf(row.product_id),
  });
  for (const row of bases) found.set(row.sku, sellable(row));
  // A size's own SKU wins over a base SKU of the same spelling.
  for (const row of variants) found.set(row.sku, sellable(row, row.label));
  return found;
}

export async function listDesigns(db: Db): Promise<DesignOption[]> {
  const rows = await db.kysely.selectFrom('design_option').selectAll().orderBy('position').execute();
  return rows.map((r) => ({ code: r.code, title: r.title, name: r.title, price: Number(r.price_ngn) }));
}
