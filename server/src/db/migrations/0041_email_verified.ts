import { sql, type Kysely } from 'kysely';

/**
 * A shopper's e-mail address, proven (issue 38, item 5): reminders — mail whose text a shopper writes —
 * go only to verified addresses, and only a verified account gets the long transfer hold. Sign-up mails
 * a confirmation link (the sha256 of its token kept here until it is followed or expires; single use);
 * a one-time code typed in also proves the address.
 *
 * Accounts that exist already count as verified when the shop has proof the owner reads the mailbox:
 * a session made by a one-time code (it was mailed to the address), or a paid order placed with the
 * account's own address (the shop has mailed that order's receipts to it and was paid). Every other
 * account is not verified: anyone could have signed up with any address before this column existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('email_verified_at', 'text').execute();
  await db.schema.alterTable('app_user').addColumn('email_confirm_hash', 'text').execute();
  await db.schema.alterTable('app_user').addColumn('email_confirm_sent_at', 'text').execute();
  await db.schema.alterTable('app_user').addColumn('email_confirm_expires_at', 'text').execute();
  const now = new Date().toISOString();
  await sql`UPDATE app_user SET email_verified_at = ${now}
    WHERE email_verified_at IS NULL AND (
      EXISTS (SELECT 1 FROM auth_session s WHERE s.user_id = app_user.id AND s.made_by = 'code')
      OR EXISTS (SELECT 1 FROM shop_order o JOIN order_status_event e ON e.order_id = o.id AND e.step = 'paid'
                 WHERE o.user_id = app_user.id AND lower(o.client_email) = app_user.email)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['email_confirm_expires_at', 'email_confirm_sent_at', 'email_confirm_hash', 'email_verified_at']) {
    await db.schema.alterTable('app_user').dropColumn(column).execute();
  }
}
