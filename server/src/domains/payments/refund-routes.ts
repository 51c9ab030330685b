import { BACKOFFICE_PATHS, REFUND_METHODS, type RefundRequest, type RefundResult } from '@adire/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { orderParams, staffOrderPage } from '../orders';
import { staffBody, staffText, type DomainStaffRoutes } from '../staff';
import { buildAdapters } from './adapters';
import { DEFAULT_REFUND_RECHECK_MINUTES, type PaymentsConfig } from './config';
import type { PaymentsLog } from './context';
import { ordersCsvRoute } from './orders-csv';
import { refundRecheckScheduler } from './refund-recheck';
import { refundOrder, type RefundContext, type RefundOrderInput, type RefundOutcome } from './refunds';
import { createSandbox, keptRootSecret } from './sandbox';
import { orderPaymentSide } from './staff-routes';
import type { ShopTally } from '../../metrics';

export interface RefundRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  config: PaymentsConfig;
  log?: PaymentsLog;
  now?: () => Date;
  /** Where refunds (and the rechecks' outcomes) are counted (the metrics). */
  tally?: Pick<ShopTally, 'refund'> & Partial<Pick<ShopTally, 'refundRecheck'>>;
}

/** The refunds' context: the same adapters as the shopper's payments (real when keyed, else the sandboxes). */
export function refundContext({ db, mailer, publicUrl, config, log, now, tally }: RefundRoutesOptions): RefundContext {
  const sandbox = config.sandbox ? createSandbox({ db, publicUrl, rootSecret: keptRootSecret(db, config.sandboxSecret) }) : null;
  return { db, mailer, publicUrl, adapters: buildAdapters(config, sandbox), log, clock: now, tally };
}

/**
 * The refund function for the composition root to hand to whoever refunds besides the refund route
 * (a cancellation with a refund, a change that lowers the price: issue 39, items 2-3).
 */
export function createRefunder(options: RefundRoutesOptions): (input: RefundOrderInput) => Promise<RefundOutcome> {
  const ctx = refundContext(options);
  return (input) => refundOrder(ctx, input);
}

/** Managers only: a florist (or any other role) is told so. */
export const MANAGERS_ONLY = (what: string) => `Only a manager can ${what}. Ask a manager.`;

/**
 * `POST /v1/backoffice/orders/:orderNumber/refunds` (managers): money back on an order, through the
 * provider that took it or recorded as made by hand; 201 with the refund and the order's page after.
 * And `GET /v1/backoffice/orders.csv` (managers): the accountant's file.
 */
export function refundStaffRoutes(options: RefundRoutesOptions): DomainStaffRoutes {
  const ctx = refundContext(options);
  const { db } = options;
  return async (app, { staff }) => {
    // Refunds left pending (the provider unreachable, its answer lost) are asked about again (refund-recheck.ts).
    refundRecheckScheduler(app, ctx, (options.config.refundRecheckMinutes ?? DEFAULT_REFUND_RECHECK_MINUTES) * 60_000);
    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/refunds`,
      {
        schema: {
          params: orderParams,
          body: staffBody([], {
            amount: {},
            reason: {},
            method: { type: 'string', enum: [...REFUND_METHODS] },
            reference: staffText(120),
            idempotencyKey: staffText(80),
          }),
        },
      },
      async (request, reply): Promise<{ data: RefundResult }> => {
        const { actor } = await staff(request, 'orders');
        if (actor.role !== 'manager') throw new AppError(403, 'FORBIDDEN', MANAGERS_ONLY('refund an order'));
        const body = request.body as Partial<RefundRequest> & { idempotencyKey?: string };
        const { orderNumber } = request.params as { orderNumber: string };
        const outcome = await refundOrder(ctx, {
          orderNumber,
          amount: body.amount as number,
          reason: body.reason as string,
          method: body.method,
          reference: body.reference,
          staff: actor,
          idempotencyKey: body.idempotencyKey,
        });
        reply.status(201);
        return { data: { refund: outcome.refund, order: await staffOrderPage(db, outcome.orderNumber, orderPaymentSide) } };
      },
    );
    ordersCsvRoute(app, db, async (request) => {
      const { actor } = await staff(request, 'orders');
      if (actor.role !== 'manager') throw new AppError(403, 'FORBIDDEN', MANAGERS_ONLY('download the orders for the accountant'));
    });
  };
}
