import type { Currency, CurrencyName } from '@adire/contracts';

/** SPEC section 3 defaults, used when the handshake fails. */
export const DEFAULT_CURRENCIES: readonly Currency[] = [
  { name: 'NGN', conversionRate: 1, sign: '₦' },
  { name: 'USD', conversionRate: 700, sign: '$' },
  { name: 'GBP', conversionRate: 890, sign: '£' },
];

const SIGNS: Record<CurrencyName, string> = { NGN: '₦', USD: '$', GBP: '£' };

export function currencySign(name: CurrencyName): string {
  return SIGNS[name];
}

/** Naira amount in another currency: amount ÷ rate, rounded up (SPEC section 9). */
export function convertAmount(amountNgn: number, conversionRate: number): number {
  if (!(conversionRate > 0)) throw new RangeError(`Invalid conversion rate: ${conversionRate}`);
  // Rounding guards against float noise turning an exact division into the next integer.
  return Math.ceil(Number((amountNgn / conversionRate).toFixed(6)));
}

/**
 * A naira discount in another currency: amount ÷ rate, rounded DOWN, so the discount is never worth
 * more than the naira it stands for (₦5,000 at 700 → $7, not $8 worth ₦5,600).
 */
export function convertDiscount(amountNgn: number, conversionRate: number): number {
  if (!(conversionRate > 0)) throw new RangeError(`Invalid conversion rate: ${conversionRate}`);
  return Math.floor(Number((amountNgn / conversionRate).toFixed(6)));
}

/** Intl's en-NG formats, made only for what `amountText` does not write itself (exponents, ∞, NaN). */
let intlFormats: { whole: Intl.NumberFormat; fractional: Intl.NumberFormat } | undefined;
const intlText = (amount: number) => {
  intlFormats ??= {
    whole: new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    fractional: new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
  return (Number.isInteger(amount) ? intlFormats.whole : intlFormats.fractional).format(amount);
};

/** '1234567' → '1,234,567'. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * Thousands grouped; whole amounts without decimals, others with two ('15,000', '71.50'), rounded
 * half away from zero: what Intl's en-NG number format writes, checked against it in money.test.ts.
 * Written without Intl because a page's first Intl formatter loads the locale's data (11–35 ms on a
 * desktop, four times that on Lighthouse's phone, in one task), and every page shows a price.
 */
function amountText(amount: number): string {
  const digits = String(Math.abs(amount)); // the shortest decimal that reads back as the amount
  const [whole = '', fraction = ''] = digits.split('.');
  if (!/^\d{1,13}$/.test(whole) || !/^\d*$/.test(fraction)) return intlText(amount);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  if (!fraction) return `${sign}${grouped(whole)}`;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (fraction.charAt(2) >= '5' ? 1 : 0);
  return `${sign}${grouped(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A naira amount shown in the selected currency, e.g. '₦15,000' or '$22'. */
export function formatPrice(amountNgn: number, currency: Pick<Currency, 'conversionRate' | 'sign'>): string {
  return `${currency.sign}${amountText(convertAmount(amountNgn, currency.conversionRate))}`;
}

/** An amount already in the given currency (the server priced it), e.g. '₦49,500', '$71' or '$71.50'. */
export function formatAmount(amount: number, currency: CurrencyName): string {
  return `${currencySign(currency)}${amountText(amount)}`;
}

/** Merge server rates (name + rate) with the known signs; unknown names are ignored. */
export function currenciesFromRates(
  rates: readonly { name: string; conversionRate: number }[] | undefined,
): Currency[] {
  const byName = new Map((rates ?? []).map((r) => [r.name, r.conversionRate]));
  return DEFAULT_CURRENCIES.map((c) => {
    const rate = byName.get(c.name);
    return typeof rate === 'number' && rate > 0 ? { ...c, conversionRate: rate } : { ...c };
  });
}

/**
 * '{{50000}}' in an alert becomes a price in the given currency ('₦50,000', '$72'): the store's banner
 * and the back office's live preview of it use this one rule.
 */
export function fillPricePlaceholders(text: string, currency: Pick<Currency, 'conversionRate' | 'sign'>): string {
  return text.replace(/\{\{\s*(\d+(?:\.\d+)?)\s*\}\}/g, (_match, amount: string) => formatPrice(Number(amount), currency));
}

/**
 * The one rule for an amount the shop's staff set (issue 32, item 6): a product's price, what a design
 * adds, a delivery fee, surcharge or minimum amount, a conversion rate. It must be a JSON number —
 * never text, a boolean, null or an array, which a lenient reader would turn into 0, 1 or 5 — finite,
 * whole when `whole`, from `min` to `max`. Forms and the operator commands turn plain digits into a
 * number first (`amountFromWord`); anything else reaches the rule as written and is refused.
 */
export interface AmountRule {
  min: number;
  max: number;
  /** Whole naira (prices, fees); a rate may have decimals. */
  whole: boolean;
}

/** Is the value an amount by the rule? */
export function isAmount(value: unknown, rule: AmountRule): value is number {
  return typeof value === 'number' && Number.isFinite(value) && (!rule.whole || Number.isInteger(value)) && value >= rule.min && value <= rule.max;
}

/** Why a value is not an amount by the rule ('must be a whole number of naira from 1 to 100,000,000'), or null. */
export function amountProblem(value: unknown, rule: AmountRule, unit = 'naira'): string | null {
  if (isAmount(value, rule)) return null;
  const shown = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });
  const range = `from ${shown(rule.min)} to ${shown(rule.max)}`;
  return `must be a ${rule.whole ? 'whole ' : ''}number of ${unit} ${range}`;
}

/**
 * What a person typed, as the rule reads it: plain digits (with one decimal point) become a number;
 * anything else ('1,550', '0x10', '1e3', ' ', '') stays the text it was, for the rule to refuse.
 */
export function amountFromWord(word: string): number | string {
  const text = word.trim();
  return /^\d{1,15}(\.\d{1,6})?$/.test(text) ? Number(text) : word;
}

/**
 * A refused amount quoted back in a message: `'4,500'` as typed, anything not text as JSON (`'null'`,
 * `'true'`, `'[5]'`), at most 40 characters; digits sent as text are told to come as a number.
 */
export function amountShown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const asText = typeof value === 'string' && typeof amountFromWord(value) === 'number';
  return `'${text.slice(0, 40)}'${asText ? ' (text: send it as a number)' : ''}`;
}
