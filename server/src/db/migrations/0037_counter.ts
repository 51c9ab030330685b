import type { Kysely } from 'kysely';

/**
 * Issue 39 (the shop's counter): orders the staff take by phone, WhatsApp or at a branch, and every
 * change after checkout.
 * - `shop_order.channel`: where the order came from (ORDER_CHANNELS in @adire/contracts); every order
 *   before this one came through the web store.
 * - `shop_order.cancelled_at` / `cancel_reason`: a manager cancelled the order (null: not cancelled).
 * - `order_change`: one row per change after checkout (who, when, why, each field before → after), the
 *   orders domain's (its one writer is orders/change-log.ts).
 * - `payment_link`: a link the staff send a customer to pay one order (the payments domain's; its one
 *   writer is payments/payment-links.ts). Only the token's hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_order').addColumn('channel', 'text', (c) => c.notNull().defaultTo('web')).execute();
  await db.schema.alterTable('shop_order').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('shop_order').addColumn('cancel_reason', 'text').execute();
  await db.schema
    .createTable('order_change')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('difference', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_change_order').on('order_change').columns(['order_id', 'created_at']).execute();
  await db.schema
    .createTable('payment_link')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_link_order').on('payment_link').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_link').execute();
  await db.schema.dropTable('order_change').execute();
  await db.schema.alterTable('shop_order').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('shop_order').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('shop_order').dropColumn('channel').execute();
}
