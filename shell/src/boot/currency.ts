import { CURRENCY_COOKIE, type Currency, type CurrencyName } from '@adire/contracts';

// The rule lives in @adire/domain: the server's pre-paint script is built from it too.
export { chooseCurrency, type CurrencyChoice } from '@adire/domain';
import type { CurrencyChoice } from '@adire/domain';

export function foreignCurrencyMessage(currency: Pick<Currency, 'name' | 'sign'>): string {
  return `Based on your location, the site has been set to ${currency.name} (${currency.sign}) to enable foreign Credit/Debit Cards and Paypal`;
}

/** The info toast is due only for a default that is not NGN and did not come from storage. */
export function shouldAnnounceCurrency(choice: CurrencyChoice): boolean {
  return !choice.fromStorage && choice.name !== 'NGN';
}

/**
 * The currency also goes into a cookie beside local storage, so the server draws the next page's
 * prices in it (a year; the shop's own path; never sent to other sites).
 */
export function currencyCookie(name: CurrencyName): string {
  return `${CURRENCY_COOKIE}=${name}; path=/; max-age=31536000; samesite=lax`;
}

export function rememberCurrencyInCookie(name: CurrencyName, doc: { cookie: string } = document): void {
  if (!doc.cookie.split(/;\s*/).includes(`${CURRENCY_COOKIE}=${name}`)) doc.cookie = currencyCookie(name);
}
