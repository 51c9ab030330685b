import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Session tokens and one-time codes, shoppers' and staff's alike: made from the CSPRNG, kept only as hashes. */

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
