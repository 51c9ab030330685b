import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings } from '@adire/contracts';
import type { Kysely } from 'kysely';
import { notifyDataChanged } from '../../db/data-versions';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';

/** Bad input from the operator or a manager: the message is shown as it is (beside `field` when known). */
export class SettingsError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Writes one setting document. The setting table's trigger moves the data stamp, so every instance's
 * cached answers and kept server-drawn pages refresh on the next page load; this process's at once.
 */
export async function writeSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_at: new Date().toISOString() };
  await db
    .insertInto('setting')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
  notifyDataChanged();
}

/**
 * Writes a setting only when it has none yet (a default the seed or a sandbox keeps once, shared by every
 * instance): the site domain is the one writer of `setting`.
 */
export async function addSettingIfMissing(db: Kysely<Database>, key: string, value: unknown, at: string = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('setting')
    .values({ key, value: JSON.stringify(value), updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The checkout settings (cutoffs, closed days, capacities, order-by times), or the defaults when none are stored. */
export async function readCheckoutSettings(db: Kysely<Database>): Promise<CheckoutSettings> {
  return (await readSetting<CheckoutSettings>(db, 'checkoutSettings')) ?? DEFAULT_CHECKOUT_SETTINGS;
}
