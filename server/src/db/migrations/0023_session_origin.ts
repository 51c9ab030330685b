import type { Kysely } from 'kysely';

/**
 * How each session was made: by a password ('password', also sign-up and checkout's free account) or
 * by a one-time code ('code'). Changing the password needs the current password or a session made by
 * a code a few minutes ago (issue 19), so a stolen token alone cannot take the account over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_session').addColumn('made_by', 'text', (c) => c.notNull().defaultTo('password')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_session').dropColumn('made_by').execute();
}
