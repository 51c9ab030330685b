import type { Kysely, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, ProductTable } from '../../db/schema';
import { notifyCatalogChanged } from './index-cache';
import { productId } from './ids';
import type { SeedBlogPost, SeedCatalog, SeedFaq } from './seed-types';
import { DESIGNS } from './vocabulary';

const DESIGN_ROWS = DESIGNS.map((d, position) => ({ code: d.code, title: d.title, price_ngn: d.price, position }));

/** The listing page's introduction per category. */
export const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  'flowers-for-love-birthday-anniversary-etc': 'Roses, bouquets and gifts for the people you love — birthdays, anniversaries and every “just because”, delivered the same day in Lagos and Abuja.',
  'just-to-say-bouquets': 'Cheerful bouquets to say thank you, congratulations, sorry or thinking of you.',
  'get-well-soon': 'Bright flowers, plants and balloons to lift the spirits, delivered to homes and hospitals.',
  'bridal-bouquets': 'Bridal bouquets made to order in the colours of your wedding.',
  'cascading-bridal-bouquets': 'Trailing waterfall bouquets for a dramatic bridal entrance.',
  'accessories-boutonnieres-bridesmaids-flowers-amp-corsages': 'Boutonnieres, corsages and bridesmaid posies to match the bridal flowers.',
  'funeral-and-condolence': 'Wreaths, sprays and sympathy flowers, delivered with care to the service or the family home.',
  'event-amp-centerpiece': 'Centerpieces, stage and pedestal arrangements for weddings, dinners and launches.',
  'fathers-day-flowers': 'Flowers, colognes, wine and treats for Dad.',
  'mothers-day-flowers': 'Pink roses, lilies, candles and cakes to spoil Mum.',
  'valentines-day-flowers-and-gifts': 'Red roses, forever roses, teddies, chocolates and champagne for Valentine’s Day.',
  'indoor-plants-and-cactus': 'Easy-care indoor plants, orchids and cacti that last for years.',
  all: 'Every bouquet and arrangement we make: fresh, preserved and dried flowers.',
  roses: 'Red, pink, white and rainbow roses, from a dozen stems to grand displays.',
  chrysanthemums: 'Long-lasting chrysanthemums: pompoms, spiders and santinis in every colour.',
  lilies: 'Fragrant oriental, stargazer and Casablanca lilies.',
  'million-stars': 'Clouds of million stars (gypsophila), natural white or dyed.',
  'gerbera-flowers': 'Bold, cheerful gerberas in sunny colours.',
  carnations: 'Sweet, long-lasting carnations with ruffled petals.',
  'forever-roses-preserved-roses': 'Real roses preserved to last for years — in domes, hatboxes and heart boxes.',
  'packages-and-bundled-products': 'Flowers paired with cake, champagne, chocolates, teddies or balloons in one delivery.',
  'chocolate-and-biscuits': 'Chocolates, truffles and biscuit tins to send on their own or with flowers.',
  'cakes-and-cupcakes': 'Celebration cakes and cupcakes, baked fresh for delivery.',
  'teddy-bears': 'Soft teddy bears from 40 cm to a life-size 160 cm.',
  balloons: 'Helium balloon bouquets for birthdays, babies and every celebration.',
  'wine-and-champagne': 'Champagne, sparkling and still wines, chilled and gift-wrapped.',
  'perfumes-eau-de-toilette-cologne-and-parfums': 'Designer perfumes and colognes, sealed and gift-wrapped.',
  'gift-packs': 'Pamper boxes, hampers and grooming kits.',
  'scented-candles': 'Hand-poured soy candles in scents made for gifting.',
  gifts: 'Every gift in the shop: cakes, chocolates, teddies, balloons, wine, perfumes and more.',
};

type Trx = Kysely<Database>;

async function insertChunks<T extends keyof Database & string>(trx: Trx, table: T, rows: Record<string, unknown>[], chunk = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // Rows are built from the seed types; Kysely's insert typing per table is checked where they are built.
    await trx.insertInto(table).values(rows.slice(i, i + chunk) as never).execute();
  }
}

/** Move the catalogue version so every server instance rebuilds its listing index. */
export async function bumpCatalogVersion(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  const updated = await db.updateTable('catalog_state').set((eb) => ({ version: eb('version', '+', 1), updated_at: now })).where('id', '=', 'catalog').executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('catalog_state').values({ id: 'catalog', version: 1, updated_at: now }).execute();
  notifyCatalogChanged();
}

/*
 * The one writer of `product` (issue 30, item 3), the seed aside: the generated catalogue below, and
 * these small writes taking the caller's transaction (a price from the back office, a stock count).
 */

/** A product's own price (its default size's), as the back office set it. */
export async function setProductPrice(q: Kysely<Database>, productId: string, priceNgn: number): Promise<void> {
  await q.updateTable('product').set({ price_ngn: priceNgn }).where('id', '=', productId).execute();
}

/** A product's stock count, and its "in stock" mark when given. */
export async function setProductStock(q: Kysely<Database>, productId: string, set: Pick<Updateable<ProductTable>, 'stock' | 'in_stock'>): Promise<void> {
  await q.updateTable('product').set(set).where('id', '=', productId).execute();
}

/**
 * Write a generated catalogue. A product whose slug already exists keeps its id and gets its fields,
 * sizes, tags and categories replaced; other existing rows are left alone.
 */
export async function writeCatalog(db: Db, catalog: SeedCatalog, content: { blog?: SeedBlogPost[]; faq?: SeedFaq[] } = {}): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const hasDesigns = await trx.selectFrom('design_option').select('code').limit(1).executeTakeFirst();
    if (!hasDesigns) await insertChunks(trx, 'design_option', DESIGN_ROWS);
    for (const [slug, description] of Object.entries(CATEGORY_DESCRIPTIONS)) {
      await trx.updateTable('category').set({ description }).where('slug', '=', slug).execute();
    }

    const existing = new Map<string, string>();
    for (const row of await trx.selectFrom('product').select(['id', 'slug']).execute()) existing.set(row.slug, row.id);
    const idOf = new Map<string, string>();
    for (const p of catalog.products) idOf.set(p.id, existing.get(p.slug) ?? p.id);
    const id = (generated: string) => idOf.get(generated) ?? generated;

    const kept = catalog.products.filter((p) => existing.has(p.slug)).map((p) => id(p.id));
    for (let i = 0; i < kept.length; i += 400) {
      const ids = kept.slice(i, i + 400);
      for (const table of ['product_variant', 'product_design', 'product_tag', 'product_category'] as const) {
        await trx.deleteFrom(table).where('product_id', 'in', ids).execute();
      }
    }

    const productRow = (p: SeedCatalog['products'][number]) => ({
      slug: p.slug,
      sku: p.sku,
      name: p.name,
      description: p.description,
      price_ngn: p.price,
      image: p.images[0]!.path,
      category_slug: p.category,
      relevance_order: p.relevanceOrder,
      in_stock: p.inStock ? 1 : 0,
      vip_class: p.vipClass,
      images: JSON.stringify(p.images),
      art: JSON.stringify(p.art),
      keywords: p.keywords,
      position: p.position,
    });
    for (const p of catalog.products.filter((x) => existing.has(x.slug))) {
      await trx.updateTable('product').set(productRow(p)).where('id', '=', id(p.id)).execute();
    }
    await insertChunks(trx, 'product', catalog.products.filter((p) => !existing.has(p.slug)).map((p) => ({ id: p.id, ...productRow(p) })), 200);

    await insertChunks(trx, 'product_variant', catalog.products.flatMap((p) => p.sizes.map((s) => ({ sku: s.sku, product_id: id(p.id), label: s.label, price_ngn: s.price, position: s.position, is_default: s.isDefault ? 1 : 0 }))));
    await insertChunks(trx, 'product_design', catalog.products.flatMap((p) => p.designs.map((code, position) => ({ product_id: id(p.id), design_code: code, position }))));
    await insertChunks(trx, 'product_tag', catalog.products.flatMap((p) => p.tags.map((t) => ({ product_id: id(p.id), tag_group: t.group, tag_value: t.value }))), 600);
    await insertChunks(trx, 'product_category', catalog.products.flatMap((p) => p.categories.map((slug) => ({ category_slug: slug, product_id: id(p.id) }))), 600);
    await insertChunks(trx, 'review', catalog.reviews.map((r) => ({ id: r.id, product_id: id(r.productId), rating: r.rating, comment: r.comment, author: r.author, order_id: null, created_at: r.createdAt })), 300);

    await trx.deleteFrom('featured_list').where('id', 'in', catalog.featured.length ? catalog.featured.map((l) => l.id) : ['-']).execute();
    await insertChunks(trx, 'featured_list', catalog.featured.map((l) => ({ id: l.id, kind: l.kind, list_key: l.key, section: l.section, title: l.title, position: l.position })));
    await insertChunks(trx, 'featured_item', catalog.featured.flatMap((l) => l.productIds.map((pid, position) => ({ list_id: l.id, product_id: id(pid), position }))));

    if (content.blog?.length) {
      await trx.deleteFrom('blog_post').where('slug', 'in', content.blog.map((b) => b.slug)).execute();
      await insertChunks(trx, 'blog_post', content.blog.map((b) => ({ slug: b.slug, title: b.title, excerpt: b.excerpt, author: b.author, published_at: b.publishedAt, tags: JSON.stringify(b.tags), content: JSON.stringify(b.content), art: JSON.stringify(b.art) })));
    }
    if (content.faq?.length) {
      const rows = content.faq.map((f, position) => ({ id: productId(`faq:${f.question}`), group_name: f.group, question: f.question, answer: f.answer, position }));
      await trx.deleteFrom('faq_entry').where('id', 'in', rows.map((r) => r.id)).execute();
      await insertChunks(trx, 'faq_entry', rows);
    }
    await bumpCatalogVersion(trx);
  });
  notifyCatalogChanged(); // again once committed, so no reader keeps the version it saw mid-transaction
}

/**
 * Seed the catalogue once: the design options table is empty until it has been written. The content
 * comes from the caller (the demo shop's is in server/seed/catalog), made only when it is needed.
 */
export async function seedCatalogIfEmpty(db: Db, content: () => { catalog: SeedCatalog; content: { blog?: SeedBlogPost[]; faq?: SeedFaq[] } }): Promise<boolean> {
  const has = await db.kysely.selectFrom('design_option').select('code').limit(1).executeTakeFirst();
  if (has) return false;
  const seed = content();
  await writeCatalog(db, seed.catalog, seed.content);
  return true;
}
