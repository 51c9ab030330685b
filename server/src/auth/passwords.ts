import { hash, verify } from '@node-rs/argon2';
import { generateToken } from './tokens';

/** Passwords of shoppers and staff alike: the policy a new one must meet, and argon2id. */

export const ARGON2ID = 'argon2id';

/** A password or a one-time code, kept as an argon2id hash (@node-rs/argon2's defaults: m=19456 KiB, t=2, p=1). */
export async function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

/** A secret checked against its argon2id hash; a malformed hash is simply no match. */
export async function secretMatches(secretHash: string, secret: string): Promise<boolean> {
  return verify(secretHash, secret).catch(() => false);
}

export const hashPassword = hashSecret;
export const verifyPassword = secretMatches;

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a hash of nothing anyone knows, and is always false: a login or code for an
 * unknown name then takes as long as one for a known name, so the time does not tell which names exist.
 */
export async function verifyNothing(password: string): Promise<false> {
  await secretMatches(await (dummyHash ??= hashSecret(generateToken())), password);
  return false;
}

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
