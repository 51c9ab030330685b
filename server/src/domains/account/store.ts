import { randomUUID } from 'node:crypto';
import type { CartItem, Recipient, User } from '@adire/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { generateToken, hashToken } from './logic';
import { MESSAGES } from './messages';
import { ARGON2ID } from './passwords';
import { withRecipient } from './recipients';
import { jsonArray, toUserData, type AppUserRow } from './session';

/** The account domain's writes and reads of its tables (app_user, auth_session) used across the domain and by others. */

export const iso = (ms: number) => new Date(ms).toISOString();

/** A new session for the user: the token to hand out (only its hash is stored). */
export async function createSession(q: Kysely<Database>, userId: string, ttlMs: number, now: number = Date.now(), madeBy: 'password' | 'code' = 'password'): Promise<string> {
  const token = generateToken();
  await q
    .insertInto('auth_session')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: iso(now), expires_at: iso(now + ttlMs), revoked_at: null, made_by: madeBy })
    .execute();
  return token;
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
  input: NewUser & { madeByOrderOf: string | null },
  ttlMs: number,
  now: number = Date.now(),
): Promise<{ row: AppUserRow; token: string; created: true } | null> {
  const existing = await trx.selectFrom('app_user').select('id').where('email', '=', input.email).executeTakeFirst();
  if (existing) {
    if (existing.id !== input.madeByOrderOf) throw emailTakenError('userData.email');
    return null;
  }
  const row = await insertUser(trx, input, now);
  return { row, token: await createSession(trx, row.id, ttlMs, now), created: true };
}

/** "Save this recipient": into the user's address book, inside the caller's transaction. */
export async function saveRecipient(trx: Kysely<Database>, dialect: Db['dialect'], userId: string, recipient: Recipient, now: number = Date.now()): Promise<void> {
  const owner = await trx.selectFrom('app_user').select('recipients').where('id', '=', userId).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
  if (!owner) return;
  const recipients = withRecipient(jsonArray<Recipient>(owner.recipients), recipient);
  await trx.updateTable('app_user').set({ recipients: JSON.stringify(recipients), updated_at: iso(now) }).where('id', '=', userId).execute();
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
