import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { subscribe, TOKEN_MAX_LENGTH, unsubscribe } from './newsletter-service';

const subscribeQuery = {
  type: 'object',
  // `email` is checked by the service, so a bad one gets the shopper's message, not a schema error.
  properties: { business: { type: 'string', maxLength: 100 } },
} as const;

const unsubscribeBody = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: {
    business: { type: 'string', maxLength: 100 },
    token: { type: 'string', maxLength: TOKEN_MAX_LENGTH },
  },
} as const;

/**
 * Newsletter: subscribe from the footer box (email in the query, empty body), unsubscribe from the
 * link in the welcome mail. (An empty JSON body counts as absent: `registerInputGuards`.)
 */
export const newsletterRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; publicUrl: string }> = async (app, { db, mailer, publicUrl }) => {
  app.post('/v1/storefront/subscribe', { schema: { querystring: subscribeQuery } }, async (request) => {
    const query = request.query as { email?: unknown };
    const body = request.body as { email?: unknown } | undefined;
    const raw = query.email ?? (body && typeof body === 'object' ? body.email : undefined);
    const { email } = await subscribe({ db, mailer, publicUrl }, raw);
    return { data: { subscribed: true, email } };
  });

  app.post('/v1/storefront/unsubscribe', { schema: { body: unsubscribeBody } }, async (request) => {
    const { token } = request.body as { token: string };
    const { email } = await unsubscribe(db, token);
    return { data: { unsubscribed: true, email } };
  });
};
