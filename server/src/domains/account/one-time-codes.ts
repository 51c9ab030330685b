import { randomUUID } from 'node:crypto';
import type { ShopContact } from '@adire/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { cooldownLeftMs } from './logic';
import { CODE_MAX_TRIES, CODE_TTL_MS, generateCode, hashSecret, normaliseCode, secretMatches } from '../../auth';
import { codeMail, noAccountMail } from './mail';
import { MESSAGES } from './messages';
import { iso } from './store';
import type { AppUserRow } from './session';

export interface OneTimeCodeOptions {
  db: Db;
  mailer: Mailer;
  /** Base of links in mail. */
  publicUrl: string;
  otpResendCooldownMs: number;
}

const fail = (message: string, code: string) =>
  new AppError(400, code, message, { code: message === MESSAGES.wrongCode ? 'is not valid' : 'request a new code' });

/** Spends every outstanding code of the address (a new code, a new password), inside the caller's transaction. */
export async function voidCodes(trx: Kysely<Database>, address: string, now: Date): Promise<void> {
  await trx.updateTable('one_time_code').set({ consumed_at: now.toISOString() }).where('email', '=', address).where('consumed_at', 'is', null).execute();
}

/** Every code of the address, at the account's deletion (inside its transaction). */
export async function eraseCodes(trx: Kysely<Database>, address: string): Promise<void> {
  await trx.deleteFrom('one_time_code').where('email', '=', address).execute();
}

/** Codes are dead after 10 minutes; a day of them is kept for the cooldown and for support questions. */
export const CODES_KEPT_MS = 24 * 3_600_000;

/** Ms until this address may get another code (the cooldown holds for unknown addresses too). */
async function cooldownLeft(o: OneTimeCodeOptions, address: string, now: number): Promise<number> {
  const last = await o.db.kysely
    .selectFrom('one_time_code')
    .select('created_at')
    .where('email', '=', address)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return cooldownLeftMs(last ? Date.parse(last.created_at) : null, o.otpResendCooldownMs, now);
}

/**
 * A fresh code for the address, replacing any earlier one, and its mail. For an unknown address a
 * row is stored too (with a code nobody is sent) so that every later answer — cooldown, wrong,
 * expired, too many tries — is the one a known address would get; the mailbox gets a "no account" note.
 */
async function issue(o: OneTimeCodeOptions, address: string, user: AppUserRow | undefined, purpose: 'password-reset' | 'legacy-upgrade') {
  const now = Date.now();
  const code = generateCode();
  const codeHash = await hashSecret(code);
  await o.db.kysely.transaction().execute(async (trx) => {
    await voidCodes(trx, address, new Date(now));
    await trx.deleteFrom('one_time_code').where('created_at', '<', iso(now - CODES_KEPT_MS)).execute();
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
  const contact = await readSetting<ShopContact>(o.db.kysely, 'shopContact');
  await o.mailer.send(
    user
      ? codeMail({ to: address, name: user.name, code, legacy: purpose === 'legacy-upgrade', contact })
      : noAccountMail({ to: address, publicUrl: o.publicUrl, contact }),
  );
}

/**
 * Spends one try of the address's latest code; a right, live code is consumed and its purpose
 * returned. Every other case throws the answer the shopper gets (at most CODE_MAX_TRIES tries per code).
 */
async function consume(o: OneTimeCodeOptions, address: string, rawCode: unknown): Promise<{ purpose: string }> {
  const now = Date.now();
  const row = await o.db.kysely
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
  const taken = await o.db.kysely
    .updateTable('one_time_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_MAX_TRIES)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw fail(MESSAGES.deadCode, 'OTP_TOO_MANY_TRIES');
  const code = normaliseCode(rawCode);
  const right = code !== null && (await secretMatches(row.code_hash, code));
  if (!right) {
    const used = Number(row.attempts) + 1;
    throw fail(used >= CODE_MAX_TRIES ? MESSAGES.deadCode : MESSAGES.wrongCode, used >= CODE_MAX_TRIES ? 'OTP_TOO_MANY_TRIES' : 'OTP_INVALID');
  }
  const consumed = await o.db.kysely
    .updateTable('one_time_code')
    .set({ consumed_at: iso(Date.now()) })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw fail(MESSAGES.wrongCode, 'OTP_INVALID');
  return { purpose: row.purpose };
}

/** The one_time_code table: issuing a code (and its mail), the resend cooldown, and spending a code. */
export function createOneTimeCodes(options: OneTimeCodeOptions) {
  return {
    cooldownLeft: (address: string, now: number) => cooldownLeft(options, address, now),
    issue: (address: string, user: AppUserRow | undefined, purpose: 'password-reset' | 'legacy-upgrade') => issue(options, address, user, purpose),
    consume: (address: string, rawCode: unknown) => consume(options, address, rawCode),
    wrongCode: () => fail(MESSAGES.wrongCode, 'OTP_INVALID'),
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
