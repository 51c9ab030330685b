/** What other domains use of the account domain. */
export { accountRoutes, type AccountOptions } from './routes';
export { currentUser, requireUser, toUserData, userFromRequest, type AppUserRow, type RequestSession } from './session';
export { loadAuthConfig, authConfigWith, DEFAULT_AUTH_CONFIG, type AuthConfig } from './config';
