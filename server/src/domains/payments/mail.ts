import { BRAND, type CurrencyName, type Order, type ShopContact } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, unlinked } from '../../mail/html';
import { formatShopDateTimeLong } from '@adire/domain/formats';

/** The receipt a sender gets when an order becomes paid: readable as text and as HTML. */
export function paymentReceiptMail(input: {
  to: string;
  order: Order;
  payment: { amount: number; currency: CurrencyName; method: string; reference: string; at: string };
  publicUrl: string;
  contact: Pick<ShopContact, 'phones' | 'supportEmail'> | null;
}): MailMessage {
  const { order, payment, publicUrl } = input;
  const number = order.orderNumber ?? '';
  const subject = `Payment received: ${BRAND} order ${number}`;
  const name = order.client?.name ? unlinked(order.client.name.split(/\s+/)[0]!) : undefined;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const paid = formatAmount(payment.amount, payment.currency);
  const total = formatAmount(order.total ?? 0, order.currency);
  const day = formatShopDateTimeLong(new Date(payment.at));
  const trackUrl = `${publicUrl}/order-tracker?orderNumber=${encodeURIComponent(number)}`;
  const rows = [
    ['Order', number],
    ['Amount received', paid],
    ['Order total', total],
    ['Paid with', payment.method],
    ['Payment reference', payment.reference],
    ['Received', `${day} (Lagos time)`],
  ];
  const help = [input.contact?.phones?.length ? `call ${input.contact.phones.join(' or ')}` : '', input.contact?.supportEmail ? `write to ${input.contact.supportEmail}` : '']
    .filter(Boolean)
    .join(', or ');
  const text = [
    greeting,
    '',
    `Thank you: we have received your payment for order ${number}. Your order is paid and our florists are on it.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Follow your order with its number ${number}: ${trackUrl}`,
    ...(help ? ['', `Questions? ${help.charAt(0).toUpperCase()}${help.slice(1)}.`] : []),
    '',
    BRAND,
  ].join('\n');
  const lead = `Thank you: we have received your payment for order ${number}. Your order is paid and our florists are on it.`;
  const html = receiptHtml({ subject, heading: 'payment received', lead, greeting, number, rows, trackUrl, help });
  return { to: input.to, subject, text, html };
}

/** What the receipt's text and HTML both say. */
interface ReceiptParts {
  subject: string;
  heading: string;
  lead: string;
  greeting: string;
  number: string;
  rows: string[][];
  trackUrl: string;
  help: string;
}

/** The receipt as HTML: the same words as its text, every value escaped. */
function receiptHtml({ subject, heading, lead, greeting, number, rows, trackUrl, help }: ReceiptParts): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf6f1;font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(BRAND)}: ${escapeHtml(heading)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<table style="border-collapse:collapse;width:100%;margin:16px 0">
${rows.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#5c4a3d">${escapeHtml(k!)}</td><td style="padding:4px 0;text-align:right"><strong>${escapeHtml(v!)}</strong></td></tr>`).join('\n')}
</table>
<p>Follow your order on our <a href="${escapeHtml(trackUrl)}">order tracker</a> with its number <strong>${escapeHtml(number)}</strong>.</p>
${help ? `<p style="font-size:14px;color:#5c4a3d">Questions? ${escapeHtml(help.charAt(0).toUpperCase() + help.slice(1))}.</p>` : ''}
</div>
</body>
</html>`;
}

const REFUND_WAYS: Record<string, string> = {
  provider: 'to the card or account you paid with',
  transfer: 'by bank transfer',
  cash: 'in cash',
  pos: 'to your card at our POS',
};

/** The sender hears of a refund (issue 39): how much, why, how it comes back, and what the order stands at. */
export function refundMail(input: {
  to: string;
  order: Order;
  refund: { amount: number; currency: CurrencyName; reason: string; parts: { method: string; reference: string | null; at: string }[] };
  publicUrl: string;
  contact: Pick<ShopContact, 'phones' | 'supportEmail'> | null;
}): MailMessage {
  const { order, refund, publicUrl } = input;
  const number = order.orderNumber ?? '';
  const subject = `Refund: ${BRAND} order ${number}`;
  const name = order.client?.name ? unlinked(order.client.name.split(/\s+/)[0]!) : undefined;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const amount = formatAmount(refund.amount, refund.currency);
  const method = refund.parts[0]?.method ?? 'provider';
  const way = REFUND_WAYS[method] ?? REFUND_WAYS.provider!;
  const trackUrl = `${publicUrl}/order-tracker?orderNumber=${encodeURIComponent(number)}`;
  const rows = [
    ['Order', number],
    ['Amount refunded', amount],
    ['Why', refund.reason],
    ['Comes back', way],
    ...(refund.parts[0]?.reference && method !== 'provider' ? [['Reference', refund.parts[0].reference]] : []),
    ['Order total', formatAmount(order.total ?? 0, order.currency)],
    ['Refunded on', `${formatShopDateTimeLong(new Date(refund.parts[0]?.at ?? Date.now()))} (Lagos time)`],
  ];
  const help = [input.contact?.phones?.length ? `call ${input.contact.phones.join(' or ')}` : '', input.contact?.supportEmail ? `write to ${input.contact.supportEmail}` : '']
    .filter(Boolean)
    .join(', or ');
  const lead = `We are refunding ${amount} on order ${number}, ${way}.${method === 'provider' ? ' Card and bank refunds can take a few working days to show.' : ''}`;
  const text = [
    greeting,
    '',
    lead,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Follow your order with its number ${number}: ${trackUrl}`,
    ...(help ? ['', `Questions? ${help.charAt(0).toUpperCase()}${help.slice(1)}.`] : []),
    '',
    BRAND,
  ].join('\n');
  return { to: input.to, subject, text, html: receiptHtml({ subject, heading: 'refund', lead, greeting, number, rows: rows as string[][], trackUrl, help }) };
}
