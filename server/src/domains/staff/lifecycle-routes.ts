import { BACKOFFICE_PATHS, MEMBER_ACTIONS, type MemberAction, type MemberOutcome, type PasswordResetRequest, type ResetCodeAnswer, type ResetCodeRequest, type RoleChangeRequest, type StaffSignedIn } from '@adire/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { withRetryAfter } from '../../auth';
import type { StaffGuard } from './guard';
import type { StaffService } from './service';

export interface LifecycleRoutesOptions {
  service: StaffService;
  staff: StaffGuard;
}

const business = { type: 'string', maxLength: 100 } as const;
const email = { type: 'string', maxLength: 320 } as const;
const body = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required: ['business', ...required], properties: { business, ...properties } });
const memberParams = { type: 'object', required: ['email'], properties: { email } } as const;

/** The actions on one member a manager takes from the Staff page (the same as `pnpm staff <action> <email>`). */
const ACTIONS = {
  disable: 'disable',
  enable: 'enable',
  'sign-out': 'signOut',
  unlock: 'unlock',
  reset: 'sendReset',
  remove: 'remove',
} as const satisfies Record<MemberAction, string>;

/**
 * A member's life after the invitation (issue 32): managers disable, enable, change the role, remove,
 * sign out everywhere, unlock and send a reset code; anyone may ask for a reset code (the same answer
 * whether or not the address is staff) and use it on the back office's reset page.
 */
export const staffLifecycleRoutes: FastifyPluginAsync<LifecycleRoutesOptions> = async (app, { service, staff }) => {
  for (const action of MEMBER_ACTIONS) {
    const method = ACTIONS[action];
    app.post(`${BACKOFFICE_PATHS.staff}/:email/${action}`, { schema: { params: memberParams, body: body([], {}) } }, async (request): Promise<{ data: MemberOutcome }> => {
      const { actor } = await staff(request, 'staff');
      return { data: await service[method](actor, (request.params as { email: string }).email) };
    });
  }

  // The role untyped in the schema (Ajv's coercion took ["manager"] as "manager"): setRole reads it strictly (issue 38, P10).
  app.put(`${BACKOFFICE_PATHS.staff}/:email/role`, { schema: { params: memberParams, body: body([], { role: {} }) } }, async (request): Promise<{ data: MemberOutcome }> => {
    const { actor } = await staff(request, 'staff');
    // The role is read by its rule (an unknown one: 400 beside `role`), so it may come as anything.
    return { data: await service.setRole(actor, (request.params as { email: string }).email, (request.body as Partial<RoleChangeRequest>).role) };
  });

  app.post(BACKOFFICE_PATHS.resetRequest, { schema: { body: body(['email'], { email }) } }, async (request, reply): Promise<{ data: ResetCodeAnswer }> => {
    const input = request.body as ResetCodeRequest;
    return { data: await withRetryAfter(reply, () => service.requestReset({ email: input.email, ip: request.ip })) };
  });

  app.post(
    BACKOFFICE_PATHS.reset,
    { schema: { body: body(['email', 'code', 'password'], { email, code: { type: 'string', maxLength: 32 }, password: { type: 'string', maxLength: 1024 } }) } },
    async (request, reply): Promise<{ data: StaffSignedIn }> => {
      const input = request.body as PasswordResetRequest;
      return { data: await withRetryAfter(reply, () => service.resetPassword({ ...input, ip: request.ip })) };
    },
  );
};
