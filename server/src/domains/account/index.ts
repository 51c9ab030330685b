/** What other domains use of the account domain: everything else in this folder is private. */
export { accountRoutes, type AccountOptions } from './routes';
export { myAccountRoutes, type MyAccountOptions } from './my-account/routes';
export type { AccountDataPart, AccountOwner } from './my-account/data';
export { sendDueReminders, dueOccasion } from './my-account/reminders';
export { currentUser, requireUser, toUserData, userFromRequest, type AppUserRow, type RequestSession } from './session';
export { loadAuthConfig, authConfigWith, DEFAULT_AUTH_CONFIG, type AuthConfig } from './config';
export { demoAccountRows } from './seed';
export { addressAndClientRules, createAttemptLog, RateLimitedError, withRetryAfter, type AttemptLog, type LimitRule, type Reservation } from './attempts';
export { bearerToken, generateCode, generateToken, hashToken, normaliseCode, normaliseEmail, passwordProblem, CODE_MAX_TRIES, CODE_TTL_MS, type RateLimit } from './logic';
export { accountExists, emailTakenError, openCheckoutAccount, saveCart, saveRecipient, userData } from './store';
export { hashPassword, verifyPassword } from './passwords';
export { recipientKey, withRecipient, MAX_SAVED_RECIPIENTS } from './recipients';
