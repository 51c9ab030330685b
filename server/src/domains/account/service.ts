import { randomUUID } from 'node:crypto';
import type { CartItem, Recipient, ShopContact, User } from '@adire/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { addressAndClientRules, createAttemptLog, type LimitRule } from './attempts';
import type { AuthConfig } from './config';
import {
  CODE_MAX_TRIES,
  CODE_TTL_MS,
  cooldownLeftMs,
  cooldownMessage,
  generateCode,
  generateToken,
  hashToken,
  LEGACY_SHA1,
  mayChangePasswordWithoutCurrent,
  normaliseCode,
  normaliseEmail,
  passwordProblem,
  verifyLegacySha1,
} from './logic';
import { codeMail, noAccountMail } from './mail';
import { jsonArray, toUserData, type AppUserRow, type RequestSession } from './session';

/** Every message a shopper can get from the account calls, in one place. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  legacyUser: 'Upgrade is required for legacy user',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email address already exists. Please log in, or use Forgot Password to set a new password.',
  wrongCode: 'That code is not valid. Please check the latest code we e-mailed you and try again.',
  expiredCode: 'This code has expired. Please request a new code.',
  deadCode: 'Too many wrong codes: this code no longer works. Please request a new code.',
  currentPasswordRequired: 'Enter your current password to set a new one, or use Forgot Password to get a one-time code by e-mail.',
  wrongCurrentPassword: 'Your current password is not right. Please try again, or use Forgot Password to get a one-time code by e-mail.',
} as const;

export const ARGON2ID = 'argon2id';

export async function hashPassword(password: string): Promise<string> {
  return hash(password); // @node-rs/argon2 defaults: argon2id, m=19456 KiB, t=2, p=1
}

/** An argon2id hash checked against a password; a malformed hash is simply no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

export const MAX_SAVED_RECIPIENTS = 50;

const iso = (ms: number) => new Date(ms).toISOString();

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

/** Same person, same phone, same address (case and spacing ignored): one saved recipient. */
export function recipientKey(r: Pick<Recipient, 'name' | 'phone' | 'address'>): string {
  const words = (s: string | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return `${words(r.name)}|${(r.phone ?? '').replace(/\D/g, '')}|${words(r.address)}`;
}

/** Saved recipients with a new one added at the end; a duplicate is replaced (moved last); at most 50. */
export function withRecipient(saved: readonly Recipient[], next: Recipient): Recipient[] {
  const key = recipientKey(next);
  const others = saved.filter((r) => recipientKey(r) !== key);
  return [...others, next].slice(-MAX_SAVED_RECIPIENTS);
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

export interface AccountServiceOptions {
  db: Db;
  mailer: Mailer;
  config: AuthConfig;
  /** Base of links in mail. */
  publicUrl: string;
}

export function createAccountService({ db, mailer, config, publicUrl }: AccountServiceOptions) {
  const longestWindow = Math.max(...Object.values(config.limits).map((l) => l.windowMs));
  const attempts = createAttemptLog(db, longestWindow);
  const { limits } = config;

  // Compared against when the address is unknown, so a miss costs what a hit costs.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hash(generateToken()));

  const email = (raw: unknown): string => {
    const normalised = normaliseEmail(raw);
    if (!normalised) throw new AppError(400, 'INVALID_EMAIL', MESSAGES.invalidEmail, { email: 'must be a valid email address' });
    return normalised;
  };

  const newPassword = (password: string) => {
    const problem = passwordProblem(password);
    if (problem) throw new AppError(400, 'WEAK_PASSWORD', problem, { password: problem.replace(/^Password /, '') });
  };

  const findUser = (address: string) =>
    db.kysely.selectFrom('app_user').selectAll().where('email', '=', address).executeTakeFirst();

  async function loggedIn(user: AppUserRow): Promise<User> {
    return toUserData(user, await createSession(db.kysely, user.id, config.tokenTtlMs));
  }

  /** Ms until this address may get another code (the cooldown holds for unknown addresses too). */
  async function cooldownLeft(address: string, now: number): Promise<number> {
    const last = await db.kysely
      .selectFrom('one_time_code')
      .select('created_at')
      .where('email', '=', address)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return cooldownLeftMs(last ? Date.parse(last.created_at) : null, config.otpResendCooldownMs, now);
  }

  /**
   * A fresh code for the address, replacing any earlier one, and its mail. For an unknown address a
   * row is stored too (with a code nobody is sent) so that every later answer — cooldown, wrong,
   * expired, too many tries — is the one a known address would get; the mailbox gets a "no account" note.
   */
  async function issueCode(address: string, user: AppUserRow | undefined, purpose: 'password-reset' | 'legacy-upgrade') {
    const now = Date.now();
    const code = generateCode();
    const codeHash = await hash(code);
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('one_time_code').set({ consumed_at: iso(now) }).where('email', '=', address).where('consumed_at', 'is', null).execute();
      await trx
        .insertInto('one_time_code')
        .values({
          id: randomUUID(),
          email: address,
          code_hash: codeHash,
          purpose: user ? purpose : 'no-account',
          expires_at: iso(now + CODE_TTL_MS),
          attempts: 0,
          consumed_at: null,
          created_at: iso(now),
        })
        .execute();
    });
    const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
    await mailer.send(
      user
        ? codeMail({ to: address, name: user.name, code, legacy: purpose === 'legacy-upgrade', contact })
        : noAccountMail({ to: address, publicUrl, contact }),
    );
  }

  // Limits per account *and* source (address + client IP), plus per source: a stranger's wrong guesses
  // lock out that stranger, never the owner on another connection. One-time codes stay open to the owner
  // whatever a stranger does (the resend cooldown and each code's own five tries still hold).
  const rules = {
    login: (address: string, ip: string) => addressAndClientRules('login', address, ip, { perAddress: limits.loginPerAddress, perIp: limits.loginPerIp }),
    otpRequest: (address: string, ip: string) => addressAndClientRules('otp-request', address, ip, { perAddress: limits.otpRequestPerAddress, perIp: limits.otpRequestPerIp }),
    otpValidate: (address: string, ip: string) => addressAndClientRules('otp-validate', address, ip, { perAddress: limits.otpValidatePerAddress, perIp: limits.otpValidatePerIp }),
    signup: (ip: string): LimitRule[] => [{ bucket: `signup:ip:${ip}`, limit: limits.signupPerIp }],
  };

  return {
    /** Failed logins count against the address and the client; a success clears the address's count. */
    async login(input: { email: unknown; password: string; ip: string }): Promise<User> {
      const address = email(input.email);
      const attempt = await attempts.reserve(rules.login(address, input.ip)); // stays counted when it fails
      const user = await findUser(address);
      const fail = () => new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      if (!user) {
        await verify(await dummy(), input.password).catch(() => false);
        throw fail();
      }
      if (user.password_scheme === ARGON2ID) {
        const ok = await verify(user.password_hash, input.password).catch(() => false);
        if (!ok) throw fail();
        await attempts.clear(`login:address:${address}:ip:${input.ip}`);
        await attempt.release();
        return loggedIn(user);
      }
      // An account imported from the older system: its old password only proves who it is; the
      // shopper then sets a new one through a one-time code. Never a session from an old hash.
      await verify(await dummy(), input.password).catch(() => false);
      const ok = user.password_scheme === LEGACY_SHA1 && verifyLegacySha1(user.password_hash, input.password);
      if (!ok) throw fail();
      await attempt.release();
      if ((await cooldownLeft(address, Date.now())) === 0) await issueCode(address, user, 'legacy-upgrade');
      throw new AppError(403, 'LEGACY_USER', MESSAGES.legacyUser);
    },

    async signup(input: { email: unknown; password: string; name?: string; ip: string }): Promise<User> {
      const address = email(input.email);
      newPassword(input.password);
      // No account discovery by time or by the limit (issue 32, item 8): every sign-up from a client counts,
      // registered address or free, so past the limit both get the same 429; and both run the same argon2
      // work before the address is looked up, so a registered one is not answered sooner. The answers
      // themselves stay the SPEC's: a new account is logged in, a registered address is "already registered".
      await attempts.reserve(rules.signup(input.ip));
      const passwordHash = await hashPassword(input.password);
      if (await findUser(address)) throw emailTakenError('email');
      let row: AppUserRow;
      try {
        row = await insertUser(db.kysely, { email: address, name: input.name?.trim() || null, passwordHash });
      } catch (err) {
        if (await findUser(address)) throw emailTakenError('email'); // a concurrent sign-up won the race
        throw err;
      }
      return loggedIn(row);
    },

    /** The same answer whether or not the address has an account. */
    async requestCode(input: { email: unknown; ip: string }): Promise<void> {
      const address = email(input.email);
      const attempt = await attempts.reserve(rules.otpRequest(address, input.ip)); // counts codes issued
      const wait = await cooldownLeft(address, Date.now());
      if (wait > 0) {
        await attempt.release();
        throw new AppError(429, 'OTP_COOLDOWN', cooldownMessage(wait));
      }
      const user = await findUser(address);
      await issueCode(address, user, user && user.password_scheme !== ARGON2ID ? 'legacy-upgrade' : 'password-reset');
    },

    /** A right code logs the shopper in (a new session); at most CODE_MAX_TRIES tries per code. */
    async validateCode(input: { email: unknown; code: unknown; ip: string }): Promise<User> {
      const address = email(input.email);
      const attempt = await attempts.reserve(rules.otpValidate(address, input.ip)); // stays counted when it fails
      const fail = (message: string, code: string) =>
        new AppError(400, code, message, { code: message === MESSAGES.wrongCode ? 'is not valid' : 'request a new code' });
      const now = Date.now();
      const row = await db.kysely
        .selectFrom('one_time_code')
        .selectAll()
        .where('email', '=', address)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw fail(MESSAGES.wrongCode, 'OTP_INVALID');
      if (Number(row.attempts) >= CODE_MAX_TRIES) throw fail(MESSAGES.deadCode, 'OTP_TOO_MANY_TRIES');
      if (Date.parse(row.expires_at) <= now) throw fail(MESSAGES.expiredCode, 'OTP_EXPIRED');
      // Take the try before checking, so parallel guesses cannot exceed the limit.
      const taken = await db.kysely
        .updateTable('one_time_code')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', CODE_MAX_TRIES)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw fail(MESSAGES.deadCode, 'OTP_TOO_MANY_TRIES');
      const code = normaliseCode(input.code);
      const right = code !== null && (await verify(row.code_hash, code).catch(() => false));
      if (!right) {
        const used = Number(row.attempts) + 1;
        throw fail(used >= CODE_MAX_TRIES ? MESSAGES.deadCode : MESSAGES.wrongCode, used >= CODE_MAX_TRIES ? 'OTP_TOO_MANY_TRIES' : 'OTP_INVALID');
      }
      const consumed = await db.kysely
        .updateTable('one_time_code')
        .set({ consumed_at: iso(Date.now()) })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      const user = await findUser(address);
      if (Number(consumed.numUpdatedRows) !== 1 || !user || row.purpose === 'no-account') {
        throw fail(MESSAGES.wrongCode, 'OTP_INVALID');
      }
      await attempts.clear(`otp-validate:address:${address}:ip:${input.ip}`);
      await attempt.release();
      return toUserData(user, await createSession(db.kysely, user.id, config.tokenTtlMs, Date.now(), 'code'));
    },

    /**
     * Sets a new argon2id password (upgrading a legacy account), ends every other session of the
     * user and voids outstanding codes; the session that made the change stays logged in. Needs the
     * current password, unless the session was made by a one-time code in the last 10 minutes (the
     * forgot-password flow): a stolen token alone cannot lock the owner out.
     */
    async changePassword(session: RequestSession, password: string, current: { password?: string; ip: string }): Promise<User> {
      newPassword(password);
      if (!mayChangePasswordWithoutCurrent(session, Date.now())) {
        if (!current.password) throw new AppError(403, 'CURRENT_PASSWORD_REQUIRED', MESSAGES.currentPasswordRequired, { currentPassword: 'is required' });
        // Guesses of the current password count as failed logins of this account from this client.
        const attempt = await attempts.reserve(rules.login(session.user.email, current.ip));
        const right = session.user.password_scheme === ARGON2ID && (await verifyPassword(session.user.password_hash, current.password));
        if (!right) throw new AppError(403, 'WRONG_CURRENT_PASSWORD', MESSAGES.wrongCurrentPassword, { currentPassword: 'is not right' });
        await attempt.release();
      }
      const passwordHash = await hashPassword(password);
      const now = iso(Date.now());
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ password_hash: passwordHash, password_scheme: ARGON2ID, updated_at: now })
          .where('id', '=', session.user.id)
          .execute();
        await trx
          .updateTable('auth_session')
          .set({ revoked_at: now })
          .where('user_id', '=', session.user.id)
          .where('token_hash', '!=', session.tokenHash)
          .where('revoked_at', 'is', null)
          .execute();
        await trx.updateTable('one_time_code').set({ consumed_at: now }).where('email', '=', session.user.email).where('consumed_at', 'is', null).execute();
      });
      await attempts.clear(`login:address:${session.user.email}:ip:${current.ip}`);
      return toUserData({ ...session.user, password_hash: passwordHash, password_scheme: ARGON2ID, updated_at: now }, session.token);
    },

    /** Revokes the session's token; nothing to do (and no error) when there is none. */
    async logout(session: RequestSession | null): Promise<void> {
      if (!session) return;
      await db.kysely.updateTable('auth_session').set({ revoked_at: iso(Date.now()) }).where('token_hash', '=', session.tokenHash).where('revoked_at', 'is', null).execute();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
