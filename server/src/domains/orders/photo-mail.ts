/** The mails of issue 40 (the flowers ready, delivered, a failed attempt): a few sentences, the photo, the tracker's link. */
import { BRAND, orderPhotoUrl } from '@adire/contracts';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, unlinked } from '../../mail/html';

export interface ProofMailInput {
  to: string;
  /** The sender's name as they gave it (only the first word is used). */
  clientName: string | null;
  orderNumber: string;
  publicUrl: string;
  subject: string;
  /** What the mail says, one paragraph each (the shop's own words; anything a person typed is unlinked here). */
  paragraphs: string[];
  photo?: { id: string; caption: string | null };
}

export const READY_SUBJECT = 'Your flowers are ready';

export function trackerUrl(publicUrl: string, orderNumber: string): string {
  return `${publicUrl}/order-tracker?orderNumber=${encodeURIComponent(orderNumber)}`;
}

export function proofMail(input: ProofMailInput): MailMessage {
  const first = input.clientName?.trim().split(/\s+/)[0];
  const greeting = first ? `Hello ${unlinked(first)},` : 'Hello,';
  const photoUrl = input.photo ? `${input.publicUrl}${orderPhotoUrl(input.photo.id)}` : null;
  const caption = input.photo?.caption ? unlinked(input.photo.caption) : null;
  const track = trackerUrl(input.publicUrl, input.orderNumber);
  const subject = `${input.subject} (order ${input.orderNumber})`;
  const text = [
    greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(photoUrl ? [`The photo${caption ? ` ("${caption}")` : ''}: ${photoUrl}`, ''] : []),
    `Follow your order ${input.orderNumber} on our tracker (with your phone or e-mail): ${track}`,
    '',
    BRAND,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf6f1;font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.subject)}</h1>
<p>${escapeHtml(greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${photoUrl ? `<p><img src="${escapeHtml(photoUrl)}" alt="${escapeHtml(caption ?? `A photo of order ${input.orderNumber}`)}" style="max-width:100%;border-radius:6px"></p>${caption ? `<p><em>${escapeHtml(caption)}</em></p>` : ''}` : ''}
<p>Follow order <strong>${escapeHtml(input.orderNumber)}</strong> on our <a href="${escapeHtml(track)}">order tracker</a>.</p>
</div>
</body>
</html>`;
  return { to: input.to, subject, text, html };
}
