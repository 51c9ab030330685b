import { BRAND } from '@adire/contracts';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/html';

export const INVITE_SUBJECT = `Your invitation to the ${BRAND} back office`;

/** Who added the member, in words: the operator's command is nobody by name. */
export function inviteSentence(invitedBy: string, role: string): string {
  const as = role === 'manager' ? 'a manager' : 'a florist';
  return invitedBy === 'operator' ? `You have been added to the ${BRAND} back office as ${as}.` : `${invitedBy} has added you to the ${BRAND} back office as ${as}.`;
}

/** The invitation: a one-time code and where to use it to set a password. */
export function inviteMail(input: { to: string; name: string | null; role: string; code: string; invitedBy: string; link: string; validHours: number }): MailMessage {
  const greeting = `Hello ${input.name?.trim() || 'there'},`;
  const why = inviteSentence(input.invitedBy, input.role);
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

export const RESET_SUBJECT = `Your code to choose a new ${BRAND} back-office password`;

/** A forgotten password: a one-time code and the back office's page to use it on. */
export function resetMail(input: { to: string; name: string | null; code: string; link: string; validMinutes: number }): MailMessage {
  const greeting = `Hello ${input.name?.trim() || 'there'},`;
  const why = `Someone (we hope you) asked to choose a new password for your ${BRAND} back-office account.`;
  const rest = `enter this code and choose a new password. The code works once and is valid for ${input.validMinutes} minutes; every session of yours ends when the password changes.`;
  const how = `Open ${input.link}, ${rest}`;
  const text = [greeting, '', why, '', `Your code: ${input.code}`, '', how, 'If you did not ask for it, ignore this e-mail: your password stays as it is.', '', BRAND].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(RESET_SUBJECT)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(why)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(input.code)}</p>
<p>Open <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>, ${escapeHtml(rest)}</p>
<p>If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p>${escapeHtml(BRAND)}</p>
</body></html>`;
  return { to: input.to, subject: RESET_SUBJECT, text, html };
}
