import type { CurrencyName, PaymentProviderId } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { escapeHtml } from '../../mail/html';
import type { SandboxTx } from './providers/sandbox-wire';

/** How each sandbox presents itself: the hosted page a shopper sees instead of the real provider's. */
export const SANDBOX_BRANDS: Record<PaymentProviderId, { name: string; kind: string; pay: string; decline: string; colour: string }> = {
  paystack: { name: 'Paystack', kind: 'Card payment', pay: 'Pay', decline: 'Decline', colour: '#0ba4db' },
  flutterwave: { name: 'Flutterwave', kind: 'Card, bank account or USSD', pay: 'Pay', decline: 'Decline', colour: '#f5a623' },
  paypal: { name: 'PayPal', kind: 'PayPal account', pay: 'Pay with PayPal', decline: 'Decline', colour: '#003087' },
  monnify: { name: 'Monnify', kind: 'Bank transfer to a one-time account', pay: 'I have sent the money', decline: 'Decline', colour: '#0f9d58' },
};

/** A stable, fake one-time account number for the bank-transfer sandbox. */
const sandboxAccountNumber = (tx: SandboxTx) => `99${String(Math.abs([...tx.reference].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7))).padStart(8, '0').slice(-8)}`;

/** The hosted page's style sheet (its brand colour is set apart, as --brand). */
const SANDBOX_PAGE_STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f1ee;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1a16}
main{width:min(420px,calc(100vw - 32px));background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.08);overflow:hidden}
header{background:var(--brand);color:#fff;padding:16px 20px}
header p{margin:0;font-size:13px;opacity:.9}
header h1{margin:2px 0 0;font-size:18px}
.body{padding:20px}
.sandbox{font-size:12px;background:#fff6d6;border:1px solid #f0d98a;border-radius:6px;padding:6px 10px;margin:0 0 16px}
.amount{font-size:32px;font-weight:700;margin:0}
.meta{color:#5f564e;margin:4px 0 16px;font-size:14px}
dl{margin:0 0 16px;display:grid;gap:6px}
dl div{display:flex;justify-content:space-between;gap:12px;font-size:14px}
dt{color:#5f564e}dd{margin:0;font-weight:600}
details{margin:0 0 16px;font-size:14px}
summary{cursor:pointer;color:#5f564e}
label{display:block;margin:10px 0 4px}
input{width:100%;padding:10px;border:1px solid #cfc8c0;border-radius:6px;font:inherit}
.actions{display:flex;gap:10px}
button{flex:1;padding:12px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;border:1px solid transparent}
.pay{background:var(--brand);color:#fff}
.decline{background:#fff;color:#a32121;border-color:#e3b4b4}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1f1a16;outline-offset:2px}
.done{font-weight:600}
a{color:var(--brand)}`;

/** Pay or Decline, with an amount to pay instead (to test part payments). */
function payForm(brand: (typeof SANDBOX_BRANDS)[PaymentProviderId], tx: SandboxTx, currency: CurrencyName, action: string): string {
  const e = escapeHtml;
  return `<form method="post" action="${e(action)}">
<details>
<summary>Test a part payment</summary>
<label for="amount">Amount to pay instead (${e(currency)})</label>
<input id="amount" name="amount" type="number" inputmode="decimal" min="0.01" step="0.01" placeholder="${e(String(tx.amount))}">
</details>
<div class="actions">
<button class="pay" type="submit" name="outcome" value="pay">${e(brand.pay)}</button>
<button class="decline" type="submit" name="outcome" value="decline" formnovalidate>${e(brand.decline)}</button>
</div>
</form>`;
}

export function sandboxPage(provider: PaymentProviderId, tx: SandboxTx, action: string): string {
  const brand = SANDBOX_BRANDS[provider];
  const e = escapeHtml;
  const currency = tx.currency as CurrencyName;
  const amount = formatAmount(Number(tx.amount), currency);
  const done = tx.status !== 'pending';
  const outcome =
    tx.status === 'success'
      ? `Paid ${formatAmount(Number(tx.amount_paid ?? tx.amount), currency)}.`
      : tx.status === 'failed'
        ? 'This payment was declined.'
        : '';
  const transfer =
    provider === 'monnify'
      ? `<dl class="account"><div><dt>Bank</dt><dd>Wema Bank (sandbox)</dd></div><div><dt>Account number</dt><dd>${e(sandboxAccountNumber(tx))}</dd></div><div><dt>Account name</dt><dd>Adire Blooms / ${e(tx.order_number)}</dd></div></dl>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(brand.name)} sandbox · Pay ${e(amount)} · Adire Blooms</title>
<style>
:root{--brand:${brand.colour}}
${SANDBOX_PAGE_STYLE}
</style>
</head>
<body>
<main>
<header><p>${e(brand.name)} · sandbox</p><h1>${e(brand.kind)}</h1></header>
<div class="body">
<p class="sandbox" role="note">Test payment page built into the Adire Blooms server: no real money moves.</p>
<p class="amount" data-testid="sandbox-amount">${e(amount)}</p>
<p class="meta">Adire Blooms order <strong data-testid="sandbox-order-number">${e(tx.order_number)}</strong>${tx.email ? ` · ${e(tx.email)}` : ''}</p>
${transfer}
<dl><div><dt>Reference</dt><dd>${e(tx.reference)}</dd></div></dl>
${
  done
    ? `<p class="done" role="status">${e(outcome)}</p><p><a href="${e(tx.return_url)}">Back to Adire Blooms</a></p>`
    : payForm(brand, tx, currency, action)
}
</div>
</main>
</body>
</html>`;
}

export function sandboxNotFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment not found · Adire Blooms sandbox</title></head><body style="font-family:system-ui,Arial,sans-serif;padding:32px"><h1>Payment not found</h1><p>This sandbox payment does not exist. <a href="/">Back to Adire Blooms</a></p></body></html>`;
}

/** The shopper's return from a provider that names no payment we know: the shop's page, never the sandbox's. */
export function paymentNotFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment not found · Adire Blooms</title></head><body style="font-family:system-ui,Arial,sans-serif;padding:32px"><h1>Payment not found</h1><p>We could not find this payment. If money left your account, write to us with your order number. <a href="/">Back to Adire Blooms</a></p></body></html>`;
}
