import type { Kysely } from 'kysely';

/**
 * Issue 33, the shopper's account page: each session's device (the user agent it was last used with)
 * and when it was last used, so the shopper can tell their sessions apart and sign one out; and the
 * occasion reminders ("Mum's birthday", a day and month, mailed some days before once a year).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_session').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('auth_session').addColumn('last_used_at', 'text').execute();
  await db.schema
    .createTable('occasion_reminder')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // 'MM-DD': the occasion's day, every year.
    .addColumn('month_day', 'text', (c) => c.notNull())
    .addColumn('days_before', 'integer', (c) => c.notNull())
    // The order it was set from (to send again), if any.
    .addColumn('order_id', 'text')
    // The one-click stop link's token (hashed); stopped_at once used.
    .addColumn('stop_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('stopped_at', 'text')
    // The occasion's year last mailed for: a claim (UPDATE … WHERE last_sent_year < year) makes it once.
    .addColumn('last_sent_year', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('occasion_reminder_user_idx').on('occasion_reminder').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('occasion_reminder').execute();
  await db.schema.alterTable('auth_session').dropColumn('last_used_at').execute();
  await db.schema.alterTable('auth_session').dropColumn('user_agent').execute();
}
