import { PAYMENT_METHODS, type ApiResult, type CurrencyName, type PaymentDetailsResponse, type PaymentMethod } from '@adire/contracts';

/** The payment methods that take a currency (SPEC section 9). */
export function methodsFor(currency: CurrencyName): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => m.supportedCurrencies.includes(currency));
}

export type PaymentAnswer =
  | { kind: 'redirect'; url: string }
  | { kind: 'instructions'; instructions: NonNullable<PaymentDetailsResponse['instructions']> }
  | { kind: 'saved' }
  | { kind: 'error'; message: string };

/** Only http(s) addresses are followed: a payment page, never a script URL. */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Read the answer of update-payment-details; a missing `data` is an error (SPEC section 7). */
export function readPaymentAnswer(res: ApiResult<PaymentDetailsResponse>): PaymentAnswer {
  if (res.error) return { kind: 'error', message: res.message || 'The payment method could not be set' };
  if (!res.data) return { kind: 'error', message: 'The shop did not confirm the payment method. Please try again.' };
  if (res.data.redirectUrl) {
    const url = safeUrl(res.data.redirectUrl);
    return url ? { kind: 'redirect', url } : { kind: 'error', message: 'The payment page address is not valid' };
  }
  if (res.data.instructions) return { kind: 'instructions', instructions: res.data.instructions };
  return { kind: 'saved' };
}
