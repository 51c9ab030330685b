import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The account domain's pure parts: e-mail normalisation, password policy, tokens, one-time codes, the
 * legacy hash scheme and the rate-limit window arithmetic. No database, no clock of their own.
 */

// --- e-mail -------------------------------------------------------------------------------------

// One rule with the forms: @adire/domain.
export { normaliseEmail } from '@adire/domain';

// --- passwords ----------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (!password.trim()) return 'Password cannot be only spaces';
  return null;
}

// --- session tokens -----------------------------------------------------------------------------

/** 32 random bytes (256 bits), base64url: 43 characters. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its sha256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer …` header, or null when absent or not one of ours. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  return token && TOKEN_FORMAT.test(token) ? token : null;
}

// --- one-time codes -----------------------------------------------------------------------------

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
/** A session made by a one-time code may set a new password without the old one for this long. */
export const CODE_SESSION_FRESH_MS = 10 * 60 * 1000;

/**
 * Whether a session may set a new password without the current one: only one made by a one-time
 * code (the forgot-password flow) in the last 10 minutes. A stolen token alone may not.
 */
export function mayChangePasswordWithoutCurrent(session: { madeBy: string; createdAt: string }, now: number): boolean {
  const made = Date.parse(session.createdAt);
  return session.madeBy === 'code' && Number.isFinite(made) && now - made <= CODE_SESSION_FRESH_MS && made <= now + 60_000;
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** What a shopper typed, tidied (spaces and dashes dropped), or null when it cannot be a code. */
export function normaliseCode(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const code = String(raw).replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

// --- legacy password hashes ---------------------------------------------------------------------

/** The older system's scheme: `salt:hex(sha1(salt + password))`. Kept only to recognise its users. */
export const LEGACY_SHA1 = 'legacy-sha1';

export function legacySha1Hash(password: string, salt: string = randomBytes(8).toString('hex')): string {
  return `${salt}:${createHash('sha1').update(salt + password, 'utf8').digest('hex')}`;
}

export function verifyLegacySha1(stored: string, password: string): boolean {
  const sep = stored.indexOf(':');
  if (sep < 0) return false;
  const expected = Buffer.from(stored.slice(sep + 1), 'hex');
  const actual = createHash('sha1').update(stored.slice(0, sep) + password, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// --- rate limits --------------------------------------------------------------------------------

export interface RateLimit {
  /** Attempts allowed inside the window. */
  max: number;
  windowMs: number;
}

/** '10/15m' → 10 per 15 minutes; units s, m, h (minutes when absent). */
export function parseLimit(text: string): RateLimit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh]?)\s*$/.exec(text);
  if (!match) throw new Error(`A rate limit looks like '10/15m' (10 per 15 minutes), got '${text}'`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, '': 60_000 }[match[3] as 's' | 'm' | 'h' | ''];
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * unit;
  if (max < 1 || windowMs < 1000) throw new Error(`A rate limit needs at least 1 attempt per second or more, got '${text}'`);
  return { max, windowMs };
}

/**
 * How long until one more attempt is allowed, given the times (ms) of the attempts already counted:
 * 0 when fewer than `max` fall inside the window ending now. Otherwise the wait until enough of them
 * have left the window for the count to drop below `max`.
 */
export function retryAfterMs(attempts: readonly number[], limit: RateLimit, now: number): number {
  const inWindow = attempts.filter((t) => t > now - limit.windowMs && t <= now).sort((a, b) => a - b);
  if (inWindow.length < limit.max) return 0;
  const freeing = inWindow[inWindow.length - limit.max]!; // once this one leaves, count = max - 1
  return Math.max(1, freeing + limit.windowMs - now);
}

/** 'Too many attempts. Please wait N minutes and try again.' (rounded up, at least 1 minute). */
export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/** Milliseconds left of the resend cooldown after the last code was issued (0 when none is left). */
export function cooldownLeftMs(lastIssuedAt: number | null, cooldownMs: number, now: number): number {
  if (lastIssuedAt === null) return 0;
  return Math.max(0, lastIssuedAt + cooldownMs - now);
}

export function cooldownMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `A code was sent a moment ago. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new one.`;
}

// --- mail ---------------------------------------------------------------------------------------

export { escapeHtml } from '../../mail/html';
