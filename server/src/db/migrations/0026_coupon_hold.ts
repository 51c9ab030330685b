import type { Kysely } from 'kysely';

/**
 * A usage-limited coupon is held for an unpaid order and counted when the order is paid (issue 19,
 * item 4). `coupon_redemption` gains `held_until` (the hold lapses then unless the order is paid) and
 * `paid_at` (the use is counted); `coupon.used_count` counts paid uses only; `shop_order.coupon_lapsed`
 * names a coupon taken off because its hold lapsed and it was used up meanwhile (the shopper is told).
 * Existing uses of unpaid orders become holds for the next 30 minutes and leave `used_count`.
 */
const HOLD_MS = 30 * 60_000;
const isPaid = (status: string | null) => !!status && (status.toLowerCase().startsWith('paid') || status.toLowerCase().includes('go ahead'));

interface Before {
  coupon_redemption: { order_id: string; coupon_code: string; created_at: string; held_until: string | null; paid_at: string | null };
  shop_order: { id: string; payment_status: string };
  coupon: { code: string; used_count: number };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupon_redemption').addColumn('held_until', 'text').execute();
  await db.schema.alterTable('coupon_redemption').addColumn('paid_at', 'text').execute();
  await db.schema.alterTable('shop_order').addColumn('coupon_lapsed', 'text').execute();

  const q = db as unknown as Kysely<Before>;
  const rows = await q
    .selectFrom('coupon_redemption')
    .innerJoin('shop_order', 'shop_order.id', 'coupon_redemption.order_id')
    .select(['coupon_redemption.order_id', 'coupon_redemption.coupon_code', 'coupon_redemption.created_at', 'shop_order.payment_status'])
    .execute();
  const heldUntil = new Date(Date.now() + HOLD_MS).toISOString();
  const unpaidByCode = new Map<string, number>();
  for (const r of rows) {
    if (isPaid(r.payment_status)) {
      await q.updateTable('coupon_redemption').set({ paid_at: r.created_at }).where('order_id', '=', r.order_id).execute();
    } else {
      await q.updateTable('coupon_redemption').set({ held_until: heldUntil }).where('order_id', '=', r.order_id).execute();
      unpaidByCode.set(r.coupon_code, (unpaidByCode.get(r.coupon_code) ?? 0) + 1);
    }
  }
  for (const [code, n] of unpaidByCode) {
    const coupon = await q.selectFrom('coupon').select('used_count').where('code', '=', code).executeTakeFirst();
    if (coupon) await q.updateTable('coupon').set({ used_count: Math.max(0, Number(coupon.used_count) - n) }).where('code', '=', code).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const q = db as unknown as Kysely<Before>;
  // Holds count as uses again, as before.
  const held = await q.selectFrom('coupon_redemption').select('coupon_code').where('paid_at', 'is', null).execute();
  for (const { coupon_code } of held) {
    const coupon = await q.selectFrom('coupon').select('used_count').where('code', '=', coupon_code).executeTakeFirst();
    if (coupon) await q.updateTable('coupon').set({ used_count: Number(coupon.used_count) + 1 }).where('code', '=', coupon_code).execute();
  }
  await db.schema.alterTable('shop_order').dropColumn('coupon_lapsed').execute();
  await db.schema.alterTable('coupon_redemption').dropColumn('paid_at').execute();
  await db.schema.alterTable('coupon_redemption').dropColumn('held_until').execute();
}
