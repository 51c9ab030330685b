import path from 'node:path';
import { DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE } from './http/draw-allowance';
import { parseCorsOrigins, parseTrustProxy, type TrustProxy } from './http/security';
import { ROOT } from './paths';

/**
 * The platform's settings: where things are, how the server listens, mail, the HTTP layer. Each domain
 * reads its own (loadAuthConfig, loadStaffConfig, loadPaymentsConfig, loadCanaryConfig); the composition
 * root puts them together (server-config.ts).
 */
export interface PlatformConfig {
  host: string;
  port: number;
  /** PostgreSQL when set; otherwise the embedded SQLite file. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** Built shell (index.html and its assets). */
  shellDir: string;
  /** Immutable remote releases and the manifest. */
  releasesDir: string;
  production: boolean;
  /** `pnpm dev`: serve each remote's live `vite build --watch` output instead of the releases. */
  devRemotes: boolean;
  /**
   * Development only: the shell may point a remote at a local dev server (`?remote.cart=<entry>`),
   * the others staying as released. ADIRE_DEV_OVERRIDES=1 (or ADIRE_DEV_REMOTES=1); never in production.
   */
  devOverrides: boolean;
  bodyLimitBytes: number;
  logLevel: string;
  /** Where shoppers reach the store; links in mail point here. */
  publicUrl: string;
  /** Deliver mail by SMTP too (otherwise the embedded outbox only). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MAIL_RETRY_EVERY_MS: how often failed SMTP deliveries that are due are tried again (default a minute; 0 = never). */
  mailRetryEveryMs: number;
  /** TRUST_PROXY: which proxies' X-Forwarded-* to believe (client IP for rate limits, HTTPS for HSTS). Off by default. */
  trustProxy: TrustProxy;
  /** CORS_ORIGINS: other origins a browser may call the API from; none by default (same-origin only). */
  corsOrigins: string[];
  /** In-process cache of public answers (RESPONSE_CACHE=0 turns it off, RESPONSE_CACHE_CHECK_MS, RESPONSE_CACHE_MB). */
  responseCache: { enabled: boolean; checkMs: number; maxBytes: number };
  /** First screen drawn on the server from the live releases (SSR=0 turns it off; DRAW_BUDGET_MS, default 100; DRAW_LIMIT_PER_MINUTE new drawings per client, default 60). */
  serverDraw: { enabled: boolean; budgetMs: number; drawsPerClientPerMinute?: number };
  /** METRICS_PORT: Prometheus' `GET /metrics` on its own port (off when unset), on METRICS_HOST (default 127.0.0.1, never the public port). */
  metrics: { port: number; host: string } | null;
}

export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  }
  const host = env.HOST ?? '127.0.0.1';
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : null;
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535 || (metricsPort === port && port !== 0))) {
    throw new Error(`METRICS_PORT must be a port number other than PORT, got '${env.METRICS_PORT}'`);
  }
  return {
    host,
    port,
    metrics: metricsPort === null ? null : { port: metricsPort, host: env.METRICS_HOST ?? '127.0.0.1' },
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.SQLITE_FILE ?? path.join(ROOT, 'var', 'adire-blooms.sqlite'),
    shellDir: env.SHELL_DIR ?? path.join(ROOT, 'shell', 'dist'),
    releasesDir: env.RELEASES_DIR ?? path.join(ROOT, 'releases'),
    production: env.NODE_ENV === 'production',
    devRemotes: env.ADIRE_DEV_REMOTES === '1' && env.NODE_ENV !== 'production',
    devOverrides: (env.ADIRE_DEV_OVERRIDES === '1' || env.ADIRE_DEV_REMOTES === '1') && env.NODE_ENV !== 'production',
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 100 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Adire Blooms <hello@adireblooms.ng>',
    mailRetryEveryMs: Math.max(0, Number(env.MAIL_RETRY_EVERY_MS ?? 60_000) || 0),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    responseCache: {
      enabled: env.RESPONSE_CACHE !== '0',
      checkMs: Math.max(0, Number(env.RESPONSE_CACHE_CHECK_MS ?? 0) || 0),
      maxBytes: Math.max(1, Number(env.RESPONSE_CACHE_MB ?? 32) || 32) * 1024 * 1024,
    },
    serverDraw: {
      enabled: env.SSR !== '0',
      budgetMs: Math.max(1, Number(env.DRAW_BUDGET_MS ?? 100) || 100),
      drawsPerClientPerMinute: Math.max(1, Number(env.DRAW_LIMIT_PER_MINUTE ?? DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE) || DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE),
    },
  };
}
