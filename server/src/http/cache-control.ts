/** The two Cache-Control values the server's own answers use (response-cache.ts, security.ts and the routes of private answers). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
