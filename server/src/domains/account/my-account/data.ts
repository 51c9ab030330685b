import type { CartItem, Recipient } from '@adire/contracts';
import { ACCOUNT_DELETE_WORD, type AccountExport, type OccasionReminder } from '@adire/contracts/account';
import type { Kysely } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { eraseMailTo } from '../../../mail/mailer';
import { addressAndClientRules, type AttemptLog, type AuthConfig, ARGON2ID, verifyPassword } from '../../../auth';
import { jsonArray, type RequestSession } from '../session';
import { deviceLabel } from './device';
import { eraseCodes } from '../one-time-codes';
import { eraseUser } from '../store';
import { eraseReminders } from './reminders';
import { toReminder } from './reminder-store';

/** Whose data a part of another domain exports or erases. */
export interface AccountOwner {
  id: string;
  email: string;
}

/**
 * What another domain holds on a shopper (orders, the newsletter), handed to the account domain at the
 * composition root: its share of "download my data", and its erasure inside the deletion's transaction.
 */
export interface AccountDataPart {
  /** The key of its share in the download ('orders', 'newsletter'). */
  name: string;
  export(q: Kysely<Database>, owner: AccountOwner): Promise<unknown>;
  erase(trx: Kysely<Database>, owner: AccountOwner, now: Date): Promise<void>;
  /**
   * What it kept past a deletion and may now erase (a paid order kept for its delivery, once delivered or
   * refunded), looked for every hour; answers how many things it erased.
   */
  eraseDue?(trx: Kysely<Database>, now: Date): Promise<number>;
}

/** Every part's data kept past a deletion that may now go (the hourly look; tests call it with their clock). */
export async function eraseDueData(db: Db, parts: readonly AccountDataPart[], now: Date): Promise<number> {
  let erased = 0;
  for (const part of parts) if (part.eraseDue) erased += await db.kysely.transaction().execute((trx) => part.eraseDue!(trx, now));
  return erased;
}

/** Everything held on the shopper, sessions without their tokens. */
export async function exportAccount(db: Db, session: RequestSession, parts: readonly AccountDataPart[], now: Date): Promise<AccountExport> {
  const { user } = session;
  const owner = { id: user.id, email: user.email };
  const sessions = await db.kysely
    .selectFrom('auth_session')
    .select(['created_at', 'last_used_at', 'user_agent', 'expires_at', 'revoked_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  const reminders = await db.kysely.selectFrom('occasion_reminder').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute();
  const out: AccountExport = {
    exportedAt: now.toISOString(),
    profile: { email: user.email, name: user.name, phone: user.phone, phoneCountryCode: user.phone_country_code, createdAt: user.created_at },
    recipients: jsonArray<Recipient>(user.recipients),
    savedCart: jsonArray<CartItem>(user.cart_items),
    sessions: sessions.map((s) => ({
      device: deviceLabel(s.user_agent),
      userAgent: s.user_agent,
      createdAt: s.created_at,
      lastUsedAt: s.last_used_at ?? s.created_at,
      expiresAt: s.expires_at,
      endedAt: s.revoked_at,
    })),
    reminders: reminders.map((r): OccasionReminder => toReminder(r)),
  };
  for (const part of parts) out[part.name] = await part.export(db.kysely, owner);
  return out;
}

export const DELETE_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account.',
  confirmation: `Type ${ACCOUNT_DELETE_WORD} to confirm that your account is to be deleted.`,
  wrongPassword: 'Your password is not right. Please try again.',
} as const;

/** The deletion's body read: the password and the typed word, each named when missing or wrong. */
export function readDeletion(body: unknown): { password: string } {
  const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  if (typeof o.password !== 'string' || o.password === '') fields.password = 'is required';
  if (typeof o.confirmation !== 'string' || o.confirmation.trim().toUpperCase() !== ACCOUNT_DELETE_WORD) fields.confirmation = `must be ${ACCOUNT_DELETE_WORD}`;
  if (fields.password) throw new AppError(400, 'VALIDATION_FAILED', DELETE_MESSAGES.passwordRequired, fields);
  if (fields.confirmation) throw new AppError(400, 'VALIDATION_FAILED', DELETE_MESSAGES.confirmation, fields);
  return { password: o.password as string };
}

/**
 * Erases the account (NDPA 2023): the other domains' parts first (orders anonymised, newsletter gone),
 * then reminders, codes, sessions and the profile with its recipients and saved cart — one transaction,
 * all or nothing. The password is checked first; wrong guesses count as failed logins of the account.
 */
export async function deleteAccount(
  db: Db,
  session: RequestSession,
  body: unknown,
  ctx: { parts: readonly AccountDataPart[]; attempts: AttemptLog; auth: AuthConfig; ip: string; now: Date },
): Promise<void> {
  const { password } = readDeletion(body);
  const { user } = session;
  const attempt = await ctx.attempts.reserve(addressAndClientRules('login', user.email, ctx.ip, { perAddress: ctx.auth.limits.loginPerAddress, perIp: ctx.auth.limits.loginPerIp }));
  const right = user.password_scheme === ARGON2ID && (await verifyPassword(user.password_hash, password));
  if (!right) throw new AppError(403, 'WRONG_PASSWORD', DELETE_MESSAGES.wrongPassword, { password: 'is not right' });
  await attempt.release();
  const owner = { id: user.id, email: user.email };
  await db.kysely.transaction().execute(async (trx) => {
    for (const part of ctx.parts) await part.erase(trx, owner, ctx.now);
    await eraseReminders(trx, user.id);
    await eraseCodes(trx, user.email);
    await eraseMailTo(trx, user.email); // the mail already sent to the address (issue 38, P11)
    await eraseUser(trx, user.id);
  });
}
