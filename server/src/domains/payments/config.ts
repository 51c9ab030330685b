import type { FlutterwaveConfig } from './providers/flutterwave';
import type { MonnifyConfig } from './providers/monnify';
import type { PaypalConfig } from './providers/paypal';
import type { PaystackConfig } from './providers/paystack';

/**
 * Which providers are real and which run in the built-in sandbox. A provider is real when its keys are
 * in the environment; otherwise its sandbox takes the payment — except in production, where the
 * sandboxes stay off unless PAYMENTS_SANDBOX=1 (a sandbox would let anyone "pay").
 */
export interface PaymentsConfig {
  sandbox: boolean;
  /** Root secret of the sandboxes' signatures; made once and kept in the settings when absent. */
  sandboxSecret?: string;
  paystack?: PaystackConfig;
  flutterwave?: FlutterwaveConfig;
  paypal?: PaypalConfig;
  monnify?: MonnifyConfig;
  /** How long a payment link the staff send lasts (PAYMENT_LINK_HOURS, default 72; issue 39). */
  paymentLinkMs?: number;
  /** How long a sender has to answer a proposed substitute before the shop's proposal stands (SUBSTITUTION_HOURS, default 3; issue 40). */
  substitutionMs?: number;
  /** How often every instance asks the providers again about refunds still pending (REFUND_RECHECK_MINUTES, default 15). */
  refundRecheckMinutes?: number;
}

/** How often pending refunds are asked about again when REFUND_RECHECK_MINUTES is not set. */
export const DEFAULT_REFUND_RECHECK_MINUTES = 15;

/** A payment link's life when PAYMENT_LINK_HOURS is not set. */
export const DEFAULT_PAYMENT_LINK_MS = 72 * 3_600_000;

export const DEFAULT_BASE_URLS = {
  paystack: 'https://api.paystack.co',
  flutterwave: 'https://api.flutterwave.com',
  paypal: 'https://api-m.paypal.com',
  monnify: 'https://api.monnify.com',
} as const;

export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env, production = env.NODE_ENV === 'production'): PaymentsConfig {
  const v = (name: string) => env[name]?.trim() || undefined;
  const missing = (names: string[]) => names.filter((n) => !v(n));
  const group = (prefix: string, names: string[]) => {
    const set = names.filter((n) => v(n));
    if (set.length > 0 && set.length < names.length) {
      throw new Error(`${prefix}: set all of ${names.join(', ')} (missing ${missing(names).join(', ')}) or none`);
    }
    return set.length === names.length;
  };
  const config: PaymentsConfig = {
    sandbox: env.PAYMENTS_SANDBOX === '1' || (!production && env.PAYMENTS_SANDBOX !== '0'),
    ...(v('PAYMENTS_SANDBOX_SECRET') ? { sandboxSecret: v('PAYMENTS_SANDBOX_SECRET') } : {}),
  };
  const linkHours = Number(v('PAYMENT_LINK_HOURS'));
  if (v('PAYMENT_LINK_HOURS') && !(Number.isFinite(linkHours) && linkHours > 0)) throw new Error('PAYMENT_LINK_HOURS: a number of hours above 0');
  if (v('PAYMENT_LINK_HOURS')) config.paymentLinkMs = linkHours * 3_600_000;
  const substitutionHours = Number(v('SUBSTITUTION_HOURS'));
  if (v('SUBSTITUTION_HOURS') && !(Number.isFinite(substitutionHours) && substitutionHours > 0)) throw new Error('SUBSTITUTION_HOURS: a number of hours above 0');
  if (v('SUBSTITUTION_HOURS')) config.substitutionMs = substitutionHours * 3_600_000;
  const recheckMinutes = Number(v('REFUND_RECHECK_MINUTES'));
  if (v('REFUND_RECHECK_MINUTES') && !(Number.isFinite(recheckMinutes) && recheckMinutes >= 1)) throw new Error('REFUND_RECHECK_MINUTES: a number of minutes, 1 or more');
  if (v('REFUND_RECHECK_MINUTES')) config.refundRecheckMinutes = recheckMinutes;
  if (v('PAYSTACK_SECRET_KEY')) config.paystack = { secretKey: v('PAYSTACK_SECRET_KEY')!, baseUrl: v('PAYSTACK_BASE_URL') ?? DEFAULT_BASE_URLS.paystack };
  if (group('Flutterwave', ['FLUTTERWAVE_SECRET_KEY', 'FLUTTERWAVE_SECRET_HASH'])) {
    config.flutterwave = { secretKey: v('FLUTTERWAVE_SECRET_KEY')!, secretHash: v('FLUTTERWAVE_SECRET_HASH')!, baseUrl: v('FLUTTERWAVE_BASE_URL') ?? DEFAULT_BASE_URLS.flutterwave };
  }
  if (group('PayPal', ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'])) {
    config.paypal = {
      clientId: v('PAYPAL_CLIENT_ID')!,
      clientSecret: v('PAYPAL_CLIENT_SECRET')!,
      webhookId: v('PAYPAL_WEBHOOK_ID')!,
      baseUrl: v('PAYPAL_BASE_URL') ?? DEFAULT_BASE_URLS.paypal,
    };
  }
  if (group('Monnify', ['MONNIFY_API_KEY', 'MONNIFY_SECRET_KEY', 'MONNIFY_CONTRACT_CODE'])) {
    config.monnify = {
      apiKey: v('MONNIFY_API_KEY')!,
      secretKey: v('MONNIFY_SECRET_KEY')!,
      contractCode: v('MONNIFY_CONTRACT_CODE')!,
      baseUrl: v('MONNIFY_BASE_URL') ?? DEFAULT_BASE_URLS.monnify,
    };
  }
  return config;
}
