import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BRAND, BUSINESS, NEWSLETTER_CONFIRM_PATH, type ShopContact } from '@adire/contracts';
import { normaliseEmail } from '@adire/domain';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import { badRequest, notFound } from '../../http/errors';
import { RateLimitedError, type AttemptLog, type RateLimit, type Reservation } from '../account';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/html';
import { telLink } from '@adire/domain/contact';

export const WELCOME_SUBJECT = `Welcome to the ${BRAND} newsletter`;
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';
export const INVALID_TOKEN_MESSAGE = 'This unsubscribe link is not valid or has expired';
export const CONFIRM_SUBJECT = `Confirm your subscription to the ${BRAND} newsletter`;
export const INVALID_CONFIRM_MESSAGE = 'This confirmation link is not valid or has expired';
/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 3_600_000;
/** A waiting address is mailed again at most once in this time, however often it is typed in. */
export const RESEND_AFTER_MS = 10 * 60_000;
/** Tokens are 43 characters (32 bytes, base64url); anything much longer is not ours. */
export const TOKEN_MAX_LENGTH = 128;

// Addresses are read by the one rule of accounts, checkout and the forms (@adire/domain's normaliseEmail):
// an address a shopper can sign up and check out with can subscribe too.

/** 'ada@example.com' → 'a***@example.com': enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The newsletter mails' page: the shop's colours, the subject as the heading, then `body` (HTML). */
function mailPage(subject: string, body: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#fbf7f2;font-family:Arial,Helvetica,sans-serif;color:#2b2b2b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:22px;margin:0 0 16px;color:#7a2e5c">${e(subject)}</h1>
${body}
</div>
</body>
</html>`;
}

export function confirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The one mail an address gets before it is confirmed: what was asked, the link, and that ignoring it
 * is enough. It repeats nothing the requester typed except the address itself.
 */
export function confirmationMail(options: { email: string; confirmLink: string; shopUrl: string }): MailMessage {
  const { email, confirmLink, shopUrl } = options;
  const intro = `Someone, hopefully you, asked to receive the ${BRAND} newsletter at ${email}. Please confirm that this address is yours by opening the link below. It works for 7 days.`;
  const ignore = 'If you did not ask for this, ignore this email: you will not be subscribed and we will not write again.';
  const text = ['Hello,', '', intro, '', 'Confirm your subscription:', confirmLink, '', ignore, '', `${BRAND} · ${shopUrl}/`].join('\n');
  const e = escapeHtml;
  const html = mailPage(
    CONFIRM_SUBJECT,
    `<p>Hello,</p>
<p>${e(intro)}</p>
<p><a href="${e(confirmLink)}" style="display:inline-block;background:#7a2e5c;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">Confirm your subscription</a></p>
<p style="font-size:13px;color:#666">Or copy this address into your browser: ${e(confirmLink)}</p>
<hr style="border:none;border-top:1px solid #eee;margin:24px 0">
<p style="font-size:13px;color:#666">${e(ignore)}</p>
<p style="font-size:13px;color:#666">${e(BRAND)}</p>`,
  );
  return { to: email, subject: CONFIRM_SUBJECT, text, html };
}

/** The welcome note: what to expect, how to reach the shop, and the way out. */
export function welcomeMail(options: { email: string; unsubscribeLink: string; shopUrl: string; contact: ShopContact | null }): MailMessage {
  const { email, unsubscribeLink, shopUrl, contact } = options;
  const intro = `Thank you for subscribing to the ${BRAND} newsletter. Now and then we will write with new bouquets, seasonal gifts, and the delivery days to plan around (Valentine's Day, Mother's Day and the festive season). We never write more than a few times a month.`;
  const contactLines: string[] = [];
  if (contact) {
    if (contact.phones.length) contactLines.push(`Phone: ${contact.phones.join(', ')}`);
    if (contact.whatsapp) contactLines.push(`WhatsApp: ${contact.whatsapp}`);
    if (contact.supportEmail) contactLines.push(`Email: ${contact.supportEmail}`);
  }
  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...(contactLines.length ? ['Questions, or a special order? We answer day and night:', ...contactLines, ''] : []),
    `Visit the shop: ${shopUrl}/`,
    '',
    `You are receiving this because ${email} was subscribed on our website and confirmed. If that was not you, or you no longer want these emails, unsubscribe here:`,
    unsubscribeLink,
    '',
    `${BRAND}`,
  ].join('\n');

  const e = escapeHtml;
  const link = (href: string, label: string) => `<a href="${e(href)}" style="color:#7a2e5c">${e(label)}</a>`;
  const contactHtml = contact
    ? [
        contact.phones.length ? `<li>Phone: ${contact.phones.map((p) => link(telLink(p), p)).join(', ')}</li>` : '',
        contact.whatsapp ? `<li>WhatsApp: ${link(contact.whatsapp, contact.whatsapp)}</li>` : '',
        contact.supportEmail ? `<li>Email: ${link(`mailto:${contact.supportEmail}`, contact.supportEmail)}</li>` : '',
      ].join('')
    : '';
  const html = mailPage(
    WELCOME_SUBJECT,
    `<p>Hello,</p>
<p>${e(intro)}</p>
${contactHtml ? `<p>Questions, or a special order? We answer day and night:</p>\n<ul>${contactHtml}</ul>` : ''}
<p>${link(`${shopUrl}/`, `Visit ${BRAND}`)}</p>
<hr style="border:none;border-top:1px solid #eee;margin:24px 0">
<p style="font-size:13px;color:#666">You are receiving this because ${e(email)} was subscribed on our website and confirmed. If that was not you, or you no longer want these emails, ${link(unsubscribeLink, 'unsubscribe here')}.</p>
<p style="font-size:13px;color:#666">${e(BRAND)}</p>`,
  );
  return { to: email, subject: WELCOME_SUBJECT, text, html };
}

export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  /** Base of the confirmation and unsubscribe links. */
  publicUrl: string;
  /** The shop's attempt log (account domain) and the newsletter's limits in it. */
  attempts: AttemptLog;
  limits: { perIp: RateLimit; mailsPerAddress: RateLimit };
  /** Where a welcome mail that could not be sent is reported (the subscription stands). */
  log?: { error(obj: unknown, msg: string): void };
}

const table = 'newsletter_subscription' as const;
const pending = 'newsletter_confirmation' as const;

async function currentStatus(db: Db, email: string) {
  return db.kysely
    .selectFrom(table)
    .select(['id', 'status'])
    .where('business', '=', BUSINESS)
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * The subscribe call (double opt-in). Every call from a client IP counts against `limits.perIp`
 * (past it 429, whatever the address). An address already subscribed gets nothing; any other gets one
 * mail with a confirmation link (a fresh token, only its hash kept, dead after 7 days or the next
 * one), at most once per RESEND_AFTER_MS and `limits.mailsPerAddress` times per window. The answer is the same in every
 * case, so it never tells whether an address is subscribed, waiting, or was just mailed.
 */
export async function subscribe(deps: NewsletterDeps, rawEmail: unknown, ip: string, now = new Date()): Promise<{ email: string; mailed: boolean }> {
  const email = normaliseEmail(rawEmail);
  if (!email) throw badRequest(INVALID_EMAIL_MESSAGE, { email: 'is invalid' });
  const { db, attempts } = deps;
  await attempts.reserve([{ bucket: `newsletter:ip:${ip}`, limit: deps.limits.perIp }], now.getTime());
  // Addresses whose link died unfollowed are forgotten: the shop keeps no address nobody confirmed.
  const stamp = now.toISOString();
  await db.kysely.deleteFrom(pending).where('business', '=', BUSINESS).where('confirmed_at', 'is', null).where('expires_at', '<', stamp).execute();
  if ((await currentStatus(db, email))?.status === 'subscribed') return { email, mailed: false };

  // The waiting row is the resend clock: of any number of parallel calls, one claims it (a new row,
  // or a row last mailed RESEND_AFTER_MS ago) and mails; the others answer the same and mail nothing.
  const resendBefore = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
  const token = newToken();
  const fresh = { token_hash: hashToken(token), expires_at: new Date(now.getTime() + CONFIRM_TTL_MS).toISOString(), confirmed_at: null };
  const inserted = await db.kysely
    .insertInto(pending)
    .values({ id: randomUUID(), business: BUSINESS, email, sent_at: stamp, ...fresh })
    .onConflict((oc) => oc.columns(['business', 'email']).doNothing())
    .executeTakeFirst();
  let previous: { sent_at: string; confirmed_at: string | null } | undefined;
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    previous = await db.kysely.selectFrom(pending).select(['sent_at', 'confirmed_at']).where('business', '=', BUSINESS).where('email', '=', email).executeTakeFirst();
    // A link already followed (the address unsubscribed since) is no longer waiting: no clock to respect.
    if (!previous || (previous.confirmed_at === null && previous.sent_at > resendBefore)) return { email, mailed: false };
    const claimed = await db.kysely
      .updateTable(pending)
      .set({ sent_at: stamp })
      .where('business', '=', BUSINESS)
      .where('email', '=', email)
      .where('sent_at', '=', previous.sent_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { email, mailed: false };
  }

  // Only the claimant counts against the address's own limit (so a burst never refuses itself).
  let reservation: Reservation;
  try {
    reservation = await attempts.reserve([{ bucket: `newsletter-mail:address:${email}`, limit: deps.limits.mailsPerAddress }], now.getTime());
  } catch (err) {
    if (err instanceof RateLimitedError) return { email, mailed: false }; // the link already mailed keeps working
    throw err;
  }
  try {
    // A new link replaces the one mailed before (that one dies).
    if (previous) await db.kysely.updateTable(pending).set(fresh).where('business', '=', BUSINESS).where('email', '=', email).execute();
    const shopUrl = deps.publicUrl.replace(/\/+$/, '');
    await deps.mailer.send(confirmationMail({ email, confirmLink: confirmUrl(shopUrl, token), shopUrl }));
  } catch (err) {
    // Not mailed: neither the attempt nor the resend clock counts, so the shopper's retry sends it.
    await reservation.release().catch(() => undefined);
    await db.kysely
      .updateTable(pending)
      .set({ sent_at: previous?.sent_at ?? new Date(0).toISOString() })
      .where('business', '=', BUSINESS)
      .where('email', '=', email)
      .where('sent_at', '=', stamp)
      .execute()
      .catch(() => undefined);
    throw err;
  }
  return { email, mailed: true };
}

/**
 * The confirmation link, followed (the confirm page POSTs it; a link scanner's GET does nothing): the
 * address becomes subscribed with a fresh unsubscribe token, mailed in the welcome note. The same link
 * again answers the same and mails nothing; an unknown, replaced or expired one is a 404.
 */
export async function confirmSubscription(deps: Pick<NewsletterDeps, 'db' | 'mailer' | 'publicUrl' | 'log'>, token: string, now = new Date()): Promise<{ email: string }> {
  if (!token || token.length > TOKEN_MAX_LENGTH) throw notFound(INVALID_CONFIRM_MESSAGE);
  const { db } = deps;
  const row = await db.kysely
    .selectFrom(pending)
    .select(['id', 'email', 'expires_at', 'confirmed_at'])
    .where('business', '=', BUSINESS)
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) throw notFound(INVALID_CONFIRM_MESSAGE);
  const { email } = row;
  const answer = { email: maskEmail(email) };
  if (row.confirmed_at) {
    // Followed before: the same answer while the address stays subscribed; after an unsubscribe the old link is spent.
    if ((await currentStatus(db, email))?.status === 'subscribed') return answer;
    throw notFound(INVALID_CONFIRM_MESSAGE);
  }

  const unsubscribeToken = newToken();
  const stamp = now.toISOString();
  const welcome = await db.kysely.transaction().execute(async (trx) => {
    // Whoever marks the link followed first subscribes the address (a double click mails once).
    const claimed = await trx.updateTable(pending).set({ confirmed_at: stamp }).where('id', '=', row.id).where('confirmed_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const existing = await trx.selectFrom(table).select(['id', 'status']).where('business', '=', BUSINESS).where('email', '=', email).executeTakeFirst();
    if (existing?.status === 'subscribed') return false;
    if (existing) {
      await trx.updateTable(table).set({ status: 'subscribed', token_hash: hashToken(unsubscribeToken), updated_at: stamp }).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto(table)
        .values({ id: randomUUID(), business: BUSINESS, email, token_hash: hashToken(unsubscribeToken), status: 'subscribed', created_at: stamp, updated_at: stamp })
        .execute();
    }
    return true;
  });
  if (welcome) {
    try {
      const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
      const shopUrl = deps.publicUrl.replace(/\/+$/, '');
      await deps.mailer.send(welcomeMail({ email, unsubscribeLink: unsubscribeUrl(shopUrl, unsubscribeToken), shopUrl, contact }), { deferred: true });
    } catch (err) {
      // The subscription stands; the outbox retries what it holds, and every newsletter carries the way out.
      deps.log?.error({ err }, 'newsletter welcome mail failed');
    }
  }
  return answer;
}

/** Unsubscribe by the mailed token. Idempotent: the same link works again (until a re-subscription renews the token). */
export async function unsubscribe(db: Db, token: string): Promise<{ email: string }> {
  if (!token || token.length > TOKEN_MAX_LENGTH) throw notFound(INVALID_TOKEN_MESSAGE);
  const row = await db.kysely
    .selectFrom(table)
    .select(['id', 'email', 'status'])
    .where('business', '=', BUSINESS)
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw notFound(INVALID_TOKEN_MESSAGE);
  if (row.status === 'subscribed') {
    await db.kysely
      .updateTable(table)
      .set({ status: 'unsubscribed', updated_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
  return { email: maskEmail(row.email) };
}
