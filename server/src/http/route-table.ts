import type { FastifyInstance } from 'fastify';

/** One route as registered: method and URL pattern (e.g. `PUT /v1/orders/order/:id`). */
export interface RouteEntry {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Record every route the app registers from now on (call before the domain plugins). The fuzz suite
 * reads the table, so an endpoint added without a fuzz arbitrary fails a test.
 */
export function trackRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method: String(method).toUpperCase(), url: route.url });
  });
}

/** The routes of an app built with trackRoutes, in registration order (HEAD routes included). */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  return [...(tables.get(app) ?? [])];
}
