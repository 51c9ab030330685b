import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/**
 * The shop's metrics (issue 41, item 4): one prom-client registry per server, in Prometheus' text
 * format on its own port (`serve.ts`). This room imports no domain: each domain counts its own events
 * through the `ShopTally` the composition root hands it, and the composition root adds the gauges that
 * read the database at scrape time (`gauge`).
 */

/** What the domains count, each a line where it happens. Handed to them by the composition root (app.ts). */
export interface ShopTally {
  /** A checkout accepted (the order is checked out). */
  checkout(): void;
  /** An order became paid, by its payment method (card, bank-transfer, paypal, …). */
  orderPaid(method: string): void;
  /** A provider said a payment failed. */
  paymentFailed(provider: string): void;
  /** A webhook refused: its signature did not hold. */
  webhookRefused(provider: string): void;
  /** A webhook whose payment was already recorded (the provider sent it again). */
  webhookReplayed(provider: string): void;
  /** A refund recorded (by a provider or by hand). */
  refund(provider: string): void;
  /** A pending refund asked about again by the recheck, by provider and outcome (processed, failed, pending, duplicate, unanswered). */
  refundRecheck(provider: string, outcome: string): void;
}

/** Counting nothing: what a domain uses when no tally is given (tests, operator commands). */
export const NO_TALLY: ShopTally = {
  checkout: () => {},
  orderPaid: () => {},
  paymentFailed: () => {},
  webhookRefused: () => {},
  webhookReplayed: () => {},
  refund: () => {},
  refundRecheck: () => {},
};

/** One reading of a gauge: its labels and value. */
export interface Reading {
  labels?: Record<string, string>;
  value: number;
}

/** A gauge read when Prometheus scrapes (a query of the database, the release registry's state). */
export interface GaugeSource {
  name: string;
  help: string;
  labelNames?: readonly string[];
  read(): Promise<Reading[]> | Reading[];
}

/** Latency buckets in seconds: a page or call of the shop takes milliseconds; a second is slow. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (an unknown path is not a label of its own). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface ShopMetricsOptions {
  /** Node's own (event-loop lag, heap, GC, handles): on for a server, off where a test needs none. */
  defaultMetrics?: boolean;
  /** Labels on every series (e.g. the instance's name in `pnpm scale`). */
  defaultLabels?: Record<string, string>;
}

export class ShopMetrics {
  readonly registry = new Registry();
  readonly tally: ShopTally;
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #duration: Histogram<'method' | 'route'>;
  readonly #refusals: Counter<'route' | 'code'>;

  constructor({ defaultMetrics = true, defaultLabels }: ShopMetricsOptions = {}) {
    if (defaultLabels) this.registry.setDefaultLabels(defaultLabels);
    if (defaultMetrics) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    const registers = [this.registry];
    this.#requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status code.', labelNames: ['method', 'route', 'status'], registers });
    this.#duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer an HTTP request, by method and route template.', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers });
    this.#refusals = new Counter({ name: 'shop_refusals_total', help: "Requests refused with one of the shop's error codes (DAY_FULL, OUT_OF_STOCK, VALIDATION, …), by route template and code.", labelNames: ['route', 'code'], registers });
    const checkouts = new Counter({ name: 'shop_checkouts_total', help: 'Checkouts accepted.', registers });
    const paid = new Counter({ name: 'shop_orders_paid_total', help: 'Orders that became paid, by payment method.', labelNames: ['method'], registers });
    const failed = new Counter({ name: 'shop_payment_failures_total', help: 'Payments a provider said failed, by provider.', labelNames: ['provider'], registers });
    const refused = new Counter({ name: 'shop_webhooks_refused_total', help: 'Webhooks refused because their signature did not hold, by provider.', labelNames: ['provider'], registers });
    const replayed = new Counter({ name: 'shop_webhooks_replayed_total', help: 'Webhooks for a payment already recorded, by provider.', labelNames: ['provider'], registers });
    const refunds = new Counter({ name: 'shop_refunds_total', help: 'Refunds recorded, by provider (manual: by hand).', labelNames: ['provider'], registers });
    const rechecks = new Counter({
      name: 'shop_refund_rechecks_total',
      help: 'Pending refunds asked about again by the recheck, by provider and outcome (processed, failed, pending, duplicate, unanswered).',
      labelNames: ['provider', 'outcome'],
      registers,
    });
    this.tally = {
      checkout: () => checkouts.inc(),
      orderPaid: (method) => paid.inc({ method: label(method) }),
      paymentFailed: (provider) => failed.inc({ provider: label(provider) }),
      webhookRefused: (provider) => refused.inc({ provider: label(provider) }),
      webhookReplayed: (provider) => replayed.inc({ provider: label(provider) }),
      refund: (provider) => refunds.inc({ provider: label(provider) }),
      refundRecheck: (provider, outcome) => rechecks.inc({ provider: label(provider), outcome: label(outcome) }),
    };
  }

  /**
   * Rate, errors and latency of every route, labelled by its template (`/v1/orders/order/:id`, never
   * the raw URL, so an order id is not a series), and the shop's refusals by code. Call before the
   * routes are registered.
   */
  instrument(app: FastifyInstance): void {
    app.addHook('onError', async (request, _reply, error) => {
      // A schema's refusal is answered as VALIDATION (http/errors.ts); Fastify calls it FST_ERR_VALIDATION.
      const code = (error as { validation?: unknown }).validation ? 'VALIDATION' : (error as { code?: unknown }).code;
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof code === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
        this.#refusals.inc({ route: routeOf(request.routeOptions.url), code: label(code) });
      }
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = routeOf(request.routeOptions.url);
      const method = request.method;
      this.#requests.inc({ method, route, status: String(reply.statusCode) });
      this.#duration.observe({ method, route }, reply.elapsedTime / 1000);
    });
  }

  /** A gauge read at scrape time; a reading that fails leaves the gauge empty for that scrape (and says so on stderr). */
  gauge({ name, help, labelNames = [], read }: GaugeSource): void {
    new Gauge({
      name,
      help,
      labelNames: [...labelNames],
      registers: [this.registry],
      async collect() {
        this.reset();
        let readings: Reading[];
        try {
          readings = await read();
        } catch (err) {
          console.error(`metrics: ${name} could not be read: ${(err as Error).message}`);
          return;
        }
        for (const r of readings) {
          if (r.labels) this.set(r.labels, r.value);
          else this.set(r.value);
        }
      },
    });
  }

  /** A counter the composition root keeps itself (e.g. the database's busy waits), read at scrape time. */
  counterFrom(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** The text Prometheus scrapes. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** A route template as a label; requests no route matched share one. */
export const routeOf = (url: string | undefined): string => (url ? url : UNMATCHED_ROUTE);

/** A label value from a domain's word: short, printable, never empty. */
export const label = (value: string): string => (value || 'unknown').slice(0, 60);
