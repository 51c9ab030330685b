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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { DataVersions, type DataStamp } from '../db/data-versions';
import { AnswerStore } from './answer-store';
import { COMPRESS_FROM_BYTES, compressed, etagOf, extraOf, ifNoneMatchHits, JSON_TYPE, preferredEncoding, representationTag, type CachedAnswer, type KeptAnswer, type ResponseCachePolicy } from './cached-answer';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-control';
import { createKeptFirst, sendKept, type KeptFirst } from './kept-first';

// The parts of the response cache, re-exported under the name they were always imported by.
export { AnswerStore } from './answer-store';
export { compressed, etagOf, ifNoneMatchHits, preferredEncoding, representationTag, sizeOf, type CachedAnswer, type Encoding, type KeptAnswer, type ResponseCachePolicy } from './cached-answer';
export { serverAnsweringKeptFirst, type KeptFirst } from './kept-first';

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
      const key = policy.keyOf ? policy.keyOf(request) : request.url;
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

  const keptFirst = createKeptFirst(app, store, versions, { enabled, closing: () => closing });

  return { store, versions, keptFirst };
}
