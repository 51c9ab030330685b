import { PAYMENT_METHODS, type PaymentName, type PaymentProviderId } from '@adire/contracts';
import type { PaymentsConfig } from './config';
import type { Adapters } from './context';
import { providerOf, PROVIDER_IDS } from './logic';
import { flutterwaveAdapter } from './providers/flutterwave';
import { monnifyAdapter } from './providers/monnify';
import { paypalAdapter } from './providers/paypal';
import { paystackAdapter } from './providers/paystack';
import type { PaymentAdapter } from './providers/types';
import type { Sandbox } from './sandbox';

/** Each provider: real when its keys are configured, else its sandbox (when sandboxes are on), else none. */
export function buildAdapters(config: PaymentsConfig, sandbox: Sandbox | null): Adapters {
  const live: Partial<Record<PaymentProviderId, PaymentAdapter>> = {
    ...(config.paystack ? { paystack: paystackAdapter(config.paystack) } : {}),
    ...(config.flutterwave ? { flutterwave: flutterwaveAdapter(config.flutterwave) } : {}),
    ...(config.paypal ? { paypal: paypalAdapter(config.paypal) } : {}),
    ...(config.monnify ? { monnify: monnifyAdapter(config.monnify) } : {}),
  };
  const adapters: Adapters = {};
  for (const provider of PROVIDER_IDS) {
    const adapter = live[provider] ?? sandbox?.adapter(provider);
    if (adapter) adapters[provider] = adapter;
  }
  return adapters;
}

/**
 * Whether a refund at this provider can be asked about again when the provider never gave it an id
 * (its answer was lost): the adapter finds it by our key or sends the call again safely
 * (`refundRecovery`). Paystack's and Flutterwave's live refunds cannot; every sandbox can.
 */
export function refundAskableWithoutId(config: PaymentsConfig): (provider: string) => boolean {
  const live = buildAdapters(config, null);
  return (provider) => {
    const adapter = (live as Record<string, PaymentAdapter | undefined>)[provider];
    return adapter ? adapter.refundRecovery !== undefined : config.sandbox;
  };
}

/**
 * The payment methods the shop can take now (SPEC section 9 names): a provider's method only when its
 * provider is configured or its sandbox is on (production runs no sandbox unless asked), a manual
 * transfer always. The handshake tells the checkout, which offers only these.
 */
export function offeredPaymentMethods(config: PaymentsConfig): PaymentName[] {
  const configured = new Set<PaymentProviderId>(PROVIDER_IDS.filter((provider) => config.sandbox || config[provider]));
  return PAYMENT_METHODS.filter((m) => {
    const provider = providerOf(m.paymentName);
    return provider === null || configured.has(provider);
  }).map((m) => m.paymentName);
}
