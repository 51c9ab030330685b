const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/**
 * An e-mail address trimmed and lowercased, or null when it is not a usable address: one rule for
 * the server (accounts, checkout) and the forms (checkout, account dropdown).
 */
export function normaliseEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) return null;
  const local = email.slice(0, email.lastIndexOf('@'));
  return local.length <= 64 ? email : null;
}

export const isEmail = (raw: unknown): boolean => normaliseEmail(raw) !== null;
