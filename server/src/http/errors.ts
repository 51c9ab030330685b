import type { ApiErrorBody } from '@adire/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseBusyError, isBusy } from '../db/database';
import { apiHeaders } from './security';

/** Seconds a client is asked to wait when the database is locked by another process. */
export const BUSY_RETRY_AFTER_SECONDS = 3;

/** An error a shopper or client can act on; becomes the `{message, code, fields?}` envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** What the client needs besides the sentence (DAY_FULL: DayFullDetails), sent as `details`. */
    readonly details?: Record<string, unknown> | object,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, fields);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);

/** Turn Ajv's messages into `{ field: 'reason' }`, keyed by the field a shopper would recognise. */
function validationFields(err: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    const extra = (v.params as { additionalProperty?: string }).additionalProperty;
    const key = missing ?? extra ?? (v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body');
    fields[key] = missing ? 'is required' : extra ? 'is not allowed' : (v.message ?? 'is invalid');
  }
  return fields;
}

export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
    if (err instanceof AppError) {
      status = err.statusCode;
      body = { message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}), ...(err.details ? { details: err.details } : {}) };
    } else if (err instanceof DatabaseBusyError || isBusy(err)) {
      // Another process (an operator command, a backup) held the database's write lock for the whole
      // wait: nothing of this call was written, and trying again shortly will most likely work.
      status = 503;
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      body = { message: 'The shop is busy saving other changes right now. Please try again in a few seconds.', code: 'BUSY' };
    } else if (err.validation) {
      status = 400;
      const fields = validationFields(err);
      const names = Object.entries(fields).map(([k, v]) => `${k} ${v}`);
      body = { message: `Invalid request: ${names.join('; ')}`, code: 'VALIDATION', fields };
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      body = { message: `Request body is too large (limit ${Math.round(bodyLimitBytes / 1024)} KB)`, code: 'BODY_TOO_LARGE' };
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (err instanceof SyntaxError && err.statusCode === 400)) {
      status = 400;
      body = { message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' };
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      body = { message: 'Send the request body as application/json', code: 'UNSUPPORTED_MEDIA_TYPE' };
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { message: err.message, code: err.code ?? 'BAD_REQUEST' };
    }
    if (status >= 500) request.log.error({ err }, 'request failed');
    return reply.status(status).send(body);
  });
}

/** Shown instead of a path a shopper would not recognise (or one too long to echo). */
export function shortPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
}

/**
 * Fastify's router refuses some URLs before any route runs (a broken %-escape, a path parameter over
 * 100 characters); they get the envelope too, without echoing the URL back.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  apiHeaders(reply); // no route, so no onSend hook: the security headers are set here
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ message: 'Part of this address is too long', code: 'URL_TOO_LONG' });
  }
  return reply.status(400).send({ message: 'This address is not valid: it has a broken %-escape', code: 'BAD_URL' });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or a URL over 16 KB: 431; a
 * request that is not HTTP: 400; too slow: 408) gets the shop's envelope too (issue 38), not Node's or
 * Fastify's own words. Raw bytes on the socket: there is no reply yet.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { message: 'This address or its headers are too long', code: 'HEADERS_TOO_LARGE' }]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { message: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' }]
        : [400, 'Bad Request', { message: 'This is not a request the shop can read', code: 'BAD_REQUEST' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy(err);
}
