import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REMOTE_NAMES } from '@adire/contracts';
import { ROOT } from '../config';
import { ENTRY_FILE, liveShellFolder, readManifest, SHELL_ENTRY_FILE, storeManifest } from '../release/releases';
import { shortPath } from './errors';
import { preloadReader, shellPage } from './page';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The embedded default: this process also serves the shell (its live release, else the build in
 * SHELL_DIR), the immutable remote releases and `/remotes.json`. A CDN can take over the static parts
 * without any change to the API.
 */
export async function registerStoreFiles(
  app: FastifyInstance,
  dirs: { shellDir: string; releasesDir: string; devRemotes?: boolean; devOverrides?: boolean },
) {
  fs.mkdirSync(dirs.releasesDir, { recursive: true });
  if (dirs.devRemotes) {
    await registerDevRemotes(app);
    return registerShell(app, { shellDir: dirs.shellDir, releasesDir: dirs.releasesDir, useReleases: false });
  }
  app.get('/remotes.json', async (_request, reply) => {
    // Read on every request: a publish or rollback shows on the next page load, no restart.
    const manifest = readManifest(dirs.releasesDir);
    return reply.header('cache-control', 'no-store').send(storeManifest(manifest, { devOverrides: dirs.devOverrides }));
  });

  await app.register(fastifyStatic, {
    root: dirs.releasesDir,
    prefix: '/releases/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    // Each build writes .br and .gz copies at maximum compression beside its files; send those.
    preCompressed: true,
    // Only files inside a release folder; never the manifest, its lock or a staging copy.
    allowedPath: (pathName) => /^\/?[a-z]+\/[^/]+\/.+/.test(pathName) && !pathName.includes('.staging-'),
    setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
  });

  await registerShell(app, { shellDir: dirs.shellDir, releasesDir: dirs.releasesDir, useReleases: true, devOverrides: dirs.devOverrides });
}

/** Development only: each remote straight from its `vite build --watch` folder, never cached. */
async function registerDevRemotes(app: FastifyInstance) {
  app.get('/remotes.json', async (_request, reply) => {
    const entries = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { version: 'dev', entry: `/dev-remotes/${name}/${ENTRY_FILE}` }]),
    );
    // A development store: the shell also honours ?remote.<name>=<local entry> overrides.
    return reply.header('cache-control', 'no-store').send({ ...entries, devOverrides: true });
  });
  for (const name of REMOTE_NAMES) {
    const root = path.join(ROOT, `mf-${name}`, 'dist');
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/dev-remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-store'),
    });
  }
}

/** A file name of the shell asked for by URL (`/assets/x.js` → `assets/x.js`); null for a page path or a bad one. */
export function shellFileOf(url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return null;
  }
  const file = pathname.replace(/^\/+/, '');
  if (!/\.[a-z0-9]+$/i.test(file) || file.includes('\0') || file.includes('\\')) return null;
  if (file.split('/').some((part) => part === '..' || part.startsWith('.')) || file === 'release.json') return null;
  return file;
}

async function registerShell(
  app: FastifyInstance,
  opts: { shellDir: string; releasesDir: string; useReleases: boolean; devOverrides?: boolean },
) {
  const { shellDir, releasesDir, useReleases } = opts;
  // reply.sendFile for the shell's files; each call names the folder it sends from.
  await app.register(fastifyStatic, {
    root: releasesDir,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Content-hashed names (assets/…, remoteEntry-<hash>.js) never change: cache them for good.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`) || /-[\w-]{8}\.js$/.test(path.basename(filePath));
      res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });

  /**
   * Where the shell's files come from, first match wins: the live shell release; the other shell
   * releases (a page loaded before a publish or rollback still finds its lazily loaded chunks, whose
   * hashed names never clash); last the build in SHELL_DIR (a store whose shell is not released).
   */
  const shellFolders = (live: string | null): string[] => {
    const folders = live ? [live] : [];
    const all = path.join(releasesDir, 'shell');
    if (useReleases && fs.existsSync(all)) {
      for (const e of fs.readdirSync(all, { withFileTypes: true })) {
        const dir = path.join(all, e.name);
        if (e.isDirectory() && !e.name.includes('.staging-') && dir !== live) folders.push(dir);
      }
    }
    folders.push(shellDir);
    return folders;
  };

  app.get('/*', async (request, reply) => {
    const file = shellFileOf(request.url);
    if (!file) return reply.callNotFound();
    const live = useReleases ? liveShellFolder(releasesDir) : null;
    const folder = shellFolders(live).find((dir) => fs.statSync(path.join(dir, file), { throwIfNoEntry: false })?.isFile());
    if (!folder) return reply.callNotFound();
    return reply.sendFile(file, folder);
  });

  const preloadOf = useReleases ? preloadReader(releasesDir) : null;
  // Every page route gets the shell; the shell decides what it shows (including "page not found").
  // With releases, the page is the live shell release's (never cached, so a publish or rollback shows
  // on the next load), carries the live manifest and announces its main remote's files.
  const sendShell = (reply: FastifyReply, url: string) => {
    const manifest = useReleases ? readManifest(releasesDir) : null;
    const live = manifest ? liveShellFolder(releasesDir, manifest) : null;
    const indexFile = path.join(live ?? shellDir, SHELL_ENTRY_FILE);
    if (!fs.existsSync(indexFile)) {
      return reply.status(503).type('text/plain').send('The store is not built yet: run `pnpm build`.');
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (live && manifest?.live.shell) reply.header('x-adire-shell', manifest.live.shell);
    if (!manifest || !preloadOf) return reply.send(fs.createReadStream(indexFile));
    const pathname = url.split('?')[0] ?? '/';
    const remotes = storeManifest(manifest, { devOverrides: opts.devOverrides });
    return reply.send(shellPage(fs.readFileSync(indexFile, 'utf8'), pathname, remotes, preloadOf));
  };
  app.get('/', async (request, reply) => sendShell(reply, request.url));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/v1/') &&
      !url.startsWith('/releases/') &&
      !url.startsWith('/dev-remotes/') &&
      !url.startsWith('/media/') &&
      !/\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0] ?? '');
    if (isPage) return sendShell(reply, url);
    return reply.status(404).send({ message: `Not found: ${request.method} ${shortPath(url)}`, code: 'NOT_FOUND' });
  });
}
