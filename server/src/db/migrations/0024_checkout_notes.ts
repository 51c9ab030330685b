import type { Kysely } from 'kysely';

/**
 * The checkout's notes that have no column of their own (issue 18): one JSON object per order, keyed by
 * the note's name in the payload (`{"giftWrapNote": "…"}`), declared in the contracts' CHECKOUT_NOTES.
 * The SPEC's four (card message, purpose, delivery instruction, additional information) keep their
 * columns. A new note then needs no migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_order').addColumn('checkout_notes', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_order').dropColumn('checkout_notes').execute();
}
