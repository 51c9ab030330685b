import { BACKOFFICE_PATHS, type ReleaseStatusAnswer } from '@adire/contracts';
import { AppError } from '../http/errors';
import { staffQuery, type DomainStaffRoutes } from '../domains/staff';
import type { ReleaseRegistry } from './registry';

/**
 * The managers' release status in the back office (`GET /v1/backoffice/releases`, a ReleaseStatusAnswer): the same facts as
 * `pnpm release status`, read-only (publishing and rolling back stay the release command's).
 * Registered by the staff domain under its prefix, hooks and role guard ('releases').
 */
export function releaseStaffRoutes({ releases }: { releases?: ReleaseRegistry }): DomainStaffRoutes {
  return async (app, { staff }) => {
    app.get(BACKOFFICE_PATHS.releases, { schema: { querystring: staffQuery() } }, async (request): Promise<{ data: ReleaseStatusAnswer }> => {
      await staff(request, 'releases');
      if (!releases) throw new AppError(503, 'UNAVAILABLE', 'The release registry is not open on this server.');
      const status = await releases.status();
      return {
        data: {
          targets: status.targets.map((t) => ({
            ...t,
            origin: (status.origins as Record<string, string> | undefined)?.[t.target] ?? null,
            drawsOnServer: t.liveVersion ? status.drawing.has(`${t.target}/${t.liveVersion}`) : false,
          })),
          canaries: status.canaries,
          // The latest changes first.
          history: status.history.slice(-50).reverse(),
        },
      };
    });
  };
}
