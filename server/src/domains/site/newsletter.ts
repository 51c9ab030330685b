import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { createAttemptLog, withRetryAfter, type AuthConfig } from '../account';
import { confirmSubscription, subscribe, TOKEN_MAX_LENGTH, unsubscribe } from './newsletter-service';

const subscribeQuery = {
  type: 'object',
  // `email` is checked by the service, so a bad one gets the shopper's message, not a schema error.
  properties: { business: { type: 'string', maxLength: 100 } },
} as const;

const tokenBody = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: {
    business: { type: 'string', maxLength: 100 },
    token: { type: 'string', maxLength: TOKEN_MAX_LENGTH },
  },
} as const;

export interface NewsletterRouteOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The shop's rate limits (the newsletter's per IP and per address among them). */
  auth: AuthConfig;
}

/**
 * Newsletter (double opt-in): subscribe from the footer box (email in the query, empty body) mails a
 * confirmation link; the confirm page POSTs its token; unsubscribe from the link in the welcome mail.
 * (An empty JSON body counts as absent: `registerInputGuards`.)
 */
export const newsletterRoutes: FastifyPluginAsync<NewsletterRouteOptions> = async (app, { db, mailer, publicUrl, auth }) => {
  const { newsletterPerIp: perIp, newsletterMailsPerAddress: mailsPerAddress } = auth.limits;
  const attempts = createAttemptLog(db, Math.max(perIp.windowMs, mailsPerAddress.windowMs));
  const deps = { db, mailer, publicUrl, attempts, limits: { perIp, mailsPerAddress }, log: app.log };

  app.post('/v1/storefront/subscribe', { schema: { querystring: subscribeQuery } }, async (request, reply) => {
    const query = request.query as { email?: unknown };
    const body = request.body as { email?: unknown } | undefined;
    const raw = query.email ?? (body && typeof body === 'object' ? body.email : undefined);
    const { email } = await withRetryAfter(reply, () => subscribe(deps, raw, request.ip));
    // The same answer whether the address was mailed, is waiting, or is subscribed already.
    return { data: { email, confirmationRequired: true } };
  });

  app.post('/v1/storefront/confirm-subscription', { schema: { body: tokenBody } }, async (request) => {
    const { token } = request.body as { token: string };
    const { email } = await confirmSubscription(deps, token);
    return { data: { subscribed: true, email } };
  });

  app.post('/v1/storefront/unsubscribe', { schema: { body: tokenBody } }, async (request) => {
    const { token } = request.body as { token: string };
    const { email } = await unsubscribe(db, token);
    return { data: { unsubscribed: true, email } };
  });
};
