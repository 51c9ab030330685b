import { BRAND, orderNotesFor, type Order, type ShopContact } from '@adire/contracts';
import { formatAmount, formatDrawerDate, isPaid } from '@adire/domain';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, unlinked } from '../../mail/html';

/** The mail a sender gets when a checkout is submitted: readable as text and as HTML. */

export const orderMailSubject = (orderNumber: string, first: boolean) =>
  first ? `Your ${BRAND} order ${orderNumber}` : `Your ${BRAND} order ${orderNumber} was updated`;

export interface OrderMailInput {
  to: string;
  order: Order;
  first: boolean;
  publicUrl: string;
  contact: Pick<ShopContact, 'phones' | 'supportEmail' | 'branches'> | null;
  /** A change by the shop after checkout (issue 39): what changed, each field before → after. */
  changed?: readonly { field: string; before: string; after: string }[];
  /** The shop cancelled the order (issue 39). */
  cancelled?: boolean;
}

interface Line {
  text: string;
  amount: string;
}

/** What the mail says, once: the text and the HTML both show it. */
interface OrderMailContent {
  number: string;
  greeting: string;
  intro: string;
  where: string;
  notes: { label: string; text: string }[];
  lines: Line[];
  sums: Line[];
  payUrl: string;
  trackUrl: string;
  paid: boolean;
  payText: string;
  /** How to reach the shop ('' when the shop's contact is not set). */
  help: string;
  changed: { field: string; before: string; after: string }[];
  cancelled: boolean;
}

/** Where the order goes: the pick-up branch, or the recipient and address. */
function whereTo(order: Order, contact: OrderMailInput['contact']): string {
  const day = formatDrawerDate(order.deliveryDate);
  if (order.deliveryMethod === 'pickup') {
    const branch = contact?.branches.find((b) => b.pickupCode === order.pickupLocation);
    return `Pick-up on ${day} at ${branch ? `${branch.name}, ${branch.location}` : (order.pickupLocation ?? '')}`;
  }
  return `Delivery on ${day} to ${unlinked(order.deliveryDetails?.recipientName ?? '')}, ${unlinked(order.recipientAddress ?? '')}${order.deliveryZone ? ` (${order.deliveryZone})` : ''}`;
}

/** The items and the sums in the order's currency. */
function amounts(order: Order): { lines: Line[]; sums: Line[] } {
  const money = (n: number | undefined) => formatAmount(n ?? 0, order.currency);
  const lines = order.orderProducts.map((p) => ({ text: `${p.quantity} × ${p.name}${p.size ? ` (${p.size})` : ''}`, amount: money(p.price * p.quantity) }));
  const sums = [
    { text: 'Items', amount: money(order.itemsTotal) },
    ...(order.discount ? [{ text: `Coupon ${order.coupon ?? ''}`, amount: `−${money(order.discount)}` }] : []),
    { text: order.deliveryMethod === 'pickup' ? 'Pick-up' : 'Delivery', amount: order.deliveryFee ? money(order.deliveryFee) : 'Free' },
    { text: 'Total', amount: money(order.total) },
  ];
  return { lines, sums };
}

function mailContent({ order, first, publicUrl, contact, changed = [], cancelled = false }: OrderMailInput): OrderMailContent {
  const number = order.orderNumber ?? '';
  // Everything the shopper typed is unlinked: the shop's mail never carries a link it did not write.
  const name = order.client?.name ? unlinked(order.client.name.split(/\s+/)[0]!) : undefined;
  const payUrl = `${publicUrl}/checkout?orderId=${encodeURIComponent(order.id)}`;
  const paid = isPaid(order.paymentStatus);
  const phones = contact?.phones ?? [];
  return {
    number,
    greeting: name ? `Hello ${name},` : 'Hello,',
    intro: cancelled
      ? `Your order ${number} was cancelled.`
      : first
        ? `Thank you for your order. We have received it as order ${number}.`
        : changed.length
          ? `Your order was updated. Order ${number} now reads as below.`
          : `Your order ${number} has been updated with the details below.`,
    where: whereTo(order, contact),
    // The notes the mail shows (CHECKOUT_NOTES, shown on 'mail'): the card message, the gift wrap note, …
    notes: orderNotesFor(order, 'mail').map(({ label, text }) => ({ label, text: unlinked(text) })),
    ...amounts(order),
    payUrl,
    trackUrl: `${publicUrl}/order-tracker?orderNumber=${encodeURIComponent(number)}`,
    paid,
    payText: paid ? 'Your payment has been received.' : `Your order is not paid yet. Complete the payment here: ${payUrl}`,
    help: [phones.length ? `call ${phones.join(' or ')}` : '', contact?.supportEmail ? `write to ${contact.supportEmail}` : ''].filter(Boolean).join(', or '),
    changed: changed.map((c) => ({ field: c.field, before: unlinked(c.before), after: unlinked(c.after) })),
    cancelled,
  };
}

function mailText(c: OrderMailContent): string {
  return [
    c.greeting,
    '',
    c.intro,
    '',
    ...(c.changed.length ? ['What changed:', ...c.changed.map((x) => `${x.field}: ${x.before || '(none)'} → ${x.after || '(none)'}`), ''] : []),
    c.where,
    ...c.notes.map((n) => `${n.label}: "${n.text}"`),
    '',
    ...c.lines.map((l) => `${l.text}: ${l.amount}`),
    ...c.sums.map((s) => `${s.text}: ${s.amount}`),
    '',
    ...(c.cancelled ? [] : [c.payText]),
    `Track your order with its number ${c.number}: ${c.trackUrl}`,
    '',
    ...(c.help ? [`Questions? ${c.help.charAt(0).toUpperCase()}${c.help.slice(1)}.`, ''] : []),
    BRAND,
  ].join('\n');
}

const row = (label: string, amount: string, strong = false) =>
  `<tr><td style="padding:4px 12px 4px 0">${strong ? `<strong>${escapeHtml(label)}</strong>` : escapeHtml(label)}</td><td style="padding:4px 0;text-align:right">${strong ? `<strong>${escapeHtml(amount)}</strong>` : escapeHtml(amount)}</td></tr>`;

function mailHtml(c: OrderMailContent, subject: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf6f1;font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(BRAND)}: order ${escapeHtml(c.number)}</h1>
<p>${escapeHtml(c.greeting)}</p>
<p>${escapeHtml(c.intro)}</p>
${c.changed.length ? `<p>What changed:</p>\n<ul>${c.changed.map((x) => `<li>${escapeHtml(x.field)}: ${escapeHtml(x.before || '(none)')} → <strong>${escapeHtml(x.after || '(none)')}</strong></li>`).join('')}</ul>` : ''}
<p>${escapeHtml(c.where)}</p>
${c.notes.map((n) => `<p>${escapeHtml(n.label)}: <em>${escapeHtml(n.text)}</em></p>`).join('\n')}
<table style="border-collapse:collapse;width:100%;margin:16px 0">
${c.lines.map((l) => row(l.text, l.amount)).join('\n')}
${c.sums.map((s) => row(s.text, s.amount, s.text === 'Total')).join('\n')}
</table>
<p>${c.cancelled ? '' : c.paid ? escapeHtml(c.payText) : `Your order is not paid yet. <a href="${escapeHtml(c.payUrl)}">Complete the payment</a>.`}</p>
<p>Track your order with its number <strong>${escapeHtml(c.number)}</strong> on our <a href="${escapeHtml(c.trackUrl)}">order tracker</a>.</p>
${c.help ? `<p style="font-size:14px;color:#5c4a3d">Questions? ${escapeHtml(c.help.charAt(0).toUpperCase() + c.help.slice(1))}.</p>` : ''}
</div>
</body>
</html>`;
}

export function orderConfirmationMail(input: OrderMailInput): MailMessage {
  const content = mailContent(input);
  const subject = input.cancelled ? `Your ${BRAND} order ${content.number} was cancelled` : orderMailSubject(content.number, input.first);
  return { to: input.to, subject, text: mailText(content), html: mailHtml(content, subject) };
}
