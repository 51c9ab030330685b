import { BRAND, type ShopContact } from '@adire/contracts';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/html';
import { telLink } from '@adire/domain/contact';

export const CODE_SUBJECT = `Your ${BRAND} one-time password`;
export const NO_ACCOUNT_SUBJECT = `Your ${BRAND} one-time password request`;

type Contact = Pick<ShopContact, 'phones' | 'supportEmail'> | null;

function contactLines(contact: Contact): { text: string; html: string } {
  const phones = contact?.phones ?? [];
  const email = contact?.supportEmail;
  const parts = [phones.length ? `call ${phones.join(' or ')}` : '', email ? `write to ${email}` : ''].filter(Boolean);
  if (!parts.length) return { text: '', html: '' };
  const text = `Need help? ${capitalise(parts.join(', or '))}.`;
  const htmlParts = [
    phones.length ? `call ${phones.map((p) => `<a href="${escapeHtml(telLink(p))}">${escapeHtml(p)}</a>`).join(' or ')}` : '',
    email ? `write to <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>` : '',
  ].filter(Boolean);
  return { text, html: `Need help? ${capitalise(htmlParts.join(', or '))}.` };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#faf6f1;font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px 28px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#8a1c3b">${escapeHtml(BRAND)}</p>
${body}
</div>
</body>
</html>`;
}

/** The mail carrying a one-time password (password recovery, or the upgrade of a legacy account). */
export function codeMail(input: { to: string; name: string | null; code: string; legacy: boolean; contact: Contact }): MailMessage {
  const greeting = `Hello ${input.name?.trim() || 'there'},`;
  const why = input.legacy
    ? `We have moved ${BRAND} to a new, safer system. To keep using your account, confirm it is you with the one-time password below, then choose a new password.`
    : `Here is the one-time password you asked for to sign in to ${BRAND} and choose a new password.`;
  const contact = contactLines(input.contact);
  const text = [
    greeting,
    '',
    why,
    '',
    `Your one-time password: ${input.code}`,
    '',
    'It is valid for 10 minutes and works once. Enter it in the account window on our site.',
    'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    '',
    contact.text,
    '',
    `${BRAND}`,
  ].join('\n');
  const html = layout(
    CODE_SUBJECT,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(why)}</p>
<p style="margin:20px 0 4px">Your one-time password:</p>
<p style="margin:0 0 20px;font-size:32px;letter-spacing:8px;font-weight:bold;font-family:'Courier New',monospace">${escapeHtml(input.code)}</p>
<p>It is <strong>valid for 10 minutes</strong> and works once. Enter it in the account window on our site.</p>
<p>If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
${contact.html ? `<p style="margin-top:24px;font-size:14px;color:#5c4a3d">${contact.html}</p>` : ''}`,
  );
  return { to: input.to, subject: CODE_SUBJECT, text, html };
}

/**
 * Sent instead of a code when nobody has an account under the address: the owner of the mailbox
 * learns what happened; the person who asked learns nothing they could not see in that mailbox.
 */
export function noAccountMail(input: { to: string; publicUrl: string; contact: Contact }): MailMessage {
  const contact = contactLines(input.contact);
  const text = [
    'Hello,',
    '',
    `Someone asked for a one-time password for this e-mail address at ${BRAND}, but there is no ${BRAND} account with this address, so no code was sent.`,
    '',
    `If it was you, you may have registered with another address. You can also create an account at ${input.publicUrl}.`,
    'If it was not you, ignore this e-mail.',
    '',
    contact.text,
    '',
    `${BRAND}`,
  ].join('\n');
  const html = layout(
    NO_ACCOUNT_SUBJECT,
    `<p>Hello,</p>
<p>Someone asked for a one-time password for this e-mail address at ${escapeHtml(BRAND)}, but there is no ${escapeHtml(BRAND)} account with this address, so no code was sent.</p>
<p>If it was you, you may have registered with another address. You can also create an account at <a href="${escapeHtml(input.publicUrl)}">${escapeHtml(input.publicUrl)}</a>.</p>
<p>If it was not you, ignore this e-mail.</p>
${contact.html ? `<p style="margin-top:24px;font-size:14px;color:#5c4a3d">${contact.html}</p>` : ''}`,
  );
  return { to: input.to, subject: NO_ACCOUNT_SUBJECT, text, html };
}
