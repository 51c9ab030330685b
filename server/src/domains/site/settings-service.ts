import { CURRENCY_NAMES, DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type CurrencyName, type GeneralSettings, type SiteSettings } from '@adire/contracts';
import { amountFromWord, amountShown, formatAmount, isAmount, shopDate, type AmountRule } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notifyDataChanged } from '../../db/data-versions';
import { readSetting } from '../../db/settings';
import { changeDeliverySettings, DELIVERY_CHANGES, readDeliveryChange, type DeliveryChange } from './delivery-settings';
import { peakDaysView } from './peak-days';
import { SettingsError, writeSetting } from './settings-store';

export { SettingsError };

/**
 * The operator's settings command (the back office's settings page reads the same words): currencies,
 * the site-wide alert, payment alerts and the delivery settings (delivery-settings.ts), all read by
 * the handshake from the database, so a change shows on the next page load without a restart.
 */


export const ALERT_MAX_LENGTH = 1000;
const BASE_CURRENCY: CurrencyName = 'NGN';
const PAYMENT_METHOD = /^[A-Za-z][A-Za-z0-9_-]{1,39}$/;

export const SETTINGS_USAGE = `Usage: pnpm settings <command>

  show                                  currencies, alerts and delivery settings
  set-alert "<text>"                    the site-wide scrolling alert ("" clears it);
                                        {{50000}} in the text shows as a price in the shopper's currency
  set-rate <currency> <rate>            naira per unit of ${CURRENCY_NAMES.filter((c) => c !== BASE_CURRENCY).join(' or ')}
                                        (prices are divided by it, rounded up); ${BASE_CURRENCY} is always 1
  set-payment-alert <method> "<text>"   a note shown with one payment method, e.g. gtbTransfer ("" removes it)

  Delivery (fees in whole naira; a state is lagos, abuja or other-locations):
  set-fee <state> "<zone>" <naira> [--window "<name>"]
                                        a zone's fee (in a fee window: that window's fee only)
  add-zone <state> "<zone>" <naira>     a new zone of a state
  rename-zone <state> "<zone>" "<new>"  orders already placed keep their zone and fee
  remove-zone <state> "<zone>"          (a state keeps at least one zone)
  set-min-amount <naira> [--window "<name>"]
                                        delivery is free for items from this amount (0: never free)
  add-window "<name>" <first day> <last day> <surcharge> <min amount>
                                        festive days priced their own way: every zone's fee plus the
                                        surcharge, free from the minimum amount (days YYYY-MM-DD)
  remove-window "<name>"                those days are priced as usual again
  close-date <YYYY-MM-DD> ["<note>"]    no delivery or pick-up that day ("We are closed on …")
  open-date <YYYY-MM-DD>                take orders for that day again
  set-day-cutoff <YYYY-MM-DD> <delivery HH:MM> [<pick-up HH:MM>]
                                        that day's same-day orders close then (Lagos time;
                                        "" for the usual delivery cutoff, e.g. to set pick-up only)
  clear-day-cutoff <YYYY-MM-DD>         the usual cutoff again that day

  Peak days (a place is lagos, abuja, other-locations or pickup:"<branch code>", e.g. pickup:"Ikoyi LPI"):
  set-capacity <YYYY-MM-DD|mon…sun> <orders|none> [--location <place>]
                                        how many orders the place can take that day (a date's own
                                        number overrides its weekday's; none removes it: unlimited);
                                        without --location, delivery in lagos
  set-order-by <YYYY-MM-DD> <YYYY-MM-DD HH:mm>
                                        no new order may take that day after the moment (Lagos time)
  clear-order-by <YYYY-MM-DD>           that day takes orders until its same-day cutoff again
  help                                  this text

Examples:
  pnpm settings set-rate USD 1550
  pnpm settings set-alert "Valentine's orders close on 13 Feb at 6pm. Free delivery above {{150000}}."
  pnpm settings set-payment-alert gtbTransfer "Send your order number as the transfer reference."
  pnpm settings set-fee lagos "Lekki / Ajah" 5000
  pnpm settings close-date 2026-12-25 "Christmas Day"
  pnpm settings add-window "Valentine's Day" 2027-02-13 2027-02-15 3000 150000
  pnpm settings set-capacity 2027-02-14 300
  pnpm settings set-capacity sat 40 --location pickup:"Ikoyi LPI"
  pnpm settings set-order-by 2027-02-14 "2027-02-13 18:00"`;

export type SettingsCommand =
  | { kind: 'help' }
  | { kind: 'show' }
  | { kind: 'set-alert'; text: string }
  | { kind: 'set-rate'; currency: CurrencyName; rate: number }
  | { kind: 'set-payment-alert'; method: string; text: string }
  | { kind: 'delivery'; change: DeliveryChange };

/** The words of each delivery command, in order, as the fields `readDeliveryChange` reads. */
const DELIVERY_WORDS: Record<DeliveryChange['kind'], { fields: string[]; optional?: number; shape: string; window?: boolean; location?: boolean }> = {
  'set-fee': { fields: ['state', 'zone', 'amount'], shape: '<state> "<zone>" <naira> [--window "<name>"]', window: true },
  'add-zone': { fields: ['state', 'zone', 'amount'], shape: '<state> "<zone>" <naira>' },
  'rename-zone': { fields: ['state', 'zone', 'newName'], shape: '<state> "<zone>" "<new name>"' },
  'remove-zone': { fields: ['state', 'zone'], shape: '<state> "<zone>"' },
  'set-min-amount': { fields: ['amount'], shape: '<naira> [--window "<name>"]', window: true },
  'add-window': { fields: ['name', 'startDate', 'endDate', 'surcharge', 'minAmount'], shape: '"<name>" <first day> <last day> <surcharge> <min amount>' },
  'remove-window': { fields: ['name'], shape: '"<name>"' },
  'close-date': { fields: ['date', 'note'], optional: 1, shape: '<YYYY-MM-DD> ["<note>"]' },
  'open-date': { fields: ['date'], shape: '<YYYY-MM-DD>' },
  'set-day-cutoff': { fields: ['date', 'delivery', 'pickup'], optional: 1, shape: '<YYYY-MM-DD> <delivery HH:MM> [<pick-up HH:MM>]' },
  'clear-day-cutoff': { fields: ['date'], shape: '<YYYY-MM-DD>' },
  'set-capacity': { fields: ['day', 'orders'], shape: '<YYYY-MM-DD|mon…sun> <orders|none> [--location lagos|abuja|other-locations|pickup:"<branch code>"]', location: true },
  'set-order-by': { fields: ['date', 'closesAt'], shape: '<YYYY-MM-DD> "<YYYY-MM-DD HH:mm>"' },
  'clear-order-by': { fields: ['date'], shape: '<YYYY-MM-DD>' },
};

/** Where `set-capacity` counts without --location: delivery in Lagos, the shop's busiest place. */
export const DEFAULT_CAPACITY_PLACE = 'lagos';

/** Takes `--name <value>` out of the words; undefined when absent. */
function takeOption(args: string[], name: string, kind: string, allowed: boolean | undefined, shape: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  if (!allowed) throw new SettingsError(`'${kind}' takes no ${name}: pnpm settings ${kind} ${shape}`);
  const value = args[at + 1] ?? '';
  args.splice(at, 2);
  return value;
}

/** Words that are amounts: plain digits become a number, as the back office sends them (`@adire/domain`'s one amount rule). */
const AMOUNT_WORDS = new Set(['amount', 'surcharge', 'minAmount']);

function parseDeliveryWords(kind: DeliveryChange['kind'], argv: readonly string[]): DeliveryChange {
  const words = DELIVERY_WORDS[kind];
  const args = [...argv];
  const input: Record<string, string | number> = {};
  const window = takeOption(args, '--window', kind, words.window, words.shape);
  if (window !== undefined) input.window = window;
  const location = takeOption(args, '--location', kind, words.location, words.shape);
  if (words.location) input.place = location ?? DEFAULT_CAPACITY_PLACE;
  // The moment may come unquoted: its day and its time as two words.
  if (kind === 'set-order-by' && args.length === 3) args.splice(1, 2, `${args[1]} ${args[2]}`);
  const max = words.fields.length;
  const min = max - (words.optional ?? 0);
  if (args.length < min || args.length > max) {
    throw new SettingsError(`'${kind}' takes ${min === max ? max : `${min} or ${max}`} argument${max === 1 ? '' : 's'}: pnpm settings ${kind} ${words.shape}\n(put names with spaces in quotes)`);
  }
  words.fields.forEach((field, i) => {
    if (args[i] !== undefined) input[field] = AMOUNT_WORDS.has(field) ? amountFromWord(args[i]!) : args[i]!;
  });
  return readDeliveryChange(kind, input);
}

function cleanText(raw: string, what: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length > ALERT_MAX_LENGTH) {
    throw new SettingsError(`The ${what} is ${text.length} characters long; keep it to ${ALERT_MAX_LENGTH} or fewer.`);
  }
  return text;
}

const RATE_HINT = 'a positive number such as 1550 or 1920.5';

/** A conversion rate, naira per unit, by the shop's one amount rule (`@adire/domain`): decimals allowed, at most a million. */
export const RATE_RULE: AmountRule = { min: 0.0001, max: 1_000_000, whole: false };

/**
 * A conversion rate: a number (the back office sends one) or, from the command line, plain decimal
 * digits; never text such as '1,550', '0x10' or '1e3', nor true, null or [5].
 */
export function parseRate(raw: unknown, from: 'words' | 'json' = 'json'): number {
  const rate = from === 'words' && typeof raw === 'string' ? amountFromWord(raw) : raw;
  if (!isAmount(rate, RATE_RULE)) {
    const tooBig = typeof rate === 'number' && Number.isFinite(rate) && rate > RATE_RULE.max;
    throw new SettingsError(tooBig ? `The rate must be at most ${RATE_RULE.max.toLocaleString('en-US')} naira per unit, got ${amountShown(raw)}.` : `The rate must be ${RATE_HINT}, got ${amountShown(raw)}.`);
  }
  return rate;
}

/** A rate change as the back office sends it ({ rates: { USD: 1550 } }): checked as the command's `set-rate` is. */
export function readRateChange(currency: string, rate: unknown): SettingsCommand {
  return { kind: 'set-rate', currency: parseRateCurrency(currency), rate: parseRate(rate) };
}

/** One of the shop's currencies other than the base (NGN, whose rate is always 1). */
export function parseRateCurrency(raw: string | undefined): CurrencyName {
  const currency = (raw ?? '').trim().toUpperCase();
  if (!CURRENCY_NAMES.includes(currency as CurrencyName)) {
    throw new SettingsError(`Unknown currency '${raw ?? ''}'. Currencies: ${CURRENCY_NAMES.join(', ')}.`);
  }
  if (currency === BASE_CURRENCY) {
    const others = CURRENCY_NAMES.filter((c) => c !== BASE_CURRENCY).join(' or ');
    throw new SettingsError(`${BASE_CURRENCY} is the base currency: its rate is always 1 and cannot be changed. Set the rate of ${others} instead.`);
  }
  return currency as CurrencyName;
}

/** Read the command line (after `settings`); throws SettingsError with a clear message on bad input. */
export function parseSettingsCommand(argv: readonly string[]): SettingsCommand {
  const [command, ...args] = argv;
  const expect = (count: number, shape: string) => {
    if (args.length !== count) {
      throw new SettingsError(`'${command}' takes ${count === 1 ? 'one argument' : `${count} arguments`}: pnpm settings ${command} ${shape}\n(put text with spaces in quotes)`);
    }
  };
  switch (command) {
    case undefined:
      throw new SettingsError(SETTINGS_USAGE);
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'show':
      expect(0, '');
      return { kind: 'show' };
    case 'set-alert':
      expect(1, '"<text>"');
      return { kind: 'set-alert', text: cleanText(args[0] ?? '', 'alert') };
    case 'set-rate':
      expect(2, '<currency> <rate>');
      return { kind: 'set-rate', currency: parseRateCurrency(args[0]), rate: parseRate(args[1], 'words') };
    case 'set-payment-alert': {
      expect(2, '<method> "<text>"');
      const method = (args[0] ?? '').trim();
      if (!PAYMENT_METHOD.test(method)) {
        throw new SettingsError(`'${args[0]}' is not a payment method name; use its identifier, e.g. gtbTransfer, natwestTransfer, bitcoinTransfer.`);
      }
      return { kind: 'set-payment-alert', method, text: cleanText(args[1] ?? '', 'payment alert') };
    }
    default:
      if ((DELIVERY_CHANGES as readonly string[]).includes(command)) return { kind: 'delivery', change: parseDeliveryWords(command as DeliveryChange['kind'], args) };
      throw new SettingsError(`Unknown command '${command}'.\n\n${SETTINGS_USAGE}`);
  }
}

type AlertSettings = SiteSettings['alertSettings'];
type DeliverySettings = SiteSettings['deliverySettings'];

async function readAlerts(db: Kysely<Database>): Promise<AlertSettings> {
  const current = await readSetting<Partial<AlertSettings>>(db, 'alertSettings');
  return { siteWideAlert: current?.siteWideAlert ?? '', paymentAlerts: { ...(current?.paymentAlerts ?? {}) } };
}

export async function setSiteWideAlert(db: Kysely<Database>, text: string): Promise<string> {
  const alerts = await readAlerts(db);
  const clean = cleanText(text, 'alert');
  await writeSetting(db, 'alertSettings', { ...alerts, siteWideAlert: clean });
  return clean ? `Site-wide alert set: "${clean}"` : 'Site-wide alert cleared: no banner is shown.';
}

export async function setPaymentAlert(db: Kysely<Database>, method: string, text: string): Promise<string> {
  if (!PAYMENT_METHOD.test(method)) throw new SettingsError(`'${method}' is not a payment method name.`);
  const alerts = await readAlerts(db);
  const clean = cleanText(text, 'payment alert');
  if (clean) alerts.paymentAlerts[method] = clean;
  else delete alerts.paymentAlerts[method];
  await writeSetting(db, 'alertSettings', alerts);
  return clean ? `Payment alert for ${method} set: "${clean}"` : `Payment alert for ${method} removed.`;
}

export async function setRate(db: Kysely<Database>, currencyInput: string, rateInput: string | number): Promise<string> {
  const currency = parseRateCurrency(currencyInput);
  const rate = parseRate(rateInput, 'words');
  const before = await db.selectFrom('currency').select('conversion_rate').where('name', '=', currency).executeTakeFirst();
  if (before) {
    await db.updateTable('currency').set({ conversion_rate: rate }).where('name', '=', currency).execute();
  } else {
    await db.insertInto('currency').values({ name: currency, conversion_rate: rate }).execute();
  }
  notifyDataChanged();
  const was = before ? ` (was ${Number(before.conversion_rate)})` : '';
  return `${currency} rate set to ${rate}${was}: 1 ${currency} = ${formatNumber(rate)} NGN.`;
}

const formatNumber = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(n);
const naira = (n: number) => formatAmount(n, 'NGN');

/** Rates and alerts as data (the back office's settings page; the command prints them with `show`). */
export async function currentSettings(db: Kysely<Database>): Promise<GeneralSettings> {
  const [rates, alerts] = await Promise.all([db.selectFrom('currency').select(['name', 'conversion_rate']).execute(), readAlerts(db)]);
  return { rates: Object.fromEntries(rates.map((r) => [r.name, Number(r.conversion_rate)])), ...alerts };
}

/** A readable summary of everything the handshake serves. */
export async function showSettings(db: Kysely<Database>): Promise<string> {
  const [rates, alerts, delivery, checkout] = await Promise.all([
    db.selectFrom('currency').select(['name', 'conversion_rate']).execute(),
    readAlerts(db),
    readSetting<DeliverySettings>(db, 'deliverySettings'),
    readSetting<CheckoutSettings>(db, 'checkoutSettings'),
  ]);
  const lines: string[] = ['Currencies (naira per unit; prices are divided by the rate and rounded up):'];
  const order = (name: string) => {
    const i = CURRENCY_NAMES.indexOf(name as CurrencyName);
    return i === -1 ? CURRENCY_NAMES.length : i;
  };
  if (!rates.length) lines.push('  (none: run `pnpm seed`)');
  for (const r of [...rates].sort((a, b) => order(a.name) - order(b.name))) {
    lines.push(`  ${r.name.padEnd(4)}${formatNumber(Number(r.conversion_rate))}`);
  }
  lines.push('', 'Site-wide alert:', alerts.siteWideAlert ? `  "${alerts.siteWideAlert}"` : '  (none: no banner is shown)');
  const payment = Object.entries(alerts.paymentAlerts);
  lines.push('', 'Payment alerts:');
  if (!payment.length) lines.push('  (none)');
  for (const [method, text] of payment) lines.push(`  ${method}: "${text}"`);

  lines.push('');
  if (!delivery) {
    lines.push('Delivery: (not configured)');
  } else {
    const zones = (c: DeliverySettings['baseConfig']) => c.stateDeliveryZones.flatMap((s) => s.zones.map((z) => z.amount));
    const base = delivery.baseConfig;
    lines.push(`Delivery (base): ${base.name}, ${base.active ? 'active' : 'inactive'}, free above ${naira(base.minAmount)}`);
    for (const s of base.stateDeliveryZones) {
      lines.push(`  ${s.state}: ${s.zones.map((z) => `${z.name} ${naira(z.amount)}`).join(', ')}`);
    }
    lines.push(`Delivery overrides (${delivery.overrideConfigs.length}):`);
    if (!delivery.overrideConfigs.length) lines.push('  (none)');
    for (const o of delivery.overrideConfigs) {
      const amounts = zones(o);
      const range = amounts.length ? `, zones ${naira(Math.min(...amounts))}–${naira(Math.max(...amounts))}` : '';
      lines.push(`  ${o.name}: ${o.startDate ?? '?'} to ${o.endDate ?? '?'}, ${o.active ? 'active' : 'inactive'}, free above ${naira(o.minAmount)}${range}`);
    }
  }
  const today = shopDate();
  const closed = (checkout?.closedDates ?? []).filter((c) => c.date >= today);
  lines.push(`Closed days (${closed.length}):`);
  if (!closed.length) lines.push('  (none)');
  for (const c of closed) lines.push(`  ${c.date}${c.note ? ` ${c.note}` : ''}`);
  const cutoffs = (checkout?.dayCutoffs ?? []).filter((c) => c.date >= today);
  lines.push(`Days with their own same-day cutoff (${cutoffs.length}):`);
  if (!cutoffs.length) lines.push('  (none)');
  for (const c of cutoffs) lines.push(`  ${c.date}${Object.entries(c.sameDayCutoff).map(([m, t]) => ` ${m} ${t}`).join(',')}`);
  const peak = peakDaysView(checkout ?? DEFAULT_CHECKOUT_SETTINGS, today);
  lines.push(`Capacities (${peak.capacities.length}; a place without one takes unlimited orders):`);
  if (!peak.capacities.length) lines.push('  (none)');
  for (const c of peak.capacities) lines.push(`  ${c.day.padEnd(10)} ${c.place.padEnd(18)} ${c.orders} orders`);
  lines.push(`Order-by times (${peak.orderBy.length}):`);
  if (!peak.orderBy.length) lines.push('  (none)');
  for (const o of peak.orderBy) lines.push(`  ${o.date} orders close ${o.closesAt} Lagos time`);
  return lines.join('\n');
}

/** Run one parsed command against the database; returns what to print. */
export async function executeSettingsCommand(db: Kysely<Database>, command: SettingsCommand): Promise<string> {
  switch (command.kind) {
    case 'help':
      return SETTINGS_USAGE;
    case 'show':
      return showSettings(db);
    case 'set-alert':
      return setSiteWideAlert(db, command.text);
    case 'set-rate':
      return setRate(db, command.currency, command.rate);
    case 'set-payment-alert':
      return setPaymentAlert(db, command.method, command.text);
    case 'delivery':
      return (await changeDeliverySettings(db, command.change)).message;
  }
}
