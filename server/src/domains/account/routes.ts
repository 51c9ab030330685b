import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { withRetryAfter, DEFAULT_AUTH_CONFIG, type AuthConfig, PASSWORD_MAX_LENGTH } from '../../auth';
import { createAccountService } from './service';
import { requireUser, userFromRequest } from './session';
import { ACCOUNT_API } from '@adire/contracts/account';
import { confirmEmail } from './email-confirmation';

export interface AccountOptions {
  db: Db;
  mailer: Mailer;
  /** Token lifetime, code cooldown, rate limits; defaults to DEFAULT_AUTH_CONFIG. */
  auth?: AuthConfig;
  /** Base of links in mail. */
  publicUrl?: string;
}

const business = { type: 'string', maxLength: 100 } as const;
const email = { type: 'string', maxLength: 320 } as const;
// Long enough for any real password; the policy (8 to 256 characters) answers with its own message.
const password = { type: 'string', maxLength: PASSWORD_MAX_LENGTH * 4 } as const;

const body = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required,
  properties: { business, ...properties },
});

/** Account domain: sign-up, login, one-time codes, new password, logout (SPEC section 7). */
export const accountRoutes: FastifyPluginAsync<AccountOptions> = async (app, options) => {
  const { db } = options;
  const service = createAccountService({
    db,
    mailer: options.mailer,
    config: options.auth ?? DEFAULT_AUTH_CONFIG,
    publicUrl: options.publicUrl ?? 'http://127.0.0.1:8080',
  });

  app.post('/v1/storefront/auth/login', { schema: { body: body(['email', 'password'], { email, password }) } }, async (request, reply) => {
    const input = request.body as { email: string; password: string };
    const data = await withRetryAfter(reply, () => service.login({ ...input, ip: request.ip, userAgent: request.headers['user-agent'] }));
    return { data };
  });

  app.post(
    '/v1/storefront/auth/signup',
    { schema: { body: body(['email', 'password'], { email, password, name: { type: 'string', maxLength: 120 } }) } },
    async (request, reply) => {
      const input = request.body as { email: string; password: string; name?: string };
      const data = await withRetryAfter(reply, () => service.signup({ ...input, ip: request.ip, userAgent: request.headers['user-agent'] }));
      return reply.status(201).send({ data });
    },
  );

  app.post('/v1/storefront/auth/otp/request', { schema: { body: body(['email'], { email }) } }, async (request, reply) => {
    const input = request.body as { email: string };
    await withRetryAfter(reply, () => service.requestCode({ ...input, ip: request.ip }));
    return { data: { sent: true } };
  });

  app.post(
    '/v1/storefront/auth/otp/validate',
    { schema: { body: body(['email', 'code'], { email, code: { type: 'string', maxLength: 32 } }) } },
    async (request, reply) => {
      const input = request.body as { email: string; code: string };
      const data = await withRetryAfter(reply, () => service.validateCode({ ...input, ip: request.ip, userAgent: request.headers['user-agent'] }));
      return { data };
    },
  );

  // The new password; `currentPassword` is needed unless the session was made by a one-time code in
  // the last 10 minutes (the forgot-password flow).
  app.put(
    '/v1/storefront/auth/change-password',
    { schema: { body: body(['password'], { password, currentPassword: password }) } },
    async (request, reply) => {
      const session = await requireUser(db, request);
      const { password: next, currentPassword } = request.body as { password: string; currentPassword?: string };
      return { data: await withRetryAfter(reply, () => service.changePassword(session, next, { password: currentPassword, ip: request.ip })) };
    },
  );

  // The sign-up mail's confirmation link (issue 38, item 5): no login, the token is the proof; its page POSTs it.
  app.post(ACCOUNT_API.confirmEmail, { schema: { body: body([], { token: { type: 'string', maxLength: 400 } }) } }, async (request) => ({
    data: { confirmed: true, ...(await confirmEmail(db.kysely, (request.body as { token?: unknown }).token, new Date())) },
  }));

  // A new confirmation link, for the logged-in shopper (the one-time code's limits and cooldown).
  app.post(ACCOUNT_API.resendConfirmation, { schema: { body: body([], {}) } }, async (request, reply) => {
    const session = await requireUser(db, request);
    return { data: await withRetryAfter(reply, () => service.resendConfirmation(session, request.ip)) };
  });

  app.post('/v1/storefront/auth/logout', async (request) => {
    await service.logout(await userFromRequest(db, request));
    return { data: { loggedOut: true } };
  });
};
