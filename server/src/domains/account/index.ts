/** What other domains use of the account domain: everything else in this folder is private. */
export { accountRoutes, type AccountOptions } from './routes';
export { myAccountRoutes, type MyAccountOptions } from './my-account/routes';
export type { AccountDataPart, AccountOwner } from './my-account/data';
export { countDueReminders, sendDueReminders, dueOccasion } from './my-account/reminders';
export { currentUser, requireUser, toUserData, userFromRequest, type AppUserRow, type RequestSession } from './session';
// Passwords, tokens, codes, rate limits and the attempt log are the platform's (server/src/auth/), shared
// with staff logins; passed on here for the domains whose shoppers they count (orders, site).
export { loadAuthConfig, authConfigWith, DEFAULT_AUTH_CONFIG, addressAndClientRules, createAttemptLog, RateLimitedError, withRetryAfter, bearerToken, generateCode, generateToken, hashToken, normaliseCode, passwordProblem, hashPassword, verifyPassword, CODE_MAX_TRIES, CODE_TTL_MS, type AuthConfig, type AttemptLog, type LimitRule, type Reservation, type RateLimit } from '../../auth';
export { demoAccountRows } from './seed';
export { normaliseEmail } from './logic';
export { emailVerified } from './email-confirmation';
export { accountExists, emailTakenError, openCheckoutAccount, saveCart, saveRecipient, userData } from './store';
export { recipientKey, withRecipient, MAX_SAVED_RECIPIENTS } from './recipients';
