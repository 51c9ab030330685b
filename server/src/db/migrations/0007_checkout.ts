import { sql, type Kysely } from 'kysely';

/**
 * Checkout (issue 7): the sender, recipient and delivery details of an order, its delivery fee,
 * coupon and discount, a human order number, the delivery timeline, coupons and reviews by order.
 * Text and integer columns only, so SQLite and PostgreSQL behave alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER.
  const orderColumns: [string, 'integer' | 'text', (c: any) => any][] = [
    ['client_name', 'text', (c) => c],
    ['client_email', 'text', (c) => c],
    ['client_phone', 'text', (c) => c],
    ['client_phone_country_code', 'text', (c) => c],
    // 'delivery' | 'pickup', null until the checkout is submitted.
    ['delivery_method', 'text', (c) => c],
    // JSON DeliveryDetails (recipient name, phones, address, state, zone, residence type).
    ['delivery_details', 'text', (c) => c.notNull().defaultTo('{}')],
    ['delivery_state', 'text', (c) => c],
    ['delivery_zone', 'text', (c) => c],
    ['pickup_location', 'text', (c) => c],
    ['pickup_state', 'text', (c) => c],
    ['despatch_location', 'text', (c) => c],
    ['delivery_message', 'text', (c) => c],
    ['purpose', 'text', (c) => c],
    ['delivery_instruction', 'text', (c) => c],
    ['admin_notes', 'text', (c) => c],
    // Items with designs in the order's currency; total is now what the shopper pays.
    ['items_total', 'integer', (c) => c.notNull().defaultTo(0)],
    ['delivery_fee_ngn', 'integer', (c) => c.notNull().defaultTo(0)],
    ['delivery_fee', 'integer', (c) => c.notNull().defaultTo(0)],
    ['coupon_code', 'text', (c) => c],
    ['discount_ngn', 'integer', (c) => c.notNull().defaultTo(0)],
    ['discount', 'integer', (c) => c.notNull().defaultTo(0)],
    // 'new' (not checked out) → 'received' → 'arranged' → 'despatched' → 'delivered'.
    ['delivery_status', 'text', (c) => c.notNull().defaultTo('new')],
    ['checked_out_at', 'text', (c) => c],
    ['reviewed_at', 'text', (c) => c],
  ];
  for (const [name, type, build] of orderColumns) {
    await db.schema.alterTable('shop_order').addColumn(name, type, build).execute();
  }
  // Until now total held the items total.
  await sql`update shop_order set items_total = total`.execute(db);

  // One row per step reached, with its time: the tracker's timeline.
  await db.schema
    .createTable('order_status_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    // 'checkout' | 'operator' | 'payment'
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_event_order_idx').on('order_status_event').columns(['order_id', 'at']).execute();

  // Order numbers: one counter row, bumped inside the checkout transaction (its row lock orders
  // concurrent checkouts on PostgreSQL; SQLite has one writer).
  await db.schema
    .createTable('order_sequence')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into order_sequence (name, value) values ('order-number', 1000)`.execute(db);

  await db.schema
    .createTable('coupon')
    // Stored upper-cased.
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull()) // percent | fixed
    // Percent (1–100) or naira off.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('min_order_ngn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text') // ISO instant; null: never
    .addColumn('usage_limit', 'integer') // null: unlimited
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The coupon an order holds (one per order); each row is one use of the coupon's usage limit.
  await db.schema
    .createTable('coupon_redemption')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('shop_order.id').onDelete('cascade'))
    .addColumn('coupon_code', 'text', (c) => c.notNull().references('coupon.code'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_redemption_code_idx').on('coupon_redemption').column('coupon_code').execute();

  // Reviews by order land in `review` (migration 0004), one row per product of the order.
  await db.schema.createIndex('review_order_product_uq').on('review').columns(['order_id', 'product_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('review_order_product_uq').execute();
  for (const t of ['coupon_redemption', 'coupon', 'order_sequence', 'order_status_event']) await db.schema.dropTable(t).execute();
  for (const c of [
    'reviewed_at', 'checked_out_at', 'delivery_status', 'discount', 'discount_ngn', 'coupon_code', 'delivery_fee', 'delivery_fee_ngn',
    'items_total', 'admin_notes', 'delivery_instruction', 'purpose', 'delivery_message', 'despatch_location', 'pickup_state',
    'pickup_location', 'delivery_zone', 'delivery_state', 'delivery_details', 'delivery_method', 'client_phone_country_code',
    'client_phone', 'client_email', 'client_name',
  ]) {
    await db.schema.alterTable('shop_order').dropColumn(c).execute();
  }
}
