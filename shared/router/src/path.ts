/**
 * The router's pure parts: reading and writing a URL's path, matching a route's pattern, choosing the
 * best of several matches and the basename. No React here; `router.tsx` wires these to the page.
 */

/** Where a page is: the path (under the router's basename), the query and the fragment. */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** A place in the history: its path, the state it was entered with and a key unique to the entry. */
export interface Location<State = unknown> extends Path {
  state: State;
  key: string;
}

/** Where to go: a path, absolute ('/product/x?y=1'), a query ('?page=2') or a fragment ('#contact'). */
export type To = string | Partial<Path>;

/** '/a/b?c=1#d' → { pathname: '/a/b', search: '?c=1', hash: '#d' }; empty parts are ''. */
export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

/** { pathname: '/a', search: '?b=1', hash: '#c' } → '/a?b=1#c' (a bare '?' or '#' is left out). */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return `${pathname}${search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : ''}${hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : ''}`;
}

/**
 * Where `to` leads from `from`: an absolute path replaces it, a query keeps the path (and drops the
 * fragment), a fragment keeps the path and the query, and a relative path ('b', '../c') is read
 * against the current path's folder, as a browser reads a link's href.
 */
export function resolvePath(to: To, from: Path): Path {
  const target = typeof to === 'string' ? parsePath(to) : to;
  if (target.pathname === undefined) {
    if (target.search !== undefined) return { pathname: from.pathname, search: normalSearch(target.search), hash: normalHash(target.hash ?? '') };
    return { pathname: from.pathname, search: from.search, hash: normalHash(target.hash ?? '') };
  }
  const pathname = target.pathname.startsWith('/') ? target.pathname : joinRelative(from.pathname, target.pathname);
  return { pathname, search: normalSearch(target.search ?? ''), hash: normalHash(target.hash ?? '') };
}

const normalSearch = (search: string) => (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '');
const normalHash = (hash: string) => (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');

function joinRelative(from: string, relative: string): string {
  const segments = from.split('/').filter(Boolean);
  if (!from.endsWith('/')) segments.pop();
  for (const segment of relative.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}${relative.endsWith('/') && segments.length ? '/' : ''}`;
}

/** A basename as the router keeps it: '' or '/backoffice' (leading slash, no trailing one). */
export function normalBasename(basename = ''): string {
  const trimmed = basename.replace(/\/+$/, '');
  return !trimmed ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The path under the basename ('/backoffice/orders' → '/orders'), or null when it is not under it. */
export function stripBasename(pathname: string, basename: string): string | null {
  if (!basename) return pathname || '/';
  if (pathname.toLowerCase() === basename.toLowerCase()) return '/';
  if (!pathname.toLowerCase().startsWith(`${basename.toLowerCase()}/`)) return null;
  return pathname.slice(basename.length) || '/';
}

/** The address in the browser for a path under the basename ('/orders' → '/backoffice/orders'). */
export function withBasename(basename: string, path: Path): string {
  const pathname = basename ? (path.pathname === '/' ? basename : `${basename}${path.pathname}`) : path.pathname;
  return createPath({ ...path, pathname });
}

export type Params = Readonly<Record<string, string | undefined>>;

/**
 * Matches a route's pattern against a whole path: static segments (letter case ignored), `:name`
 * segments (one segment, decoded) and a trailing `*` (the rest, as the `*` param). A trailing slash
 * does not matter. Returns the params, or null.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const segment = wanted[i]!;
    if (segment === '*' && i === wanted.length - 1) {
      params['*'] = given.slice(i).map(decode).join('/');
      return params;
    }
    const value = given[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(value);
    else if (segment.toLowerCase() !== decode(value).toLowerCase()) return null;
  }
  return given.length === wanted.length ? params : null;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * How specific a pattern is, so '/orders/new' wins over '/orders/:orderNumber' and both over '*':
 * static segments weigh most, dynamic ones less, a splat takes some away.
 */
export function routeScore(pattern: string): number {
  const segments = pattern.split('/').filter(Boolean);
  return segments.reduce((score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), segments.length);
}

/** The best matching route of a list (the most specific; the first declared of equals), with its params. */
export function bestMatch<R extends { path?: string }>(routes: readonly R[], pathname: string): { route: R; params: Params } | null {
  let best: { route: R; params: Params; score: number } | null = null;
  for (const route of routes) {
    const pattern = route.path ?? '/';
    const params = matchPath(pattern, pathname);
    if (!params) continue;
    const score = routeScore(pattern);
    if (!best || score > best.score) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

/** What `setSearchParams` takes: a query string, URLSearchParams, an object (arrays repeat a key) or pairs. */
export type SearchParamsInit = string | URLSearchParams | Record<string, string | readonly string[]> | ReadonlyArray<readonly [string, string]>;

export function createSearchParams(init: SearchParamsInit = ''): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) return new URLSearchParams(init as string | string[][] | URLSearchParams);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init as Record<string, string | readonly string[]>)) {
    for (const one of typeof value === 'string' ? [value] : value) params.append(key, one);
  }
  return params;
}
