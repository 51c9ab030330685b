/**
 * Which file a URL asks for, decided on the path's normal form (issue 32, item 4): the path is
 * percent-decoded once, then `//`, `/./` and `..` are resolved, and only then checked. A path whose
 * normal form differs from what was asked (`/v//server/`, `/./server/`, `/assets/../server/`,
 * `/%2e%2e/…`) is refused outright: no browser asks for one, and whatever serves the file afterwards
 * (a static file module with rules of its own) then sees exactly the path that was checked.
 */

/** The segments of a URL's path, decoded once and normalised; null when it cannot be (a broken escape, NUL, backslash, `..` above the root). */
export function normalPath(url: string): { segments: string[]; asAsked: boolean } | null {
  const raw = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(decoded)) return null;
  const segments: string[] = [];
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.pop() === undefined) return null;
      continue;
    }
    segments.push(part);
  }
  return { segments, asAsked: `/${segments.join('/')}` === decoded };
}

/** Segments a served file may have: no dotfiles, nothing still percent-encoded after the one decode. */
export const plainSegments = (segments: string[]) => segments.every((s) => !s.startsWith('.') && !s.includes('%'));

/** A file name of the shell asked for by URL (`/assets/x.js` → `assets/x.js`); null for a page path or a bad one. */
export function shellFileOf(url: string): string | null {
  const path = normalPath(url);
  if (!path?.asAsked || path.segments.length === 0 || !plainSegments(path.segments)) return null;
  const file = path.segments.join('/');
  if (!/\.[a-z0-9]+$/i.test(file) || file === 'release.json') return null;
  if (path.segments[0] === 'server') return null; // the release's server draw module is not the browser's
  return file;
}
