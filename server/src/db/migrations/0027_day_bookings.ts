import type { Kysely } from 'kysely';

/**
 * Places on delivery days (issue 29). A checked-out order holds a place on its day for its place
 * (a delivery state, or `pickup:<branch code>`) while its stock hold lasts (`held_until`), takes it
 * for good once paid (`held_until` null), and gives it back when it moves to another day or the hold
 * lapses. One row per order (`order_id` is the key). `day_booking_lock` has one row per (date, place):
 * the check "is a place left?" and the hold run with that row locked (FOR UPDATE on PostgreSQL; SQLite
 * has one writer, `BEGIN IMMEDIATE`), so no day ever holds more orders than its capacity.
 *
 * Paid orders already checked out take their places (so a capacity set later counts them).
 */

interface Before {
  shop_order: {
    id: string;
    delivery_date: string;
    payment_status: string;
    delivery_method: string | null;
    delivery_state: string | null;
    pickup_location: string | null;
    checked_out_at: string | null;
  };
  day_booking: { order_id: string; date: string; place: string; held_until: string | null; created_at: string; updated_at: string };
}

// Frozen here as they were when this migration was written (the live rules may move on).
const isPaid = (status: string | null) => !!status && (status.toLowerCase().startsWith('paid') || status.toLowerCase().includes('go ahead'));
const BRANCHES = ['Ikoyi LPI', 'Abuja APA', 'Lekki LPL'];
const STATES = ['lagos', 'abuja', 'other-locations'];
const norm = (s: string | null) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

function placeOf(row: Before['shop_order']): string | null {
  if (row.delivery_method === 'pickup') {
    const branch = BRANCHES.find((b) => norm(b) === norm(row.pickup_location));
    return branch ? `pickup:${branch}` : null;
  }
  if (row.delivery_method === 'delivery') return STATES.find((s) => s === norm(row.delivery_state)) ?? null;
  return null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('day_booking')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('shop_order.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    // Held until then (a lapsed hold counts for nobody but may be renewed by its order); null: taken for good.
    .addColumn('held_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('day_booking_day_idx').on('day_booking').columns(['date', 'place', 'held_until']).execute();

  await db.schema
    .createTable('day_booking_lock')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('day_booking_lock_pk', ['date', 'place'])
    .execute();

  const q = db as unknown as Kysely<Before>;
  const orders = await q
    .selectFrom('shop_order')
    .select(['id', 'delivery_date', 'payment_status', 'delivery_method', 'delivery_state', 'pickup_location', 'checked_out_at'])
    .where('checked_out_at', 'is not', null)
    .where('delivery_date', '!=', '')
    .execute();
  const now = new Date().toISOString();
  const taken = orders.flatMap((o) => {
    const place = placeOf(o);
    return place && isPaid(o.payment_status) ? [{ order_id: o.id, date: o.delivery_date, place, held_until: null, created_at: now, updated_at: now }] : [];
  });
  for (let i = 0; i < taken.length; i += 200) await q.insertInto('day_booking').values(taken.slice(i, i + 200)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('day_booking_lock').execute();
  await db.schema.dropTable('day_booking').execute();
}
