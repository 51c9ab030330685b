/**
 * HTTP caching of the public reads shoppers hit most (issue 10): categories, listings, search and
 * filters, product pages, the handshake without a user.
 *
 * - Each answer is kept in process as the bytes sent (JSON, plus gzip/brotli made once on demand),
 *   keyed by the URL (path and query, so the business too) under the current data stamp
 *   (`src/db/data-versions.ts`): when the catalogue, the settings or the reviews move — written by this
 *   process, another instance or the operator's CLI — the next request sees the new stamp and the
 *   store starts afresh. A hit costs one commit check (at most one a millisecond) and a map lookup:
 *   no query, no serialisation, no compression — and, for a plain same-origin GET, no routing either
 *   (`keptFirst`, below).
 * - A strong ETag is the hash of the JSON bytes (with `-br`/`-gzip` for a compressed representation),
 *   so equal answers have equal tags on every instance and a change that does not touch an answer
 *   keeps its tag. `If-None-Match` with a matching tag gets a 304.
 * - `Cache-Control: public, max-age=0, must-revalidate`: browsers and CDNs keep the answer but ask
 *   every time (a 304 is cheap), so a new alert or price shows on the next page load.
 * - A route whose answer depends on the shopper (`audience: 'anonymous'`, the handshake) is cached only
 *   for requests without an `Authorization` header; with one it is `private, no-store`, never stored.
 */
import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactoryHandler } from 'fastify';
import type { Db } from '../db/database';
import { DataVersions, type DataStamp } from '../db/data-versions';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-control';
import { apiSecurityHeaders, HSTS } from './security';

export interface ResponseCachePolicy {
  /** 'public': one answer for everyone; 'anonymous': shared only by requests without Authorization. */
  audience: 'public' | 'anonymous';
  /** What the answer depends on besides the database, e.g. the photos dropped into the media folder. */
  extraVersion?: () => string;
  /** The answer's media type when it is not JSON (the product feeds: XML, CSV). */
  contentType?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    responseCache?: ResponseCachePolicy;
  }
  interface FastifyRequest {
    /**
     * The data stamp this request is answered under (cacheable routes only, private answers of an
     * 'anonymous' route included); e.g. the catalogue version for the listing index.
     */
    dataStamp: DataStamp | null;
  }
}

export { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-control';
/** Smaller answers are sent as they are (as @fastify/compress does for the other routes). */
const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

export interface CachedAnswer {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** The response head of each representation (and its 304), built on first use: see `sendKept`. */
  heads?: Partial<Record<HeadKind, string[]>>;
}

type HeadKind = 'identity' | 'br' | 'gzip' | '304' | '304-br' | '304-gzip';

/** An API answer as kept: under its URL, with the route's policy and what it was made under besides the data. */
export interface KeptAnswer extends CachedAnswer {
  policy: ResponseCachePolicy;
  /** `policy.extraVersion()` when it was made ('' without one): a kept answer whose extra moved is not served. */
  extra: string;
}

const extraOf = (policy: ResponseCachePolicy) => (policy.extraVersion ? policy.extraVersion() : '');
const JSON_TYPE = 'application/json; charset=utf-8';

/** A strong tag from the bytes: equal answers, equal tags, on any instance. */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The tag of one representation: the JSON's own, or with the content-coding appended. */
export function representationTag(etag: string, encoding: Encoding | null): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/**
 * If-None-Match (weak comparison, as RFC 9110 asks for it) against an answer whose representations
 * share one JSON body: any of its tags, or `*`, matches.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(1, -1);
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    if (tag.length < 2 || tag[0] !== '"' || tag[tag.length - 1] !== '"') continue;
    const opaque = tag.slice(1, -1);
    if (opaque === base || opaque === `${base}-br` || opaque === `${base}-gzip`) return true;
  }
  return false;
}

/** Browsers send a handful of Accept-Encoding values: each is parsed once (a bounded memo). */
const encodingOf = new Map<string, Encoding | null>();
const ENCODING_MEMO_MAX = 256;

/** The coding to send for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses). */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const known = encodingOf.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (encodingOf.size >= ENCODING_MEMO_MAX) encodingOf.clear();
  encodingOf.set(header, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (coding: Encoding) => accepted.get(coding) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

export function compressed(answer: CachedAnswer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return (answer.br ??= zlib.brotliCompressSync(answer.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    }));
  }
  return (answer.gzip ??= zlib.gzipSync(answer.body, { level: 6 }));
}

export const sizeOf = (a: CachedAnswer) => a.body.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0) + 200;

/**
 * The answers of one data stamp, dropped once over `maxBytes` by a clock sweep: a hit only marks its
 * answer as used (no reordering of the map on the hot path); when room is needed the oldest answers
 * go first, except that one used since the last sweep gets a second chance (it moves to the back,
 * unmarked). A new stamp empties it; an answer computed under an older stamp is not kept.
 */
export class AnswerStore {
  private stamp = '';
  private readonly answers = new Map<string, { answer: CachedAnswer; used: boolean }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Move to the current stamp (emptying the store when it changed). */
  advance(stamp: string): void {
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    this.answers.clear();
    this.bytes = 0;
  }

  /** The answer kept under `key` at whatever stamp the store is at, without marking it used. */
  peek(key: string): CachedAnswer | undefined {
    return this.answers.get(key)?.answer;
  }

  get(key: string): CachedAnswer | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    kept.used = true;
    return kept.answer;
  }

  put(stamp: string, key: string, answer: CachedAnswer): void {
    if (stamp !== this.stamp) return;
    const before = this.answers.get(key);
    if (before) {
      this.bytes -= sizeOf(before.answer);
      this.answers.delete(key);
    }
    this.answers.set(key, { answer, used: false });
    this.bytes += sizeOf(answer);
    this.trim(key);
  }

  /** A compressed copy was added to an answer already counted. */
  grew(key: string, by: number): void {
    if (!this.answers.has(key)) return;
    this.bytes += by;
    this.trim(key);
  }

  /** Makes room, sparing `fresh` (the answer just put or grown: it has had no chance to be read yet). */
  private trim(fresh: string): void {
    // Each answer is met at most twice (a used one is moved back unmarked), so this ends.
    for (const [key, kept] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      if (key === fresh) continue;
      this.answers.delete(key);
      if (kept.used) {
        kept.used = false;
        this.answers.set(key, kept);
      } else {
        this.bytes -= sizeOf(kept.answer);
      }
    }
  }

  get size(): number {
    return this.answers.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

export interface ResponseCacheOptions {
  db: Db;
  /** Keep answers in process (default true). Off: every answer is computed, yet ETags and 304s still work. */
  enabled?: boolean;
  /** Reuse a version read for this long (default 0: every request reads the versions, shared when concurrent). */
  checkMs?: number;
  /** Memory for kept answers (default 32 MiB). */
  maxBytes?: number;
}

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = typeof current === 'string' && current ? current.split(',').map((s) => s.trim()) : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('vary', fields.join(', '));
}

/** Headers and body for one cached answer: a 304, or the representation the client accepts. */
function present(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, policy: ResponseCachePolicy, onCompressed?: (bytes: number) => void): Buffer | null {
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', representationTag(answer.etag, encoding));
  if (policy.audience === 'anonymous') addVary(reply, 'Authorization');
  addVary(reply, 'Accept-Encoding');
  if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) {
    reply.code(304).removeHeader('content-type');
    return null;
  }
  reply.header('content-type', policy.contentType ?? JSON_TYPE);
  if (!encoding) return answer.body;
  const had = answer[encoding] !== undefined;
  const bytes = compressed(answer, encoding);
  if (!had) onCompressed?.(bytes.length);
  reply.header('content-encoding', encoding);
  return bytes;
}

const pendingKeys = new WeakMap<FastifyRequest, { stamp: string; key: string; extra: string }>();

type RouteHook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;
type SendHook = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => void;
const hooksOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * A kept answer written straight to the socket with its head built once per representation (issue 22):
 * the same headers the hooks would give it — caching, tag, Vary, coding and every security header
 * (`apiSecurityHeaders`) — without running the onSend chain for a body that is already made.
 */
function writeKept(res: ServerResponse, answer: KeptAnswer, acceptEncoding: string | undefined, ifNoneMatch: string | undefined, https: boolean, store: AnswerStore, key: string): void {
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
function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer, store: AnswerStore, key: string): void {
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
 * Register before @fastify/compress and before the routes: routes with `config.responseCache` are
 * then cached, tagged and compressed here. The hooks are the routes' own (added as each is
 * registered), so other routes pay nothing for them, and they run after every application-wide
 * onRequest hook (CORS, and whatever guards come later).
 *
 * `keptFirst` answers the common request for a kept answer before Fastify routes it at all (hand it to
 * `serverAnsweringKeptFirst`): a plain GET of a URL kept under the current stamp, from a same-origin
 * page over plain HTTP. Every hook on that way would do nothing for it — no CORS without an Origin, no
 * HSTS without HTTPS, no business or input check for a URL whose answer was kept only after passing
 * them — and the answer, its head and its 304 are the ones the route's own hooks send (`writeKept`).
 * Anything else (another method, an Origin, HTTPS, an `Authorization` on a route shared only by
 * anonymous requests, a database whose stamp needs a round trip, a URL not kept, the server closing)
 * goes through Fastify as before. With the app's logger at info it logs each answer it sends, as
 * Fastify logs the requests it completes.
 */
export function registerResponseCache(app: FastifyInstance, { db, enabled = true, checkMs = 0, maxBytes = 32 * 1024 * 1024 }: ResponseCacheOptions): { store: AnswerStore; versions: DataVersions; keptFirst: KeptFirst } {
  const versions = new DataVersions(db, checkMs);
  const store = new AnswerStore(maxBytes);
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onClose', async () => versions.dispose());
  app.decorateRequest('dataStamp', null);

  const lookUp = (policy: ResponseCachePolicy): RouteHook => {
    const answerUnder = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void, stamp: DataStamp) => {
      request.dataStamp = stamp;
      const key = request.url;
      const extra = extraOf(policy);
      if (enabled) {
        store.advance(stamp.key);
        const answer = store.get(key) as KeptAnswer | undefined;
        if (answer && answer.extra === extra) {
          // A cross-origin call gets its CORS headers from the hooks: answered the ordinary way.
          if (request.headers.origin !== undefined) {
            reply.send(present(request, reply, answer, policy, (n) => store.grew(key, n)) ?? undefined);
            return;
          }
          sendKept(request, reply, answer, store, key);
          return;
        }
      }
      pendingKeys.set(request, { stamp: stamp.key, key, extra });
      done();
    };
    return (request, reply, done) => {
      if (request.method !== 'GET') return done();
      if (policy.audience === 'anonymous' && request.headers.authorization !== undefined) {
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        addVary(reply, 'Authorization');
        // Never kept, but the route may reuse what it made for the shared answer under this stamp.
        versions.whenChecked((err, stamp) => {
          if (err) return done(err);
          request.dataStamp = stamp!;
          done();
        });
        return;
      }
      versions.whenChecked((err, stamp) => (err ? done(err) : answerUnder(request, reply, done, stamp!)));
    };
  };

  const keep = (policy: ResponseCachePolicy): SendHook => (request, reply, payload, done) => {
    const pending = pendingKeys.get(request);
    if (!pending) return done(null, payload);
    pendingKeys.delete(request);
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const answer: KeptAnswer = { body, etag: etagOf(body), policy, extra: pending.extra };
    if (enabled) store.put(pending.stamp, pending.key, answer);
    done(null, present(request, reply, answer, policy, (n) => store.grew(pending.key, n)));
  };

  app.addHook('onRoute', (route) => {
    const policy = route.config?.responseCache;
    if (!policy) return;
    // This hook compresses (once per answer); @fastify/compress would compress every time.
    route.compress = false;
    route.onRequest = [...hooksOf(route.onRequest), lookUp(policy)] as typeof route.onRequest;
    route.onSend = [...hooksOf(route.onSend), keep(policy)] as typeof route.onSend;
  });

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
    if (!enabled || closing || req.method !== 'GET') return false;
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

  return { store, versions, keptFirst };
}
