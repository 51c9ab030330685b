import type { User } from '@adire/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { addressAndClientRules, createAttemptLog, type AttemptLog, type LimitRule, type AuthConfig, generateToken, passwordProblem, ARGON2ID, hashPassword, verifyPassword, verifyNothing } from '../../auth';
import { cooldownLeftMs, cooldownMessage, LEGACY_SHA1, mayChangePasswordWithoutCurrent, normaliseEmail, verifyLegacySha1 } from './logic';
import { MESSAGES } from './messages';
import { createOneTimeCodes, voidCodes, type OneTimeCodes } from './one-time-codes';
import { toUserData, type AppUserRow, type RequestSession } from './session';
import { markVerified, sendConfirmation } from './email-confirmation';
import { createSession, emailTakenError, endOtherSessions, endSession, insertUser, setPasswordHash } from './store';

export interface AccountServiceOptions {
  db: Db;
  mailer: Mailer;
  config: AuthConfig;
  /** Base of links in mail. */
  publicUrl: string;
}

const email = (raw: unknown): string => {
  const normalised = normaliseEmail(raw);
  if (!normalised) throw new AppError(400, 'INVALID_EMAIL', MESSAGES.invalidEmail, { email: 'must be a valid email address' });
  return normalised;
};

const newPassword = (password: string) => {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(400, 'WEAK_PASSWORD', problem, { password: problem.replace(/^Password /, '') });
};

// Limits per account *and* source (address + client IP), plus per source: a stranger's wrong guesses
// lock out that stranger, never the owner on another connection. One-time codes stay open to the owner
// whatever a stranger does (the resend cooldown and each code's own five tries still hold).
function limitRules(limits: AuthConfig['limits']) {
  return {
    login: (address: string, ip: string) => addressAndClientRules('login', address, ip, { perAddress: limits.loginPerAddress, perIp: limits.loginPerIp }),
    otpRequest: (address: string, ip: string) => addressAndClientRules('otp-request', address, ip, { perAddress: limits.otpRequestPerAddress, perIp: limits.otpRequestPerIp }),
    otpValidate: (address: string, ip: string) => addressAndClientRules('otp-validate', address, ip, { perAddress: limits.otpValidatePerAddress, perIp: limits.otpValidatePerIp }),
    signup: (ip: string): LimitRule[] => [{ bucket: `signup:ip:${ip}`, limit: limits.signupPerIp }],
    // A new confirmation link counts as a code request would (issue 38, item 5): the same limits.
    confirmationRequest: (address: string, ip: string) => addressAndClientRules('email-confirm', address, ip, { perAddress: limits.otpRequestPerAddress, perIp: limits.otpRequestPerIp }),
  };
}

/** What every account call works with. */
interface Ctx {
  db: Db;
  config: AuthConfig;
  attempts: AttemptLog;
  rules: ReturnType<typeof limitRules>;
  codes: OneTimeCodes;
  mailer: Mailer;
  publicUrl: string;
  /** Compared against when the address is unknown, so a miss costs what a hit costs. */
}

const findUser = (ctx: Ctx, address: string) =>
  ctx.db.kysely.selectFrom('app_user').selectAll().where('email', '=', address).executeTakeFirst();

/** A new session for the user, labelled with the device it was opened from (the Sessions page). */
async function loggedIn(ctx: Ctx, user: AppUserRow, userAgent: string | undefined, madeBy: 'password' | 'code' = 'password'): Promise<User> {
  return toUserData(user, await createSession(ctx.db.kysely, user.id, ctx.config.tokenTtlMs, Date.now(), { madeBy, userAgent }));
}

/** Failed logins count against the address and the client; a success clears the address's count. */
async function login(ctx: Ctx, input: { email: unknown; password: string; ip: string; userAgent?: string }): Promise<User> {
  const address = email(input.email);
  const attempt = await ctx.attempts.reserve(ctx.rules.login(address, input.ip)); // stays counted when it fails
  const user = await findUser(ctx, address);
  const fail = () => new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  if (!user) {
    await verifyNothing(input.password);
    throw fail();
  }
  if (user.password_scheme === ARGON2ID) {
    const ok = await verifyPassword(user.password_hash, input.password);
    if (!ok) throw fail();
    await ctx.attempts.clear(`login:address:${address}:ip:${input.ip}`);
    await attempt.release();
    return loggedIn(ctx, user, input.userAgent);
  }
  // An account imported from the older system: its old password only proves who it is; the
  // shopper then sets a new one through a one-time code. Never a session from an old hash.
  await verifyNothing(input.password);
  const ok = user.password_scheme === LEGACY_SHA1 && verifyLegacySha1(user.password_hash, input.password);
  if (!ok) throw fail();
  await attempt.release();
  if ((await ctx.codes.cooldownLeft(address, Date.now())) === 0) await ctx.codes.issue(address, user, 'legacy-upgrade');
  throw new AppError(403, 'LEGACY_USER', MESSAGES.legacyUser);
}

async function signup(ctx: Ctx, input: { email: unknown; password: string; name?: string; ip: string; userAgent?: string }): Promise<User> {
  const address = email(input.email);
  newPassword(input.password);
  // No account discovery by time or by the limit (issue 32, item 8): every sign-up from a client counts,
  // registered address or free, so past the limit both get the same 429; and both run the same argon2
  // work before the address is looked up, so a registered one is not answered sooner. The answers
  // themselves stay the SPEC's: a new account is logged in, a registered address is "already registered".
  await ctx.attempts.reserve(ctx.rules.signup(input.ip));
  const passwordHash = await hashPassword(input.password);
  if (await findUser(ctx, address)) throw emailTakenError('email');
  let row: AppUserRow;
  try {
    row = await insertUser(ctx.db.kysely, { email: address, name: input.name?.trim() || null, passwordHash });
  } catch (err) {
    if (await findUser(ctx, address)) throw emailTakenError('email'); // a concurrent sign-up won the race
    throw err;
  }
  // The address is not proven yet: a link to confirm it (reminders wait for it, issue 38 item 5).
  await sendConfirmation(ctx.db.kysely, ctx.mailer, ctx.publicUrl, row, new Date());
  return loggedIn(ctx, row, input.userAgent);
}

/** The same answer whether or not the address has an account. */
async function requestCode(ctx: Ctx, input: { email: unknown; ip: string }): Promise<void> {
  const address = email(input.email);
  const attempt = await ctx.attempts.reserve(ctx.rules.otpRequest(address, input.ip)); // counts codes issued
  const wait = await ctx.codes.cooldownLeft(address, Date.now());
  if (wait > 0) {
    await attempt.release();
    throw new AppError(429, 'OTP_COOLDOWN', cooldownMessage(wait));
  }
  const user = await findUser(ctx, address);
  await ctx.codes.issue(address, user, user && user.password_scheme !== ARGON2ID ? 'legacy-upgrade' : 'password-reset');
}

/** A right code logs the shopper in (a new session); at most CODE_MAX_TRIES tries per code. */
async function validateCode(ctx: Ctx, input: { email: unknown; code: unknown; ip: string; userAgent?: string }): Promise<User> {
  const address = email(input.email);
  const attempt = await ctx.attempts.reserve(ctx.rules.otpValidate(address, input.ip)); // stays counted when it fails
  const { purpose } = await ctx.codes.consume(address, input.code);
  const user = await findUser(ctx, address);
  if (!user || purpose === 'no-account') throw ctx.codes.wrongCode();
  await ctx.attempts.clear(`otp-validate:address:${address}:ip:${input.ip}`);
  await attempt.release();
  // The code was mailed to the address: typing it in proves the address too.
  await markVerified(ctx.db.kysely, user.id, new Date());
  return loggedIn(ctx, user, input.userAgent, 'code');
}

/**
 * Sets a new argon2id password (upgrading a legacy account), ends every other session of the
 * user and voids outstanding codes; the session that made the change stays logged in. Needs the
 * current password, unless the session was made by a one-time code in the last 10 minutes (the
 * forgot-password flow): a stolen token alone cannot lock the owner out.
 */
async function changePassword(ctx: Ctx, session: RequestSession, password: string, current: { password?: string; ip: string }): Promise<User> {
  newPassword(password);
  if (!mayChangePasswordWithoutCurrent(session, Date.now())) {
    if (!current.password) throw new AppError(403, 'CURRENT_PASSWORD_REQUIRED', MESSAGES.currentPasswordRequired, { currentPassword: 'is required' });
    // Guesses of the current password count as failed logins of this account from this client.
    const attempt = await ctx.attempts.reserve(ctx.rules.login(session.user.email, current.ip));
    const right = session.user.password_scheme === ARGON2ID && (await verifyPassword(session.user.password_hash, current.password));
    if (!right) throw new AppError(403, 'WRONG_CURRENT_PASSWORD', MESSAGES.wrongCurrentPassword, { currentPassword: 'is not right' });
    await attempt.release();
  }
  const passwordHash = await hashPassword(password);
  const at = new Date();
  const now = at.toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await setPasswordHash(trx, session.user.id, passwordHash, at);
    await endOtherSessions(trx, session.user.id, session.tokenHash, at);
    await voidCodes(trx, session.user.email, at);
  });
  await ctx.attempts.clear(`login:address:${session.user.email}:ip:${current.ip}`);
  return toUserData({ ...session.user, password_hash: passwordHash, password_scheme: ARGON2ID, updated_at: now }, session.token);
}

/**
 * A new confirmation link for the logged-in shopper's address, counted by the one-time code's limits
 * and cooldown; nothing to send when the address is verified already.
 */
async function resendConfirmation(ctx: Ctx, session: RequestSession, ip: string): Promise<{ sent: boolean; verified: boolean }> {
  const { user } = session;
  if (user.email_verified_at) return { sent: false, verified: true };
  const attempt = await ctx.attempts.reserve(ctx.rules.confirmationRequest(user.email, ip));
  const wait = cooldownLeftMs(user.email_confirm_sent_at ? Date.parse(user.email_confirm_sent_at) : null, ctx.config.otpResendCooldownMs, Date.now());
  if (wait > 0) {
    await attempt.release();
    throw new AppError(429, 'CONFIRMATION_COOLDOWN', `A confirmation link was sent a moment ago. Please wait ${Math.max(1, Math.ceil(wait / 1000))} seconds before asking for a new one.`);
  }
  await sendConfirmation(ctx.db.kysely, ctx.mailer, ctx.publicUrl, user, new Date());
  return { sent: true, verified: false };
}

/** Revokes the session's token; nothing to do (and no error) when there is none. */
async function logout(ctx: Ctx, session: RequestSession | null): Promise<void> {
  if (!session) return;
  await endSession(ctx.db.kysely, session.tokenHash, new Date());
}

export function createAccountService({ db, mailer, config, publicUrl }: AccountServiceOptions) {
  const longestWindow = Math.max(...Object.values(config.limits).map((l) => l.windowMs));
  const ctx: Ctx = {
    db,
    config,
    attempts: createAttemptLog(db, longestWindow),
    rules: limitRules(config.limits),
    codes: createOneTimeCodes({ db, mailer, publicUrl, otpResendCooldownMs: config.otpResendCooldownMs }),
    mailer,
    publicUrl,
  };
  return {
    login: (input: Parameters<typeof login>[1]) => login(ctx, input),
    signup: (input: Parameters<typeof signup>[1]) => signup(ctx, input),
    requestCode: (input: Parameters<typeof requestCode>[1]) => requestCode(ctx, input),
    validateCode: (input: Parameters<typeof validateCode>[1]) => validateCode(ctx, input),
    changePassword: (session: RequestSession, password: string, current: { password?: string; ip: string }) => changePassword(ctx, session, password, current),
    logout: (session: RequestSession | null) => logout(ctx, session),
    resendConfirmation: (session: RequestSession, ip: string) => resendConfirmation(ctx, session, ip),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
