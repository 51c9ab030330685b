import type { Kysely } from 'kysely';

/** Orders: priced by the server, kept in the currency they were made in. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('conversion_rate', 'real', (c) => c.notNull())
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('cart_items', 'text', (c) => c.notNull())
    .addColumn('order_products', 'text', (c) => c.notNull())
    .addColumn('subtotal_ngn', 'integer', (c) => c.notNull())
    .addColumn('designs_ngn', 'integer', (c) => c.notNull())
    .addColumn('total_ngn', 'integer', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_order_user_idx').on('shop_order').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shop_order').execute();
}
