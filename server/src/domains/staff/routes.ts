import { DELIVERY_STEPS, type DeliveryStep } from '@adire/contracts';
import { shopDate } from '@adire/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { userFromRequest, withRetryAfter } from '../account';
import {
  DELIVERY_STATUSES,
  executeOrdersCommand,
  orderBoard,
  OrdersCommandError,
  staffOrderView,
} from '../orders';
import { AWAITING_TRANSFER, executePaymentsCommand, paymentTrail, PaymentsCommandError } from '../payments';
import { featuredListsForStaff, findProductsForStaff, MAX_FEATURED, productForStaff, readDesigns, reviewsForStaff, setDesignPrices, setFeaturedProducts, shopDesigns, setProductDesigns, setReviewHidden, setSizePrices } from '../catalog';
import type { ReleaseRegistry } from '../../release/registry';
import {
  changeDeliverySettings,
  changeTarget,
  currentDeliverySettings,
  currentSettings,
  executeSettingsCommand,
  parseSettingsCommand,
  readDeliveryChange,
  readRateChange,
  SettingsError,
  type SettingsCommand,
} from '../site';
import { listActions, recordAction } from './audit';
import type { StaffConfig } from './config';
import { createStaffGuard, type StaffGuard } from './guard';
import { staffLifecycleRoutes } from './lifecycle-routes';
import { STAFF_ROLES } from './roles';
import { createStaffService, toStaffMember } from './service';

export interface StaffRoutesOptions {
  db: Db;
  mailer: Mailer;
  config: StaffConfig;
  publicUrl: string;
  /** The release registry, for the managers' release status (the same facts as `pnpm release status`). */
  releases?: ReleaseRegistry;
  /**
   * Other domains' back-office routes (issue 30: each domain registers its own staff routes), registered
   * here so they share this prefix's hooks (no-store, a shopper's token refused) and get the role guard.
   */
  domainRoutes?: readonly DomainStaffRoutes[];
}

/** A domain's back-office routes: a plugin given the staff guard. */
export type DomainStaffRoutes = FastifyPluginAsync<{ staff: StaffGuard }>;

/** Everything of the back office's API lives under this prefix, answered `Cache-Control: no-store`. */
export const BACKOFFICE_PREFIX = '/v1/backoffice';

const business = { type: 'string', maxLength: 100 } as const;
const email = { type: 'string', maxLength: 320 } as const;
const password = { type: 'string', maxLength: 1024 } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const body = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required: ['business', ...required], properties: { business, ...properties } });
const query = (properties: Record<string, unknown> = {}) => ({ type: 'object', required: ['business'], properties: { business, ...properties } });
const orderParams = { type: 'object', required: ['orderNumber'], properties: { orderNumber: text(40) } } as const;

export const NOT_STAFF_MESSAGE = "This is the shop's staff area: a shopper's login cannot open it.";

/** An operator command's refusal (unpaid order, a step already reached, …) is a 409 with its message. */
async function asCommand<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OrdersCommandError || err instanceof PaymentsCommandError) throw new AppError(409, 'REFUSED', err.message);
    throw err;
  }
}

/**
 * The back office's API (issue 20): staff login and invitations, the orders board, an order's page,
 * delivery steps and manual transfers, settings, and the audit. The role is checked on the server for
 * every call; a shopper's token is refused (403) on every one of them. Orders, payments and settings
 * change through the same domain services as the operator commands, and every change is audited.
 */
export const staffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db } = options;
  const service = createStaffService(options);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${BACKOFFICE_PREFIX}/`)) reply.header('cache-control', 'no-store');
  });
  // A shopper's token is never a way in, whatever the call (login included).
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith(`${BACKOFFICE_PREFIX}/`) || request.routeOptions.url === undefined) return;
    if (request.headers.authorization && !(await service.session(request)) && (await userFromRequest(db, request))) {
      throw new AppError(403, 'FORBIDDEN', NOT_STAFF_MESSAGE);
    }
  });

  const staff = createStaffGuard(service);
  const P = BACKOFFICE_PREFIX;
  // Disable, enable, role, remove, sign out, unlock and password resets (issue 32).
  await app.register(staffLifecycleRoutes, { root: P, service, staff });
  for (const routes of options.domainRoutes ?? []) await app.register(routes, { staff });

  // --- staff accounts -----------------------------------------------------------------------------

  app.post(`${P}/auth/login`, { schema: { body: body(['email', 'password'], { email, password }) } }, async (request, reply) => {
    const input = request.body as { email: string; password: string };
    return { data: await withRetryAfter(reply, () => service.login({ ...input, ip: request.ip })) };
  });

  app.post(
    `${P}/auth/accept-invite`,
    { schema: { body: body(['email', 'code', 'password'], { email, password, code: text(32) }) } },
    async (request, reply) => {
      const input = request.body as { email: string; code: string; password: string };
      return { data: await withRetryAfter(reply, () => service.acceptInvite({ ...input, ip: request.ip })) };
    },
  );

  app.post(`${P}/auth/logout`, { schema: { body: body([], {}) } }, async (request) => {
    const session = await staff(request);
    await service.logout(session);
    return { data: { loggedOut: true } };
  });

  app.get(`${P}/me`, { schema: { querystring: query() } }, async (request) => {
    const session = await staff(request);
    return { data: toStaffMember(session.member) };
  });

  app.get(`${P}/staff`, { schema: { querystring: query() } }, async (request) => {
    await staff(request, 'staff');
    return { data: await service.list() };
  });

  app.post(
    `${P}/staff`,
    { schema: { body: body(['email', 'role'], { email, role: { type: 'string', enum: [...STAFF_ROLES] }, name: text(120) }) } },
    async (request, reply) => {
      const { actor } = await staff(request, 'staff');
      const input = request.body as { email: string; role: string; name?: string };
      return reply.status(201).send({ data: await service.invite(actor, input) });
    },
  );

  // --- orders -------------------------------------------------------------------------------------

  app.get(
    `${P}/orders`,
    {
      schema: {
        querystring: query({
          from: date,
          to: date,
          status: { type: 'string', enum: [...DELIVERY_STATUSES] },
          place: text(80),
          search: text(120),
          limit: { type: 'integer', minimum: 1, maximum: 500 },
        }),
      },
    },
    async (request) => {
      await staff(request, 'orders');
      const q = request.query as { from?: string; to?: string; status?: string; place?: string; search?: string; limit?: number };
      const from = q.from ?? shopDate();
      const orders = await orderBoard(db, { from, to: q.to, deliveryStatus: q.status, place: q.place?.trim() || undefined, search: q.search?.trim() || undefined, limit: q.limit ?? 200 });
      return { data: { from, orders } };
    },
  );

  async function orderPage(orderNumber: string) {
    const view = await staffOrderView(db, orderNumber);
    if (!view) throw new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);
    const { events, payments } = await paymentTrail(db, view.id);
    const parse = (detail: string) => {
      try {
        return JSON.parse(detail) as unknown;
      } catch {
        return {};
      }
    };
    const paymentEvents = events.map((e) => ({ kind: e.kind, provider: e.provider, reference: e.reference, detail: parse(e.detail), at: e.created_at }));
    const notice = [...paymentEvents].reverse().find((e) => e.kind === 'transfer notice');
    return {
      ...view,
      transferNotice: notice ? { ...(notice.detail as object), at: notice.at } : null,
      awaitingTransfer: view.order.paymentStatus === AWAITING_TRANSFER,
      paymentEvents,
      payments: payments.map((p) => ({ amount: Number(p.amount), currency: p.currency, status: p.status, provider: p.provider, method: p.method, reference: p.reference, at: p.created_at })),
    };
  }

  app.get(`${P}/orders/:orderNumber`, { schema: { params: orderParams, querystring: query() } }, async (request) => {
    await staff(request, 'orders');
    return { data: await orderPage((request.params as { orderNumber: string }).orderNumber) };
  });

  const orderState = (page: Awaited<ReturnType<typeof orderPage>>) => ({ paymentStatus: page.order.paymentStatus, deliveryStatus: page.deliveryStatus });

  app.post(
    `${P}/orders/:orderNumber/advance`,
    { schema: { params: orderParams, body: body(['step'], { step: { type: 'string', enum: [...DELIVERY_STEPS] } }) } },
    async (request) => {
      const { actor } = await staff(request, 'orders');
      const before = await orderPage((request.params as { orderNumber: string }).orderNumber);
      const orderNumber = before.order.orderNumber!;
      const step = (request.body as { step: DeliveryStep }).step;
      const message = await asCommand(() => executeOrdersCommand(db, { kind: 'advance', orderNumber, step }));
      const after = await orderPage(orderNumber);
      await recordAction(db.kysely, actor, 'order.advance', orderNumber, { before: orderState(before), after: orderState(after) });
      return { data: { message, order: after } };
    },
  );

  app.post(
    `${P}/orders/:orderNumber/transfer`,
    { schema: { params: orderParams, body: body(['decision'], { decision: { type: 'string', enum: ['confirm', 'reject'] }, reason: text(300) }) } },
    async (request) => {
      const { actor } = await staff(request, 'orders');
      const before = await orderPage((request.params as { orderNumber: string }).orderNumber);
      const orderNumber = before.order.orderNumber!;
      const { decision, reason } = request.body as { decision: 'confirm' | 'reject'; reason?: string };
      if (!before.awaitingTransfer) {
        throw new AppError(409, 'REFUSED', `Order ${orderNumber} is not awaiting a transfer (payment: ${before.order.paymentStatus}).`);
      }
      const message =
        decision === 'confirm'
          ? await asCommand(() => executeOrdersCommand(db, { kind: 'mark-paid', orderNumber }, new Date(), { mailer: options.mailer, publicUrl: options.publicUrl }))
          : await asCommand(() => executePaymentsCommand(db, { kind: 'reject-transfer', orderNumber, reason: reason?.trim() ?? '' }));
      const after = await orderPage(orderNumber);
      await recordAction(db.kysely, actor, `transfer.${decision}`, orderNumber, { before: { ...orderState(before), notice: before.transferNotice }, after: { ...orderState(after), ...(reason ? { reason } : {}) } });
      return { data: { message, order: after } };
    },
  );

  // --- settings -----------------------------------------------------------------------------------

  app.get(`${P}/settings`, { schema: { querystring: query() } }, async (request) => {
    await staff(request, 'settings');
    return { data: await currentSettings(db.kysely) };
  });

  app.put(
    `${P}/settings`,
    {
      schema: {
        body: body([], {
          siteWideAlert: text(4000),
          rates: { type: 'object', additionalProperties: true, maxProperties: 10 }, // no type: a rate is read by its rule, never coerced
          paymentAlerts: { type: 'object', additionalProperties: text(4000), maxProperties: 20 },
        }),
      },
    },
    async (request) => {
      const { actor } = await staff(request, 'settings');
      const input = request.body as { siteWideAlert?: string; rates?: Record<string, unknown>; paymentAlerts?: Record<string, string> };
      // Every change is read (and refused) as the command would read it, before any is made.
      const commands: { command: SettingsCommand; field: string }[] = [];
      const fields: Record<string, string> = {};
      const read = (field: string, argv: string[], parse = () => parseSettingsCommand(argv)) => {
        try {
          commands.push({ field, command: parse() });
        } catch (err) {
          if (err instanceof SettingsError) fields[field] = err.message;
          else throw err;
        }
      };
      if (input.siteWideAlert !== undefined) read('siteWideAlert', ['set-alert', input.siteWideAlert]);
      for (const [currency, rate] of Object.entries(input.rates ?? {})) read(`rates.${currency}`, [], () => readRateChange(currency, rate));
      for (const [method, alert] of Object.entries(input.paymentAlerts ?? {})) read(`paymentAlerts.${method}`, ['set-payment-alert', method, alert]);
      const problems = Object.values(fields);
      if (problems.length) {
        const first = problems[0]!.length > 300 ? `${problems[0]!.slice(0, 300)}…` : problems[0]!;
        throw new AppError(400, 'INVALID_SETTINGS', problems.length === 1 ? first : `${problems.length} changes are not valid (nothing was changed). ${first}`, fields);
      }
      if (!commands.length) throw new AppError(400, 'NOTHING_TO_CHANGE', 'Nothing to change: send the alert, a rate or a payment alert.');
      const before = await currentSettings(db.kysely);
      const messages: string[] = [];
      for (const { command } of commands) messages.push(await executeSettingsCommand(db.kysely, command));
      const after = await currentSettings(db.kysely);
      for (const { command, field } of commands) {
        const [group, key] = field.split('.') as [keyof typeof before, string | undefined];
        const pick = (s: typeof before) => (key ? (s[group] as Record<string, unknown>)[key] ?? null : s[group]);
        await recordAction(db.kysely, actor, `settings.${command.kind.replace(/^set-/, '')}`, field, { before: pick(before), after: pick(after) });
      }
      return { data: { messages, settings: after } };
    },
  );

  // Delivery zones, fees, the minimum amount, fee windows and closed days: one change per call, read
  // and checked by the settings command's own rules, a refusal shown beside its field.
  app.get(`${P}/settings/delivery`, { schema: { querystring: query() } }, async (request) => {
    await staff(request, 'settings');
    return { data: await currentDeliverySettings(db.kysely) };
  });

  // No type: Ajv's coercion would make null, false and ' ' ₦0, true ₦1, [5] ₦5 and '0x10' ₦16; the amount rule reads the value as sent.
  const nairaField = {};
  app.post(
    `${P}/settings/delivery`,
    {
      schema: {
        // `change` is read in the handler, after the role check: a shopper or florist hears 403, not 400.
        body: body([], {
          change: text(40),
          ...Object.fromEntries(['state', 'zone', 'newName', 'window', 'name', 'startDate', 'endDate', 'date', 'note', 'delivery', 'pickup', 'day', 'place', 'closesAt'].map((f) => [f, text(400)])),
          amount: nairaField,
          surcharge: nairaField,
          minAmount: nairaField,
          // A capacity: a whole number of orders, or null / 'none' to remove it; no type, read by its rule as sent.
          orders: {},
        }),
      },
    },
    async (request) => {
      const { actor } = await staff(request, 'settings');
      const { change: kind = '', business: _business, ...input } = request.body as Record<string, unknown> & { change?: string };
      try {
        const change = readDeliveryChange(kind, input);
        const result = await changeDeliverySettings(db.kysely, change);
        await recordAction(db.kysely, actor, `settings.${change.kind}`, changeTarget(change), { before: result.before, after: result.after });
        return { data: { message: result.message, delivery: result.delivery } };
      } catch (err) {
        if (err instanceof SettingsError) throw new AppError(400, 'INVALID_SETTINGS', err.message, err.field ? { [err.field]: err.message } : undefined);
        throw err;
      }
    },
  );

  // --- catalogue and reviews ------------------------------------------------------------------------

  app.get(`${P}/products`, { schema: { querystring: query({ search: text(120), limit: { type: 'integer', minimum: 1, maximum: 200 } }) } }, async (request) => {
    await staff(request, 'catalog');
    const q = request.query as { search?: string; limit?: number };
    return { data: await findProductsForStaff(db, q.search ?? '', q.limit ?? 30) };
  });

  const productParams = { type: 'object', required: ['slug'], properties: { slug: text(200) } } as const;
  async function mustProduct(slug: string) {
    const product = await productForStaff(db, slug);
    if (!product) throw new AppError(404, 'NOT_FOUND', `No product has the address ${slug.slice(0, 80)}.`);
    return product;
  }

  app.get(`${P}/products/:slug`, { schema: { params: productParams, querystring: query() } }, async (request) => {
    await staff(request, 'catalog');
    return { data: await mustProduct((request.params as { slug: string }).slug) };
  });

  app.put(
    `${P}/products/:slug`,
    {
      schema: {
        params: productParams,
        body: body([], {
          prices: { type: 'object', additionalProperties: true, maxProperties: 20 },
          // A number of units left (0: sold out), or null: on sale, not limited (= pnpm orders set-stock).
          // One schema with both types: with type coercion on, anyOf would read null as 0 (or 0 as null).
          stock: { type: ['integer', 'null'], minimum: 0, maximum: 999_999 },
          // The designs it offers, in order (the first is its default), by code; [] = no design to choose.
          designs: { type: 'array', items: text(60), maxItems: 10 },
        }),
      },
    },
    async (request) => {
      const { actor } = await staff(request, 'catalog');
      const before = await mustProduct((request.params as { slug: string }).slug);
      const input = request.body as { prices?: Record<string, unknown>; stock?: number | null; designs?: string[] };
      if (input.prices === undefined && input.stock === undefined && input.designs === undefined) throw new AppError(400, 'NOTHING_TO_CHANGE', 'Nothing to change: send prices, stock or designs.');
      const messages: string[] = [];
      // Everything is checked before anything is written: the designs here, the prices by setSizePrices.
      if (input.designs) await readDesigns(db, input.designs);
      if (input.prices && Object.keys(input.prices).length) {
        await setSizePrices(db, before, input.prices);
        messages.push(`Prices of ${before.name} saved.`);
      }
      if (input.designs) {
        await setProductDesigns(db, before, input.designs);
        messages.push(`Designs of ${before.name} saved.`);
      }
      if (input.stock !== undefined) messages.push(await asCommand(() => executeOrdersCommand(db, { kind: 'set-stock', sku: before.sku, stock: input.stock! })));
      const after = await mustProduct(before.slug);
      const pick = (p: typeof before) => ({
        inStock: p.inStock,
        stock: p.stock,
        prices: Object.fromEntries(p.sizes.map((s) => [s.sku, s.priceNgn])),
        designs: p.designs.filter((d) => d.offered).map((d) => d.code),
      });
      await recordAction(db.kysely, actor, 'catalog.product', before.sku, { before: pick(before), after: pick(after) });
      return { data: { messages, product: after } };
    },
  );

  app.get(`${P}/featured`, { schema: { querystring: query() } }, async (request) => {
    await staff(request, 'catalog');
    return { data: { lists: await featuredListsForStaff(db), max: MAX_FEATURED } };
  });

  app.put(
    `${P}/featured/:list`,
    {
      schema: {
        params: { type: 'object', required: ['list'], properties: { list: text(200) } },
        // The products in order, by address (slug) or SKU.
        body: body(['products'], { products: { type: 'array', items: text(200), maxItems: 100 } }),
      },
    },
    async (request) => {
      const { actor } = await staff(request, 'catalog');
      const { before, after } = await setFeaturedProducts(db, (request.params as { list: string }).list, (request.body as { products: string[] }).products);
      const skus = (l: typeof before) => l.products.map((p) => p.sku);
      await recordAction(db.kysely, actor, 'catalog.featured', before.id, { before: skus(before), after: skus(after) });
      return { data: { message: `${after.title} saved: shoppers see it on their next page load.`, list: after } };
    },
  );

  app.get(`${P}/designs`, { schema: { querystring: query() } }, async (request) => {
    await staff(request, 'catalog');
    return { data: await shopDesigns(db) };
  });

  app.put(
    `${P}/designs`,
    // What designs add to a product's price, by code: { prices: { 'in-vase': 15000 } } (= pnpm catalog set-design-price).
    { schema: { body: body(['prices'], { prices: { type: 'object', additionalProperties: true, maxProperties: 20 } }) } },
    async (request) => {
      const { actor } = await staff(request, 'catalog');
      const { before, after } = await setDesignPrices(db, (request.body as { prices: Record<string, unknown> }).prices);
      const pick = (list: typeof before) => Object.fromEntries(list.map((d) => [d.code, d.priceNgn]));
      await recordAction(db.kysely, actor, 'catalog.design-prices', 'designs', { before: pick(before), after: pick(after) });
      return { data: { message: 'Design prices saved: every product that offers them, on the next page load.', designs: after } };
    },
  );

  app.get(
    `${P}/reviews`,
    { schema: { querystring: query({ product: text(200), hidden: { type: 'boolean' }, limit: { type: 'integer', minimum: 1, maximum: 200 } }) } },
    async (request) => {
      await staff(request, 'reviews');
      const q = request.query as { product?: string; hidden?: boolean; limit?: number };
      return { data: await reviewsForStaff(db, { productSlug: q.product?.trim() || undefined, hidden: q.hidden, limit: q.limit ?? 50 }) };
    },
  );

  app.put(
    `${P}/reviews/:id`,
    { schema: { params: { type: 'object', required: ['id'], properties: { id: text(100) } }, body: body(['hidden'], { hidden: { type: 'boolean' }, reason: text(300) }) } },
    async (request) => {
      const { actor } = await staff(request, 'reviews');
      const { hidden, reason } = request.body as { hidden: boolean; reason?: string };
      const { before, after } = await setReviewHidden(db, (request.params as { id: string }).id, hidden, reason ?? '');
      await recordAction(db.kysely, actor, hidden ? 'review.hide' : 'review.show', `${before.productSlug}#${before.id}`, {
        before: { hidden: before.hidden, reason: before.hiddenReason },
        after: { hidden: after.hidden, reason: after.hiddenReason },
      });
      return { data: after };
    },
  );

  // --- releases (read-only: publish and roll back stay the release command's) ---------------------

  app.get(`${P}/releases`, { schema: { querystring: query() } }, async (request) => {
    await staff(request, 'releases');
    if (!options.releases) throw new AppError(503, 'UNAVAILABLE', 'The release registry is not open on this server.');
    const status = await options.releases.status();
    return {
      data: {
        targets: status.targets.map((t) => ({
          ...t,
          origin: (status.origins as Record<string, string> | undefined)?.[t.target] ?? null,
          drawsOnServer: t.liveVersion ? status.drawing.has(`${t.target}/${t.liveVersion}`) : false,
        })),
        canaries: status.canaries,
        // The latest changes first.
        history: status.history.slice(-50).reverse(),
      },
    };
  });

  // --- the audit ----------------------------------------------------------------------------------

  app.get(
    `${P}/audit`,
    { schema: { querystring: query({ actor: text(320), action: text(60), target: text(200), from: date, to: date, limit: { type: 'integer', minimum: 1, maximum: 500 } }) } },
    async (request) => {
      await staff(request, 'audit');
      const q = request.query as { actor?: string; action?: string; target?: string; from?: string; to?: string; limit?: number };
      return { data: await listActions(db, { ...q, limit: q.limit ?? 100 }) };
    },
  );
};
