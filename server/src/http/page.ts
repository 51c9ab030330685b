import fs from 'node:fs';
import path from 'node:path';
import { filesForPath, readPreload, remotesForPage, type RemoteName, type RemotePreload, type RemotesManifest } from '@adire/contracts';

export const MANIFEST_ELEMENT_ID = 'adire-remotes';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The shell's page for one path: the live remotes written in (so the shell needs no round trip for
 * /remotes.json) and the files of the page's main remote announced as modulepreload, so the browser
 * fetches them alongside the shell instead of after it. The other remotes of the page load as the
 * shell mounts them; remotes the page does not show are not mentioned at all.
 */
export function shellPage(
  template: string,
  pathname: string,
  remotes: Partial<RemotesManifest>,
  preloadOf: (remote: RemoteName, version: string) => RemotePreload | null,
): string {
  // Inside <script type="application/json"> only "</script" could end the element early.
  const manifest = `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${JSON.stringify(remotes).replace(/</g, '\\u003c')}</script>`;
  const links: string[] = [];
  const main = remotesForPage(pathname).find((name) => name === 'catalog' || name === 'checkout');
  const live = main ? remotes[main] : undefined;
  if (main && live) {
    const folder = live.entry.slice(0, live.entry.lastIndexOf('/') + 1);
    const preload = preloadOf(main, live.version);
    const files = preload ? filesForPath(preload, pathname) : { scripts: [path.posix.basename(live.entry)], styles: [] };
    // Low priority: the shell's own scripts come first (the remote runs only after them), and a
    // preload is no reason to hold the first paint, which needs only the page and its style sheet.
    for (const file of files.styles) links.push(`<link rel="preload" as="style" fetchpriority="low" href="${escapeAttribute(folder + file)}">`);
    for (const file of files.scripts) links.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeAttribute(folder + file)}">`);
  }
  const head = `${manifest}${links.join('')}`;
  return template.includes('</head>') ? template.replace('</head>', `${head}</head>`) : `${head}${template}`;
}

/** Reads each release's preload.json once (a release folder never changes). */
export function preloadReader(releasesDir: string) {
  const cache = new Map<string, RemotePreload | null>();
  return (remote: RemoteName, version: string): RemotePreload | null => {
    const key = `${remote}/${version}`;
    if (!cache.has(key)) {
      let preload: RemotePreload | null = null;
      try {
        preload = readPreload(JSON.parse(fs.readFileSync(path.join(releasesDir, remote, version, 'preload.json'), 'utf8')));
      } catch {
        preload = null; // an older release without the list: announce its entry only
      }
      cache.set(key, preload);
    }
    return cache.get(key) ?? null;
  };
}
