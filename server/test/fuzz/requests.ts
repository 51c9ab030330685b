import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/**
 * Building blocks of the API fuzz suite: hostile values, a request as the fuzzer describes it, and
 * the mutations that turn a well-formed request into a broken one.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface FuzzRequest {
  method: Method;
  /** Path segments; each is percent-encoded when the URL is built (a '/' inside one stays a '/'). */
  path: string[];
  query?: Record<string, unknown>;
  /** A query string sent as it is (junk percent-escapes and all), instead of `query`. */
  rawQuery?: string;
  /** A JSON body (undefined = no body) … */
  body?: unknown;
  /** … or the exact bytes to send. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** Which generator made it: 'valid' or the mutation's name. */
  kind: string;
}

/** Strings that have broken servers: SQL and HTML meta-characters, template and path tricks, odd Unicode. */
export const META_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE shop_order; --",
  '" OR ""="',
  '1; SELECT pg_sleep(1)--',
  "%' AND 1=0 UNION SELECT email, password_hash FROM app_user --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '🌺🌹💐',
  'Ọlá Àdìgún Ẹ̀kọ́',
  'ＡＢＬ１０４２Ｗ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '-0',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  ' ',
  '',
  '\n\r\t',
  'a'.repeat(300),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Any text, biased towards the dangerous. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: loneSurrogate, minLength: 1, maxLength: 3 }) },
  { weight: 4, arbitrary: fc.constantFrom(...META_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 400, max: 5000 }).map((n) => 'ẹ'.repeat(n)) },
);

/** A value of any JSON type (wrong for most fields). */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -1, 0, 0.5, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
  hostileText,
);

/** Mostly the given values, sometimes anything. */
export const mostly = <T>(values: fc.Arbitrary<T>, weight = 4): fc.Arbitrary<T | string> =>
  fc.oneof({ weight, arbitrary: values }, { weight: 1, arbitrary: hostileText });

/** Replace lone surrogates (which no URL can carry) as a client would. */
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
      parts.push(`${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(text))}`);
    }
  }
  return parts.join('&');
}

export function toInject(req: FuzzRequest): InjectOptions {
  const path = '/' + req.path.map((segment) => wellFormed(segment).split('/').map(encodeURIComponent).join('/')).join('/');
  const qs = req.rawQuery ?? (req.query ? queryString(req.query) : '');
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  let payload: string | undefined;
  if (req.raw !== undefined) payload = req.raw;
  else if (req.body !== undefined) payload = JSON.stringify(req.body);
  if (payload !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
  return {
    method: req.method,
    url: qs ? `${path}?${qs}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
  };
}

// ---- mutations ------------------------------------------------------------------------------------

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every key path of an object, to a depth of 4 (array elements included). */
export function keyPaths(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth >= 4) return [];
  const out: (string | number)[][] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([...prefix, i]);
      out.push(...keyPaths(v, [...prefix, i], depth + 1));
    });
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push([...prefix, k]);
      out.push(...keyPaths(v, [...prefix, k], depth + 1));
    }
  }
  return out;
}

/** A copy with the value at `path` replaced (or removed when `value` is the REMOVE marker). */
export const REMOVE = Symbol('remove');
export function withValueAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && value === REMOVE) copy.splice(Number(head), 1);
    else copy[Number(head)] = withValueAt(copy[Number(head)], rest, value);
    return copy;
  }
  const copy: Json = { ...(isObject(root) ? root : {}) };
  if (rest.length === 0 && value === REMOVE) delete copy[String(head)];
  else copy[String(head)] = withValueAt(copy[String(head)], rest, value);
  return copy;
}

const EXTRA_KEYS = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'price', 'total', 'paymentStatus', 'user_id', 'id'), fc.string({ minLength: 1, maxLength: 12 }));

function pick<T>(list: readonly T[]): fc.Arbitrary<T> {
  return fc.integer({ min: 0, max: list.length - 1 }).map((i) => list[i]!);
}

/** Broken variants of a request: each keeps the route and breaks one thing about the input. */
export function mutations(req: FuzzRequest, bodyLimit: number): fc.Arbitrary<FuzzRequest>[] {
  const list: fc.Arbitrary<FuzzRequest>[] = [];
  const hasJsonBody = req.body !== undefined && req.raw === undefined;
  if (hasJsonBody) {
    const paths = keyPaths(req.body);
    if (paths.length) {
      list.push(pick(paths).map((p) => ({ ...req, body: withValueAt(req.body, p, REMOVE), kind: 'missing field' })));
      list.push(fc.tuple(pick(paths), wrongValue).map(([p, v]) => ({ ...req, body: withValueAt(req.body, p, v), kind: 'wrong type' })));
      list.push(fc.tuple(pick(paths), hostileText).map(([p, v]) => ({ ...req, body: withValueAt(req.body, p, v), kind: 'hostile text' })));
    }
    list.push(
      fc.tuple(EXTRA_KEYS, wrongValue).map(([k, v]) => {
        // JSON text, so '__proto__' arrives as an own key, as an attacker would send it.
        const text = JSON.stringify(req.body);
        const raw = isObject(req.body) ? `{${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}${text === '{}' ? '' : ','}${text.slice(1)}` : text;
        return { ...req, body: undefined, raw, kind: 'extra field' };
      }),
    );
    list.push(fc.oneof(wrongValue, fc.array(fc.constant(req.body), { maxLength: 2 })).map((v) => ({ ...req, body: v, kind: 'body of another type' })));
    list.push(
      fc.tuple(fc.integer({ min: 0, max: 200 }), fc.constantFrom('', '}', '{', ',', ']', 'garbage', "'", '\u0000', '{"a":1}{"b":2}', ',}', 'NaN')).map(([cut, junk]) => {
        const text = JSON.stringify(req.body);
        return { ...req, body: undefined, raw: text.slice(0, Math.min(cut, Math.max(0, text.length - 1))) + junk, kind: 'malformed JSON' };
      }),
    );
    list.push(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', 'application/jsonp').map((contentType) => ({
        ...req,
        body: undefined,
        raw: JSON.stringify(req.body),
        contentType,
        kind: 'wrong content type',
      })),
    );
  }
  if (req.raw !== undefined) {
    list.push(
      fc.tuple(fc.integer({ min: 0, max: 400 }), fc.constantFrom('', '}', '\u0000', '%', '&&&', '=')).map(([cut, junk]) => ({ ...req, raw: req.raw!.slice(0, cut) + junk, kind: 'truncated body' })),
    );
    list.push(fc.constant({ ...req, headers: {}, kind: 'no signature headers' }));
    list.push(fc.constantFrom('application/json', 'text/plain', 'application/octet-stream').map((contentType) => ({ ...req, contentType, kind: 'other content type' })));
  }
  if (req.method !== 'GET') {
    // Over the body limit, as JSON and as a raw stream.
    list.push(
      fc.integer({ min: bodyLimit + 1, max: bodyLimit * 3 }).map((size) => ({
        ...req,
        body: undefined,
        raw: JSON.stringify({ business: 'adire-blooms', padding: 'x'.repeat(size) }),
        contentType: req.contentType ?? 'application/json',
        kind: 'over the body limit',
      })),
    );
  }
  // Queries: a missing, repeated or hostile parameter, an extra one, or a raw string with broken escapes.
  const query = req.query ?? {};
  const keys = Object.keys(query);
  if (keys.length) {
    list.push(pick(keys).map((k) => ({ ...req, query: { ...query, [k]: undefined }, kind: 'missing parameter' })));
    list.push(fc.tuple(pick(keys), hostileText).map(([k, v]) => ({ ...req, query: { ...query, [k]: v }, kind: 'hostile parameter' })));
    list.push(fc.tuple(pick(keys), fc.array(hostileText, { minLength: 2, maxLength: 4 })).map(([k, v]) => ({ ...req, query: { ...query, [k]: v }, kind: 'repeated parameter' })));
  }
  list.push(fc.tuple(EXTRA_KEYS, hostileText).map(([k, v]) => ({ ...req, query: { ...query, [k]: v }, kind: 'extra parameter' })));
  list.push(
    fc.constantFrom('%', '%E0%A4%A', 'business=%', 'a=%00&business=adire-blooms', '&&==&', 'business[]=adire-blooms', 'business=adire-blooms&business=other', '%ZZ=1', `q=${'%41'.repeat(3000)}`).map((rawQuery) => ({
      ...req,
      rawQuery,
      kind: 'broken query string',
    })),
  );
  // Path parameters: hostile values (a '/' inside one changes the route: a 404 is the right answer).
  if (req.path.length > 1) {
    const last = req.path.length - 1;
    list.push(hostileText.map((v) => ({ ...req, path: [...req.path.slice(0, last), v], kind: 'hostile path parameter' })));
  }
  return list;
}

/** Well-formed requests and their broken variants, half and half: more than a third reach the logic. */
export function fuzzRequests(valid: fc.Arbitrary<FuzzRequest>, bodyLimit: number): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(valid, valid.chain((req) => fc.oneof(...mutations(req, bodyLimit))));
}
