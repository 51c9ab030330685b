import type { Kysely } from 'kysely';

/** A review a manager hid (issue 20): when and why; hidden reviews count nowhere a shopper looks. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('review').addColumn('hidden_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review').dropColumn('hidden_reason').execute();
  await db.schema.alterTable('review').dropColumn('hidden_at').execute();
}
