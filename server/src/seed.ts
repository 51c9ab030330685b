import { randomUUID } from 'node:crypto';
import type { Db } from './db/database';
import { BASE_DELIVERY, CATEGORIES, CURRENCY_RATES, deliveryOverrides, PRODUCTS, SHOP_CONTACT, SITE_WIDE_ALERT } from './db/seed-data';
import { demoAccountRows } from './domains/account';
import { seedCatalogIfEmpty } from './domains/catalog';
import { seedCheckoutIfMissing } from './domains/orders';
import { demoCatalog } from '../seed/catalog';

/** Fill an empty database. Returns false when it already holds a catalogue (seeding is idempotent). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  await seedCheckoutIfMissing(db); // coupons and same-day cutoffs, for new and older databases
  const existing = await db.kysely.selectFrom('category').select('slug').limit(1).executeTakeFirst();
  // An older database gets the full catalogue (sizes, tags, reviews…) once, on top of what it holds.
  if (existing) return seedCatalogIfEmpty(db, demoCatalog);
  const now = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('category')
      .values(CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, menu_group: c.group, position })))
      .execute();
    await trx
      .insertInto('product')
      .values(
        PRODUCTS.map((p, i) => ({
          id: randomUUID(),
          slug: p.slug,
          sku: `AB-${String(1001 + i)}`,
          name: p.name,
          description: p.description,
          price_ngn: p.price,
          image: `/media/products/${p.slug}.svg`,
          category_slug: p.category,
          relevance_order: i % 3,
        })),
      )
      .execute();
    await trx.insertInto('currency').values(CURRENCY_RATES).execute();
    await trx
      .insertInto('setting')
      .values([
        { key: 'alertSettings', value: JSON.stringify({ siteWideAlert: SITE_WIDE_ALERT, paymentAlerts: {} }), updated_at: now },
        { key: 'deliverySettings', value: JSON.stringify({ baseConfig: BASE_DELIVERY, overrideConfigs: deliveryOverrides(new Date().getUTCFullYear()) }), updated_at: now },
        { key: 'shopContact', value: JSON.stringify(SHOP_CONTACT), updated_at: now },
      ])
      .execute();
    await trx.insertInto('app_user').values(await demoAccountRows(now)).execute();
  });
  await seedCatalogIfEmpty(db, demoCatalog);
  return true;
}
