import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BRAND, BUSINESS, type ShopContact } from '@adire/contracts';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import { badRequest, notFound } from '../../http/errors';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/html';

export const WELCOME_SUBJECT = `Welcome to the ${BRAND} newsletter`;
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';
export const INVALID_TOKEN_MESSAGE = 'This unsubscribe link is not valid or has expired';
/** Tokens are 43 characters (32 bytes, base64url); anything much longer is not ours. */
export const TOKEN_MAX_LENGTH = 128;

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Trimmed and lowercased address, or null when it is not a plausible mailbox (user@domain.tld). */
export function normaliseEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > 254) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return null;
  }
  if (labels.length < 2 || !labels.every((l) => DOMAIN_LABEL.test(l))) return null;
  // The top-level domain is never numeric (rules out user@1.2.3.4).
  if (!/^[a-z][a-z0-9-]*[a-z0-9]$/.test(labels[labels.length - 1] ?? '')) return null;
  return email;
}

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
    `You are receiving this because ${email} was subscribed on our website. If that was not you, or you no longer want these emails, unsubscribe here:`,
    unsubscribeLink,
    '',
    `${BRAND}`,
  ].join('\n');

  const e = escapeHtml;
  const link = (href: string, label: string) => `<a href="${e(href)}" style="color:#7a2e5c">${e(label)}</a>`;
  const contactHtml = contact
    ? [
        contact.phones.length ? `<li>Phone: ${contact.phones.map((p) => link(`tel:${p.replace(/[^+\d]/g, '')}`, p)).join(', ')}</li>` : '',
        contact.whatsapp ? `<li>WhatsApp: ${link(contact.whatsapp, contact.whatsapp)}</li>` : '',
        contact.supportEmail ? `<li>Email: ${link(`mailto:${contact.supportEmail}`, contact.supportEmail)}</li>` : '',
      ].join('')
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(WELCOME_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#fbf7f2;font-family:Arial,Helvetica,sans-serif;color:#2b2b2b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:22px;margin:0 0 16px;color:#7a2e5c">${e(WELCOME_SUBJECT)}</h1>
<p>Hello,</p>
<p>${e(intro)}</p>
${contactHtml ? `<p>Questions, or a special order? We answer day and night:</p>\n<ul>${contactHtml}</ul>` : ''}
<p>${link(`${shopUrl}/`, `Visit ${BRAND}`)}</p>
<hr style="border:none;border-top:1px solid #eee;margin:24px 0">
<p style="font-size:13px;color:#666">You are receiving this because ${e(email)} was subscribed on our website. If that was not you, or you no longer want these emails, ${link(unsubscribeLink, 'unsubscribe here')}.</p>
<p style="font-size:13px;color:#666">${e(BRAND)}</p>
</div>
</body>
</html>`;
  return { to: email, subject: WELCOME_SUBJECT, text, html };
}

export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  /** Base of the unsubscribe link. */
  publicUrl: string;
}

const table = 'newsletter_subscription' as const;

async function currentStatus(db: Db, email: string) {
  return db.kysely
    .selectFrom(table)
    .select(['id', 'status'])
    .where('business', '=', BUSINESS)
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * Subscribe an address. Idempotent: an address already subscribed gets the same answer and no second
 * mail. A new (or renewed) subscription gets a fresh unsubscribe token, mailed in the welcome note;
 * when that mail cannot be sent, the subscription is undone so a retry sends it again.
 */
export async function subscribe(deps: NewsletterDeps, rawEmail: unknown): Promise<{ email: string; welcomed: boolean }> {
  const email = normaliseEmail(rawEmail);
  if (!email) throw badRequest(INVALID_EMAIL_MESSAGE, { email: 'is invalid' });
  const { db } = deps;
  const existing = await currentStatus(db, email);
  if (existing?.status === 'subscribed') return { email, welcomed: false };

  const token = newToken();
  const tokenHash = hashToken(token);
  const now = new Date().toISOString();
  let undo: () => Promise<unknown>;
  if (existing) {
    const result = await db.kysely
      .updateTable(table)
      .set({ status: 'subscribed', token_hash: tokenHash, updated_at: now })
      .where('id', '=', existing.id)
      .where('status', '=', 'unsubscribed')
      .executeTakeFirst();
    // Zero rows: a parallel request renewed it first and sends the welcome note itself.
    if (Number(result.numUpdatedRows) === 0) return { email, welcomed: false };
    undo = () =>
      db.kysely.updateTable(table).set({ status: 'unsubscribed', updated_at: now }).where('id', '=', existing.id).where('token_hash', '=', tokenHash).execute();
  } else {
    const id = randomUUID();
    try {
      await db.kysely
        .insertInto(table)
        .values({ id, business: BUSINESS, email, token_hash: tokenHash, status: 'subscribed', created_at: now, updated_at: now })
        .execute();
    } catch (err) {
      // The unique (business, email) lost a race with a parallel request: same answer, one row.
      if ((await currentStatus(db, email))?.status === 'subscribed') return { email, welcomed: false };
      throw err;
    }
    undo = () => db.kysely.deleteFrom(table).where('id', '=', id).where('token_hash', '=', tokenHash).execute();
  }

  try {
    const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
    const shopUrl = deps.publicUrl.replace(/\/+$/, '');
    await deps.mailer.send(welcomeMail({ email, unsubscribeLink: unsubscribeUrl(shopUrl, token), shopUrl, contact }));
  } catch (err) {
    await undo().catch(() => undefined);
    throw err;
  }
  return { email, welcomed: true };
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
