import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { accountRoutes } from './domains/account/routes';
import { catalogRoutes } from './domains/catalog/routes';
import { siteRoutes } from './domains/site/routes';
import { checkBusiness } from './http/business';
import { registerErrorHandling } from './http/errors';
import { registerStoreFiles } from './http/static';
import { orderRoutes } from './domains/orders';
import { createMailer, type Mailer } from './mail/mailer';
import { loadPaymentsConfig, paymentRoutes } from './domains/payments';

export interface AppOptions {
  db: Db;
  config: Pick<ServerConfig, 'bodyLimitBytes' | 'shellDir' | 'releasesDir' | 'logLevel'> &
    Partial<Pick<ServerConfig, 'devRemotes' | 'production' | 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'auth' | 'payments'>>;
  /** Defaults to nodemailer into the embedded outbox (plus SMTP when smtpUrl is set). */
  mailer?: Mailer;
  logger?: boolean;
}

export async function buildApp({ db, config, mailer, logger = true }: AppOptions): Promise<FastifyInstance> {
  const mail = mailer ?? createMailer({ db, from: config.mailFrom ?? 'Adire Blooms <hello@adireblooms.ng>', smtpUrl: config.smtpUrl });
  const site = { production: config.production ?? false, publicUrl: config.publicUrl ?? 'http://127.0.0.1:8080' };
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: config.bodyLimitBytes,
    // Ajv: coerce query strings to their types, strip nothing silently.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    disableRequestLogging: false,
    trustProxy: false,
  });

  registerErrorHandling(app, config.bodyLimitBytes);
  await app.register(compress, { global: true, threshold: 1024 });

  // Every /v1 call must name this business (query or body), checked once the body is parsed.
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/v1/')) checkBusiness(request);
  });

  app.get('/healthz', async () => {
    await db.kysely.selectFrom('currency').select('name').limit(1).execute();
    return { data: { status: 'ok', database: db.dialect } };
  });

  await app.register(siteRoutes, { db, mailer: mail, site });
  await app.register(catalogRoutes, { db });
  await app.register(accountRoutes, { db, mailer: mail, auth: config.auth, publicUrl: site.publicUrl });
  await app.register(orderRoutes, { db, mailer: mail, auth: config.auth, publicUrl: site.publicUrl });
  // Without configuration: every provider in its built-in sandbox (off in production unless asked for).
  const payments = config.payments ?? loadPaymentsConfig({}, site.production);
  await app.register(paymentRoutes, { db, mailer: mail, publicUrl: site.publicUrl, config: payments });
  await registerStoreFiles(app, config);
  return app;
}
