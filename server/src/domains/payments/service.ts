import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderId } from '@adire/contracts';
import type { AttemptRow, PaymentsContext, PaymentsServiceOptions } from './context';
import { findAttempt } from './ledger';
import { transferNotice } from './manual-transfer';
import { handleReturn, handleWebhook } from './provider-answers';
import type { WebhookClaim } from './logic';
import type { PaymentAdapter } from './providers/types';
import { settle } from './settle';
import { updatePaymentDetails } from './start-payment';

/**
 * The shopper's payment calls over one context: starting a payment (`start-payment.ts`), a manual
 * transfer's notice (`manual-transfer.ts`), a provider's answer (`provider-answers.ts` → `settle.ts`).
 */
export type { AttemptRow, Adapters, PaymentsServiceOptions, SettleOutcome, SettleResult } from './context';
export { CHECKOUT_REQUIRED } from './context';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService({ db, mailer, publicUrl, adapters, log, now: clock = () => new Date(), tally, holds }: PaymentsServiceOptions) {
  const ctx: PaymentsContext = { db, mailer, publicUrl, adapters, log, clock, tally, holds };
  return {
    adapters,
    updatePaymentDetails: (orderId: string, body: { currency?: unknown; paymentMethod?: unknown }) => updatePaymentDetails(ctx, orderId, body),
    transferNotice: (orderId: string, body: { amount?: unknown; accountName?: unknown; reference?: unknown }) => transferNotice(ctx, orderId, body),
    handleWebhook: (provider: PaymentProviderId, rawBody: Buffer, headers: IncomingHttpHeaders) => handleWebhook(ctx, provider, rawBody, headers),
    handleReturn: (provider: PaymentProviderId, query: Record<string, unknown>) => handleReturn(ctx, provider, query),
    settle: (adapter: PaymentAdapter, attempt: AttemptRow, claim: WebhookClaim | undefined, source: 'webhook' | 'return') => settle(ctx, adapter, attempt, claim, source),
    findAttempt: (provider: PaymentProviderId, reference: string) => findAttempt(db, provider, reference),
  };
}
