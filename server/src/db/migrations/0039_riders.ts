import type { Kysely } from 'kysely';

/**
 * Issue 40, riders: who carries an order (a member of staff whose role is `rider`) and where it is in
 * their route, and what happened at the door — delivered (to whom) or not (why), each with its photo.
 * The order's own facts, the orders domain's tables (written by orders/rider-store.ts only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_rider')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('rider_email', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('assigned_by', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_rider_rider').on('order_rider').column('rider_email').execute();
  await db.schema
    .createTable('order_delivery_attempt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('rider_email', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('received_by', 'text')
    .addColumn('photo_id', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_delivery_attempt_order').on('order_delivery_attempt').columns(['order_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_delivery_attempt').execute();
  await db.schema.dropTable('order_rider').execute();
}
