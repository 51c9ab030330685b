import type { Kysely } from 'kysely';

/**
 * An account deleted while one of its orders is paid and not yet delivered (issue 38, item 4): the order
 * keeps what its delivery and a refund need, with `erase_after_delivery` set to when the account was
 * deleted; its personal data is erased once it is delivered, no longer paid (refunded) or well past its
 * day (orders/store.ts, `eraseKeptForDelivery`, run by the account's hourly look).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_order').addColumn('erase_after_delivery', 'text').execute();
  await db.schema.createIndex('shop_order_erase_after_delivery').on('shop_order').column('erase_after_delivery').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shop_order_erase_after_delivery').execute();
  await db.schema.alterTable('shop_order').dropColumn('erase_after_delivery').execute();
}
