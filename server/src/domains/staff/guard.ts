import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { Actor } from './audit';
import { may, type Permission } from './roles';
import { STAFF_MESSAGES, type StaffService, type StaffSession } from './service';

const PERMISSION_WORDS: Record<Permission, string> = {
  orders: 'orders',
  'manage-orders': 'over-booking, pay on delivery, cancellations or refunds',
  settings: 'the settings',
  catalog: 'the catalogue',
  reviews: 'reviews',
  staff: 'staff accounts',
  audit: 'the audit',
  releases: 'release status',
};

export type StaffGuard = (request: FastifyRequest, permission?: Permission) => Promise<StaffSession & { actor: Actor }>;

/** The staff member of a request, who must hold the permission: 401 without a live session, 403 without the right. */
export function createStaffGuard(service: Pick<StaffService, 'session'>): StaffGuard {
  return async (request, permission) => {
    const session = await service.session(request);
    if (!session) throw new AppError(401, 'UNAUTHORIZED', STAFF_MESSAGES.sessionEnded);
    if (permission && !may(session.member.role, permission)) {
      throw new AppError(403, 'FORBIDDEN', `A ${session.member.role} cannot open ${PERMISSION_WORDS[permission]}. Ask a manager.`);
    }
    return { ...session, actor: { email: session.member.email, role: session.member.role, source: request.ip } };
  };
}
