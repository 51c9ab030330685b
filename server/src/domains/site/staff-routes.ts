import { BACKOFFICE_PATHS, type DeliveryChangeResult, type DeliverySettingsView, type GeneralSettings, type GeneralSettingsRequest, type GeneralSettingsResult } from '@adire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { recordAction, staffBody, staffQuery, staffText, type Actor, type DomainStaffRoutes, type StaffGuard } from '../staff';
import { changeDeliverySettings, changeTarget, currentDeliverySettings, readDeliveryChange } from './delivery-settings';
import { currentSettings, executeSettingsCommand, parseSettingsCommand, readRateChange, type SettingsCommand } from './settings-service';
import { SettingsError } from './settings-store';

/** Everything of the shop's settings in the back office lives under this path (managers: 'settings'). */
const SETTINGS_PATH = BACKOFFICE_PATHS.settings;

/** What each group of routes works with. */
interface Ctx {
  db: Db;
  now: () => Date;
  staff: StaffGuard;
}

/**
 * The back office's settings: the site-wide alert, rates and payment alerts; delivery zones, fees, the
 * minimum amount, fee windows, closed days and peak days — each read and refused by the settings
 * command's own rules (a refusal beside its field), each change audited. Registered by the staff domain
 * under its prefix, hooks and role guard. `now`: the shop's clock (the day settings are changed on; a test moves it).
 */
export function settingsStaffRoutes({ db, now = () => new Date() }: { db: Db; now?: () => Date }): DomainStaffRoutes {
  return async (app, { staff }) => {
    shopSettingsRoutes(app, { db, now, staff });
    deliverySettingsRoutes(app, { db, now, staff });
  };
}

/** PUT settings' body (the contracts' shape): each value read by its command's rule. */
type SettingsInput = GeneralSettingsRequest;

/** The site-wide alert, rates and payment alerts: read together, changed together. */
function shopSettingsRoutes(app: FastifyInstance, { db, staff }: Ctx): void {
  app.get(SETTINGS_PATH, { schema: { querystring: staffQuery() } }, async (request): Promise<{ data: GeneralSettings }> => {
    await staff(request, 'settings');
    return { data: await currentSettings(db.kysely) };
  });

  app.put(
    SETTINGS_PATH,
    {
      schema: {
        body: staffBody([], {
          siteWideAlert: staffText(4000),
          rates: { type: 'object', additionalProperties: true, maxProperties: 10 }, // no type: a rate is read by its rule, never coerced
          paymentAlerts: { type: 'object', additionalProperties: staffText(4000), maxProperties: 20 },
        }),
      },
    },
    async (request): Promise<{ data: GeneralSettingsResult }> => {
      const { actor } = await staff(request, 'settings');
      return { data: await changeSettings(db, actor, readSettingsChanges(request.body as SettingsInput)) };
    },
  );
}

/** Every change read (and refused) as the command would read it, before any is made: all of them, or a 400 naming each field refused. */
function readSettingsChanges(input: SettingsInput): { command: SettingsCommand; field: string }[] {
  const commands: { command: SettingsCommand; field: string }[] = [];
  const fields: Record<string, string> = {};
  const read = (field: string, argv: string[], parse = () => parseSettingsCommand(argv)) => {
    try {
      commands.push({ field, command: parse() });
    } catch (err) {
      if (err instanceof SettingsError) fields[field] = err.message;
      else throw err;
    }
  };
  if (input.siteWideAlert !== undefined) read('siteWideAlert', ['set-alert', input.siteWideAlert]);
  for (const [currency, rate] of Object.entries(input.rates ?? {})) read(`rates.${currency}`, [], () => readRateChange(currency, rate));
  for (const [method, alert] of Object.entries(input.paymentAlerts ?? {})) read(`paymentAlerts.${method}`, ['set-payment-alert', method, alert]);
  const problems = Object.values(fields);
  if (problems.length) {
    const first = problems[0]!.length > 300 ? `${problems[0]!.slice(0, 300)}…` : problems[0]!;
    throw new AppError(400, 'INVALID_SETTINGS', problems.length === 1 ? first : `${problems.length} changes are not valid (nothing was changed). ${first}`, fields);
  }
  if (!commands.length) throw new AppError(400, 'NOTHING_TO_CHANGE', 'Nothing to change: send the alert, a rate or a payment alert.');
  return commands;
}

/** The changes made in order, each audited with its field's value before and after. */
async function changeSettings(db: Db, actor: Actor, commands: { command: SettingsCommand; field: string }[]): Promise<GeneralSettingsResult> {
  const before = await currentSettings(db.kysely);
  const messages: string[] = [];
  for (const { command } of commands) messages.push(await executeSettingsCommand(db.kysely, command));
  const after = await currentSettings(db.kysely);
  for (const { command, field } of commands) {
    const [group, key] = field.split('.') as [keyof typeof before, string | undefined];
    const pick = (s: typeof before) => (key ? (s[group] as Record<string, unknown>)[key] ?? null : s[group]);
    await recordAction(db.kysely, actor, `settings.${command.kind.replace(/^set-/, '')}`, field, { before: pick(before), after: pick(after) });
  }
  return { messages, settings: after };
}

// No type: Ajv's coercion would make null, false and ' ' ₦0, true ₦1, [5] ₦5 and '0x10' ₦16; the amount rule reads the value as sent.
const nairaField = {};

/**
 * Delivery zones, fees, the minimum amount, fee windows and closed days: one change per call, read
 * and checked by the settings command's own rules, a refusal shown beside its field.
 */
function deliverySettingsRoutes(app: FastifyInstance, { db, now, staff }: Ctx): void {
  app.get(BACKOFFICE_PATHS.deliverySettings, { schema: { querystring: staffQuery() } }, async (request): Promise<{ data: DeliverySettingsView }> => {
    await staff(request, 'settings');
    return { data: await currentDeliverySettings(db.kysely, now()) };
  });

  app.post(
    BACKOFFICE_PATHS.deliverySettings,
    {
      schema: {
        // `change` is read in the handler, after the role check: a shopper or florist hears 403, not 400.
        body: staffBody([], {
          change: staffText(40),
          ...Object.fromEntries(['state', 'zone', 'newName', 'window', 'name', 'startDate', 'endDate', 'date', 'note', 'delivery', 'pickup', 'day', 'place', 'closesAt'].map((f) => [f, staffText(400)])),
          amount: nairaField,
          surcharge: nairaField,
          minAmount: nairaField,
          // A capacity: a whole number of orders, or null / 'none' to remove it; no type, read by its rule as sent.
          orders: {},
        }),
      },
    },
    // The body is a DeliveryChangeRequest, read field by field by the settings command's rules (anything else: 400 beside its field).
    async (request): Promise<{ data: DeliveryChangeResult }> => {
      const { actor } = await staff(request, 'settings');
      const { change: kind = '', business: _business, ...input } = request.body as Record<string, unknown> & { change?: string };
      try {
        const change = readDeliveryChange(kind, input);
        const result = await changeDeliverySettings(db.kysely, change, now());
        await recordAction(db.kysely, actor, `settings.${change.kind}`, changeTarget(change), { before: result.before, after: result.after });
        return { data: { message: result.message, delivery: result.delivery } };
      } catch (err) {
        if (err instanceof SettingsError) throw new AppError(400, 'INVALID_SETTINGS', err.message, err.field ? { [err.field]: err.message } : undefined);
        throw err;
      }
    },
  );
}
