import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './server-config';
import type { Db } from './db/database';
import type { DataVersions } from './db/data-versions';
import { accountRoutes, DEFAULT_AUTH_CONFIG, emailVerified, myAccountRoutes, userFromRequest } from './domains/account';
import { CatalogIndexCache, catalogRoutes, catalogStaffRoutes, SearchCounts } from './domains/catalog';
import { newsletterAccountPart, settingsStaffRoutes, siteRoutes } from './domains/site';
import { checkBusiness } from './http/business';
import { clientErrorAnswer, frameworkErrors, registerErrorHandling } from './http/errors';
import { registerInputGuards } from './http/input';
import { trackRoutes } from './http/route-table';
import { fastifyTrustProxy, registerSecurity } from './http/security';
import { registerResponseCache, serverAnsweringKeptFirst, type KeptFirst } from './http/response-cache';
import { registerStoreFiles } from './release';
import { ReleaseRegistry } from './release/registry';
import { DEFAULT_CANARY_CONFIG } from './release/canary';
import type { ReleaseManifest } from './release/releases';
import { releaseStaffRoutes } from './release/staff-routes';
import { PageTelemetry, telemetryRoutes } from './release/telemetry';
import { accountOrderRoutes, accountOrdersPart, dayStaffRoutes, DEFAULT_DAY_HOLD_RULES, orderRoutes, orderStaffRoutes, photoStaffRoutes, riderStaffRoutes } from './domains/orders';
import { createMailer, type Mailer } from './mail/mailer';
import { counterStaffRoutes, createRefunder, loadPaymentsConfig, offeredPaymentMethods, orderPaymentRecords, orderPaymentSideAt, paymentRoutes, refundAskableWithoutId, refundStaffRoutes, substitutionRoutes, substitutionStaffRoutes, transferStaffRoutes } from './domains/payments';
import { loadStaffConfig, staffRoutes } from './domains/staff';
import type { ShopMetrics } from './metrics';
import { addShopGauges } from './shop-metrics';

export interface AppOptions {
  db: Db;
  config: Pick<ServerConfig, 'bodyLimitBytes' | 'shellDir' | 'releasesDir' | 'logLevel'> &
    Partial<Pick<ServerConfig, 'devRemotes' | 'devOverrides' | 'production' | 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'mailRetryEveryMs' | 'auth' | 'payments' | 'staff' | 'trustProxy' | 'corsOrigins' | 'responseCache' | 'serverDraw' | 'canary' | 'dayHolds' | 'proof'>>;
  /** The release telemetry's clock (page tokens' expiry, vitals' hours); tests pass their own. */
  clock?: () => number;
  /** Defaults to nodemailer into the embedded outbox (plus SMTP when smtpUrl is set). */
  mailer?: Mailer;
  logger?: boolean;
  /** The shop's clock for orders and payments (holds, cutoffs, order-by times); tests move it. Default: the machine's. */
  now?: () => Date;
  /** The metrics (issue 41): every route instrumented, the domains' counts and the gauges read at scrape time. Served by main.ts on METRICS_PORT. */
  metrics?: ShopMetrics;
}

type Config = AppOptions['config'];
type Site = { production: boolean; publicUrl: string };

export async function buildApp({ db, config, mailer, logger = true, clock = Date.now, now = () => new Date(), metrics }: AppOptions): Promise<FastifyInstance> {
  const { mail, logTo } = shopMailer(db, config, mailer);
  const site: Site = { production: config.production ?? false, publicUrl: config.publicUrl ?? 'http://127.0.0.1:8080' };
  const { app, releases, versions } = await platform(db, config, logger, metrics);
  await domains(app, { db, config, mail, site, now, releases, metrics });
  if (metrics) addShopGauges(metrics, { db, releases, now });
  await pages(app, { db, config, site, clock, releases, versions });
  logTo(app);
  keepMailGoing(app, mail, config);
  return app;
}

type MailRetry = { attempts: number; nextAttemptAt: string | null };

/** The shop's mailer (unless the caller gives one); delivery errors go to the console until `logTo` hands them to the app's log. */
function shopMailer(db: Db, config: Config, mailer: Mailer | undefined) {
  let reportMailError = (err: unknown, mailId: string, _retry?: MailRetry) => console.error(`mail ${mailId} could not be delivered:`, err);
  const mail =
    mailer ??
    createMailer({
      db,
      from: config.mailFrom ?? 'Adire Blooms <hello@adireblooms.ng>',
      smtpUrl: config.smtpUrl,
      onDeliveryError: (err, mailId, retry) => reportMailError(err, mailId, retry),
    });
  const logTo = (app: FastifyInstance) => {
    reportMailError = (err, mailId, retry) =>
      app.log.error(
        { err, mailId, ...retry },
        !retry ? 'mail could not be built or delivered' : retry.nextAttemptAt ? 'mail delivery failed; it will be tried again' : 'mail delivery failed; given up',
      );
  };
  return { mail, logTo };
}

/**
 * The platform every domain stands on: Fastify with its error handling, route table, security headers,
 * input guards, response cache and compression; the release registry; the business check of every /v1
 * call and /healthz.
 */
async function platform(db: Db, config: Config, logger: boolean, metrics: ShopMetrics | undefined) {
  // Kept answers are offered the request before Fastify routes it (response-cache.ts), once registered.
  let keptFirst: KeptFirst | undefined;
  const app = Fastify({
    serverFactory: (handler, options) => serverAnsweringKeptFirst(handler, options, () => keptFirst),
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: config.bodyLimitBytes,
    // Ajv: coerce query strings to their types, strip nothing silently.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    frameworkErrors,
    // Node's own refusals (a URL over 16 KB: 431) in the shop's {message, code} envelope too.
    clientErrorHandler: clientErrorAnswer,
    // Off unless TRUST_PROXY names the proxy: X-Forwarded-For/-Proto then give the client IP and HTTPS.
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
  });

  trackRoutes(app);
  metrics?.instrument(app);
  registerErrorHandling(app, config.bodyLimitBytes);
  // The release registry in the database; config.releasesDir is this instance's cache of unpacked releases.
  const releases = new ReleaseRegistry(db, config.releasesDir, app.log).watch();
  app.addHook('onClose', async () => releases.close());
  // Once per database: a releases folder from before the registry (releases/manifest.json) is imported.
  const imported = await releases.importFolder();
  if (imported !== null) app.log.info({ imported, from: config.releasesDir }, 'releases folder imported into the release registry');
  registerSecurity(app, { servedManifest: () => releases.last(), corsOrigins: config.corsOrigins, devOverrides: config.devOverrides });
  registerInputGuards(app);
  // Before compress: cached answers carry their own compressed copies.
  const responseCache = registerResponseCache(app, { db, ...config.responseCache });
  keptFirst = responseCache.keptFirst;
  await app.register(compress, { global: true, threshold: 1024 });

  // Every /v1 call must name this business (query or body), checked once the body is parsed.
  app.addHook('preHandler', async (request) => {
    // API routes only: an unknown /v1 path (caught by the store's file route or by no route) is a plain
    // 404, not a question about the business.
    if (request.routeOptions.url?.startsWith('/v1/')) checkBusiness(request);
  });

  app.get('/healthz', async () => {
    await db.kysely.selectFrom('currency').select('name').limit(1).execute();
    return { data: { status: 'ok', database: db.dialect } };
  });
  return { app, releases, versions: responseCache.versions };
}

/** Every domain's routes: the shopper's API, then the back office's (each domain's staff routes under the staff domain's hooks). */
async function domains(
  app: FastifyInstance,
  { db, config, mail, site, now, releases, metrics }: { db: Db; config: Config; mail: Mailer; site: Site; now: () => Date; releases: ReleaseRegistry; metrics?: ShopMetrics },
) {
  // Without configuration: every provider in its built-in sandbox (off in production unless asked for).
  const payments = config.payments ?? loadPaymentsConfig({}, site.production);
  await app.register(siteRoutes, { db, mailer: mail, site: { ...site, paymentMethods: offeredPaymentMethods(payments), auth: config.auth ?? DEFAULT_AUTH_CONFIG } });
  // Shoppers' searches counted (issue 43): each answer, a page or an API call, is looked at once it went out.
  const searches = new SearchCounts(db, now);
  app.addHook('onResponse', async (request, reply) => searches.seen(request, reply.statusCode));
  app.addHook('onClose', async () => searches.close().catch((err: unknown) => app.log.warn({ err }, 'counted searches could not be written')));
  // The listing index: the shop's search and the back office's product finder search the same (issue 43).
  const indexes = new CatalogIndexCache(db);
  await app.register(catalogRoutes, { db, publicUrl: site.publicUrl, searches, indexes });
  await app.register(accountRoutes, { db, mailer: mail, auth: config.auth, publicUrl: site.publicUrl });
  // Live holds per client, e-mail and phone on busy days, and how long they last (issue 38): the checkout, the order update and the payment start.
  // The long transfer hold only for an account whose e-mail is verified (issue 38, items 1 and 5): read through account's front door.
  const holds = { rules: config.dayHolds ?? DEFAULT_DAY_HOLD_RULES, verifiedAccount: emailVerified };
  await app.register(orderRoutes, { db, mailer: mail, auth: config.auth, publicUrl: site.publicUrl, now, tally: metrics?.tally, holds, paymentRecords: orderPaymentRecords });
  // The shopper's account page (issue 33): its orders (a route of orders behind account's session guard),
  // and recipients, sessions, their data and its deletion, with what orders and the newsletter hold.
  await app.register(accountOrderRoutes, { db });
  await app.register(myAccountRoutes, { db, auth: config.auth, parts: [accountOrdersPart(orderPaymentRecords), newsletterAccountPart], now, reminders: { mailer: mail, publicUrl: site.publicUrl } });
  await app.register(paymentRoutes, { db, mailer: mail, publicUrl: site.publicUrl, config: payments, now, tally: metrics?.tally, holds });
  // Substitutions the sender approves (issue 40, item 4): the sender's one-time link and page.
  await app.register(substitutionRoutes, { db, mailer: mail, publicUrl: site.publicUrl, config: payments, now, tally: metrics?.tally });
  // The back office's API (staff accounts, the orders board, settings, the audit), never cached.
  await app.register(staffRoutes, {
    db,
    mailer: mail,
    publicUrl: site.publicUrl,
    config: config.staff ?? loadStaffConfig({}, config.auth),
    isShopperSession: async (request) => (await userFromRequest(db, request)) !== null,
    // Each domain's own back-office routes, under the staff hooks and role guard.
    domainRoutes: [
      // The order's page on the shop's clock: a refund pending over 24 hours says so to the staff.
      orderStaffRoutes({ db, paymentSide: orderPaymentSideAt(now, payments.refundRecheckMinutes, refundAskableWithoutId(payments)) }),
      photoStaffRoutes({ db, mailer: mail, publicUrl: site.publicUrl, now, config: config.proof }),
      riderStaffRoutes({ db, now }),
      dayStaffRoutes({ db, now }),
      transferStaffRoutes({ db, mailer: mail, publicUrl: site.publicUrl, tally: metrics?.tally }),
      // Refunds and the accountant's orders.csv (issue 39, items 4-5).
      refundStaffRoutes({ db, mailer: mail, publicUrl: site.publicUrl, config: payments, now, tally: metrics?.tally }),
      // The shop's counter (issue 39): staff orders, changes after checkout, cancellations, payment links.
      substitutionStaffRoutes({ db, mailer: mail, publicUrl: site.publicUrl, config: payments, now, tally: metrics?.tally }),
      counterStaffRoutes({ db, mailer: mail, publicUrl: site.publicUrl, paymentLinkMs: payments.paymentLinkMs, now, refund: createRefunder({ db, mailer: mail, publicUrl: site.publicUrl, config: payments, now, tally: metrics?.tally }) }),
      catalogStaffRoutes({ db, searches, indexes, now }),
      settingsStaffRoutes({ db, now }),
      releaseStaffRoutes({ releases }),
    ],
  });
}

/** The store's pages and files: what pages report of each remote version, then the shell, releases and drawn pages. */
async function pages(
  app: FastifyInstance,
  { db, config, site, clock, releases, versions }: { db: Db; config: Config; site: Site; clock: () => number; releases: ReleaseRegistry; versions: DataVersions },
) {
  // What pages report of each remote version (canary health, vitals), each behind its page's token.
  const telemetry = new PageTelemetry(db, releases, config.canary ?? DEFAULT_CANARY_CONFIG);
  await telemetry.ready(); // the page-token secret, made or read once at start, not on a shopper's first page
  telemetryRoutes(app, telemetry, clock);
  const pageTiming = (manifest: ReleaseManifest, bucket: number | null, address: string) => telemetry.pageTiming(manifest, bucket, address, clock());
  await registerStoreFiles(app, { ...config, registry: releases, pageTiming, bucketSecret: await telemetry.secret(), serverDraw: { ...config.serverDraw, publicUrl: site.publicUrl, versions, cache: config.responseCache?.enabled !== false } });
}

/**
 * Mail a killed process kept but never built goes out once the app is ready; closing waits for deferred
 * mail (the database is closed after the app). Failed SMTP deliveries are tried again on a timer
 * (MAIL_RETRY_EVERY_MS).
 */
function keepMailGoing(app: FastifyInstance, mail: Mailer, config: Config): void {
  let retryTimer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    const resumed = await mail.resumeDeferred?.();
    if (resumed) app.log.info({ resumed }, 'building mail kept in the outbox by a stopped server');
    const every = config.mailRetryEveryMs ?? 0;
    if (mail.retryDue && config.smtpUrl && every > 0) {
      retryTimer = setInterval(() => {
        mail.retryDue!().catch((err: unknown) => app.log.error({ err }, 'mail retry failed'));
      }, every);
      retryTimer.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(retryTimer);
    await mail.idle?.();
  });
}
