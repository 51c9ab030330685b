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

/**
 * A remote built in the shared layout has its entry one folder down, `release/remoteEntry.js`, loading
 * `../assets/…`: the store serves that entry at `/releases/<remote>/<version>/remoteEntry.js` and every
 * version's hashed files at `/releases/<remote>/assets/`, so a file that did not change keeps its address
 * and the browser's copy (issue 42). A build from before it has its entry at the top of its folder.
 */
export const SHARED_LAYOUT_ENTRY = 'release/remoteEntry.js';

const folderOf = (url: string) => url.slice(0, url.lastIndexOf('/', url.search(/[?#]|$/) - 1) + 1);

/** Where a file of a release's preload.json is fetched from, given the address of its entry. */
export function releaseFileUrl(entry: string, preload: ReleaseFiles, file: string): string {
  const shared = preload.scripts.includes(SHARED_LAYOUT_ENTRY);
  if (file === (shared ? SHARED_LAYOUT_ENTRY : 'remoteEntry.js')) return entry;
  const folder = folderOf(entry);
  return `${shared ? folderOf(folder.slice(0, -1)) : folder}${file}`;
}

/**
 * The folder every file a remote's entry loads lies under: a store's `/releases/<remote>/` (its
 * versions and its shared assets), the parent of an entry's `release/` folder, else the entry's own.
 */
export function remoteFolderOf(entry: string): string {
  const folder = folderOf(entry);
  const path = folder.replace(/^[a-z]+:\/\/[^/]+/i, '');
  return /\/releases\/[^/]+\/[^/]+\/$/.test(path) || folder.endsWith('/release/') ? folderOf(folder.slice(0, -1)) : folder;
}

/** Where a release's preload.json is, given the address of its entry: the top of its build. */
export function preloadListUrl(entry: string): string {
  const folder = folderOf(entry);
  return `${folder.endsWith('/release/') ? folderOf(folder.slice(0, -1)) : folder}preload.json`;
}
