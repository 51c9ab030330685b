import { PAYMENT_METHODS, type ApiResult, type CurrencyName, type PaymentDetailsResponse, type PaymentMethod, type PaymentName } from '@adire/contracts';

/**
 * The payment methods that take a currency (SPEC section 9), of those the shop can take now (the
 * handshake's `paymentMethods`: a provider that is not configured is not offered); all of them when
 * the server does not say.
 */
export function methodsFor(currency: CurrencyName, offered?: readonly PaymentName[]): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => m.supportedCurrencies.includes(currency) && (!offered || offered.includes(m.paymentName)));
}

export type PaymentAnswer =
  | { kind: 'redirect'; url: string }
  | { kind: 'instructions'; instructions: NonNullable<PaymentDetailsResponse['instructions']> }
  | { kind: 'saved' }
  | { kind: 'error'; message: string; code?: string };

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
  if (res.error) return { kind: 'error', message: res.message || 'The payment method could not be set', ...(res.code ? { code: res.code } : {}) };
  if (!res.data) return { kind: 'error', message: 'The shop did not confirm the payment method. Please try again.' };
  if (res.data.redirectUrl) {
    const url = safeUrl(res.data.redirectUrl);
    return url ? { kind: 'redirect', url } : { kind: 'error', message: 'The payment page address is not valid' };
  }
  if (res.data.instructions) return { kind: 'instructions', instructions: res.data.instructions };
  return { kind: 'saved' };
}
