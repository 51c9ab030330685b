/**
 * The front door of the account domain for tests only (.dependency-cruiser.cjs allows server/test, bench,
 * scale and e2e to import it): the inner parts the unit tests check one by one. Nothing in server/src
 * imports this file; the domain's other rooms use its index.ts.
 */
export { cooldownLeftMs, cooldownMessage, escapeHtml, legacySha1Hash, verifyLegacySha1 } from './logic';
export { parseLimit, retryAfterMs, tooManyAttemptsMessage } from '../../auth';
export { codeMail, noAccountMail } from './mail';
export { sendDueReminders } from './my-account/reminders';
export { eraseDueData } from './my-account/data';
