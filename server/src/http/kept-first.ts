/**
 * Kept answers written straight to the socket (issue 22): the head of each representation built once,
 * and the server whose requests are offered to the kept answers before Fastify routes them.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactoryHandler } from 'fastify';
import type { DataVersions } from '../db/data-versions';
import type { AnswerStore } from './answer-store';
import { COMPRESS_FROM_BYTES, compressed, extraOf, ifNoneMatchHits, JSON_TYPE, preferredEncoding, representationTag, type HeadKind, type KeptAnswer } from './cached-answer';
import { PUBLIC_CACHE_CONTROL } from './cache-control';
import { apiSecurityHeaders, HSTS } from './security';

/**
 * A kept answer written straight to the socket with its head built once per representation (issue 22):
 * the same headers the hooks would give it — caching, tag, Vary, coding and every security header
 * (`apiSecurityHeaders`) — without running the onSend chain for a body that is already made.
 */
export function writeKept(res: ServerResponse, answer: KeptAnswer, acceptEncoding: string | undefined, ifNoneMatch: string | undefined, https: boolean, store: AnswerStore, key: string): void {
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(acceptEncoding) : null;
  const notModified = ifNoneMatchHits(ifNoneMatch, answer.etag);
  const kind: HeadKind = notModified ? (encoding ? `304-${encoding}` : '304') : (encoding ?? 'identity');
  let body: Buffer | null = null;
  if (!notModified && encoding) {
    const had = answer[encoding] !== undefined;
    body = compressed(answer, encoding);
    if (!had) store.grew(key, body.length);
  } else if (!notModified) body = answer.body;
  const heads = (answer.heads ??= {});
  let head = heads[kind];
  if (!head) {
    head = ['cache-control', PUBLIC_CACHE_CONTROL, 'etag', representationTag(answer.etag, encoding), 'vary', answer.policy.audience === 'anonymous' ? 'Authorization, Accept-Encoding' : 'Accept-Encoding'];
    if (body) {
      head.push('content-type', answer.policy.contentType ?? JSON_TYPE, 'content-length', String(body.length));
      if (encoding) head.push('content-encoding', encoding);
    }
    head.push(...apiSecurityHeaders({ https: false }));
    heads[kind] = head;
  }
  if (https) head = [...head, 'strict-transport-security', HSTS];
  res.writeHead(notModified ? 304 : 200, head);
  res.end(body ?? undefined);
}

/** A kept answer found through Fastify's route (a request the answer before routing left to it). */
export function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer, store: AnswerStore, key: string): void {
  reply.hijack();
  writeKept(reply.raw, answer, request.headers['accept-encoding'], request.headers['if-none-match'], request.protocol === 'https', store, key);
}

/**
 * Answers a request from the kept answers before any routing, or returns false to leave it to Fastify
 * (`serverAnsweringKeptFirst`).
 */
export type KeptFirst = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The HTTP server Fastify would make (its `serverFactory`, with the same timeouts), whose requests are
 * first offered to `keptFirst()` — the response cache's answer before routing, once it is registered.
 */
export function serverAnsweringKeptFirst(handler: FastifyServerFactoryHandler, options: Record<string, unknown>, keptFirst: () => KeptFirst | undefined): http.Server {
  const server = http.createServer((options.http as http.ServerOptions | undefined) ?? {}, (req, res) => {
    const answer = keptFirst();
    if (answer === undefined || !answer(req, res)) handler(req, res);
  });
  server.keepAliveTimeout = options.keepAliveTimeout as number;
  server.requestTimeout = options.requestTimeout as number;
  server.setTimeout(options.connectionTimeout as number);
  if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
  return server;
}

/**
 * The answer before routing (see registerResponseCache): a plain same-origin GET over plain HTTP of a
 * URL kept under the current stamp, written together with the others read in the same turn of the loop.
 */
export function createKeptFirst(app: FastifyInstance, store: AnswerStore, versions: DataVersions, state: { enabled: boolean; closing: () => boolean }): KeptFirst {
  const { enabled } = state;
  // pino's; Fastify's logger without pino (logger: false) has no levels and logs nothing.
  const log = app.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  // Answers are written together once the event loop has read every request that arrived (as
  // `whenChecked` answers the routed ones): on a machine where each system call is dear, answering
  // each request the moment it is read cost more CPU per answer than the routing it saves.
  let due: { req: IncomingMessage; res: ServerResponse; answer: KeptAnswer }[] = [];
  const writeDue = () => {
    const answers = due;
    due = [];
    const logging = log.isLevelEnabled?.('info') === true;
    for (const { req, res, answer } of answers) {
      try {
        writeKept(res, answer, req.headers['accept-encoding'], req.headers['if-none-match'], false, store, req.url!);
      } catch (err) {
        // One answer that cannot be written (its connection gone wrong) must not keep the others waiting.
        log.error({ err, url: req.url }, 'a kept answer could not be sent');
        res.destroy();
        continue;
      }
      if (logging) log.info({ req: { method: 'GET', url: req.url, remoteAddress: req.socket.remoteAddress }, res: { statusCode: res.statusCode }, kept: true }, 'kept answer sent');
    }
  };
  const keptFirst: KeptFirst = (req, res) => {
    if (!enabled || state.closing() || req.method !== 'GET') return false;
    const headers = req.headers;
    if (headers.origin !== undefined || headers['x-forwarded-proto'] !== undefined || (req.socket as TLSSocket).encrypted) return false;
    const key = req.url!;
    // Nothing kept under this URL, whatever the stamp, or kept for anonymous requests only: routed,
    // without a commit check made here.
    const seen = store.peek(key) as KeptAnswer | undefined;
    if (seen === undefined || (seen.policy.audience === 'anonymous' && headers.authorization !== undefined)) return false;
    const stamp = versions.stampNow();
    if (stamp === undefined) return false;
    store.advance(stamp.key);
    const answer = store.get(key) as KeptAnswer | undefined;
    if (answer === undefined || answer.extra !== extraOf(answer.policy)) return false;
    if (due.push({ req, res, answer }) === 1) setImmediate(writeDue);
    return true;
  };
  return keptFirst;
}
