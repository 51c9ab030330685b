import type { OrderProduct, PaymentStatus } from '@adire/contracts';
import { ACCOUNT_API, TRACKING_STEP_LABELS, type AccountOrder, type AccountPaymentRecord, type SendAgain, type SendAgainNote } from '@adire/contracts/account';
import { formatAmount, isPaid } from '@adire/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { parseJson } from '../../db/json';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { PRIVATE_CACHE_CONTROL } from '../../http/response-cache';
import { anonymiseOrderReviews, findSellables } from '../catalog';
import { itemsToKeep } from './cart';
import { requireUser, type AccountDataPart, type AccountOwner } from '../account';
import { eraseKeptForDelivery, eraseOrdersOf, orderItems, toOrder, type OrderRow } from './store';
import { buildTimeline } from './tracker';
import { deleteOrderPhotos, photosOfOrders } from './photo-store';
import { toTrackedPhoto } from './proof-read';
import { deleteRiderFacts } from './rider-store';

export const ACCOUNT_ORDERS_PAGE_SIZE = 10;
export const ACCOUNT_ORDERS_MAX_PAGE_SIZE = 50;

/** What an erased account's orders say instead of the shopper's name. */
export const ERASED_NAME = 'Deleted account';

/** One order as its shopper's list shows it, with the tracker's stage and words. */
export function toAccountOrder(row: OrderRow, events: { step: string; at: string }[]): AccountOrder {
  const { status } = buildTimeline({ deliveryStatus: row.delivery_status, paymentStatus: row.payment_status, checkedOutAt: row.checked_out_at, events });
  const order = toOrder(row);
  const items = orderItems(row);
  const products = parseJson<OrderProduct[]>(row.order_products, []);
  return {
    id: row.id,
    orderNumber: row.order_number!,
    createdAt: row.checked_out_at ?? row.created_at,
    deliveryDate: row.delivery_date,
    deliveryMethod: (row.delivery_method as 'delivery' | 'pickup' | null) ?? null,
    recipientName: order.deliveryDetails?.recipientName ?? null,
    pickupLocation: row.pickup_location,
    items: products.map((p, i) => ({
      name: p.name,
      quantity: Number(p.quantity),
      ...(p.size ? { size: p.size } : {}),
      price: Number(p.price),
      image: p.image,
      ...(items[i]?.SKU ? { SKU: items[i]!.SKU } : {}),
      ...(items[i]?.design ? { design: items[i]!.design } : {}),
    })),
    currency: order.currency,
    total: Number(row.total),
    paymentStatus: row.payment_status as PaymentStatus,
    paid: isPaid(row.payment_status),
    stage: status,
    // A cancelled order (issue 39) says so where the page shows its stage.
    stageLabel: row.cancelled_at ? 'Cancelled' : TRACKING_STEP_LABELS[status],
    senderEmail: row.client_email,
    reviewed: row.reviewed_at !== null,
  };
}

/** The shopper's checked-out orders, newest first, a page at a time. */
export async function accountOrders(q: Kysely<Database>, userId: string, page: number, pageSize: number): Promise<AccountOrder[]> {
  const rows = await q
    .selectFrom('shop_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('order_number', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const ids = rows.map((r) => r.id);
  const events = ids.length ? await q.selectFrom('order_status_event').select(['order_id', 'step', 'at']).where('order_id', 'in', ids).execute() : [];
  const photos = await photosOfOrders({ kysely: q }, ids);
  return rows.map((r) => {
    const own = photos.filter((p) => p.order_id === r.id).map(toTrackedPhoto);
    return { ...toAccountOrder(r, events.filter((e) => e.order_id === r.id)), ...(own.length ? { photos: own } : {}) };
  });
}

/**
 * "Send again": the order's lines (sizes and designs) priced from today's catalogue; a line no longer
 * sold or out of stock is left out with a word, a changed price is said (NGN each, design included).
 */
export async function sendAgain(db: Pick<Db, 'kysely'>, userId: string, orderId: string): Promise<SendAgain> {
  const row = await db.kysely.selectFrom('shop_order').selectAll().where('id', '=', orderId).where('user_id', '=', userId).where('order_number', 'is not', null).executeTakeFirst();
  if (!row) throw notFound('We could not find that order among yours.');
  const then = orderItems(row);
  const catalogue = await findSellables(db, then.map((i) => i.SKU));
  const items: SendAgain['items'] = [];
  const notes: SendAgainNote[] = [];
  for (const line of then) {
    const sellable = catalogue.get(line.SKU);
    const [today] = sellable && sellable.inStock ? itemsToKeep([line], catalogue) : [];
    if (!today || (line.design && !today.design)) {
      notes.push({ name: line.name, change: 'gone', message: `${line.name} is no longer available, so it was not added` });
      continue;
    }
    items.push(today);
    const was = Number(line.price) + Number(line.design?.price ?? 0);
    const now = today.price + (today.design?.price ?? 0);
    if (was !== now) notes.push({ name: today.name, change: 'price', was, now, message: `${today.name} now costs ${formatAmount(now, 'NGN')} (was ${formatAmount(was, 'NGN')})` });
  }
  return { items, notes };
}

/** GET /v1/storefront/account/orders?page=&pageSize=: the logged-in shopper's orders (account's session guard). */
export const accountOrderRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  });
  app.get(
    ACCOUNT_API.orders,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            business: { type: 'string', maxLength: 100 },
            page: { type: 'integer', minimum: 1, maximum: 10_000 },
            pageSize: { type: 'integer', minimum: 1, maximum: ACCOUNT_ORDERS_MAX_PAGE_SIZE },
          },
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(db, request);
      const { page = 1, pageSize = ACCOUNT_ORDERS_PAGE_SIZE } = request.query as { page?: number; pageSize?: number };
      return { data: await accountOrders(db.kysely, user.id, page, pageSize) };
    },
  );
  app.get(
    '/v1/storefront/account/orders/:id/again',
    { schema: { params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } }, required: ['id'] }, querystring: { type: 'object', properties: { business: { type: 'string', maxLength: 100 } } } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      return { data: await sendAgain(db, user.id, (request.params as { id: string }).id) };
    },
  );
};

/** An order's payment records for the download, by order id (the payments domain's, handed over at the composition root). */
export type PaymentRecordsOf = (q: Kysely<Database>, orderIds: readonly string[]) => Promise<ReadonlyMap<string, readonly AccountPaymentRecord[]>>;

/**
 * The orders' share of an account's data: every order in the download with its payment records
 * (`paymentsOf`, the payments domain's: orders imports no payments) and its reviews; at deletion the
 * orders stay (the shop's accounts need their numbers, amounts and dates) with the personal data replaced.
 */
export function accountOrdersPart(paymentsOf: PaymentRecordsOf): AccountDataPart {
  return {
    name: 'orders',
    async export(q: Kysely<Database>, owner: AccountOwner) {
      const rows = await q.selectFrom('shop_order').selectAll().where('user_id', '=', owner.id).orderBy('created_at', 'desc').execute();
      const ids = rows.map((r) => r.id);
      const reviews = ids.length ? await q.selectFrom('review').select(['order_id', 'product_id', 'rating', 'comment', 'author', 'created_at']).where('order_id', 'in', ids).execute() : [];
      const payments = await paymentsOf(q, ids);
      // The order's photos as links (issue 40): the file holds where to fetch each one, not the picture.
      const photos = await photosOfOrders({ kysely: q }, ids);
      return rows.map((row) => ({
        ...toOrder(row),
        createdAt: row.created_at,
        payments: payments.get(row.id) ?? [],
        reviews: reviews.filter((r) => r.order_id === row.id),
        photos: photos.filter((p) => p.order_id === row.id).map(toTrackedPhoto),
      }));
    },
    async erase(trx: Kysely<Database>, owner: AccountOwner, now: Date) {
      const ids = await eraseOrdersOf(trx, owner.id, ERASED_NAME, now.toISOString());
      // The photos of the door and the rider's notes of it go with the rest (issue 40).
      await deleteOrderPhotos({ kysely: trx }, ids);
      await deleteRiderFacts({ kysely: trx }, ids);
      // A published review keeps its words and stars, not its author's name (catalog writes reviews).
      if (ids.length) await anonymiseOrderReviews(trx, ids);
    },
    // Paid orders a deleted account left for their delivery, erased once delivered or refunded (issue 38, item 4).
    async eraseDue(trx: Kysely<Database>, now: Date) {
      const ids = await eraseKeptForDelivery(trx, ERASED_NAME, now);
      await deleteOrderPhotos({ kysely: trx }, ids);
      await deleteRiderFacts({ kysely: trx }, ids);
      if (ids.length) await anonymiseOrderReviews(trx, ids);
      return ids.length;
    },
  };
}
