import { randomUUID } from 'node:crypto';
import type { CartItem, Recipient, User } from '@adire/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { generateToken, hashToken, ARGON2ID } from '../../auth';
import { MESSAGES } from './messages';
import { withRecipient } from './recipients';
import { jsonArray, toUserData, type AppUserRow } from './user-row';

/**
 * The account domain's writes and reads of its tables (app_user, auth_session) used across the domain
 * and by others: this module is their one writer (issue 30, item 3), the account pages' included.
 */

export const iso = (ms: number) => new Date(ms).toISOString();

/** The longest user agent kept for a session's device label. */
const USER_AGENT_MAX = 512;
const userAgentOf = (ua: string | null | undefined) => (ua ? ua.slice(0, USER_AGENT_MAX) : null);

export interface SessionStart {
  /** 'password' (login, sign-up, checkout's account) or 'code' (a one-time code). */
  madeBy?: 'password' | 'code';
  /** The device it is opened from: the Sessions page labels it from the first answer on. */
  userAgent?: string | null;
}

/** A new session for the user: the token to hand out (only its hash is stored). */
export async function createSession(q: Kysely<Database>, userId: string, ttlMs: number, now: number = Date.now(), start: SessionStart = {}): Promise<string> {
  const token = generateToken();
  await q
    .insertInto('auth_session')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: iso(now),
      expires_at: iso(now + ttlMs),
      revoked_at: null,
      made_by: start.madeBy ?? 'password',
      user_agent: userAgentOf(start.userAgent),
    })
    .execute();
  return token;
}

/** How often a session's "last used" is written at most. */
export const TOUCH_EVERY_MS = 60_000;

/** Records that the session was used now, from this user agent (at most once a minute). */
export async function touchSession(db: Pick<Db, 'kysely'>, tokenHash: string, userAgent: string | undefined, now: Date): Promise<void> {
  await db.kysely
    .updateTable('auth_session')
    .set({ last_used_at: now.toISOString(), user_agent: userAgentOf(userAgent) })
    .where('token_hash', '=', tokenHash)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - TOUCH_EVERY_MS).toISOString())]))
    .execute();
}

/** The user's sessions not ended and not expired at `now`. */
export async function liveSessionRows(db: Pick<Db, 'kysely'>, userId: string, now: Date) {
  return db.kysely
    .selectFrom('auth_session')
    .select(['token_hash', 'created_at', 'last_used_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .execute();
}

/** Ends one session (logout, "sign out" on the Sessions page); `userId`, when given, must own it. */
export async function endSession(q: Kysely<Database>, tokenHash: string, now: Date, userId?: string): Promise<void> {
  await q
    .updateTable('auth_session')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .$if(userId !== undefined, (u) => u.where('user_id', '=', userId!))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of the user but `keep` (a new password, "sign out everywhere else"); the number ended. */
export async function endOtherSessions(q: Kysely<Database>, userId: string, keep: string, now: Date): Promise<number> {
  const result = await q
    .updateTable('auth_session')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keep)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A new argon2id password hash, inside the caller's transaction. */
export async function setPasswordHash(trx: Kysely<Database>, userId: string, passwordHash: string, now: Date): Promise<void> {
  await trx.updateTable('app_user').set({ password_hash: passwordHash, password_scheme: ARGON2ID, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}

/** The account's own rows (profile with recipients and saved cart, every session), inside the deletion's transaction. */
export async function eraseUser(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('auth_session').where('user_id', '=', userId).execute();
  await trx.deleteFrom('app_user').where('id', '=', userId).execute();
}

export interface NewUser {
  email: string;
  name: string | null;
  phone?: string | null;
  phoneCountryCode?: string | null;
  /** An argon2id hash (hashPassword). */
  passwordHash: string;
}

/** A new argon2id account; the unique e-mail index refuses a second one (the caller says EMAIL_TAKEN). */
export async function insertUser(q: Kysely<Database>, user: NewUser, now: number = Date.now()): Promise<AppUserRow> {
  const row: AppUserRow = {
    id: randomUUID(),
    email: user.email,
    name: user.name,
    phone: user.phone ?? null,
    phone_country_code: user.phoneCountryCode ?? null,
    password_hash: user.passwordHash,
    password_scheme: ARGON2ID,
    cart_items: '[]',
    recipients: '[]',
    created_at: iso(now),
    updated_at: iso(now),
    // Not proven until the sign-up mail's link is followed or a one-time code typed in (issue 38, item 5).
    email_verified_at: null,
    email_confirm_hash: null,
    email_confirm_sent_at: null,
    email_confirm_expires_at: null,
  };
  await q.insertInto('app_user').values(row).execute();
  return row;
}

export const emailTakenError = (field: string) => new AppError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken, { [field]: 'is already registered' });

/**
 * Checkout's free account, inside the checkout's transaction: a new account with a session. Checkout
 * never opens a session for an account that already exists and never checks its password (that would
 * be a password oracle beside login's limits): when this same order already made the account (a double
 * click, a retry after a lost answer) the checkout goes on without a session (null: the shopper logs
 * in as usual); any other account under the address is 409 EMAIL_TAKEN on `userData.email`. Either
 * answer is the same whatever password was sent.
 */
export async function openCheckoutAccount(
  trx: Kysely<Database>,
  input: NewUser & { madeByOrderOf: string | null; userAgent?: string | null },
  ttlMs: number,
  now: number = Date.now(),
): Promise<{ row: AppUserRow; token: string; created: true } | null> {
  const existing = await trx.selectFrom('app_user').select('id').where('email', '=', input.email).executeTakeFirst();
  if (existing) {
    if (existing.id !== input.madeByOrderOf) throw emailTakenError('userData.email');
    return null;
  }
  const row = await insertUser(trx, input, now);
  return { row, token: await createSession(trx, row.id, ttlMs, now, { userAgent: input.userAgent }), created: true };
}

/** "Save this recipient": into the user's address book, inside the caller's transaction. */
export async function saveRecipient(trx: Kysely<Database>, dialect: Db['dialect'], userId: string, recipient: Recipient, now: number = Date.now()): Promise<void> {
  await editRecipients(trx, dialect, userId, new Date(now), (list) => withRecipient(list, recipient));
}

/**
 * Reads, changes and writes the user's address book inside the caller's transaction, the row locked on
 * PostgreSQL (a checkout saving a recipient at the same moment is not lost); null when there is no user.
 */
export async function editRecipients(
  trx: Kysely<Database>,
  dialect: Db['dialect'],
  userId: string,
  now: Date,
  edit: (list: Recipient[]) => Recipient[],
): Promise<Recipient[] | null> {
  const owner = await trx.selectFrom('app_user').select('recipients').where('id', '=', userId).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
  if (!owner) return null;
  const next = edit(jsonArray<Recipient>(owner.recipients));
  await trx.updateTable('app_user').set({ recipients: JSON.stringify(next), updated_at: now.toISOString() }).where('id', '=', userId).execute();
  return next;
}

/** The logged-in shopper's saved cart (already checked against the catalogue by the caller). */
export async function saveCart(db: Pick<Db, 'kysely'>, userId: string, cartItems: readonly CartItem[]): Promise<void> {
  await db.kysely.updateTable('app_user').set({ cart_items: JSON.stringify(cartItems), updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

/** Whether an account exists under the (normalised) address. */
export async function accountExists(db: Pick<Db, 'kysely'>, email: string): Promise<boolean> {
  return !!(await db.kysely.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirst());
}

/** The user as the storefront sees it, read inside the caller's transaction (undefined when gone). */
export async function userData(q: Kysely<Database>, userId: string, token: string): Promise<User | undefined> {
  const row = await q.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
  return row ? toUserData(row, token) : undefined;
}
