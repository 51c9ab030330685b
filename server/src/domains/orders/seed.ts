import { DEFAULT_CHECKOUT_SETTINGS } from '@adire/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CouponTable } from '../../db/schema';
import { addSettingIfMissing } from '../site';

/** Demo coupons (documented in this domain's README), seeded into an empty database. */
export const DEMO_COUPONS = [
  { code: 'BLOOM10', kind: 'percent', amount: 10, min_order_ngn: 20000, expires_at: null, usage_limit: null },
  { code: 'LAGOS5000', kind: 'fixed', amount: 5000, min_order_ngn: 40000, expires_at: null, usage_limit: null },
  // Expired at the end of 2025, Lagos time.
  { code: 'EXPIRED2025', kind: 'percent', amount: 15, min_order_ngn: 0, expires_at: '2025-12-31T22:59:59.000Z', usage_limit: null },
  { code: 'ONEUSE', kind: 'fixed', amount: 2000, min_order_ngn: 0, expires_at: null, usage_limit: 1 },
] as const;

export function demoCouponRows(now: string): Insertable<CouponTable>[] {
  return DEMO_COUPONS.map((c) => ({ ...c, used_count: 0, active: 1, created_at: now }));
}

/** The same-day cutoffs, Lagos time (setting 'checkoutSettings'). */
export const CHECKOUT_SETTINGS = DEFAULT_CHECKOUT_SETTINGS;

/**
 * Idempotent, for new and older databases alike: the demo coupons when there are no coupons at all,
 * and the checkout settings when they are missing.
 */
export async function seedCheckoutIfMissing(db: Pick<Db, 'kysely'>): Promise<void> {
  const now = new Date().toISOString();
  const anyCoupon = await db.kysely.selectFrom('coupon').select('code').limit(1).executeTakeFirst();
  if (!anyCoupon) await db.kysely.insertInto('coupon').values(demoCouponRows(now)).onConflict((oc) => oc.column('code').doNothing()).execute();
  await addSettingIfMissing(db.kysely, 'checkoutSettings', CHECKOUT_SETTINGS, now);
}
