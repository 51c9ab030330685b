import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('category')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('menu_group', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_ngn', 'integer', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('category_slug', 'text', (c) => c.notNull().references('category.slug'))
    .addColumn('relevance_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_category_idx').on('product').column('category_slug').execute();

  await db.schema
    .createTable('currency')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('conversion_rate', 'real', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['setting', 'currency', 'product', 'category']) await db.schema.dropTable(t).execute();
}
