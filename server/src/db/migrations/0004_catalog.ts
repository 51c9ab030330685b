import { sql, type Kysely } from 'kysely';

/**
 * The catalogue (issue 4): sizes with their own SKU and price, design options, filter tags, a product
 * in several categories, featured lists, reviews, blog and FAQ. Only text and integer columns (booleans
 * as 0/1, JSON as text) so the same tables behave alike on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('category').addColumn('description', 'text', (c) => c.notNull().defaultTo('')).execute();

  // SQLite adds one column per ALTER.
  const productColumns: [string, 'integer' | 'text', (c: any) => any][] = [
    ['in_stock', 'integer', (c) => c.notNull().defaultTo(1)],
    ['vip_class', 'text', (c) => c],
    // JSON: [{ path: '/media/products/<file>', alt }] — the first is the main image.
    ['images', 'text', (c) => c.notNull().defaultTo('[]')],
    // JSON: the composition the SVG generator draws until a photo is dropped in.
    ['art', 'text', (c) => c.notNull().defaultTo('{}')],
    // Free words search also matches (occasions, recipients, colours).
    ['keywords', 'text', (c) => c.notNull().defaultTo('')],
    // Seed order: the tie-break of the default order.
    ['position', 'integer', (c) => c.notNull().defaultTo(0)],
  ];
  for (const [name, type, build] of productColumns) {
    await db.schema.alterTable('product').addColumn(name, type, build).execute();
  }

  await db.schema
    .createTable('product_variant')
    .addColumn('sku', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('price_ngn', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_variant_product_idx').on('product_variant').columns(['product_id', 'position']).execute();

  await db.schema
    .createTable('design_option')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull().unique())
    .addColumn('price_ngn', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_design')
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addColumn('design_code', 'text', (c) => c.notNull().references('design_option.code'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_design_pk', ['product_id', 'design_code'])
    .execute();

  await db.schema
    .createTable('product_tag')
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
    // budget | flowerType | design | packages | delivery | flowerName | shopBy
    .addColumn('tag_group', 'text', (c) => c.notNull())
    .addColumn('tag_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_tag_pk', ['product_id', 'tag_group', 'tag_value'])
    .execute();
  await db.schema.createIndex('product_tag_value_idx').on('product_tag').columns(['tag_group', 'tag_value', 'product_id']).execute();

  await db.schema
    .createTable('product_category')
    .addColumn('category_slug', 'text', (c) => c.notNull().references('category.slug'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_category_pk', ['category_slug', 'product_id'])
    .execute();
  await db.schema.createIndex('product_category_product_idx').on('product_category').column('product_id').execute();

  await db.schema
    .createTable('featured_list')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull()) // occasion | location
    .addColumn('list_key', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('featured_list_key_uq', ['kind', 'list_key', 'section'])
    .execute();

  await db.schema
    .createTable('featured_item')
    .addColumn('list_id', 'text', (c) => c.notNull().references('featured_list.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('featured_item_pk', ['list_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('review')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    // Set when the review came through an order (POST …/submit-review/{orderId}).
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_product_idx').on('review').columns(['product_id', 'created_at']).execute();

  await db.schema
    .createTable('blog_post')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON BlogBlock[]
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('art', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('blog_post_published_idx').on('blog_post').column('published_at').execute();

  await db.schema
    .createTable('faq_entry')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  // Bumped by every catalogue write; each server instance rebuilds its in-memory listing index when it moves.
  await db.schema
    .createTable('catalog_state')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Products of an older database keep working: one 'Standard' size at their price, their one category.
  await sql`insert into product_variant (sku, product_id, label, price_ngn, position, is_default)
            select sku, id, 'Standard', price_ngn, 0, 1 from product`.execute(db);
  await sql`insert into product_category (category_slug, product_id) select category_slug, id from product`.execute(db);
  await sql`insert into catalog_state (id, version, updated_at) values ('catalog', 1, ${new Date().toISOString()})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['catalog_state', 'faq_entry', 'blog_post', 'review', 'featured_item', 'featured_list', 'product_category', 'product_tag', 'product_design', 'design_option', 'product_variant']) {
    await db.schema.dropTable(t).execute();
  }
  for (const c of ['position', 'keywords', 'art', 'images', 'vip_class', 'in_stock']) await db.schema.alterTable('product').dropColumn(c).execute();
  await db.schema.alterTable('category').dropColumn('description').execute();
}
