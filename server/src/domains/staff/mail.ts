import { BRAND } from '@adire/contracts';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/html';

export const INVITE_SUBJECT = `Your invitation to the ${BRAND} back office`;

/** The invitation: a one-time code and where to use it to set a password. */
export function inviteMail(input: { to: string; name: string | null; role: string; code: string; invitedBy: string; link: string; validHours: number }): MailMessage {
  const greeting = `Hello ${input.name?.trim() || 'there'},`;
  const why = `${input.invitedBy === 'operator' ? 'You have been' : `${input.invitedBy} has`} added you to the ${BRAND} back office as ${input.role === 'manager' ? 'a manager' : 'a florist'}.`;
  const text = [
    greeting,
    '',
    why,
    '',
    `Your invitation code: ${input.code}`,
    '',
    `Open ${input.link}, enter this code and choose your password. The code works once and is valid for ${input.validHours} hours.`,
    'If you did not expect this e-mail, ignore it.',
    '',
    BRAND,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(INVITE_SUBJECT)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(why)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(input.code)}</p>
<p>Open <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>, enter this code and choose your password. The code works once and is valid for ${input.validHours} hours.</p>
<p>If you did not expect this e-mail, ignore it.</p>
<p>${escapeHtml(BRAND)}</p>
</body></html>`;
  return { to: input.to, subject: INVITE_SUBJECT, text, html };
}
