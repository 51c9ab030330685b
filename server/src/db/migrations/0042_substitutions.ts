import type { Kysely } from 'kysely';

/**
 * Issue 40, item 4: substitutions the sender approves. A florist proposes a substitute for one of an
 * order's lines; the sender accepts it or has the item refunded, with a one-time link (only the
 * sha256 of its token is kept); past its deadline the shop's proposal stands. The payments domain's
 * table (written by payments/substitutions.ts only: a refund is one of its outcomes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_substitution')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('item_sku', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('item_amount', 'real', (c) => c.notNull())
    .addColumn('substitute_sku', 'text')
    .addColumn('substitute_name', 'text')
    .addColumn('substitute_amount', 'real')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('photo_id', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('proposed_by', 'text', (c) => c.notNull())
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('refund_problem', 'text')
    .execute();
  await db.schema.createIndex('order_substitution_order').on('order_substitution').columns(['order_id', 'proposed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_substitution').execute();
}
