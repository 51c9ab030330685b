import { BACKOFFICE_PATHS, SUBSTITUTION_DECISIONS, SUBSTITUTION_PAGE_PATH, SUBSTITUTION_PATH, type SenderSubstitution, type SubstitutionAnswer, type SubstitutionDecision, type SubstitutionsAnswer } from '@adire/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { orderParams } from '../orders';
import { staffBody, staffQuery, staffText, type DomainStaffRoutes } from '../staff';
import type { PaymentsConfig } from './config';
import { createRefunder } from './refund-routes';
import { substitutionPage } from './substitution-page';
import { decideSubstitution, DEFAULT_SUBSTITUTION_MS, openSubstitution, proposeSubstitution, substitutionsOfOrder, toSubstitution, type SubstitutionContext } from './substitutions';
import type { ShopTally } from '../../metrics';

export interface SubstitutionRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  config: PaymentsConfig;
  now?: () => Date;
  tally?: Pick<ShopTally, 'refund'>;
}

export function substitutionContext(options: SubstitutionRoutesOptions): SubstitutionContext {
  return {
    db: options.db,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    now: options.now ?? (() => new Date()),
    deadlineMs: options.config.substitutionMs ?? DEFAULT_SUBSTITUTION_MS,
    refund: createRefunder(options),
  };
}

/** `POST /v1/backoffice/orders/:orderNumber/substitutions` (florists and managers) → 201; GET the order's proposals. */
export function substitutionStaffRoutes(options: SubstitutionRoutesOptions): DomainStaffRoutes {
  const ctx = substitutionContext(options);
  return async (app, { staff }) => {
    app.get(`${BACKOFFICE_PATHS.orders}/:orderNumber/substitutions`, { schema: { params: orderParams, querystring: staffQuery() } }, async (request): Promise<{ data: SubstitutionsAnswer }> => {
      await staff(request, 'orders');
      return { data: { substitutions: await substitutionsOfOrder(ctx, (request.params as { orderNumber: string }).orderNumber) } };
    });
    app.post(
      `${BACKOFFICE_PATHS.orders}/:orderNumber/substitutions`,
      { schema: { params: orderParams, body: staffBody([], { item: staffText(64), substitute: staffText(64), photo: staffText(64), note: staffText(500) }) } },
      async (request, reply) => {
        // Who first (a shopper's token is a 403, no session a 401, whatever the body), then the body.
        const { actor } = await staff(request, 'orders');
        const body = request.body as { item?: string; substitute?: string; photo?: string; note?: string };
        const item = body.item?.trim();
        if (!item) throw new AppError(400, 'INVALID_SUBSTITUTION', 'Choose the item that is short.', { item: 'is required' });
        const row = await proposeSubstitution(ctx, actor, (request.params as { orderNumber: string }).orderNumber, { ...body, item });
        const answer: SubstitutionAnswer = { substitution: toSubstitution(row) };
        return reply.status(201).send({ data: answer });
      },
    );
  };
}

/** The sender's page: inline styles, the order's photo, a form posting to itself; no script at all. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const htmlPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8').send(html);

const tokenParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } } as const;
const decisionOf = (value: unknown): SubstitutionDecision | null => (SUBSTITUTION_DECISIONS as readonly unknown[]).includes(value) ? (value as SubstitutionDecision) : null;

/**
 * The sender's one-time link, no login: `GET/POST /v1/orders/substitutions/:token` (JSON: the proposal;
 * `{decision: 'accept' | 'refund'}`) and the page the mail links to, `GET/POST /substitution/:token`
 * (drawn here: two buttons in a form, no script; the token never leaves in a Referer).
 */
export const substitutionRoutes: FastifyPluginAsync<SubstitutionRoutesOptions> = async (app, options) => {
  const ctx = substitutionContext(options);
  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

  app.get(`${SUBSTITUTION_PATH}/:token`, { schema: { params: tokenParams, querystring: { type: 'object', properties: { business: { type: 'string', maxLength: 100 } } } } }, async (request, reply): Promise<{ data: SenderSubstitution }> => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const opened = await openSubstitution(ctx, tokenOf(request));
    if (!opened) throw new AppError(404, 'NOT_FOUND', 'This link is not valid: it may have been mistyped.');
    return { data: { orderNumber: opened.order.order_number ?? '', substitution: toSubstitution(opened.row) } };
  });
  app.post(
    `${SUBSTITUTION_PATH}/:token`,
    { schema: { params: tokenParams, body: { type: 'object', required: ['decision'], properties: { business: { type: 'string', maxLength: 100 }, decision: { type: 'string', enum: [...SUBSTITUTION_DECISIONS] } } } } },
    async (request, reply): Promise<{ data: SenderSubstitution }> => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { row, order } = await decideSubstitution(ctx, tokenOf(request), (request.body as { decision: SubstitutionDecision }).decision, request.ip);
      return { data: { orderNumber: order.order_number ?? '', substitution: toSubstitution(row) } };
    },
  );

  // The page: a form posting to itself (application/x-www-form-urlencoded), here only.
  await app.register(async (page) => {
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_000 }, (_request, body, done) => done(null, body));
    const show = async (request: FastifyRequest, reply: FastifyReply, said?: { decision: SubstitutionDecision | null }) => {
      reply.header('referrer-policy', 'no-referrer');
      const token = tokenOf(request);
      const action = `${SUBSTITUTION_PAGE_PATH}/${encodeURIComponent(token)}`;
      if (said) {
        if (!said.decision) {
          const opened = await openSubstitution(ctx, token);
          return htmlPage(reply, opened ? 400 : 404, substitutionPage(opened ?? null, action, 'Choose "Accept" or "Refund the item instead".'));
        }
        try {
          const decided = await decideSubstitution(ctx, token, said.decision, request.ip);
          return htmlPage(reply, 200, substitutionPage(decided, action));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const opened = await openSubstitution(ctx, token);
          return htmlPage(reply, err.statusCode, substitutionPage(opened ?? null, action, err.message));
        }
      }
      const opened = await openSubstitution(ctx, token);
      return htmlPage(reply, opened ? 200 : 404, substitutionPage(opened ?? null, action));
    };
    page.get(`${SUBSTITUTION_PAGE_PATH}/:token`, { schema: { params: tokenParams } }, (request, reply) => show(request, reply));
    page.post(`${SUBSTITUTION_PAGE_PATH}/:token`, { schema: { params: tokenParams } }, (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      return show(request, reply, { decision: decisionOf(form.get('decision')) });
    });
  });
};
