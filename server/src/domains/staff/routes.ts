import {
  BACKOFFICE_API,
  BACKOFFICE_PATHS,
  type AcceptInviteRequest,
  type AuditEntry,
  type AuditQuery,
  type InviteRequest,
  type StaffLoggedOut,
  type StaffLoginRequest,
  type StaffMember,
  type StaffSignedIn,
} from '@adire/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { withRetryAfter } from '../../auth';
import { listActions } from './audit';
import type { StaffConfig } from './config';
import { createStaffGuard, type StaffGuard } from './guard';
import { staffLifecycleRoutes } from './lifecycle-routes';
import { staffBody as body, staffDate as date, staffQuery as query, staffText as text } from './schemas';
import { createStaffService, toStaffMember } from './service';

export interface StaffRoutesOptions {
  db: Db;
  mailer: Mailer;
  config: StaffConfig;
  publicUrl: string;
  /**
   * Every domain's back-office routes (issue 30: each domain registers its own staff routes — orders'
   * board and delivery steps, payments' transfers, catalog's catalogue and reviews, site's settings,
   * release's status), registered here so they share this prefix's hooks (no-store, a shopper's token
   * refused) and get the role guard.
   */
  domainRoutes?: readonly DomainStaffRoutes[];
  /**
   * Whether a request carries a live shopper's session (the account domain's check, given by the
   * composition root: staff imports no domain). Such a token is refused (403) on every back-office call.
   */
  isShopperSession: (request: FastifyRequest) => Promise<boolean>;
}

/** A domain's back-office routes: a plugin given the staff guard. */
export type DomainStaffRoutes = FastifyPluginAsync<{ staff: StaffGuard }>;

/** Everything of the back office's API lives under this prefix (the contracts'), answered `Cache-Control: no-store`. */
export const BACKOFFICE_PREFIX = BACKOFFICE_API;

const email = { type: 'string', maxLength: 320 } as const;
const password = { type: 'string', maxLength: 1024 } as const;

export const NOT_STAFF_MESSAGE = "This is the shop's staff area: a shopper's login cannot open it.";

/**
 * The back office's API (issue 20): this domain's staff login, invitations, members and the audit, and
 * every other domain's staff routes (`domainRoutes`) under the same prefix and hooks. The role is checked
 * on the server for every call; a shopper's token is refused (403) on every one of them.
 */
export const staffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db } = options;
  const service = createStaffService(options);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${BACKOFFICE_PREFIX}/`)) reply.header('cache-control', 'no-store');
  });
  // A shopper's token is never a way in, whatever the call (login included).
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith(`${BACKOFFICE_PREFIX}/`) || request.routeOptions.url === undefined) return;
    if (request.headers.authorization && !(await service.session(request)) && (await options.isShopperSession(request))) {
      throw new AppError(403, 'FORBIDDEN', NOT_STAFF_MESSAGE);
    }
  });

  const staff = createStaffGuard(service);
  // Disable, enable, role, remove, sign out, unlock and password resets (issue 32).
  await app.register(staffLifecycleRoutes, { service, staff });
  for (const routes of options.domainRoutes ?? []) await app.register(routes, { staff });

  // --- staff accounts -----------------------------------------------------------------------------

  app.post(BACKOFFICE_PATHS.login, { schema: { body: body(['email', 'password'], { email, password }) } }, async (request, reply): Promise<{ data: StaffSignedIn }> => {
    const input = request.body as StaffLoginRequest;
    return { data: await withRetryAfter(reply, () => service.login({ ...input, ip: request.ip })) };
  });

  app.post(
    BACKOFFICE_PATHS.acceptInvite,
    { schema: { body: body(['email', 'code', 'password'], { email, password, code: text(32) }) } },
    async (request, reply): Promise<{ data: StaffSignedIn }> => {
      const input = request.body as AcceptInviteRequest;
      return { data: await withRetryAfter(reply, () => service.acceptInvite({ ...input, ip: request.ip })) };
    },
  );

  app.post(BACKOFFICE_PATHS.logout, { schema: { body: body([], {}) } }, async (request): Promise<{ data: StaffLoggedOut }> => {
    const session = await staff(request);
    await service.logout(session);
    return { data: { loggedOut: true } };
  });

  app.get(BACKOFFICE_PATHS.me, { schema: { querystring: query() } }, async (request): Promise<{ data: StaffMember }> => {
    const session = await staff(request);
    return { data: toStaffMember(session.member) };
  });

  app.get(BACKOFFICE_PATHS.staff, { schema: { querystring: query() } }, async (request): Promise<{ data: StaffMember[] }> => {
    await staff(request, 'staff');
    return { data: await service.list() };
  });

  app.post(
    BACKOFFICE_PATHS.staff,
    // The role untyped here (Ajv's coercion would turn ["manager"] into "manager"): the service reads it strictly (issue 38, P10).
    { schema: { body: body(['email', 'role'], { email, role: {}, name: text(120) }) } },
    async (request, reply) => {
      const { actor } = await staff(request, 'staff');
      const input = request.body as InviteRequest;
      const data: StaffMember = await service.invite(actor, input);
      return reply.status(201).send({ data });
    },
  );

  // --- the audit ----------------------------------------------------------------------------------

  app.get(
    BACKOFFICE_PATHS.audit,
    { schema: { querystring: query({ actor: text(320), action: text(60), target: text(200), from: date, to: date, limit: { type: 'integer', minimum: 1, maximum: 500 } }) } },
    async (request): Promise<{ data: AuditEntry[] }> => {
      await staff(request, 'audit');
      const q = request.query as AuditQuery;
      return { data: await listActions(db, { ...q, limit: q.limit ?? 100 }) };
    },
  );
};
