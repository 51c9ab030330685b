import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The account domain's own pure parts: e-mail normalisation (the shop's one rule), when a code's session
 * may set a password without the old one, the legacy hash scheme and the codes' resend cooldown. No
 * database, no clock of their own. Passwords, tokens, codes and rate limits are the platform's
 * (server/src/auth/), shared with the staff domain.
 */

// --- e-mail -------------------------------------------------------------------------------------

// One rule with the forms: @adire/domain.
export { normaliseEmail } from '@adire/domain';

// --- sessions made by a one-time code -------------------------------------------------------------

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

// --- one-time codes' resend cooldown ----------------------------------------------------------

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
