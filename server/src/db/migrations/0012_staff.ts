import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The shop's staff (issue 20), apart from shoppers: their accounts with a role, their sessions (hashed
 * tokens with an idle timeout), invitations (a one-time code by mail to set a password) and the audit
 * trail of every staff action. The audit is append-only: the database itself refuses to change or
 * delete a row of it, on SQLite and on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_member')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Trimmed and lowercased (normaliseEmail).
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    // 'florist' | 'manager'
    .addColumn('role', 'text', (c) => c.notNull())
    // argon2id; null until an invited member sets a password.
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_session')
    // sha256 (hex) of the bearer token; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_member.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The idle timeout counts from here; moved forward as the session is used.
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('staff_session_staff_idx').on('staff_session').column('staff_id').execute();

  await db.schema
    .createTable('staff_invite')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_member.id').onDelete('cascade'))
    // argon2id of the six digits.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_invite_staff_idx').on('staff_invite').columns(['staff_id', 'created_at']).execute();

  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Who: the member's e-mail and role at the time (kept even if the member is removed later), or
    // 'operator' for a command run on the server.
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // What: 'transfer.confirm', 'order.advance', 'settings.alert', 'staff.invite', 'staff.login', …
    .addColumn('action', 'text', (c) => c.notNull())
    // On what: an order number, a setting's name, an e-mail.
    .addColumn('target', 'text', (c) => c.notNull())
    // JSON before and after.
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    // From where: the client's IP ('command line' for a command).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_audit_created_idx').on('staff_audit').column('created_at').execute();

  // Append-only, enforced by the database.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION staff_audit_append_only() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the staff audit is append-only'; END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER staff_audit_no_change BEFORE UPDATE OR DELETE ON staff_audit FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER staff_audit_no_update BEFORE UPDATE ON staff_audit BEGIN SELECT RAISE(ABORT, 'the staff audit is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER staff_audit_no_delete BEFORE DELETE ON staff_audit BEGIN SELECT RAISE(ABORT, 'the staff audit is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`DROP FUNCTION IF EXISTS staff_audit_append_only() CASCADE`.execute(db);
  for (const t of ['staff_audit', 'staff_invite', 'staff_session', 'staff_member']) await db.schema.dropTable(t).execute();
}
