import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_mail';
import * as m0003 from './migrations/0003_accounts';
import * as m0004 from './migrations/0004_catalog';
import * as m0005 from './migrations/0005_newsletter';
import * as m0006 from './migrations/0006_orders';
import * as m0007 from './migrations/0007_checkout';
import * as m0008 from './migrations/0008_payments';
import * as m0009 from './migrations/0009_stock';
import * as m0010 from './migrations/0010_data_versions';
import * as m0011 from './migrations/0011_mail_delivery';
import * as m0012 from './migrations/0012_staff';
import * as m0013 from './migrations/0013_review_moderation';
import * as m0021 from './migrations/0021_release_registry';
import * as m0022 from './migrations/0022_release_canary';
import * as m0023 from './migrations/0023_session_origin';
import * as m0024 from './migrations/0024_checkout_notes';
import * as m0025 from './migrations/0025_newsletter_confirmation';
import * as m0026 from './migrations/0026_coupon_hold';
import * as m0027 from './migrations/0027_day_bookings';
import * as m0032r from './migrations/0032_release_telemetry';
import * as m0032s from './migrations/0032_staff_lifecycle';
import * as m0033a from './migrations/0033_my_account';
import * as m0034 from './migrations/0034_florist_note';
import * as m0035 from './migrations/0035_booking_holds';
import * as m0036c from './migrations/0036_canary_clients';
import * as m0036d from './migrations/0036_deferred_erasure';
import * as m0037 from './migrations/0037_counter';
import * as m0036r from './migrations/0036_reminder_limits';
import * as m0038 from './migrations/0038_refunds';
import * as m0039p from './migrations/0039_order_photos';
import * as m0039r from './migrations/0039_riders';
import * as m0040s from './migrations/0040_search_counts';
import * as m0042s from './migrations/0042_substitutions';
import * as m0041e from './migrations/0041_email_verified';

/** Migrations listed in code (not read from disk) so they ship with the server wherever it runs. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_mail': m0002,
  '0003_accounts': m0003,
  '0004_catalog': m0004,
  '0005_newsletter': m0005,
  '0006_orders': m0006,
  '0007_checkout': m0007,
  '0008_payments': m0008,
  '0009_stock': m0009,
  '0010_data_versions': m0010,
  '0011_mail_delivery': m0011,
  '0012_staff': m0012,
  '0013_review_moderation': m0013,
  '0021_release_registry': m0021,
  '0022_release_canary': m0022,
  '0023_session_origin': m0023,
  '0024_checkout_notes': m0024,
  '0025_newsletter_confirmation': m0025,
  '0026_coupon_hold': m0026,
  '0027_day_bookings': m0027,
  '0032_release_telemetry': m0032r,
  '0032_staff_lifecycle': m0032s,
  '0033_my_account': m0033a,
  '0034_florist_note': m0034,
  '0035_booking_holds': m0035,
  '0036_canary_clients': m0036c,
  '0036_deferred_erasure': m0036d,
  '0037_counter': m0037,
  '0036_reminder_limits': m0036r,
  '0038_refunds': m0038,
  '0039_order_photos': m0039p,
  '0039_riders': m0039r,
  '0040_search_counts': m0040s,
  '0042_substitutions': m0042s,
  '0041_email_verified': m0041e,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Unordered: migrations numbered by issue may land in any order (0005 before 0004 in a dev database).
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
