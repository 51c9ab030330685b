import { parseLimit, type RateLimit } from './limits';

/**
 * The AUTH_* settings: shoppers' session length, the codes' resend cooldown, and every rate limit of the
 * attempt log (logins and codes of shoppers and staff, sign-ups, checkout's mails, the newsletter); each
 * can be set from the environment (server/src/domains/account/README.md, "Rate limits").
 */
export interface AuthConfig {
  /** How long a login session lasts. AUTH_TOKEN_TTL_DAYS, default 30. */
  tokenTtlMs: number;
  /** Wait between two one-time codes for the same address. AUTH_OTP_RESEND_SECONDS, default 60. */
  otpResendCooldownMs: number;
  /** Each AUTH_LIMIT_<NAME> as 'max/window', e.g. AUTH_LIMIT_LOGIN_ADDRESS=10/15m. */
  limits: {
    /** Failed logins per address. */
    loginPerAddress: RateLimit;
    /** Failed logins per client IP. */
    loginPerIp: RateLimit;
    /** Codes issued per address. */
    otpRequestPerAddress: RateLimit;
    /** Codes issued per client IP. */
    otpRequestPerIp: RateLimit;
    /** Wrong codes per address (each code also dies after 5 wrong tries). */
    otpValidatePerAddress: RateLimit;
    /** Wrong codes per client IP. */
    otpValidatePerIp: RateLimit;
    /** Sign-ups per client IP, registered and free addresses alike: past it every one is a 429, so the answer tells nothing. */
    signupPerIp: RateLimit;
    /** Checkout's "already registered" answers (a free account asked for a registered address) per client IP. */
    signupTakenPerIp: RateLimit;
    /** Order confirmation mails caused by checkouts and their resubmits, per client IP (past it the checkout succeeds, unmailed). */
    orderMailsPerIp: RateLimit;
    /** Newsletter subscribe calls per client IP, whatever the address (past it 429). */
    newsletterPerIp: RateLimit;
    /** Newsletter confirmation mails per address (past it, and within 10 minutes of the last, no mail; the same answer). */
    newsletterMailsPerAddress: RateLimit;
  };
}

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  tokenTtlMs: 30 * 24 * 3_600_000,
  otpResendCooldownMs: 60_000,
  limits: {
    loginPerAddress: { max: 10, windowMs: 15 * 60_000 },
    loginPerIp: { max: 60, windowMs: 10 * 60_000 },
    otpRequestPerAddress: { max: 5, windowMs: 15 * 60_000 },
    otpRequestPerIp: { max: 30, windowMs: 10 * 60_000 },
    otpValidatePerAddress: { max: 10, windowMs: 15 * 60_000 },
    otpValidatePerIp: { max: 60, windowMs: 10 * 60_000 },
    signupPerIp: { max: 20, windowMs: 10 * 60_000 },
    signupTakenPerIp: { max: 20, windowMs: 10 * 60_000 },
    // An honest source is a shopper, an office behind one NAT, or a florist keying phone orders on the
    // shop's Wi-Fi: a checkout takes minutes of typing, so even the busiest sends well under one a minute.
    orderMailsPerIp: { max: 60, windowMs: 3_600_000 },
    newsletterPerIp: { max: 20, windowMs: 3_600_000 },
    newsletterMailsPerAddress: { max: 5, windowMs: 24 * 3_600_000 },
  },
};

const LIMIT_ENV: Record<keyof AuthConfig['limits'], string> = {
  loginPerAddress: 'AUTH_LIMIT_LOGIN_ADDRESS',
  loginPerIp: 'AUTH_LIMIT_LOGIN_IP',
  otpRequestPerAddress: 'AUTH_LIMIT_OTP_REQUEST_ADDRESS',
  otpRequestPerIp: 'AUTH_LIMIT_OTP_REQUEST_IP',
  otpValidatePerAddress: 'AUTH_LIMIT_OTP_VALIDATE_ADDRESS',
  otpValidatePerIp: 'AUTH_LIMIT_OTP_VALIDATE_IP',
  signupPerIp: 'AUTH_LIMIT_SIGNUP_IP',
  signupTakenPerIp: 'AUTH_LIMIT_SIGNUP_TAKEN_IP',
  orderMailsPerIp: 'AUTH_LIMIT_ORDER_MAIL_IP',
  newsletterPerIp: 'AUTH_LIMIT_NEWSLETTER_IP',
  newsletterMailsPerAddress: 'AUTH_LIMIT_NEWSLETTER_ADDRESS',
};

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return n;
}

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const limits = { ...DEFAULT_AUTH_CONFIG.limits };
  for (const [key, name] of Object.entries(LIMIT_ENV) as [keyof AuthConfig['limits'], string][]) {
    const raw = env[name];
    if (raw) limits[key] = parseLimit(raw);
  }
  return {
    tokenTtlMs: positiveNumber(env, 'AUTH_TOKEN_TTL_DAYS', 30) * 24 * 3_600_000,
    otpResendCooldownMs: positiveNumber(env, 'AUTH_OTP_RESEND_SECONDS', 60) * 1000,
    limits,
  };
}

/** Defaults with some values replaced (tests lower the limits this way). */
export function authConfigWith(overrides: Partial<Omit<AuthConfig, 'limits'>> & { limits?: Partial<AuthConfig['limits']> } = {}): AuthConfig {
  return {
    ...DEFAULT_AUTH_CONFIG,
    ...overrides,
    limits: { ...DEFAULT_AUTH_CONFIG.limits, ...overrides.limits },
  };
}
