import type { Kysely } from 'kysely';

/**
 * Issue 30 ("a new back-office field touches the contracts, one domain and the back office only"): the
 * florist's note, the staff's own short note on an order (FLORIST_NOTE in @adire/contracts), written on
 * the back office's order page and shown on its board and day sheets; never to shoppers. Null: no note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_order').addColumn('florist_note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_order').dropColumn('florist_note').execute();
}
