import { BRAND } from '@adire/contracts';
import { ACCOUNT_API } from '@adire/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { escapeHtml } from '../../mail/html';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { generateToken, hashToken } from '../../auth';

/**
 * A shopper's e-mail address, proven (issue 38, item 5), as the newsletter's double opt-in proves a
 * subscriber's: sign-up mails a link with a single-use token (only its sha256 kept, dead after
 * CONFIRM_TTL_MS or the next link); the page it opens POSTs the token (a link scanner's GET changes
 * nothing) and the address is verified. A one-time code typed in proves it too. Reminders — mail whose
 * words a shopper writes — go only to verified addresses, and only a verified account gets the long
 * transfer hold.
 */
type Q = Kysely<Database>;

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 3_600_000;
export const CONFIRM_PATH = '/account/confirm-email';
export const CONFIRM_SUBJECT = `Confirm your e-mail address for ${BRAND}`;
export const INVALID_CONFIRM_MESSAGE = 'This confirmation link is not valid, was used already or has expired. Log in to your account and ask for a new one.';
export const NOT_VERIFIED_MESSAGE =
  'Please confirm your e-mail address first: open the link we e-mailed you when you signed up. No e-mail? Ask for a new confirmation link.';

export const confirmLink = (publicUrl: string, token: string) => `${publicUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;

/** The one mail that proves the address: the link, how long it works, and that ignoring it is fine. Pure. */
export function confirmationMail(input: { to: string; name: string | null; link: string }): MailMessage {
  const greeting = `Hello ${input.name?.trim() || 'there'},`;
  const intro = `Someone, hopefully you, created an account at ${BRAND} with ${input.to}. Please confirm that this address is yours by opening the link below. It works for 7 days.`;
  const ignore = 'If it was not you, ignore this e-mail: we will send nothing else you did not ask for to this address.';
  const text = [greeting, '', intro, '', 'Confirm your address:', input.link, '', ignore, '', BRAND].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(CONFIRM_SUBJECT)}</title></head><body style="font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<p style="font-size:20px;font-weight:bold;color:#8a1c3b">${escapeHtml(BRAND)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#7a2e5c;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">Confirm your address</a></p>
<p style="font-size:13px;color:#666">Or copy this address into your browser: ${escapeHtml(input.link)}</p>
<p style="font-size:13px;color:#666">${escapeHtml(ignore)}</p>
</body></html>`;
  return { to: input.to, subject: CONFIRM_SUBJECT, text, html };
}

/** A fresh link for the account (the older one dies) and its mail. */
export async function sendConfirmation(q: Q, mailer: Mailer, publicUrl: string, user: { id: string; email: string; name: string | null }, now: Date): Promise<void> {
  const token = generateToken();
  await q
    .updateTable('app_user')
    .set({ email_confirm_hash: hashToken(token), email_confirm_sent_at: now.toISOString(), email_confirm_expires_at: new Date(now.getTime() + CONFIRM_TTL_MS).toISOString() })
    .where('id', '=', user.id)
    .execute();
  await mailer.send(confirmationMail({ to: user.email, name: user.name, link: confirmLink(publicUrl, token) }));
}

/** The address proven (the link, or a one-time code); the first proof's time stays. Any live link dies. */
export async function markVerified(q: Q, userId: string, now: Date): Promise<void> {
  await q.updateTable('app_user').set({ email_verified_at: now.toISOString(), email_confirm_hash: null }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

/** The link, followed: a live token verifies its account's address once; forged, used or expired tokens get the same 400. */
export async function confirmEmail(q: Q, token: unknown, now: Date): Promise<{ email: string }> {
  const invalid = () => new AppError(400, 'INVALID_TOKEN', INVALID_CONFIRM_MESSAGE, { token: 'is not valid' });
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw invalid();
  const hash = hashToken(token);
  const row = await q.selectFrom('app_user').select(['id', 'email', 'email_confirm_expires_at']).where('email_confirm_hash', '=', hash).executeTakeFirst();
  if (!row || !row.email_confirm_expires_at || row.email_confirm_expires_at <= now.toISOString()) throw invalid();
  // Claimed with the token still in place: of two clicks at once, one verifies and the other is refused.
  const claimed = await q
    .updateTable('app_user')
    .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now.toISOString())), email_confirm_hash: null }))
    .where('id', '=', row.id)
    .where('email_confirm_hash', '=', hash)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw invalid();
  return { email: row.email };
}

/** Whether the account's address is verified (the composition root gives this to orders' day holds). */
export async function emailVerified(q: Q, userId: string): Promise<boolean> {
  const row = await q.selectFrom('app_user').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
  return !!row?.email_verified_at;
}

/** Mail a shopper writes goes only to a verified address: a 409 telling them to confirm it, and where to ask for a new link. */
export function requireVerifiedEmail(user: { email_verified_at: string | null }): void {
  if (!user.email_verified_at) throw new AppError(409, 'EMAIL_NOT_VERIFIED', NOT_VERIFIED_MESSAGE, undefined, { resend: ACCOUNT_API.resendConfirmation });
}
