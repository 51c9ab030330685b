import { hash, verify } from '@node-rs/argon2';

/** Passwords of shoppers and staff alike: the policy a new one must meet, and argon2id. */

export const ARGON2ID = 'argon2id';

export async function hashPassword(password: string): Promise<string> {
  return hash(password); // @node-rs/argon2 defaults: argon2id, m=19456 KiB, t=2, p=1
}

/** An argon2id hash checked against a password; a malformed hash is simply no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
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
