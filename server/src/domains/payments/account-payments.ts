import type { AccountPaymentRecord } from '@adire/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refundsOfOrders } from './refunds';

/**
 * The payments' share of "download my data" (issue 33, NDPA 2023), by order: every payment started at
 * a provider, every payment received and every refund, oldest first — provider, method, the shop's reference, state,
 * amount, currency and dates. Never the provider's own reference, its answers (payment_event) or any
 * token or card data. Handed to the orders' share of the download at the composition root.
 */
export async function orderPaymentRecords(q: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, AccountPaymentRecord[]>> {
  const byOrder = new Map<string, AccountPaymentRecord[]>();
  if (!orderIds.length) return byOrder;
  const ids = [...orderIds];
  const started = await q
    .selectFrom('payment_attempt')
    .select(['order_id', 'provider', 'method', 'reference', 'status', 'amount', 'currency', 'created_at', 'updated_at'])
    .where('order_id', 'in', ids)
    .execute();
  const received = await q.selectFrom('payment').select(['order_id', 'provider', 'method', 'reference', 'status', 'amount', 'currency', 'created_at']).where('order_id', 'in', ids).execute();
  const refunds = await refundsOfOrders(q, ids);
  const records = [
    ...started.map((r) => ({ orderId: r.order_id, record: toRecord('started', r, r.updated_at) })),
    ...received.map((r) => ({ orderId: r.order_id, record: toRecord('received', r, r.created_at) })),
    // Each refund (issue 39): what went back, how, and from which payment (its reference).
    ...[...refunds].flatMap(([orderId, list]) =>
      list.map((r) => ({
        orderId,
        record: toRecord('refunded', { provider: r.provider, method: r.method, reference: r.paymentReference, status: r.status, amount: r.amount, currency: r.currency, created_at: r.at }, r.updatedAt),
      })),
    ),
  ].sort((a, b) => a.record.createdAt.localeCompare(b.record.createdAt) || LIFECYCLE[a.record.kind] - LIFECYCLE[b.record.kind]);
  for (const { orderId, record } of records) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), record]);
  return byOrder;
}

/** Records made in the same millisecond (a fast machine does that) keep the payment's own order. */
const LIFECYCLE: Record<AccountPaymentRecord['kind'], number> = { started: 0, received: 1, refunded: 2 };

type Row = { provider: string; method: string; reference: string; status: string; amount: number | string; currency: string; created_at: string };

const toRecord = (kind: AccountPaymentRecord['kind'], r: Row, updatedAt: string): AccountPaymentRecord => ({
  kind,
  provider: r.provider,
  method: r.method,
  reference: r.reference,
  state: r.status,
  amount: Number(r.amount),
  currency: r.currency,
  createdAt: r.created_at,
  updatedAt,
});
