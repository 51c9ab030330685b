import { loadAuthConfig, type AuthConfig } from './domains/account';
import { loadPaymentsConfig, type PaymentsConfig } from './domains/payments';
import { loadStaffConfig, type StaffConfig } from './domains/staff';
import { loadDayHoldRules, loadProofConfig, type DayHoldRules, type ProofConfig } from './domains/orders';
import { loadPlatformConfig, type PlatformConfig } from './config';
import { loadCanaryConfig, type CanaryConfig } from './release';

/**
 * The server's whole configuration, put together at the composition root: the platform's settings
 * (config.ts) and each domain's own, read by that domain's load…Config.
 */
export interface ServerConfig extends PlatformConfig {
  /** Account domain: session lifetime, code cooldown, auth rate limits (AUTH_* variables). */
  auth: AuthConfig;
  /** Staff sessions: idle timeout and hard end (STAFF_IDLE_MINUTES, STAFF_SESSION_HOURS); the login limits are the shoppers'. */
  staff: StaffConfig;
  /** Payment providers: real ones by their keys, the built-in sandboxes otherwise (see domains/payments/README.md). */
  payments: PaymentsConfig;
  /** How canaries are judged (errors, vitals) and how many page loads measure vitals (CANARY_*, VITALS_SAMPLE_PERCENT). */
  canary: CanaryConfig;
  /** Orders' photos: the upload limit and how long they are kept (PHOTO_MAX_MB, PHOTO_KEEP_DAYS). */
  proof: ProofConfig;
  /** Orders: live holds per client, e-mail and phone on days with a capacity, and the transfer holds (ORDERS_* variables, orders README). */
  dayHolds: DayHoldRules;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    ...loadPlatformConfig(env),
    auth: loadAuthConfig(env),
    staff: loadStaffConfig(env, loadAuthConfig(env)),
    payments: loadPaymentsConfig(env, env.NODE_ENV === 'production'),
    canary: loadCanaryConfig(env),
    proof: loadProofConfig(env),
    dayHolds: loadDayHoldRules(env),
  };
}
