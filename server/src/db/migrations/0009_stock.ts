import type { Kysely } from 'kysely';

/**
 * Limited stock (issue 11): a product may have a count of units left (`stock`; null = not limited,
 * which every existing product stays). A checkout holds the units of its limited items for a while
 * (`stock_reservation`), so two shoppers cannot both buy the last one; a payment takes them off the
 * shelf for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product').addColumn('stock', 'integer').execute();

  await db.schema
    .createTable('stock_reservation')
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // Held until then; a lapsed hold counts for nobody but may be renewed by its order.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_reservation_pk', ['order_id', 'product_id'])
    .execute();
  await db.schema.createIndex('stock_reservation_product_idx').on('stock_reservation').columns(['product_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_reservation').execute();
  await db.schema.alterTable('product').dropColumn('stock').execute();
}
