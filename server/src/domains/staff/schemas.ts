/**
 * The JSON-schema pieces of every back-office call (each domain's staff routes use them): every body
 * and query names the business; text fields are bounded.
 */
const business = { type: 'string', maxLength: 100 } as const;

export const staffText = (max: number) => ({ type: 'string', maxLength: max }) as const;
export const staffDate = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const staffBody = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required: ['business', ...required], properties: { business, ...properties } });
export const staffQuery = (properties: Record<string, unknown> = {}) => ({ type: 'object', required: ['business'], properties: { business, ...properties } });
