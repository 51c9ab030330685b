/**
 * What other domains (cart, orders/checkout) ask the catalogue: the price of a SKU and of a design.
 * Prices are always taken from here, never from the client (ARCHITECTURE: prices computed on the server).
 */
import type { DesignOption } from '@adire/contracts';
import type { Db } from '../../db/database';

export interface PricedSku {
  SKU: string;
  productId: string;
  slug: string;
  name: string;
  description: string;
  /** Path of the main picture, e.g. /media/products/<slug>.svg */
  image: string;
  /** The size label (cart item `size`). */
  size: string;
  /** NGN */
  price: number;
  isDefault: boolean;
  inStock: boolean;
}

/** Every known SKU of `skus` (sizes included), keyed by SKU; unknown ones are simply absent. */
export async function findSkus(db: Db, skus: readonly string[]): Promise<Map<string, PricedSku>> {
  const out = new Map<string, PricedSku>();
  const wanted = [...new Set(skus.filter((s) => typeof s === 'string' && s.length > 0 && s.length <= 100))];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('product_variant')
      .innerJoin('product', 'product.id', 'product_variant.product_id')
      .select([
        'product_variant.sku',
        'product_variant.label',
        'product_variant.price_ngn',
        'product_variant.is_default',
        'product.id',
        'product.slug',
        'product.name',
        'product.description',
        'product.image',
        'product.in_stock',
      ])
      .where('product_variant.sku', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      out.set(r.sku, {
        SKU: r.sku,
        productId: r.id,
        slug: r.slug,
        name: r.name,
        description: r.description,
        image: r.image,
        size: r.label,
        price: Number(r.price_ngn),
        isDefault: Number(r.is_default) === 1,
        inStock: Number(r.in_stock) === 1,
      });
    }
  }
  return out;
}

export async function findSku(db: Db, sku: string): Promise<PricedSku | undefined> {
  return (await findSkus(db, [sku])).get(sku);
}

export async function listDesigns(db: Db): Promise<DesignOption[]> {
  const rows = await db.kysely.selectFrom('design_option').selectAll().orderBy('position').execute();
  return rows.map((r) => ({ code: r.code, title: r.title, name: r.title, price: Number(r.price_ngn) }));
}

/**
 * A design by code, title or name as the cart sends it ('In vase', 'in-vase'; case-insensitive).
 * With `productId`, only a design that product offers.
 */
export async function findDesign(db: Db, key: string, productId?: string): Promise<DesignOption | undefined> {
  const wanted = key.trim().toLowerCase();
  const designs = await listDesigns(db);
  const design = designs.find((d) => d.code === wanted || d.title.toLowerCase() === wanted);
  if (!design || !productId) return design;
  const offered = await db.kysely
    .selectFrom('product_design')
    .select('design_code')
    .where('product_id', '=', productId)
    .where('design_code', '=', design.code)
    .executeTakeFirst();
  return offered ? design : undefined;
}
