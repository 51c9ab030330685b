import { PROVIDER_IDS } from './logic';

/** The JSON schemas of the payments routes' parameters and bodies. */

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const orderIdParams = {
  type: 'object',
  properties: { orderId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
  required: ['orderId'],
} as const;

export const providerParams = { type: 'object', properties: { provider: { type: 'string', enum: [...PROVIDER_IDS] } }, required: ['provider'] } as const;

export const sandboxParams = {
  type: 'object',
  properties: { provider: providerParams.properties.provider, reference: { type: 'string', minLength: 1, maxLength: 120 } },
  required: ['provider', 'reference'],
} as const;

export const paymentDetailsBody = { type: 'object', properties: { business: text(100), currency: text(10), paymentMethod: text(60) } } as const;

export const transferNoticeBody = {
  type: 'object',
  properties: { business: text(100), amount: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 30 }] }, accountName: text(200), reference: text(100) },
} as const;
