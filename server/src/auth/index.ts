/**
 * The platform's front door for what logins share, shoppers' (the account domain) and staff's alike:
 * passwords (policy, argon2id), session tokens and one-time codes, rate limits and the attempt log that
 * counts them (table auth_attempt), and their AUTH_* settings. Imports no domain.
 */
export { createAttemptLog, addressAndClientRules, RateLimitedError, withRetryAfter, type AttemptLog, type LimitRule, type Reservation } from './attempts';
export { loadAuthConfig, authConfigWith, DEFAULT_AUTH_CONFIG, type AuthConfig } from './config';
export { parseLimit, retryAfterMs, tooManyAttemptsMessage, type RateLimit } from './limits';
export { ARGON2ID, hashPassword, verifyPassword, hashSecret, secretMatches, verifyNothing, passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';
export { bearerToken, generateCode, generateToken, hashToken, normaliseCode, CODE_LENGTH, CODE_MAX_TRIES, CODE_TTL_MS } from './tokens';
