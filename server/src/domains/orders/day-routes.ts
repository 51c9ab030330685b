import { API_PATHS, BACKOFFICE_PATHS, type DayHold, type DayLoad, type DaysQuery, type DaySheet, type DaySheetQuery, type ReleaseHoldRequest, type ReleaseHoldResult } from '@adire/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { readCheckoutSettings } from '../site';
import { recordAction, staffBody, staffQuery, type DomainStaffRoutes } from '../staff';
import { bookingsVersion } from './day-bookings';
import { dayHolds, dayLoads, daySheet, releaseHold } from './day-sheet';
import { deliveryDays, readDayRange, readDaysQuery, readHoldDate, readReleaseReason, readSheetQuery, todayFor } from './delivery-days';

export interface DayRoutesOptions {
  db: Db;
  /** The shop's clock (tests move it). */
  now: () => Date;
}

/**
 * How long a kept delivery-days answer may stand for what only time or another instance changes: a
 * hold lapsing, a same-day cutoff or order-by time reached (always on a whole minute, so on a slot's
 * edge), places booked through another server. Places booked through this server move the answer at
 * once (`bookingsVersion`).
 */
export const DELIVERY_DAYS_SLOT_MS = 10_000;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/**
 * The delivery days a shopper is shown (issue 29): public, kept by the response cache under the data
 * stamp (settings: capacities, order-by times, closed days), this server's bookings version and a
 * 10-second slot of the shop's clock. The count shown is a promise of nothing: the checkout holds a
 * place in its own transaction and answers DAY_FULL when none is left.
 */
export const deliveryDayRoutes: FastifyPluginAsync<DayRoutesOptions> = async (app, { db, now }) => {
  const extraVersion = () => `${Math.floor(now().getTime() / DELIVERY_DAYS_SLOT_MS)}.b${bookingsVersion()}`;
  app.get(
    API_PATHS.deliveryDays,
    {
      // Strings only (no coercion): every parameter is read by its rule, with its own message.
      schema: { querystring: { type: 'object', properties: { business: text(100), from: text(40), days: text(10), location: text(80) } } },
      config: { responseCache: { audience: 'public', extraVersion } },
    },
    async (request) => {
      const at = now();
      const settings = await readCheckoutSettings(db.kysely);
      const query = readDaysQuery(request.query as Record<string, unknown>, todayFor(at, settings));
      return { data: await deliveryDays(db, query, at, settings) };
    },
  );
};

/**
 * The back office's day board and day sheet (issue 29, item 5), registered by the staff domain under
 * its prefix and hooks (never cached; a shopper's token refused): any staff member may read them
 * (florists included: the 'orders' permission).
 */
export function dayStaffRoutes({ db, now }: DayRoutesOptions): DomainStaffRoutes {
  return async (app, { staff }) => {
    const query = { type: 'object', properties: { business: text(100), from: text(40), days: text(10), place: text(80) } } as const;
    app.get(BACKOFFICE_PATHS.days, { schema: { querystring: query } }, async (request): Promise<{ data: DayLoad[] }> => {
      await staff(request, 'orders');
      const at = now();
      const settings = await readCheckoutSettings(db.kysely);
      // The contracts' DaysQuery, each field then read by its rule (with its own message): `days` arrives as text.
      const { from, days } = readDayRange(request.query as DaysQuery, todayFor(at, settings));
      return { data: await dayLoads(db, from, days, at, settings) };
    });
    app.get(`${BACKOFFICE_PATHS.days}/:date/sheet`, { schema: { params: { type: 'object', properties: { date: text(40) } }, querystring: query } }, async (request): Promise<{ data: DaySheet }> => {
      await staff(request, 'orders');
      const { date, place } = readSheetQuery((request.params as { date: string }).date, (request.query as Partial<DaySheetQuery>).place);
      return { data: await daySheet(db, date, place, now()) };
    });

    // Who holds the day's places, and the shop giving one back (issue 38): any staff member, audited.
    const holdParams = { type: 'object', properties: { date: text(40), orderNumber: text(40) } } as const;
    app.get(`${BACKOFFICE_PATHS.days}/:date/holds`, { schema: { params: holdParams, querystring: staffQuery() } }, async (request): Promise<{ data: DayHold[] }> => {
      await staff(request, 'orders');
      return { data: await dayHolds(db, readHoldDate((request.params as { date: string }).date), now()) };
    });
    app.post(
      `${BACKOFFICE_PATHS.days}/:date/holds/:orderNumber/release`,
      // No type for the reason: it is read by its rule after the role check (a shopper hears 403, a bad reason its own 400).
      { schema: { params: holdParams, body: staffBody([], { reason: {} }) } },
      async (request): Promise<{ data: ReleaseHoldResult }> => {
        const { actor } = await staff(request, 'orders');
        const { date, orderNumber } = request.params as { date: string; orderNumber: string };
        const reason = readReleaseReason((request.body as Partial<ReleaseHoldRequest>).reason);
        const result = await releaseHold(db, readHoldDate(date), orderNumber, { releasedBy: actor.email, reason, now: now() });
        await recordAction(db.kysely, actor, 'order.release-hold', result.released.orderNumber, {
          before: { date, place: result.released.place, heldUntil: result.released.heldUntil, sender: result.released.sender.email },
          after: { released: true, reason },
        });
        return { data: result };
      },
    );
  };
}
