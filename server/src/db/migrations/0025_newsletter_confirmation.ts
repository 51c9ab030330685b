import type { Kysely } from 'kysely';

/**
 * Newsletter double opt-in (issue 19): an address typed into the footer box waits here, with the
 * sha256 of the token mailed to it, until the link in that mail is followed; only then does it get a
 * row in newsletter_subscription. Every row already there came before this and stays subscribed as it
 * was. One row per (business, email): a re-subscription replaces the token (the older link dies).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_confirmation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addUniqueConstraint('newsletter_confirmation_business_email_uq', ['business', 'email'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_confirmation').execute();
}
