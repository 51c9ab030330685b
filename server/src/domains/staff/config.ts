import { DEFAULT_AUTH_CONFIG, type AuthConfig, type RateLimit } from '../../auth';

/** Tunables of staff sessions (see this domain's README, "Calls"). */
export interface StaffConfig {
  /** A session unused this long ends. STAFF_IDLE_MINUTES, default 30. */
  idleMs: number;
  /** A session ends this long after login however it is used. STAFF_SESSION_HOURS, default 12. */
  maxAgeMs: number;
  /** Wait between two reset codes for one member: the shoppers' AUTH_OTP_RESEND_SECONDS. */
  resetCooldownMs: number;
  /** The shopper login's and codes' limits, applied to staff logins, invitation and reset codes too. */
  limits: Pick<AuthConfig['limits'], 'loginPerAddress' | 'loginPerIp' | 'otpRequestPerAddress' | 'otpRequestPerIp' | 'otpValidatePerAddress' | 'otpValidatePerIp'>;
}

export function loadStaffConfig(env: NodeJS.ProcessEnv = process.env, auth: AuthConfig = DEFAULT_AUTH_CONFIG): StaffConfig {
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
    return n;
  };
  const { loginPerAddress, loginPerIp, otpRequestPerAddress, otpRequestPerIp, otpValidatePerAddress, otpValidatePerIp } = auth.limits;
  return {
    idleMs: number('STAFF_IDLE_MINUTES', 30) * 60_000,
    maxAgeMs: number('STAFF_SESSION_HOURS', 12) * 3_600_000,
    resetCooldownMs: auth.otpResendCooldownMs,
    limits: { loginPerAddress, loginPerIp, otpRequestPerAddress, otpRequestPerIp, otpValidatePerAddress, otpValidatePerIp },
  };
}

export type { RateLimit };
