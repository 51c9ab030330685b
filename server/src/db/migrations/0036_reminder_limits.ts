import type { Kysely } from 'kysely';

/**
 * Reminders are no mail cannon (issue 38, item 5): the day each reminder was last mailed, so an
 * account gets at most a few reminder mails a day and the shop a bounded number in all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('occasion_reminder').addColumn('last_sent_on', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('occasion_reminder').dropColumn('last_sent_on').execute();
}
