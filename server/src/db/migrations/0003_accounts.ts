import type { Kysely } from 'kysely';

/**
 * Shopper accounts, their sessions, one-time codes and the attempt log behind the auth rate limits.
 * Text ids and ISO-8601 UTC text timestamps (they sort and compare as strings) so the same tables work
 * on SQLite and PostgreSQL without dialect branches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Always stored trimmed and lowercased (see normaliseEmail).
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('phone_country_code', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // 'argon2id', or 'legacy-…' for accounts imported from the older system (never enough to log in).
    .addColumn('password_scheme', 'text', (c) => c.notNull())
    .addColumn('cart_items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('recipients', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_session')
    // sha256 (hex) of the bearer token; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('auth_session_user_idx').on('auth_session').column('user_id').execute();

  await db.schema
    .createTable('one_time_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Rows exist for unknown addresses too (with a code never sent), so they behave like known ones.
    .addColumn('email', 'text', (c) => c.notNull())
    // argon2id of the six digits.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Set when used, and when superseded by a newer code or a password change.
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('one_time_code_email_idx').on('one_time_code').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('auth_attempt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // e.g. 'login:address:ada@example.com', 'otp-request:ip:127.0.0.1'
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_attempt_bucket_idx').on('auth_attempt').columns(['bucket', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['auth_attempt', 'one_time_code', 'auth_session', 'app_user']) await db.schema.dropTable(t).execute();
}
