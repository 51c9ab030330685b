import { BUSINESS } from '@adire/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The SPEC calls whose payload names no business (SPEC section 7): the shop is single-brand, so an
 * absent one means this shop. A business that is given must still be this one.
 */
export const BUSINESS_OPTIONAL_ROUTES: ReadonlySet<string> = new Set([
  'DELETE /v1/orders/order/delete-coupon/:id',
  'POST /v1/orders/order/submit-review/:orderId',
  'PUT /v1/orders/order/update-payment-details/:orderId',
]);

/** Every API call names the business (query or body); another business is a 400. */
export function checkBusiness(request: FastifyRequest): void {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.business;
  const body = request.body;
  const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).business : undefined;
  const business = fromQuery ?? fromBody;
  if (business === undefined && BUSINESS_OPTIONAL_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
  if (business === undefined || business === '') {
    throw new AppError(400, 'BUSINESS_REQUIRED', "The 'business' parameter is required", { business: 'is required' });
  }
  if (typeof business !== 'string') {
    throw new AppError(400, 'UNKNOWN_BUSINESS', "The 'business' parameter must be text, the shop's name", { business: 'must be text' });
  }
  if (business !== BUSINESS) {
    throw new AppError(400, 'UNKNOWN_BUSINESS', `Unknown business '${business.slice(0, 60)}'`, { business: 'is unknown' });
  }
}
