import { orderPhotoUrl, SUBSTITUTION_LABELS, type CurrencyName } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { escapeHtml } from '../../mail/html';
import type { OrderRow } from '../orders';
import type { SubstitutionRow } from './substitutions';

/** The page's style: one column, large buttons, readable at 412 px; no script, no outside file (the CSP allows neither). */
const STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#faf6f1;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#2b2118;line-height:1.5}
main{width:min(520px,calc(100vw - 24px));margin:24px auto;background:#fff;border-radius:12px;padding:20px;box-shadow:0 8px 30px rgba(0,0,0,.06)}
h1{font-size:22px;margin:0 0 12px}
img{max-width:100%;border-radius:8px}
.status{font-weight:600;background:#eef6ee;border:1px solid #b7d8b7;border-radius:6px;padding:8px 12px}
.problem{font-weight:600;background:#fdecec;border:1px solid #e3b4b4;border-radius:6px;padding:8px 12px}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:16px}
button{flex:1 1 180px;min-height:48px;padding:12px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;border:2px solid #2b2118}
.accept{background:#245c2e;color:#fff;border-color:#245c2e}
.refund{background:#fff;color:#7a1c1c;border-color:#7a1c1c}
button:focus-visible,a:focus-visible{outline:3px solid #2b2118;outline-offset:2px}
a{color:#245c2e}`;

/** The sender's page: the proposal and, while it is open, "Accept" and "Refund the item instead" (a form posting to itself). */
export function substitutionPage(found: { row: SubstitutionRow; order: OrderRow } | null, action: string, problem?: string): string {
  const e = escapeHtml;
  if (!found) {
    return shell('Link not valid', `<h1>Link not valid</h1>${problem ? `<p class="problem" role="alert">${e(problem)}</p>` : ''}<p>This link is not valid: it may have been mistyped. <a href="/">Back to Adire Blooms</a></p>`);
  }
  const { row, order } = found;
  const money = (n: number) => formatAmount(n, row.currency as CurrencyName);
  const number = order.order_number ?? '';
  const deadline = new Date(row.deadline_at).toUTCString().replace(' GMT', ' UTC');
  const open = row.status === 'proposed';
  const body = `<h1>A substitute for order ${e(number)}</h1>
${problem ? `<p class="problem" role="alert">${e(problem)}</p>` : ''}
<p>We are short of <strong>${e(row.item_name)}</strong> (${e(money(row.item_amount))} paid).</p>
${row.substitute_name ? `<p>Our florist proposes <strong>${e(row.substitute_name)}</strong> instead (worth ${e(money(row.substitute_amount ?? 0))}), at no extra cost.</p>` : '<p>Our florist proposes the substitute in the photo, of equal or greater value, at no extra cost.</p>'}
${row.note ? `<p>Their note: ${e(row.note)}</p>` : ''}
${row.photo_id ? `<p><img src="${e(orderPhotoUrl(row.photo_id))}" alt="${e(row.note ?? `The substitute for ${row.item_name}`)}"></p>` : ''}
${
  open
    ? `<p>If we have not heard from you by ${e(deadline)}, or once your order is out for delivery, the shop's proposal stands.</p>
<form method="post" action="${e(action)}">
<div class="actions">
<button class="accept" type="submit" name="decision" value="accept">Accept</button>
<button class="refund" type="submit" name="decision" value="refund">Refund the item instead</button>
</div>
</form>`
    : `<p class="${row.status === 'refund-failed' ? 'problem' : 'status'}" role="status">${e(SUBSTITUTION_LABELS[row.status as keyof typeof SUBSTITUTION_LABELS] ?? row.status)}${row.status === 'refunded' ? `: ${e(money(row.item_amount))} is on its way back to you.` : row.status === 'refund-failed' ? ': we will refund it and write to you.' : '.'}</p>`
}
<p><a href="/order-tracker?orderNumber=${e(encodeURIComponent(number))}">Follow order ${e(number)}</a></p>`;
  return shell(`A substitute for order ${number}`, body);
}

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Adire Blooms</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
