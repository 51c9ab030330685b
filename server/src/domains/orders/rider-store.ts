/** The only writer of `order_rider` and `order_delivery_attempt` (issue 40): who carries an order, and what happened at the door. */
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, OrderDeliveryAttemptTable } from '../../db/schema';

type Query = Pick<Db, 'kysely'> | { kysely: Kysely<Database> };

/** What happened at the door, as the table keeps it. */
export type AttemptRow = OrderDeliveryAttemptTable;

export async function riderOf(db: Query, orderId: string): Promise<{ rider_email: string; position: number } | undefined> {
  return db.kysely.selectFrom('order_rider').select(['rider_email', 'position']).where('order_id', '=', orderId).executeTakeFirst();
}

/** Gives the order to a rider at the end of their route on its day (or keeps its place when it is theirs already). */
export async function assignRider(db: Query, orderId: string, deliveryDate: string, rider: string, by: string, at: string): Promise<void> {
  const current = await riderOf(db, orderId);
  if (current?.rider_email === rider) return;
  const last = await db.kysely
    .selectFrom('order_rider')
    .innerJoin('shop_order', 'shop_order.id', 'order_rider.order_id')
    .select(({ fn }) => fn.max('order_rider.position').as('last'))
    .where('order_rider.rider_email', '=', rider)
    .where('shop_order.delivery_date', '=', deliveryDate)
    .executeTakeFirst();
  const position = Number(last?.last ?? 0) + 1;
  if (current) await db.kysely.updateTable('order_rider').set({ rider_email: rider, position, assigned_by: by, assigned_at: at }).where('order_id', '=', orderId).execute();
  else await db.kysely.insertInto('order_rider').values({ order_id: orderId, rider_email: rider, position, assigned_by: by, assigned_at: at }).execute();
}

/** Who carries each of these orders (by order number); orders given to nobody are left out. */
export async function ridersOfOrders(db: Query, orderNumbers: readonly string[]): Promise<{ order_number: string | null; rider_email: string }[]> {
  if (orderNumbers.length === 0) return [];
  return db.kysely
    .selectFrom('order_rider')
    .innerJoin('shop_order', 'shop_order.id', 'order_rider.order_id')
    .select(['shop_order.order_number', 'order_rider.rider_email'])
    .where('shop_order.order_number', 'in', [...orderNumbers])
    .orderBy('shop_order.order_number')
    .execute();
}

export async function unassignRider(db: Query, orderId: string): Promise<void> {
  await db.kysely.deleteFrom('order_rider').where('order_id', '=', orderId).execute();
}

/** The rider's orders of a day in route order (order ids). */
export async function riderOrderIds(db: Query, rider: string, deliveryDate: string): Promise<{ order_id: string; position: number }[]> {
  return db.kysely
    .selectFrom('order_rider')
    .innerJoin('shop_order', 'shop_order.id', 'order_rider.order_id')
    .select(['order_rider.order_id', 'order_rider.position'])
    .where('order_rider.rider_email', '=', rider)
    .where('shop_order.delivery_date', '=', deliveryDate)
    .orderBy('order_rider.position')
    .orderBy('order_rider.assigned_at')
    .execute();
}

export async function setRoutePositions(db: Query, orderIds: readonly string[]): Promise<void> {
  for (const [i, id] of orderIds.entries()) await db.kysely.updateTable('order_rider').set({ position: i + 1 }).where('order_id', '=', id).execute();
}

export async function insertAttempt(db: Query, attempt: AttemptRow): Promise<void> {
  await db.kysely.insertInto('order_delivery_attempt').values(attempt).execute();
}

export async function attemptsOf(db: Query, orderIds: readonly string[]): Promise<AttemptRow[]> {
  if (orderIds.length === 0) return [];
  return db.kysely.selectFrom('order_delivery_attempt').selectAll().where('order_id', 'in', [...orderIds]).orderBy('at').orderBy('id').execute();
}

/** An erased account's orders: their riders and attempts go with them. */
export async function deleteRiderFacts(db: Query, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.kysely.deleteFrom('order_delivery_attempt').where('order_id', 'in', [...orderIds]).execute();
  await db.kysely.deleteFrom('order_rider').where('order_id', 'in', [...orderIds]).execute();
}
