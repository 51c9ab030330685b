import type { Currency } from '@adire/contracts';
import { formatPrice } from '@adire/domain';

/** Scroll duration of the alert banner: the larger of 30 s and length / 7 s (SPEC section 4). */
export function scrollDurationSeconds(text: string): number {
  return Math.max(30, text.length / 7);
}

/** On desktop a short alert stands still: 3 × length < 500. */
export function isStaticOnDesktop(text: string): boolean {
  return 3 * text.length < 500;
}

/** '{{50000}}' becomes a price in the selected currency ('₦50,000', '$72'). */
export function fillPricePlaceholders(text: string, currency: Pick<Currency, 'conversionRate' | 'sign'>): string {
  return text.replace(/\{\{\s*(\d+(?:\.\d+)?)\s*\}\}/g, (_match, amount: string) => formatPrice(Number(amount), currency));
}
