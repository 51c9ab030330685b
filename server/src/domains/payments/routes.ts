import { PAY_PATH, type PaymentProviderId } from '@adire/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { buildAdapters } from './adapters';
import type { PaymentsConfig } from './config';
import { isProviderId } from './logic';
import { orderIdParams, paymentDetailsBody, providerParams, transferNoticeBody } from './route-schemas';
import { expiredLinkPage, openPaymentLink, unknownLinkPage } from './payment-links';
import { createSandbox, keptRootSecret } from './sandbox';
import { paymentNotFoundPage } from './sandbox-page';
import { htmlPage, registerSandboxRoutes } from './sandbox-routes';
import { createPaymentsService, type PaymentsService } from './service';
import type { ShopTally } from '../../metrics';
import type { DayHolds } from '../orders';

export { buildAdapters, offeredPaymentMethods } from './adapters';

export interface PaymentRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  config: PaymentsConfig;
  /** The shop's clock (holds, the delivery date's check before paying); tests move it. */
  now?: () => Date;
  /** Where payments, failures and webhooks are counted (the metrics); nothing when not given. */
  tally?: ShopTally;
  /** How long a payment holds the order's day (orders' rules, issue 38). */
  holds?: DayHolds;
}

/**
 * Payments domain: update-payment-details and the transfer notice under /v1 (they carry `business`);
 * provider webhooks and the shopper's return outside /v1 (providers send no `business`); the built-in
 * sandboxes' hosted pages (`sandbox-routes.ts`).
 */
export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, { db, mailer, publicUrl, config, now, tally, holds }) => {
  const sandbox = config.sandbox ? createSandbox({ db, publicUrl, rootSecret: keptRootSecret(db, config.sandboxSecret) }) : null;
  const service = createPaymentsService({ db, mailer, publicUrl, adapters: buildAdapters(config, sandbox), log: app.log, now, tally, holds });
  registerShopperRoutes(app, service);
  registerPaymentLinkRoute(app, db, now ?? (() => new Date()));
  // Raw bodies here: a signature is computed over the exact bytes the provider sent.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/webhooks/:provider', (request, reply) => webhook(service, request, reply));
    if (sandbox) registerSandboxRoutes(raw, app, sandbox);
  });
};

function registerShopperRoutes(app: FastifyInstance, service: PaymentsService): void {
  app.put('/v1/orders/order/update-payment-details/:orderId', { schema: { params: orderIdParams, body: paymentDetailsBody } }, async (request) => {
    const { orderId } = request.params as { orderId: string };
    return { data: await service.updatePaymentDetails(orderId, request.body as { currency?: unknown; paymentMethod?: unknown }) };
  });

  app.put('/v1/orders/order/transfer-notice/:orderId', { schema: { params: orderIdParams, body: transferNoticeBody } }, async (request) => {
    const { orderId } = request.params as { orderId: string };
    return { data: await service.transferNotice(orderId, request.body as Record<string, unknown>) };
  });

  app.get('/payments/return/:provider', { schema: { params: providerParams } }, async (request, reply) => {
    const { provider } = request.params as { provider: PaymentProviderId };
    const done = await service.handleReturn(provider, request.query as Record<string, unknown>);
    if (!done) return htmlPage(reply, 404, paymentNotFoundPage());
    return reply.header('cache-control', 'no-store').redirect(done.location, 303);
  });
}

/**
 * A payment link the staff sent (issue 39): while it lasts, the order's payment stage in the checkout
 * (the customer pays with any method the checkout offers, exactly as a web payment); 410 once expired.
 */
function registerPaymentLinkRoute(app: FastifyInstance, db: Db, now: () => Date): void {
  const params = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } } as const;
  app.get(`${PAY_PATH}/:token`, { schema: { params } }, async (request, reply) => {
    const opened = await openPaymentLink(db, (request.params as { token: string }).token, now());
    reply.header('referrer-policy', 'no-referrer');
    if (!opened) return htmlPage(reply, 404, unknownLinkPage());
    if (opened === 'expired') return htmlPage(reply, 410, expiredLinkPage());
    return reply.header('cache-control', 'no-store').redirect(`/checkout?orderId=${encodeURIComponent(opened.orderId)}&stage=payment`, 303);
  });
}

/** POST /webhooks/:provider, on the raw body. */
async function webhook(service: PaymentsService, request: FastifyRequest, reply: FastifyReply) {
  const { provider } = request.params as { provider: string };
  if (!isProviderId(provider)) return reply.status(404).send({ message: `Unknown payment provider '${provider.slice(0, 30)}'`, code: 'NOT_FOUND' });
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const answer = await service.handleWebhook(provider, body, request.headers);
  return reply.status(answer.status).send(answer.body);
}
