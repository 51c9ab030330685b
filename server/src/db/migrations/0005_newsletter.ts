import { sql, type Kysely } from 'kysely';

/**
 * Newsletter subscriptions from the footer box. One row per (business, email); the unsubscribe
 * token is mailed and only its sha256 is kept. Plain text/ISO-time columns work on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_subscription')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('subscribed', 'unsubscribed')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('newsletter_subscription_business_email_uq', ['business', 'email'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_subscription').execute();
}
