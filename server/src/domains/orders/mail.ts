import { BRAND, orderNotesFor, type Order, type ShopContact } from '@adire/contracts';
import { formatAmount, formatDrawerDate, isPaid } from '@adire/domain';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, unlinked } from '../../mail/html';

/** The mail a sender gets when a checkout is submitted: readable as text and as HTML. */

export const orderMailSubject = (orderNumber: string, first: boolean) =>
  first ? `Your ${BRAND} order ${orderNumber}` : `Your ${BRAND} order ${orderNumber} was updated`;

export function orderConfirmationMail(input: {
  to: string;
  order: Order;
  first: boolean;
  publicUrl: string;
  contact: Pick<ShopContact, 'phones' | 'supportEmail' | 'branches'> | null;
}): MailMessage {
  const { order, publicUrl } = input;
  const number = order.orderNumber ?? '';
  const money = (n: number | undefined) => formatAmount(n ?? 0, order.currency);
  // Everything the shopper typed is unlinked: the shop's mail never carries a link it did not write.
  const name = order.client?.name ? unlinked(order.client.name.split(/\s+/)[0]!) : undefined;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const intro = input.first
    ? `Thank you for your order. We have received it as order ${number}.`
    : `Your order ${number} has been updated with the details below.`;
  const day = formatDrawerDate(order.deliveryDate);
  const pickup = order.deliveryMethod === 'pickup';
  const branch = pickup ? input.contact?.branches.find((b) => b.pickupCode === order.pickupLocation) : undefined;
  const where = pickup
    ? `Pick-up on ${day} at ${branch ? `${branch.name}, ${branch.location}` : (order.pickupLocation ?? '')}`
    : `Delivery on ${day} to ${unlinked(order.deliveryDetails?.recipientName ?? '')}, ${unlinked(order.recipientAddress ?? '')}${order.deliveryZone ? ` (${order.deliveryZone})` : ''}`;
  // The notes the mail shows (CHECKOUT_NOTES, shown on 'mail'): the card message, the gift wrap note, …
  const notes = orderNotesFor(order, 'mail').map(({ label, text }) => ({ label, text: unlinked(text) }));
  const lines = order.orderProducts.map((p) => ({ text: `${p.quantity} × ${p.name}${p.size ? ` (${p.size})` : ''}`, amount: money(p.price * p.quantity) }));
  const sums = [
    { text: 'Items', amount: money(order.itemsTotal) },
    ...(order.discount ? [{ text: `Coupon ${order.coupon ?? ''}`, amount: `−${money(order.discount)}` }] : []),
    { text: pickup ? 'Pick-up' : 'Delivery', amount: order.deliveryFee ? money(order.deliveryFee) : 'Free' },
    { text: 'Total', amount: money(order.total) },
  ];
  const payUrl = `${publicUrl}/checkout?orderId=${encodeURIComponent(order.id)}`;
  const trackUrl = `${publicUrl}/order-tracker?orderNumber=${encodeURIComponent(number)}`;
  const paid = isPaid(order.paymentStatus);
  const payText = paid ? 'Your payment has been received.' : `Your order is not paid yet. Complete the payment here: ${payUrl}`;
  const phones = input.contact?.phones ?? [];
  const help = [phones.length ? `call ${phones.join(' or ')}` : '', input.contact?.supportEmail ? `write to ${input.contact.supportEmail}` : ''].filter(Boolean).join(', or ');

  const text = [
    greeting,
    '',
    intro,
    '',
    where,
    ...notes.map((n) => `${n.label}: "${n.text}"`),
    '',
    ...lines.map((l) => `${l.text}: ${l.amount}`),
    ...sums.map((s) => `${s.text}: ${s.amount}`),
    '',
    payText,
    `Track your order with its number ${number}: ${trackUrl}`,
    '',
    ...(help ? [`Questions? ${help.charAt(0).toUpperCase()}${help.slice(1)}.`, ''] : []),
    BRAND,
  ].join('\n');

  const row = (label: string, amount: string, strong = false) =>
    `<tr><td style="padding:4px 12px 4px 0">${strong ? `<strong>${escapeHtml(label)}</strong>` : escapeHtml(label)}</td><td style="padding:4px 0;text-align:right">${strong ? `<strong>${escapeHtml(amount)}</strong>` : escapeHtml(amount)}</td></tr>`;
  const subject = orderMailSubject(number, input.first);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf6f1;font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(BRAND)}: order ${escapeHtml(number)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(where)}</p>
${notes.map((n) => `<p>${escapeHtml(n.label)}: <em>${escapeHtml(n.text)}</em></p>`).join('\n')}
<table style="border-collapse:collapse;width:100%;margin:16px 0">
${lines.map((l) => row(l.text, l.amount)).join('\n')}
${sums.map((s) => row(s.text, s.amount, s.text === 'Total')).join('\n')}
</table>
<p>${paid ? escapeHtml(payText) : `Your order is not paid yet. <a href="${escapeHtml(payUrl)}">Complete the payment</a>.`}</p>
<p>Track your order with its number <strong>${escapeHtml(number)}</strong> on our <a href="${escapeHtml(trackUrl)}">order tracker</a>.</p>
${help ? `<p style="font-size:14px;color:#5c4a3d">Questions? ${escapeHtml(help.charAt(0).toUpperCase() + help.slice(1))}.</p>` : ''}
</div>
</body>
</html>`;
  return { to: input.to, subject, text, html };
}
