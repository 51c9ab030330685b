import type { Kysely } from 'kysely';

/**
 * Staff accounts can be ended (issue 32): a member can be disabled (`staff_member.disabled_at`, their
 * sessions stop at the next request) and re-enabled; removal deletes the row (the audit keeps who they
 * were). `staff_invite` also holds password-reset codes (`purpose` 'invite' | 'reset'), and
 * `staff_code_try` counts wrong tries per code *and* client, so a stranger's wrong codes use up the
 * stranger's tries and never the invited member's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_member').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('staff_invite').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('invite')).execute();
  await db.schema
    .createTable('staff_code_try')
    .addColumn('invite_id', 'text', (c) => c.notNull().references('staff_invite.id').onDelete('cascade'))
    // The client's IP.
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('staff_code_try_pk', ['invite_id', 'client'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_code_try').execute();
  await db.schema.alterTable('staff_invite').dropColumn('purpose').execute();
  await db.schema.alterTable('staff_member').dropColumn('disabled_at').execute();
}
