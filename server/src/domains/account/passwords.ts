import { hash, verify } from '@node-rs/argon2';

export const ARGON2ID = 'argon2id';

export async function hashPassword(password: string): Promise<string> {
  return hash(password); // @node-rs/argon2 defaults: argon2id, m=19456 KiB, t=2, p=1
}

/** An argon2id hash checked against a password; a malformed hash is simply no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
