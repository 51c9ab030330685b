import { randomBytes } from 'node:crypto';
import type { PaymentProviderId } from '@adire/contracts';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import { addSettingIfMissing } from '../site';
import type { VerifiedTransaction } from './logic';
import { readFlutterwaveVerification, readFlutterwaveWebhook, flutterwaveSandboxWire, verifyFlutterwaveSignature } from './providers/flutterwave';
import { monnifySandboxWire, readMonnifyVerification, readMonnifyWebhook, verifyMonnifySignature } from './providers/monnify';
import {
  paypalSandboxWebhookId,
  paypalSandboxWire,
  paypalVerifyRequest,
  readPaypalOrder,
  readPaypalWebhook,
  sandboxVerifyWebhookSignature,
  type PaypalVerifyRequest,
} from './providers/paypal';
import { paystackSandboxWire, readPaystackVerification, readPaystackWebhook, verifyPaystackSignature } from './providers/paystack';
import { REFUND_READERS, SANDBOX_REFUND_WIRES, type SandboxRefund } from './providers/refunds';
import type { SandboxTx, SandboxWire } from './providers/sandbox-wire';
import { ProviderError, type PaymentAdapter, type RefundAnswer, type RefundAsk, type StartedPayment, type StartPaymentInput, type WebhookEvent } from './providers/types';
import { hmacHex } from './signatures';

/**
 * The built-in provider sandboxes (the embedded default when no provider keys are set). Each keeps
 * its books in `sandbox_transaction`, serves a hosted payment page on this server, signs its webhooks
 * exactly as its real provider does, and answers verify calls in the provider's own JSON, which the
 * adapters read with the real providers' readers.
 */

const SECRET_SETTING = 'paymentSandbox';

/** The sandboxes' root secret: configured, or made once and kept in the settings (shared by every instance). */
export async function sandboxRootSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await addSettingIfMissing(db.kysely, SECRET_SETTING, { secret: randomBytes(32).toString('hex') });
  const stored = await readSetting<{ secret?: string }>(db.kysely, SECRET_SETTING);
  if (!stored?.secret) throw new Error(`Setting '${SECRET_SETTING}' has no secret`);
  return stored.secret;
}

/**
 * The root secret, read once and shared by every call; a failed read is not kept (the next call tries
 * again).
 */
export function keptRootSecret(db: Db, configured?: string): () => Promise<string> {
  let secret: Promise<string> | null = null;
  return () => {
    secret ??= sandboxRootSecret(db, configured).catch((err) => {
      secret = null;
      throw err;
    });
    return secret;
  };
}

/** Each sandbox's own secret, shaped like its provider's (a Paystack secret key starts sk_test_). */
export function sandboxSecret(root: string, provider: PaymentProviderId): string {
  const h = hmacHex('sha256', root, `sandbox:${provider}`);
  return provider === 'paystack' ? `sk_test_${h.slice(0, 40)}` : provider === 'flutterwave' ? `FLWSECK_TEST-${h.slice(0, 32)}-X` : h;
}

const readers: Record<PaymentProviderId, { verification(json: unknown): VerifiedTransaction; webhook(body: unknown): WebhookEvent }> = {
  paystack: { verification: readPaystackVerification, webhook: readPaystackWebhook },
  flutterwave: { verification: readFlutterwaveVerification, webhook: readFlutterwaveWebhook },
  paypal: { verification: readPaypalOrder, webhook: readPaypalWebhook },
  monnify: { verification: readMonnifyVerification, webhook: readMonnifyWebhook },
};

export interface SandboxDecision {
  tx: SandboxTx;
  /** The webhook to deliver (raw body and signing headers), when the provider sends one. */
  webhook: { rawBody: string; headers: Record<string, string> } | null;
}

/** What every sandbox call works with. */
interface SandboxContext {
  db: Db;
  publicUrl: string;
  wires: Record<PaymentProviderId, SandboxWire>;
  secret(provider: PaymentProviderId): Promise<string>;
  /** Refunds wait as 'pending' until `completeRefund` (tests of the refund webhook); otherwise processed at once. */
  holdRefunds: boolean;
}

export type Sandbox = ReturnType<typeof createSandbox>;

export function createSandbox({ db, publicUrl, rootSecret, holdRefunds = false }: { db: Db; publicUrl: string; rootSecret: () => Promise<string>; holdRefunds?: boolean }) {
  const ctx: SandboxContext = {
    holdRefunds,
    db,
    publicUrl,
    wires: { paystack: paystackSandboxWire, flutterwave: flutterwaveSandboxWire, paypal: paypalSandboxWire(publicUrl), monnify: monnifySandboxWire },
    secret: async (provider) => sandboxSecret(await rootSecret(), provider),
  };
  return {
    adapter: (provider: PaymentProviderId) => sandboxAdapter(ctx, provider),
    find: (provider: PaymentProviderId, reference: string) => find(ctx, provider, reference),
    /**
     * The shopper paid (optionally a different amount, to test part payments) or declined. Only a
     * pending transaction changes; the webhook is built only when this call made the change.
     */
    decide: (provider: PaymentProviderId, reference: string, outcome: 'pay' | 'decline', amountOverride?: number, now: Date = new Date()) =>
      decide(ctx, provider, reference, outcome, amountOverride, now),
    /** PayPal's verify-webhook-signature, as the sandbox answers it. */
    verifyPaypal: async (request: PaypalVerifyRequest) => sandboxVerifyWebhookSignature(await ctx.secret('paypal'), request),
    /**
     * A held refund ends (processed or failed), as its provider would later: the refund webhook to
     * deliver, signed; null when there is no such refund or it had ended already.
     */
    completeRefund: (provider: PaymentProviderId, refundKey: string, outcome: 'processed' | 'failed' = 'processed', now: Date = new Date()) =>
      completeRefund(ctx, provider, refundKey, outcome, now),
    /** The refund webhook of a refund as it stands now (tests replay it). */
    refundWebhook: (provider: PaymentProviderId, refundKey: string, now: Date = new Date()) => refundWebhook(ctx, provider, refundKey, now),
    /** For tests and the README: sign a body as this sandbox's provider would. */
    sign: async (provider: PaymentProviderId, rawBody: string, now: Date = new Date()) => ctx.wires[provider].sign(rawBody, await ctx.secret(provider), now),
  };
}

async function find({ db }: SandboxContext, provider: PaymentProviderId, reference: string): Promise<SandboxTx | undefined> {
  return db.kysely.selectFrom('sandbox_transaction').selectAll().where('provider', '=', provider).where('reference', '=', reference).executeTakeFirst();
}

/** Amounts as numbers (PostgreSQL returns numerics as strings), as the wires expect them. */
const withNumbers = (tx: SandboxTx): SandboxTx => ({ ...tx, amount: Number(tx.amount), amount_paid: tx.amount_paid === null ? null : Number(tx.amount_paid) });

async function signatureOk(ctx: SandboxContext, provider: PaymentProviderId, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
  const key = await ctx.secret(provider);
  switch (provider) {
    case 'paystack':
      return verifyPaystackSignature(key, rawBody, headers);
    case 'flutterwave':
      return verifyFlutterwaveSignature(key, headers);
    case 'monnify':
      return verifyMonnifySignature(key, rawBody, headers);
    case 'paypal': {
      // As the real adapter does: hand the transmission to the (sandbox) verification endpoint.
      const request = paypalVerifyRequest(rawBody, headers, paypalSandboxWebhookId(key));
      return !!request && sandboxVerifyWebhookSignature(key, request).verification_status === 'SUCCESS';
    }
  }
}

function sandboxAdapter(ctx: SandboxContext, provider: PaymentProviderId): PaymentAdapter {
  const wire = ctx.wires[provider];
  return {
    provider,
    mode: 'sandbox',
    startPayment: (input) => openTransaction(ctx, provider, input),
    verifyWebhookSignature: (rawBody, headers) => signatureOk(ctx, provider, rawBody, headers),
    readWebhook: readers[provider].webhook,
    async verifyTransaction(reference) {
      const tx = await find(ctx, provider, reference);
      if (!tx) throw new ProviderError(provider, 404, `no sandbox transaction ${reference}`);
      return readers[provider].verification(wire.verification(withNumbers(tx)));
    },
    refund: (ask) => openRefund(ctx, provider, ask),
    async refundStatus(ask) {
      const r = await findRefund(ctx, provider, ask.key);
      if (!r) throw new ProviderError(provider, 404, `no sandbox refund ${ask.key}`);
      return REFUND_READERS[provider].answer(SANDBOX_REFUND_WIRES[provider].status(r));
    },
    // Every sandbox books a refund once per key and finds it by that key (a 404 when it never arrived).
    refundRecovery: 'status',
  };
}

async function findRefund({ db }: SandboxContext, provider: PaymentProviderId, key: string): Promise<SandboxRefund | undefined> {
  return db.kysely.selectFrom('sandbox_refund').selectAll().where('provider', '=', provider).where('refund_key', '=', key).executeTakeFirst();
}

/**
 * A refund asked of the sandbox, booked once per key (a repeated key answers the same refund, as an
 * idempotency key does), refused as its provider would when it is more than what is left of the
 * payment; processed at once unless refunds are held. Answered in the provider's words.
 */
async function openRefund(ctx: SandboxContext, provider: PaymentProviderId, ask: RefundAsk): Promise<RefundAnswer> {
  const wire = SANDBOX_REFUND_WIRES[provider];
  let r = await findRefund(ctx, provider, ask.key);
  if (!r) {
    const tx = await find(ctx, provider, ask.paymentReference);
    if (!tx || tx.status !== 'success') throw new ProviderError(provider, 400, `no successful sandbox transaction ${ask.paymentReference} to refund`);
    // What is left is judged without this key's own refund: a second call with the same key that raced
    // the first (two instances rechecking at once) must answer that refund, not be refused for it.
    const earlier = await ctx.db.kysely
      .selectFrom('sandbox_refund')
      .select('amount')
      .where('provider', '=', provider)
      .where('reference', '=', tx.reference)
      .where('status', '!=', 'failed')
      .where('refund_key', '!=', ask.key)
      .execute();
    const left = Math.round(Number(tx.amount_paid ?? tx.amount) * 100) - earlier.reduce((sum, e) => sum + Math.round(Number(e.amount) * 100), 0);
    if (Math.round(ask.amount * 100) > left) throw new ProviderError(provider, 400, `refund of ${ask.amount} is more than the ${left / 100} left of ${tx.reference}`);
    const now = new Date().toISOString();
    await ctx.db.kysely
      .insertInto('sandbox_refund')
      .values({ provider, refund_key: ask.key, provider_refund_id: wire.refundId(), reference: tx.reference, amount: ask.amount, currency: ask.currency, status: ctx.holdRefunds ? 'pending' : 'processed', created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['provider', 'refund_key']).doNothing())
      .execute();
    r = (await findRefund(ctx, provider, ask.key))!;
  }
  return REFUND_READERS[provider].answer(wire.created(r));
}

async function refundWebhook(ctx: SandboxContext, provider: PaymentProviderId, key: string, now: Date): Promise<{ rawBody: string; headers: Record<string, string> } | null> {
  const r = await findRefund(ctx, provider, key);
  if (!r) return null;
  const rawBody = JSON.stringify(SANDBOX_REFUND_WIRES[provider].webhook(r, now));
  return { rawBody, headers: { 'content-type': 'application/json', ...ctx.wires[provider].sign(rawBody, await ctx.secret(provider), now) } };
}

async function completeRefund(ctx: SandboxContext, provider: PaymentProviderId, key: string, outcome: 'processed' | 'failed', now: Date) {
  const changed = await ctx.db.kysely
    .updateTable('sandbox_refund')
    .set({ status: outcome, updated_at: now.toISOString() })
    .where('provider', '=', provider)
    .where('refund_key', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return null;
  return refundWebhook(ctx, provider, key, now);
}

/** A payment started in the sandbox: its pending transaction, and the address of its hosted page. */
async function openTransaction(ctx: SandboxContext, provider: PaymentProviderId, input: StartPaymentInput): Promise<StartedPayment> {
  const now = new Date().toISOString();
  const providerReference = ctx.wires[provider].providerReference();
  await ctx.db.kysely
    .insertInto('sandbox_transaction')
    .values({
      provider,
      reference: input.reference,
      provider_reference: providerReference,
      order_id: input.orderId,
      order_number: input.orderNumber,
      email: input.email,
      amount: input.amount,
      currency: input.currency,
      status: 'pending',
      amount_paid: null,
      return_url: input.returnUrl,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { url: `${ctx.publicUrl}/sandbox/${provider}/pay/${encodeURIComponent(input.reference)}`, providerReference };
}

async function decide(
  ctx: SandboxContext,
  provider: PaymentProviderId,
  reference: string,
  outcome: 'pay' | 'decline',
  amountOverride: number | undefined,
  now: Date,
): Promise<SandboxDecision | null> {
  const before = await find(ctx, provider, reference);
  if (!before) return null;
  const paid = amountOverride !== undefined && amountOverride > 0 ? Math.round(amountOverride * 100) / 100 : Number(before.amount);
  const result = await ctx.db.kysely
    .updateTable('sandbox_transaction')
    .set({ status: outcome === 'pay' ? 'success' : 'failed', amount_paid: outcome === 'pay' ? paid : null, updated_at: now.toISOString() })
    .where('provider', '=', provider)
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const tx = withNumbers((await find(ctx, provider, reference))!);
  if (Number(result.numUpdatedRows) !== 1) return { tx, webhook: null };
  const body = ctx.wires[provider].webhook(tx, now);
  if (!body) return { tx, webhook: null };
  const rawBody = JSON.stringify(body);
  return { tx, webhook: { rawBody, headers: { 'content-type': 'application/json', ...ctx.wires[provider].sign(rawBody, await ctx.secret(provider), now) } } };
}
