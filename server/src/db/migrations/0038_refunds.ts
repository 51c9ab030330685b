import type { Kysely } from 'kysely';

/**
 * Refunds (issue 39, item 4): money given back on an order, one row per payment it goes back through
 * (a refund of more than one payment's worth is split, newest payment first). A row is written
 * 'pending' under the order's lock before the provider is asked (so concurrent refunds can never add
 * up to more than was received), then becomes 'processed' or 'failed' (a failed one no longer counts).
 * `idempotency_key` is sent to the provider and is unique: the same refund is never made twice.
 * `sandbox_refund` is the built-in sandboxes' own books of refunds, as `sandbox_transaction` is of payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refund')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('shop_order.id'))
    // The payment this part goes back through.
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payment.id'))
    // The refund it is part of (one staff request), and its order within it.
    .addColumn('request_key', 'text', (c) => c.notNull())
    // Sent to the provider as the refund's idempotency key / merchant reference.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // 'paystack' | 'flutterwave' | 'paypal' | 'monnify' (through the provider) | 'manual' (by hand)
    .addColumn('provider', 'text', (c) => c.notNull())
    // 'provider' | 'transfer' | 'cash' | 'pos'
    .addColumn('method', 'text', (c) => c.notNull())
    // The provider's refund id, or the bank or till reference of a refund made by hand.
    .addColumn('reference', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // 'pending' | 'processed' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // Who asked for it (a staff email, or 'operator').
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refund_key_uq').on('refund').column('idempotency_key').unique().execute();
  await db.schema.createIndex('refund_order_idx').on('refund').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('sandbox_refund')
    .addColumn('provider', 'text', (c) => c.notNull())
    // The shop's idempotency key for the refund.
    .addColumn('refund_key', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text', (c) => c.notNull())
    // The payment's reference (our attempt reference) it returns money from.
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // 'pending' | 'processed' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_refund_pk', ['provider', 'refund_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_refund').execute();
  await db.schema.dropTable('refund').execute();
}
