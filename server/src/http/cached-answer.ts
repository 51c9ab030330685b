/**
 * An answer of the response cache as bytes: its policy, strong ETag and the tag of each representation,
 * If-None-Match, the content-coding a client accepts, and the compressed copies (made once, kept with it).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

export interface ResponseCachePolicy {
  /** 'public': one answer for everyone; 'anonymous': shared only by requests without Authorization. */
  audience: 'public' | 'anonymous';
  /** What the answer depends on besides the database, e.g. the photos dropped into the media folder. */
  extraVersion?: () => string;
  /** The answer's media type when it is not JSON (the product feeds: XML, CSV). */
  contentType?: string;
  /**
   * The key an answer is kept under when not its URL: what the answer depends on, normalised (the feeds:
   * their currency), so a new query string (`?fbclid=…`) is not a new answer to build (issue 38, P6).
   */
  keyOf?: (request: { url: string; query: unknown }) => string;
}

/** Smaller answers are sent as they are (as @fastify/compress does for the other routes). */
export const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

export interface CachedAnswer {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** The response head of each representation (and its 304), built on first use: see `sendKept`. */
  heads?: Partial<Record<HeadKind, string[]>>;
}

export type HeadKind = 'identity' | 'br' | 'gzip' | '304' | '304-br' | '304-gzip';

/** An API answer as kept: under its URL, with the route's policy and what it was made under besides the data. */
export interface KeptAnswer extends CachedAnswer {
  policy: ResponseCachePolicy;
  /** `policy.extraVersion()` when it was made ('' without one): a kept answer whose extra moved is not served. */
  extra: string;
}

export const extraOf = (policy: ResponseCachePolicy) => (policy.extraVersion ? policy.extraVersion() : '');
export const JSON_TYPE = 'application/json; charset=utf-8';

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
