import {
  BACKOFFICE_PATHS,
  cleanFloristNote,
  DELIVERY_STATUSES,
  DELIVERY_STEPS,
  ORDER_CHANNELS,
  floristNoteProblem,
  type AdvanceRequest,
  type BoardAnswer,
  type BoardQuery,
  type FloristNoteRequest,
  type OrderActionResult,
  type OrderPaymentSide,
  type StaffOrderPage,
} from '@adire/contracts';
import { shopDate } from '@adire/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { recordAction, staffBody, staffDate, staffQuery, staffText, type Actor, type DomainStaffRoutes } from '../staff';
import { executeOrdersCommand, OrdersCommandError } from './operator';
import { floristNoteOf, orderBoard, staffOrderView } from './staff-view';
import { setFloristNote } from './store';

/** The payments domain's part of an order's page, given by the composition root (orders never imports payments). */
export type PaymentSideOf = (db: Pick<Db, 'kysely'>, orderId: string, paymentStatus: string) => Promise<OrderPaymentSide>;

export const orderParams = { type: 'object', required: ['orderNumber'], properties: { orderNumber: staffText(40) } } as const;

/** An order's page in the back office: the orders domain's view and the payments domain's side; 404 when there is no such order. */
export async function staffOrderPage(db: Pick<Db, 'kysely'>, orderNumber: string, paymentSide: PaymentSideOf): Promise<StaffOrderPage> {
  const view = await staffOrderView(db, orderNumber);
  if (!view) throw new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);
  return { ...view, ...(await paymentSide(db, view.id, view.order.paymentStatus)) };
}

/** What the audit keeps of an order before and after a staff action. */
export const orderState = (page: StaffOrderPage) => ({ paymentStatus: page.order.paymentStatus, deliveryStatus: page.deliveryStatus });

/**
 * The florist's note on an order, written or cleared ('' removes it) by any member of staff: checked by
 * the contracts' rule (400 beside `note`), kept on the order, audited as 'order.note' with the text
 * before and after. Never part of what a shopper is answered.
 */
export async function saveFloristNote(db: Db, actor: Actor, orderNumber: string, raw: unknown, paymentSide: PaymentSideOf): Promise<OrderActionResult> {
  const problem = floristNoteProblem(raw);
  if (problem) throw new AppError(400, 'INVALID_NOTE', problem, { note: problem });
  const before = await staffOrderPage(db, orderNumber, paymentSide);
  const number = before.order.orderNumber!;
  const note = cleanFloristNote(raw as string);
  const was = before.floristNote ?? null;
  if (note === was) return { message: `The florist's note on order ${number} is unchanged.`, order: before };
  await setFloristNote(db, before.id, note);
  await recordAction(db.kysely, actor, 'order.note', number, { before: { floristNote: was }, after: { floristNote: note } });
  const { floristNote: _was, ...rest } = before;
  return { message: `${note ? 'Saved' : 'Removed'} the florist's note on order ${number}.`, order: { ...rest, ...floristNoteOf({ florist_note: note }) } };
}

export interface OrderStaffRoutesOptions {
  db: Db;
  paymentSide: PaymentSideOf;
}

/**
 * The back office's orders (issue 20): the board, an order's page and its delivery steps — through the
 * operator command's own functions, each change audited. Registered by the staff domain under its
 * prefix, hooks and role guard ('orders': florists and managers). Transfers are the payments domain's.
 */
export function orderStaffRoutes({ db, paymentSide }: OrderStaffRoutesOptions): DomainStaffRoutes {
  return async (app, { staff }) => {
    const statusQuery = staffQuery({
      from: staffDate,
      to: staffDate,
      status: { type: 'string', enum: [...DELIVERY_STATUSES] },
      place: staffText(80),
      channel: { type: 'string', enum: [...ORDER_CHANNELS] },
      search: staffText(120),
      limit: { type: 'integer', minimum: 1, maximum: 500 },
    });
    app.get(BACKOFFICE_PATHS.orders, { schema: { querystring: statusQuery } }, async (request): Promise<{ data: BoardAnswer }> => {
      await staff(request, 'orders');
      const q = request.query as BoardQuery;
      const from = q.from ?? shopDate();
      const orders = await orderBoard(db, { from, to: q.to, deliveryStatus: q.status, place: q.place?.trim() || undefined, channel: q.channel, search: q.search?.trim() || undefined, limit: q.limit ?? 200 });
      return { data: { from, orders } };
    });

    app.get(`${BACKOFFICE_PATHS.orders}/:orderNumber`, { schema: { params: orderParams, querystring: staffQuery() } }, async (request): Promise<{ data: StaffOrderPage }> => {
      await staff(request, 'orders');
      return { data: await staffOrderPage(db, (request.params as { orderNumber: string }).orderNumber, paymentSide) };
    });

    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/advance`,
      { schema: { params: orderParams, body: staffBody(['step'], { step: { type: 'string', enum: [...DELIVERY_STEPS] } }) } },
      async (request): Promise<{ data: OrderActionResult }> => {
        const { actor } = await staff(request, 'orders');
        const before = await staffOrderPage(db, (request.params as { orderNumber: string }).orderNumber, paymentSide);
        const orderNumber = before.order.orderNumber!;
        const { step } = request.body as AdvanceRequest;
        let message: string;
        try {
          message = await executeOrdersCommand(db, { kind: 'advance', orderNumber, step });
        } catch (err) {
          // An operator command's refusal (unpaid order, a step already reached, …) is a 409 with its message.
          if (err instanceof OrdersCommandError) throw new AppError(409, 'REFUSED', err.message);
          throw err;
        }
        const after = await staffOrderPage(db, orderNumber, paymentSide);
        await recordAction(db.kysely, actor, 'order.advance', orderNumber, { before: orderState(before), after: orderState(after) });
        return { data: { message, order: after } };
      },
    );

    app.put(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/note`,
      // No type for the note: it is read by its rule after the role check (a shopper hears 403, a bad note its own 400).
      { schema: { params: orderParams, body: staffBody([], { note: {} }) } },
      async (request): Promise<{ data: OrderActionResult }> => {
        const { actor } = await staff(request, 'orders');
        const { note } = request.body as Partial<FloristNoteRequest>;
        return { data: await saveFloristNote(db, actor, (request.params as { orderNumber: string }).orderNumber, note, paymentSide) };
      },
    );
  };
}
