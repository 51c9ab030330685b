import type { Kysely } from 'kysely';

/**
 * SMTP delivery of each message in the outbox: when the SMTP server accepted it, how many attempts it
 * took, when the next one is due (a failed confirmation is tried again later) and the last failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('delivered_at', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('last_error', 'text').execute();
  await db.schema.createIndex('mail_outbox_retry_idx').on('mail_outbox').column('next_attempt_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_retry_idx').execute();
  for (const column of ['last_error', 'next_attempt_at', 'attempts', 'delivered_at']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
}
