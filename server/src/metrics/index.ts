/** The platform's metrics (issue 41): a registry, what the domains count, and its own port. Imports no domain. */
export { label, NO_TALLY, routeOf, ShopMetrics, UNMATCHED_ROUTE, type GaugeSource, type Reading, type ShopMetricsOptions, type ShopTally } from './registry';
export { serveMetrics, type MetricsServer } from './serve';
