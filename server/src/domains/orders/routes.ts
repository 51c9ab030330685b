import { API_PATHS, BUSINESS } from '@adire/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { createMailer, type Mailer } from '../../mail/mailer';
import { findSellables } from '../catalog';
import { createAttemptLog, DEFAULT_AUTH_CONFIG, requireUser, saveCart, userFromRequest, withRetryAfter, type AttemptLog, type AuthConfig } from '../account';
import { itemsToKeep } from './cart';
import { createCheckoutService, type CheckoutService } from './checkout';
import { createCouponService } from './coupon-service';
import { submitReview } from './reviews';
import { createOrder, readOrder, updateOrder, type OrderInput } from './service';
import { DEFAULT_DAY_HOLDS, type DayHolds } from './day-bookings';
import { toOrder } from './store';
import { trackOrder, TRACKER_LOOKUP_LIMIT, TRACKER_VERIFY_LIMIT, type TrackerPaymentRecords } from './tracker';
import { deliveryDayRoutes } from './day-routes';
import { registerPhotoServing } from './photo-routes';
import { PRIVATE_CACHE_CONTROL } from '../../http/cache-control';
import type { ShopTally } from '../../metrics';

export interface OrderRoutesOptions {
  db: Db;
  /** Order confirmation mail; defaults to the embedded outbox. */
  mailer?: Mailer;
  /** Session lifetime and the sign-up limit for checkout's free account. */
  auth?: AuthConfig;
  /** Base of links in mail. */
  publicUrl?: string;
  /** The shop's clock (tests move it). */
  now?: () => Date;
  /** Live holds per client, e-mail and phone on busy days, and how long holds last (issue 38). */
  holds?: DayHolds;
  /** Where checkouts are counted (the metrics); nothing when not given. */
  tally?: Pick<ShopTally, 'checkout'>;
  /** The payments' records of orders (their refunds shown on the tracker, issue 39); given at the composition root. */
  paymentRecords?: TrackerPaymentRecords;
}

const cartItem = {
  type: 'object',
  properties: {
    SKU: { type: 'string', maxLength: 64 },
    // No type here: Ajv coerces ('2' or true would become a number); pricing refuses anything not a whole number.
    quantity: {},
    // Never read: prices come from the catalogue.
    price: {},
    name: { type: 'string', maxLength: 300 },
    design: { type: ['object', 'null'] },
  },
} as const;

const orderBody = {
  type: 'object',
  properties: {
    business: { type: 'string', maxLength: 100 },
    deliveryDate: { type: ['string', 'null'], maxLength: 10 },
    cartItems: { type: ['array', 'null'], maxItems: 50, items: cartItem },
    currency: { type: 'string', maxLength: 10 },
  },
  required: ['currency'],
} as const;

const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } }, required: ['id'] } as const;
const businessQuery = { type: 'object', properties: { business: { type: 'string', maxLength: 100 } } } as const;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const orderIdParams = { type: 'object', properties: { orderId: idParams.properties.id }, required: ['orderId'] } as const;
const orderNumberParams = { type: 'object', properties: { orderNumber: { type: 'string', minLength: 1, maxLength: 40 } }, required: ['orderNumber'] } as const;
const trackerQuery = { type: 'object', properties: { business: text(100), phone: text(40), email: text(320) } } as const;
const quoteQuery = {
  type: 'object',
  properties: { business: text(100), method: text(20), state: text(60), zone: text(100), deliveryDate: text(10), pickupLocation: text(60) },
} as const;

/** What the order routes work with. */
interface OrderRouteContext {
  db: Db;
  /** The shop's clock (tests move it). */
  now: () => Date;
  checkout: CheckoutService;
  coupons: ReturnType<typeof createCouponService>;
  trackerAttempts: AttemptLog;
  holds: DayHolds;
  tally?: Pick<ShopTally, 'checkout'>;
  paymentRecords?: TrackerPaymentRecords;
}

/** The saved cart of a logged-in shopper, and the order it turns into: create, update, read. */
function registerOrderRoutes(app: FastifyInstance, { db, now, holds }: OrderRouteContext): void {
  app.put(
    API_PATHS.cartUpdate,
    { schema: { querystring: businessQuery, body: { type: 'object', properties: { business: { type: 'string' }, cartItems: { type: 'array', maxItems: 50, items: cartItem } }, required: ['cartItems'] } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      const items = (request.body as { cartItems: Record<string, unknown>[] }).cartItems;
      const catalogue = await findSellables(db, items.map((i) => (typeof i.SKU === 'string' ? i.SKU.trim() : '')));
      const cartItems = itemsToKeep(items, catalogue);
      await saveCart(db, user.id, cartItems);
      return { data: { cartItems } };
    },
  );

  app.post(API_PATHS.orderCreate, { schema: { body: orderBody } }, async (request, reply) => {
    const session = await userFromRequest(db, request);
    const order = await createOrder(db, request.body as OrderInput, session?.user.id ?? null, BUSINESS, now());
    return reply.status(201).send({ data: order });
  });

  app.put('/v1/orders/order/:id', { schema: { params: idParams, body: orderBody } }, async (request) => {
    const session = await userFromRequest(db, request);
    const { id } = request.params as { id: string };
    return { data: await updateOrder(db, id, request.body as OrderInput, session?.user.id ?? null, now(), holds, request.ip) };
  });

  app.get('/v1/orders/order/:id', { schema: { params: idParams, querystring: businessQuery } }, async (request) => {
    const { id } = request.params as { id: string };
    // A coupon whose hold lapsed is held again, or taken off with a notice, before the order is shown.
    const order = toOrder(await readOrder(db, id, now()));
    return { data: order, status: order.paymentStatus };
  });
}

/**
 * The checkout: sender, the whole checkout, the delivery quote and the coupon. Bodies are checked
 * field by field by the service (every wrong field named at once); the schemas only bound sizes.
 */
function registerCheckoutRoutes(app: FastifyInstance, { db, now, checkout, coupons, tally }: OrderRouteContext): void {
  app.put(
    '/v1/orders/order/save-sender-info/:id',
    { schema: { params: idParams, body: { type: 'object', properties: { business: text(100), name: text(400), email: text(400), phone: text(100), phoneCountryCode: text(20) } } } },
    async (request) => {
      const { id } = request.params as { id: string };
      return { data: await checkout.saveSenderInfo(id, request.body) };
    },
  );

  app.put('/v1/orders/order/checkout-order/:id', { schema: { params: idParams, body: { type: 'object', properties: { business: text(100) } } } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const session = await userFromRequest(db, request);
    const data = await withRetryAfter(reply, () => checkout.submit(id, request.body, session, request.ip, now(), request.headers['user-agent']));
    tally?.checkout();
    return { data };
  });

  app.get('/v1/orders/order/delivery-quote/:id', { schema: { params: idParams, querystring: quoteQuery } }, async (request) => {
    const { id } = request.params as { id: string };
    const { business: _business, ...query } = request.query as Record<string, string | undefined>;
    return { data: await checkout.quote(id, query, now()) };
  });

  app.post(
    API_PATHS.couponValidate,
    { schema: { querystring: businessQuery, body: { type: 'object', properties: { business: text(100), code: text(100), order: text(100) } } } },
    async (request) => ({ data: await coupons.apply(request.body as { code?: unknown; order?: unknown }) }),
  );

  app.delete('/v1/orders/order/delete-coupon/:id', { schema: { params: idParams, querystring: businessQuery } }, async (request) => {
    const { id } = request.params as { id: string };
    return { data: await coupons.remove(id) };
  });
}

/** After the checkout: the tracker (by order number) and the order's review. */
function registerTrackerRoutes(app: FastifyInstance, { db, trackerAttempts, paymentRecords }: OrderRouteContext): void {
  app.get('/v1/orders/order/order-number/:orderNumber', { schema: { params: orderNumberParams, querystring: trackerQuery } }, async (request, reply) => {
    const { orderNumber } = request.params as { orderNumber: string };
    const { phone, email } = request.query as { phone?: string; email?: string };
    const data = await withRetryAfter(reply, () => trackOrder(db, orderNumber, { phone, email }, { attempts: trackerAttempts, ip: request.ip }, paymentRecords));
    // A verified answer carries personal data (details, photos): never kept by a browser or a shared cache.
    if (data.verified) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    // The payment status only to the sender (phone or e-mail matched); the stage otherwise.
    return { data, status: data.paymentStatus ?? data.status };
  });

  app.post(
    '/v1/orders/order/submit-review/:orderId',
    { schema: { params: orderIdParams, body: { type: 'object', properties: { business: text(100), comment: { type: ['string', 'null'], maxLength: 4000 } } } } },
    async (request, reply) => {
      const { orderId } = request.params as { orderId: string };
      return reply.status(201).send({ data: await submitReview(db, orderId, request.body) });
    },
  );
}

/**
 * Cart and order domain: the saved cart of a logged-in shopper, the order the cart turns into, and its
 * checkout (sender, delivery or pick-up, coupon, order number, tracker, review).
 */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, options) => {
  const { db } = options;
  const mailer = options.mailer ?? createMailer({ db, from: 'Adire Blooms <hello@adireblooms.ng>' });
  const auth = options.auth ?? DEFAULT_AUTH_CONFIG;
  const ctx: OrderRouteContext = {
    db,
    now: options.now ?? (() => new Date()),
    checkout: createCheckoutService({ db, mailer, auth, publicUrl: options.publicUrl ?? 'http://127.0.0.1:8080', log: app.log, holds: options.holds }),
    coupons: createCouponService(db),
    trackerAttempts: createAttemptLog(db, Math.max(TRACKER_VERIFY_LIMIT.windowMs, TRACKER_LOOKUP_LIMIT.windowMs)),
    holds: options.holds ?? DEFAULT_DAY_HOLDS,
    tally: options.tally,
    paymentRecords: options.paymentRecords,
  };
  // The days ahead for a place: open or not, places left (issue 29).
  await app.register(deliveryDayRoutes, { db, now: ctx.now });
  registerOrderRoutes(app, ctx);
  registerCheckoutRoutes(app, ctx);
  registerTrackerRoutes(app, ctx);
  // An order's photos, served by their unguessable ids (issue 40).
  registerPhotoServing(app, db);
};
