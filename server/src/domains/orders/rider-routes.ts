/**
 * Issue 40's rider routes: a florist or manager gives an order to a rider; a rider lists their own
 * deliveries of a day, orders their route and takes an order out. Their door photos go through the
 * photos route (photo-routes.ts), which lets a rider add them to their own deliveries only.
 */
import { BACKOFFICE_PATHS, type RiderAssignAnswer, type RiderAssignRequest, type RiderDeliveriesAnswer, type RiderDeliveriesQuery, type RiderRouteRequest, type RidersAnswer, type RidersQuery } from '@adire/contracts';
import { shopDate } from '@adire/domain';
import type { Db } from '../../db/database';
import { staffBody, staffDate, staffQuery, staffText, type DomainStaffRoutes } from '../staff';
import { assignOrderRider, reorderRoute, riderDeliveries, ridersOrder, shopRiders, takeOut } from './riders';
import { orderParams } from './staff-routes';

export interface RiderStaffRoutesOptions {
  db: Db;
  now?: () => Date;
}

export function riderStaffRoutes({ db, now = () => new Date() }: RiderStaffRoutesOptions): DomainStaffRoutes {
  return async (app, { staff }) => {
    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/rider`,
      // No type for the rider: an e-mail or null, read by its rule after the role check.
      { schema: { params: orderParams, body: staffBody([], { rider: {} }) } },
      async (request): Promise<{ data: RiderAssignAnswer }> => {
        const { actor } = await staff(request, 'orders');
        const { rider } = request.body as Partial<RiderAssignRequest>;
        return { data: await assignOrderRider(db, actor, (request.params as { orderNumber: string }).orderNumber, rider, now()) };
      },
    );

    // The riders to choose from on the board and the order's page, and who carries the orders shown there.
    app.get(BACKOFFICE_PATHS.riders, { schema: { querystring: staffQuery({ orders: staffText(8000) }) } }, async (request): Promise<{ data: RidersAnswer }> => {
      await staff(request, 'orders');
      return { data: await shopRiders(db, (request.query as RidersQuery).orders) };
    });

    app.get(BACKOFFICE_PATHS.riderDeliveries, { schema: { querystring: staffQuery({ date: staffDate }) } }, async (request): Promise<{ data: RiderDeliveriesAnswer }> => {
      const { member } = await staff(request);
      const date = (request.query as RiderDeliveriesQuery).date ?? shopDate(now());
      return { data: { date, deliveries: await riderDeliveries(db, member.email, date) } };
    });

    app.put(
      BACKOFFICE_PATHS.riderRoute,
      // Read by their rule after the session check (a shopper hears 403, no session 401, a bad route its own 400).
      { schema: { body: staffBody([], { date: {}, orderNumbers: {} }) } },
      async (request): Promise<{ data: RiderDeliveriesAnswer }> => {
        const { member } = await staff(request);
        const { date, orderNumbers } = request.body as RiderRouteRequest;
        await reorderRoute(db, member.email, date, orderNumbers);
        return { data: { date, deliveries: await riderDeliveries(db, member.email, date) } };
      },
    );

    app.post(`${BACKOFFICE_PATHS.riderDeliveries}/:orderNumber/out`, { schema: { params: orderParams, body: staffBody([], {}) } }, async (request): Promise<{ data: RiderDeliveriesAnswer }> => {
      const { member, actor } = await staff(request);
      const order = await ridersOrder(db, member.email, (request.params as { orderNumber: string }).orderNumber);
      await takeOut(db, actor, order, now());
      return { data: { date: order.delivery_date, deliveries: await riderDeliveries(db, member.email, order.delivery_date) } };
    });
  };
}
