import type { Kysely } from 'kysely';

/**
 * Holds that cost what they are worth (issue 38, items 1 and 2).
 *
 * - `day_booking` learns who holds a place (`holder_ip`, `holder_email`, `holder_phone`: the client
 *   and the sender when the hold was granted, e-mail lower-cased, phone as its last 10 digits) and when
 *   the hold was first granted on that day (`first_held_at`): live holds are limited per client, e-mail
 *   and phone on days with a capacity, and a renewal never carries a hold past its first grant's limit.
 * - `day_hold_release`: a hold the shop gave back (a florist's release on the board, a rejected
 *   transfer), with who held it, who released it and why. The order cannot take that place back by
 *   renewing (it must check out again), and each release counts against the same holder on that day.
 * - `payment_attempt.order_terms`: what the order was (day, place, total, currency) when the payment
 *   was started; a payment of an attempt whose order changed since is kept aside, never counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('day_booking').addColumn('holder_ip', 'text').execute();
  await db.schema.alterTable('day_booking').addColumn('holder_email', 'text').execute();
  await db.schema.alterTable('day_booking').addColumn('holder_phone', 'text').execute();
  await db.schema.alterTable('day_booking').addColumn('first_held_at', 'text').execute();
  await db.schema
    .createTable('day_hold_release')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('holder_ip', 'text')
    .addColumn('holder_email', 'text')
    .addColumn('holder_phone', 'text')
    // A staff e-mail, or 'transfer rejected by <staff>' / 'operator'.
    .addColumn('released_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('day_hold_release_day_idx').on('day_hold_release').columns(['date', 'order_id']).execute();
  await db.schema.alterTable('payment_attempt').addColumn('order_terms', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempt').dropColumn('order_terms').execute();
  await db.schema.dropTable('day_hold_release').execute();
  for (const column of ['first_held_at', 'holder_phone', 'holder_email', 'holder_ip']) await db.schema.alterTable('day_booking').dropColumn(column).execute();
}
