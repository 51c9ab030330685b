import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const NUL_MESSAGE = 'This request contains a NUL character (\\u0000) in its text, which is not allowed';

/** True when a string, or any key or string inside an object or array, holds U+0000 (iterative: any depth). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, inner] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** A query string's values without NUL characters (keys holding one are dropped). */
export function withoutNul(query: Record<string, unknown>): Record<string, unknown> {
  const clean = (v: unknown): unknown => (typeof v === 'string' ? v.replaceAll('\u0000', '') : Array.isArray(v) ? v.map(clean) : v);
  return Object.fromEntries(Object.entries(query).filter(([key]) => !key.includes('\u0000')).map(([key, v]) => [key, clean(v)]));
}

/**
 * PostgreSQL cannot store or even compare text holding U+0000 (SQLite can), and no shopper types one.
 * Path parameters, JSON bodies and the query of a write are refused with a clear 400, the same way on
 * both databases; a read's query just loses the character (a search for "\0roses" is one for "roses").
 * Raw bodies (webhooks) are left to their own checks.
 */
export function registerInputGuards(app: FastifyInstance): void {
  // Real clients send `content-type: application/json` with no body at all (the original storefront
  // does on DELETE …/delete-coupon/{id}); Fastify's parser refuses that. An empty body is no body;
  // malformed JSON is still a 400, and prototype poisoning is still refused.
  const strictJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    strictJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && request.query && typeof request.query === 'object' && containsNul(request.query)) {
      request.query = withoutNul(request.query as Record<string, unknown>);
    }
    if (containsNul(request.params) || containsNul(request.body) || (!read && containsNul(request.query))) {
      throw new AppError(400, 'INVALID_TEXT', NUL_MESSAGE);
    }
  });
}
