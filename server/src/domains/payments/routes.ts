import { PAYMENT_METHODS, type PaymentName, type PaymentProviderId } from '@adire/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import type { PaymentsConfig } from './config';
import { isProviderId, providerOf, PROVIDER_IDS } from './logic';
import { flutterwaveAdapter } from './providers/flutterwave';
import { monnifyAdapter } from './providers/monnify';
import { paypalAdapter, type PaypalVerifyRequest } from './providers/paypal';
import { paystackAdapter } from './providers/paystack';
import type { PaymentAdapter } from './providers/types';
import { createSandbox, sandboxRootSecret, type Sandbox } from './sandbox';
import { paymentNotFoundPage, sandboxNotFoundPage, sandboxPage } from './sandbox-page';
import { createPaymentsService, type Adapters } from './service';

export interface PaymentRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  config: PaymentsConfig;
  /** The shop's clock (holds, the delivery date's check before paying); tests move it. */
  now?: () => Date;
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const orderIdParams = {
  type: 'object',
  properties: { orderId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
  required: ['orderId'],
} as const;
const providerParams = { type: 'object', properties: { provider: { type: 'string', enum: [...PROVIDER_IDS] } }, required: ['provider'] } as const;
const sandboxParams = {
  type: 'object',
  properties: { provider: providerParams.properties.provider, reference: { type: 'string', minLength: 1, maxLength: 120 } },
  required: ['provider', 'reference'],
} as const;

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

/** The sandbox's own pages: inline styles and a form posting to itself, nothing else (no script at all). */
const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const htmlPage = (reply: import('fastify').FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').header('content-security-policy', SANDBOX_PAGE_CSP).type('text/html; charset=utf-8').send(html);

/**
 * Payments domain: update-payment-details and the transfer notice under /v1 (they carry `business`);
 * provider webhooks and the shopper's return outside /v1 (providers send no `business`); the built-in
 * sandboxes' hosted pages.
 */
export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, { db, mailer, publicUrl, config, now }) => {
  let secret: Promise<string> | null = null;
  const rootSecret = () => {
    secret ??= sandboxRootSecret(db, config.sandboxSecret).catch((err) => {
      secret = null;
      throw err;
    });
    return secret;
  };
  const sandbox = config.sandbox ? createSandbox({ db, publicUrl, rootSecret }) : null;
  const service = createPaymentsService({ db, mailer, publicUrl, adapters: buildAdapters(config, sandbox), log: app.log, now });

  app.put(
    '/v1/orders/order/update-payment-details/:orderId',
    { schema: { params: orderIdParams, body: { type: 'object', properties: { business: text(100), currency: text(10), paymentMethod: text(60) } } } },
    async (request) => {
      const { orderId } = request.params as { orderId: string };
      return { data: await service.updatePaymentDetails(orderId, request.body as { currency?: unknown; paymentMethod?: unknown }) };
    },
  );

  app.put(
    '/v1/orders/order/transfer-notice/:orderId',
    {
      schema: {
        params: orderIdParams,
        body: { type: 'object', properties: { business: text(100), amount: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 30 }] }, accountName: text(200), reference: text(100) } },
      },
    },
    async (request) => {
      const { orderId } = request.params as { orderId: string };
      return { data: await service.transferNotice(orderId, request.body as Record<string, unknown>) };
    },
  );

  app.get('/payments/return/:provider', { schema: { params: providerParams } }, async (request, reply) => {
    const { provider } = request.params as { provider: PaymentProviderId };
    const done = await service.handleReturn(provider, request.query as Record<string, unknown>);
    if (!done) return htmlPage(reply, 404, paymentNotFoundPage());
    return reply.header('cache-control', 'no-store').redirect(done.location, 303);
  });

  // Raw bodies here: a signature is computed over the exact bytes the provider sent.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    raw.post('/webhooks/:provider', async (request, reply) => {
      const { provider } = request.params as { provider: string };
      if (!isProviderId(provider)) return reply.status(404).send({ message: `Unknown payment provider '${provider.slice(0, 30)}'`, code: 'NOT_FOUND' });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await service.handleWebhook(provider, body, request.headers);
      return reply.status(answer.status).send(answer.body);
    });

    if (!sandbox) return;

    raw.get('/sandbox/:provider/pay/:reference', { schema: { params: sandboxParams } }, async (request, reply) => {
      const { provider, reference } = request.params as { provider: PaymentProviderId; reference: string };
      const tx = await sandbox.find(provider, reference);
      if (!tx) return htmlPage(reply, 404, sandboxNotFoundPage());
      return htmlPage(reply, 200, sandboxPage(provider, tx, `/sandbox/${provider}/pay/${encodeURIComponent(reference)}`));
    });

    /**
     * Pay or Decline: the sandbox books it, sends this server the webhook its provider would send
     * (signed, with the provider's headers), then returns the shopper as the provider does.
     */
    raw.post('/sandbox/:provider/pay/:reference', { schema: { params: sandboxParams } }, async (request, reply) => {
      const { provider, reference } = request.params as { provider: PaymentProviderId; reference: string };
      const form = new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
      const outcome = form.get('outcome') === 'pay' ? 'pay' : form.get('outcome') === 'decline' ? 'decline' : null;
      if (!outcome) return htmlPage(reply, 400, sandboxNotFoundPage().replace('Payment not found', 'Choose Pay or Decline'));
      const override = Number(form.get('amount') ?? '');
      const decision = await sandbox.decide(provider, reference, outcome, Number.isFinite(override) && override > 0 ? override : undefined);
      if (!decision) return htmlPage(reply, 404, sandboxNotFoundPage());
      if (decision.webhook) {
        const delivered = await app.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: decision.webhook.headers, payload: decision.webhook.rawBody });
        if (delivered.statusCode !== 200) request.log.warn({ provider, reference, status: delivered.statusCode, body: delivered.body }, 'sandbox webhook was not accepted');
      }
      const back = new URL(decision.tx.return_url);
      // As the real providers add their own parameters to the return address.
      if (provider === 'paystack') back.searchParams.set('trxref', reference);
      if (provider === 'flutterwave') {
        back.searchParams.set('status', decision.tx.status === 'success' ? 'successful' : 'cancelled');
        back.searchParams.set('tx_ref', reference);
        back.searchParams.set('transaction_id', decision.tx.provider_reference);
      }
      if (provider === 'paypal') back.searchParams.set('token', decision.tx.provider_reference);
      if (provider === 'monnify') back.searchParams.set('paymentReference', reference);
      return reply.header('cache-control', 'no-store').redirect(`${back.pathname}${back.search}`, 303);
    });

    // PayPal's verify-webhook-signature, as the sandbox answers it (the sandbox adapter asks it in-process).
    raw.post('/sandbox/paypal/v1/notifications/verify-webhook-signature', async (request, reply) => {
      let body: PaypalVerifyRequest;
      try {
        body = JSON.parse(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '') as PaypalVerifyRequest;
      } catch {
        return reply.status(400).send({ name: 'INVALID_REQUEST', message: 'Request is not well-formed', code: 'INVALID_REQUEST' });
      }
      return reply.send(await sandbox.verifyPaypal(body));
    });
  });
};
