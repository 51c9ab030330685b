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

// Made once: toLocaleString builds a new formatter on every call.
const WHOLE = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const FRACTIONAL = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Thousands grouped; whole amounts without decimals, others with two ('15,000', '71.50'). */
function amountText(amount: number): string {
  return (Number.isInteger(amount) ? WHOLE : FRACTIONAL).format(amount);
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
