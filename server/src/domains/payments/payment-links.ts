import { createHash, randomBytes } from 'node:crypto';
import { BRAND, PAY_PATH, type CurrencyName, type PaymentLink, type ShopContact } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { formatShopDateTimeLong } from '@adire/domain/formats';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import type { Database } from '../../db/schema';
import { escapeHtml, unlinked } from '../../mail/html';
import type { Mailer, MailMessage } from '../../mail/mailer';
import type { OrderRow } from '../orders';

/**
 * Payment links (issue 39): a member of staff sends a customer a link on PUBLIC_URL to pay one order
 * (`/pay/<token>`). The token is 128 random bits; only its hash is kept (`payment_link`, written here
 * only). Opening it leads to that order's payment stage in the checkout, so the customer pays with any
 * method the checkout offers and the order moves exactly as a web payment moves it. A link expires
 * (PAYMENT_LINK_HOURS, 72 by default); a new one replaces the order's earlier ones.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The text a customer reads on WhatsApp or in the mail. Pure. */
export function paymentLinkText(row: Pick<OrderRow, 'client_name' | 'order_number'>, url: string, amount: number, currency: CurrencyName, expiresAt: string): string {
  const first = row.client_name?.split(/\s+/)[0];
  return `${first ? `Hello ${first}, here` : 'Here'} is the link to pay for your ${BRAND} order ${row.order_number ?? ''} (${formatAmount(amount, currency)}): ${url} It works until ${formatShopDateTimeLong(new Date(expiresAt))} (Lagos time).`;
}

/** https://wa.me/<the sender's number>?text=… (no number when the order has none). Pure. */
export function whatsappLink(phone: string | null, text: string): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * A new link for `amount` of the order, inside the caller's transaction (the order's own, when it is
 * made with the order): the order's earlier links stop working.
 */
export async function createPaymentLink(
  trx: Kysely<Database>,
  row: OrderRow,
  { amount, createdBy, ttlMs, now, publicUrl }: { amount: number; createdBy: string; ttlMs: number; now: Date; publicUrl: string },
): Promise<Omit<PaymentLink, 'mailed'>> {
  const token = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  await trx.deleteFrom('payment_link').where('order_id', '=', row.id).execute();
  await trx
    .insertInto('payment_link')
    .values({ token_hash: hashOf(token), order_id: row.id, amount, currency: row.currency, created_by: createdBy, created_at: now.toISOString(), expires_at: expiresAt })
    .execute();
  const url = `${publicUrl}${PAY_PATH}/${token}`;
  const currency = row.currency as CurrencyName;
  return { url, amount, currency, expiresAt, whatsappUrl: whatsappLink(row.client_phone, paymentLinkText(row, url, amount, currency, expiresAt)) };
}

/** What a link's token leads to: the order's id while it lasts; 'expired' after; null when it is no link of ours. */
export async function openPaymentLink(db: Pick<Db, 'kysely'>, token: string, now: Date): Promise<{ orderId: string } | 'expired' | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const link = await db.kysely.selectFrom('payment_link').select(['order_id', 'expires_at']).where('token_hash', '=', hashOf(token)).executeTakeFirst();
  if (!link) return null;
  return link.expires_at > now.toISOString() ? { orderId: link.order_id } : 'expired';
}

/** The link mailed to the sender (when the order has an address): answers whether it went. */
export async function mailPaymentLink(db: Db, mailer: Mailer, row: OrderRow, link: Omit<PaymentLink, 'mailed'>, log?: { error(obj: unknown, msg: string): void }): Promise<boolean> {
  if (!row.client_email) return false;
  try {
    const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
    await mailer.send(paymentLinkMail(row.client_email, row, link, contact), { deferred: true });
    return true;
  } catch (err) {
    log?.error({ err, orderId: row.id }, 'payment link mail failed');
    return false;
  }
}

/** The mail with the link: readable as text and as HTML. */
export function paymentLinkMail(to: string, row: OrderRow, link: Omit<PaymentLink, 'mailed'>, contact: Pick<ShopContact, 'phones'> | null): MailMessage {
  const number = row.order_number ?? '';
  const subject = `Pay for your ${BRAND} order ${number}`;
  const first = row.client_name ? unlinked(row.client_name.split(/\s+/)[0]!) : '';
  const amount = formatAmount(link.amount, link.currency);
  const until = `${formatShopDateTimeLong(new Date(link.expiresAt))} (Lagos time)`;
  const help = contact?.phones.length ? `Questions? Call ${contact.phones.join(' or ')}.` : '';
  const text = [first ? `Hello ${first},` : 'Hello,', '', `Here is the link to pay for your order ${number}: ${amount}.`, link.url, '', `The link works until ${until}.`, help, '', BRAND]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf6f1;font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(BRAND)}: order ${escapeHtml(number)}</h1>
<p>${escapeHtml(first ? `Hello ${first},` : 'Hello,')}</p>
<p>Here is the link to pay for your order ${escapeHtml(number)}: <strong>${escapeHtml(amount)}</strong>.</p>
<p><a href="${escapeHtml(link.url)}">Pay for order ${escapeHtml(number)}</a></p>
<p>The link works until ${escapeHtml(until)}.</p>
${help ? `<p style="font-size:14px;color:#5c4a3d">${escapeHtml(help)}</p>` : ''}
</div>
</body>
</html>`;
  return { to, subject, text, html };
}

/** The page an expired link opens: the shop will make a new one. */
export function expiredLinkPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Payment link expired · ${BRAND}</title></head><body style="font-family:system-ui,Arial,sans-serif;padding:32px"><main><h1>This payment link has expired</h1><p>Ask us for a new link on WhatsApp or by phone. <a href="/">Back to ${BRAND}</a></p></main></body></html>`;
}

/** The page an unknown link opens. */
export function unknownLinkPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Payment link not found · ${BRAND}</title></head><body style="font-family:system-ui,Arial,sans-serif;padding:32px"><main><h1>Payment link not found</h1><p>Check the link you were sent, or ask us for a new one. <a href="/">Back to ${BRAND}</a></p></main></body></html>`;
}
