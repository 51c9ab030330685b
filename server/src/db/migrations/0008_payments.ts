import type { Kysely } from 'kysely';

/**
 * Payments (issue 8): every attempt to pay an order (one per provider reference), the payments that
 * arrived (one per provider reference, whatever number of webhooks and returns report it), an audit
 * trail of every payment event per order, and the state of the built-in provider sandboxes.
 * Amounts are in the currency's main unit (naira, dollars, pounds) as double precision, so a provider's
 * kobo or cents fit exactly; ids and times are text as elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per payment started: what we asked the provider to collect, for which order.
  await db.schema
    .createTable('payment_attempt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
    // 'paystack' | 'flutterwave' | 'paypal' | 'monnify' | 'manual'
    .addColumn('provider', 'text', (c) => c.notNull())
    // The paymentName chosen (SPEC section 9), e.g. 'cardProvider', 'gtbTransfer'.
    .addColumn('method', 'text', (c) => c.notNull())
    // Our reference, sent to the provider; unique per provider.
    .addColumn('reference', 'text', (c) => c.notNull())
    // The provider's own id when it has one (a PayPal order id, a Monnify transaction reference).
    .addColumn('provider_reference', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // 'pending' | 'paid' | 'part payment' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_attempt_ref_uq').on('payment_attempt').columns(['provider', 'reference']).unique().execute();
  await db.schema.createIndex('payment_attempt_order_idx').on('payment_attempt').columns(['order_id', 'created_at']).execute();

  // Money that arrived. The unique (provider, reference) makes recording idempotent: a webhook
  // delivered twice, or a webhook racing the shopper's return, records one payment.
  await db.schema
    .createTable('payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // 'paid' | 'part payment' | 'paid - confirmed by transfer'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_provider_ref_uq').on('payment').columns(['provider', 'reference']).unique().execute();
  await db.schema.createIndex('payment_order_idx').on('payment').column('order_id').execute();

  // The audit trail: every payment event of an order, in order.
  await db.schema
    .createTable('payment_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    // e.g. 'started', 'webhook', 'return', 'paid', 'part payment', 'failed', 'mismatch', 'transfer notice', 'confirmed', 'rejected'
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: what was claimed and what was verified.
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_event_order_idx').on('payment_event').columns(['order_id', 'created_at']).execute();

  // The built-in sandboxes' own books: what a provider would answer when asked about a transaction.
  await db.schema
    .createTable('sandbox_transaction')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    // The provider-side id (a numeric Flutterwave id, a PayPal order id, a Monnify 'MNFY|…' reference).
    .addColumn('provider_reference', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // 'pending' | 'success' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_paid', 'double precision')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_transaction_pk', ['provider', 'reference'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sandbox_transaction', 'payment_event', 'payment', 'payment_attempt']) await db.schema.dropTable(t).execute();
}
