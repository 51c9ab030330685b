/** Script and style files of a release, relative to its folder. */
export interface ReleaseFiles {
  scripts: string[];
  styles: string[];
}

/** A release's preload.json (written by its build): the files mounting it loads, relative to its folder. */
export interface RemotePreload extends ReleaseFiles {
  /** Files of the page module a path prefix loads lazily ('/product/' → the product page's chunk). */
  routes?: Record<string, ReleaseFiles>;
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The files a page of this path needs from the remote: its mount files, then its page module's. */
export function filesForPath(preload: RemotePreload, pathname: string): ReleaseFiles {
  const prefix = Object.keys(preload.routes ?? {})
    .filter((p) => matchesPrefix(pathname, p))
    .sort((a, b) => b.length - a.length)[0];
  const page = prefix ? preload.routes![prefix]! : { scripts: [], styles: [] };
  return { scripts: [...preload.scripts, ...page.scripts], styles: [...preload.styles, ...page.styles] };
}

/** A preload.json as read from disk or the network: the lists when they are lists, else null. */
export function readPreload(parsed: unknown): RemotePreload | null {
  const p = parsed as Partial<RemotePreload> | null;
  if (!p || !Array.isArray(p.scripts) || !Array.isArray(p.styles)) return null;
  const strings = (list: unknown[]) => list.filter((f): f is string => typeof f === 'string');
  return { scripts: strings(p.scripts), styles: strings(p.styles), routes: p.routes && typeof p.routes === 'object' ? p.routes : undefined };
}
